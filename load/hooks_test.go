package load_test

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// The tests below watch or interrupt a load's BatchWriteItem calls at the
// HTTP client of the *dynamodb.Client they load with, so that the load
// writes through the sender it chooses for such a client (the lean one by
// default) and not through the SDK's BatchWriteItem, as a wrapper of the
// client's methods would make it.

// batchHook sees each BatchWriteItem request before it is sent (before)
// and how it ended (after, once): nil for an answer read to its end, else
// the transport's error or the error reading the answer.
type batchHook struct {
	before func(*http.Request)
	after  func(error)
}

// hookBatches is a client with c's options whose BatchWriteItem requests
// pass through h.
func hookBatches(c *dynamodb.Client, h batchHook) *dynamodb.Client {
	return dynamodb.New(c.Options(), func(o *dynamodb.Options) { o.HTTPClient = hookedDoer{next: o.HTTPClient, h: h} })
}

type hookedDoer struct {
	next dynamodb.HTTPClient
	h    batchHook
}

func (d hookedDoer) Do(req *http.Request) (*http.Response, error) {
	if !strings.HasSuffix(req.Header.Get("X-Amz-Target"), ".BatchWriteItem") {
		return d.next.Do(req)
	}
	if d.h.before != nil {
		d.h.before(req)
	}
	resp, err := d.next.Do(req)
	if err != nil {
		if d.h.after != nil {
			d.h.after(err)
		}
		return resp, err
	}
	resp.Body = &hookedBody{ReadCloser: resp.Body, after: d.h.after}
	return resp, nil
}

// hookedBody reports how the reading of an answer ended, once: at its
// end, at the first error, or at its close.
type hookedBody struct {
	io.ReadCloser
	after func(error)
	done  sync.Once
}

func (b *hookedBody) end(err error) {
	b.done.Do(func() {
		if b.after != nil {
			b.after(err)
		}
	})
}

func (b *hookedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF:
		b.end(nil)
	case err != nil:
		b.end(err)
	}
	return n, err
}

func (b *hookedBody) Close() error {
	err := b.ReadCloser.Close()
	b.end(nil)
	return err
}

// cancelAfter is c with the load's context cancelled at its n-th
// BatchWriteItem call, as a Ctrl-C would.
func cancelAfter(c *dynamodb.Client, n int, cancel func()) *dynamodb.Client {
	var calls atomic.Int64
	return hookBatches(c, batchHook{before: func(*http.Request) {
		if calls.Add(1) == int64(n) {
			cancel()
		}
	}})
}

// inFlight records the most BatchWriteItem calls in flight at once over
// all tables of a load through its client.
type inFlight struct {
	client   *dynamodb.Client
	mu       sync.Mutex
	now, max int
}

func watchInFlight(c *dynamodb.Client) *inFlight {
	f := &inFlight{}
	f.client = hookBatches(c, batchHook{
		before: func(*http.Request) {
			f.mu.Lock()
			f.now++
			f.max = max(f.max, f.now)
			f.mu.Unlock()
			// A little latency, as a real endpoint has, so a table's
			// writes take long enough for another's to start beside them.
			time.Sleep(time.Millisecond)
		},
		after: func(error) {
			f.mu.Lock()
			f.now--
			f.mu.Unlock()
		},
	})
	return f
}

func (f *inFlight) most() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.max
}

// lostResponses counts the BatchWriteItem calls that ended without an
// answer from the server (a dropped or reset connection, an answer cut
// short): the server may have applied them.
type lostResponses struct {
	client *dynamodb.Client
	calls  atomic.Int64
}

func watchLost(c *dynamodb.Client) *lostResponses {
	l := &lostResponses{}
	l.client = hookBatches(c, batchHook{after: func(err error) {
		if err != nil {
			l.calls.Add(1)
		}
	}})
	return l
}
