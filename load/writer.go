package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/plans"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// BatchWriter is the one call the loader writes with. *dynamodb.Client
// implements it; tests fake it.
type BatchWriter interface {
	BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
}

// MaxBatchItems is BatchWriteItem's limit of requests per call. Its 16 MB
// limit cannot be reached: 25 items of at most 400 KB are 10 MB.
const MaxBatchItems = 25

// batch is a contiguous range [lo, hi) of load positions and the items of
// it that are to be written (rejected rows are in the range, not in items),
// so acknowledging a batch acknowledges its whole range.
type batch struct {
	lo, hi int64
	items  []item.WireItem
}

// counters are the live figures of one table's load, updated by workers.
type counters struct {
	read      atomic.Int64
	written   atomic.Int64
	wcu       atomic.Int64
	rejected  atomic.Int64
	retries   atomic.Int64
	throttles atomic.Int64
	calls     atomic.Int64
	// firstWrite is when DynamoDB first acknowledged an item of the table
	// (Unix nanoseconds; 0 before): how long the source kept the load
	// waiting before anything was written.
	firstWrite atomic.Int64
}

// GiveUpError is returned when writes kept failing past the retry budget.
// It says what was and was not written.
type GiveUpError struct {
	Table    string
	Attempts int
	// Written counts items acknowledged for the table so far; Pending the
	// items of the failing batch that were not written.
	Written, Pending int64
	Last             error
}

func (e *GiveUpError) Error() string {
	return fmt.Sprintf("gave up writing %s after %d attempts without progress: %d items written and acknowledged, %d items of the failing batch not written (others in flight may be unwritten too; the checkpoint covers only acknowledged items); last error: %v",
		e.Table, e.Attempts, e.Written, e.Pending, e.Last)
}

func (e *GiveUpError) Unwrap() error { return e.Last }

// writer sends batches of one table.
type writer struct {
	send   Sender
	table  string
	limit  *limiter
	retry  target.Retry
	stats  *counters
	reject func(it item.WireItem, reason string) error
	t      plans.Table
	pkAttr string
	skAttr string
	// table's name as a JSON string, for request bodies
	quotedTable []byte
}

// write sends b until every item is written or rejected by DynamoDB, or the
// retry budget runs out. Waits end with ctx.
func (w *writer) write(ctx context.Context, b *batch) error {
	pending := b.items
	attempt := 0
	var last error
	for len(pending) > 0 {
		wcu := 0
		for _, it := range pending {
			wcu += it.WCU
		}
		if err := w.limit.wait(ctx, wcu); err != nil {
			return err
		}
		w.stats.calls.Add(1)
		sent := time.Now()
		buf := bodyBufs.Get().(*[]byte)
		body := w.appendBody((*buf)[:0], pending)
		out, err := w.send.SendBatch(ctx, w.table, body)
		w.limit.observe(time.Since(sent))
		w.recycleBody(buf, body, err)
		var unprocessed []types.WriteRequest
		if err == nil {
			unprocessed = out.UnprocessedItems[w.table]
		}
		switch {
		case err != nil && ctx.Err() != nil:
			return ctx.Err()
		case err != nil && isValidation(err):
			// DynamoDB refused the whole call for one item we did not
			// foresee; write the items one by one so only that one is
			// rejected, with DynamoDB's reason.
			if len(pending) == 1 {
				if rerr := w.reject(pending[0], "DynamoDB refused the item: "+errMessage(err)); rerr != nil {
					return rerr
				}
				pending = nil
				continue
			}
			for _, it := range pending {
				one := &batch{items: []item.WireItem{it}}
				if err := w.write(ctx, one); err != nil {
					return err
				}
			}
			return nil
		case err != nil && target.Retryable(err):
			if isThrottle(err) {
				w.stats.throttles.Add(1)
				w.limit.throttled(wcu)
			}
			last = err
		case err != nil:
			return fmt.Errorf("write %s: %w", w.table, err)
		}
		left := pending
		if err == nil {
			left = nil
			if len(unprocessed) > 0 {
				left = w.remaining(pending, unprocessed)
			}
		}
		wcuLeft := 0
		for _, it := range left {
			wcuLeft += it.WCU
		}
		if done := len(pending) - len(left); done > 0 {
			wcuDone := wcu - wcuLeft
			w.stats.written.Add(int64(done))
			w.stats.firstWrite.CompareAndSwap(0, time.Now().UnixNano())
			w.stats.wcu.Add(int64(wcuDone))
			w.limit.accepted(wcuDone)
			attempt = 0
		}
		if len(unprocessed) > 0 {
			w.stats.throttles.Add(1)
			w.limit.throttled(wcuLeft)
			last = fmt.Errorf("%d of %d items returned unprocessed", len(unprocessed), len(pending))
		}
		pending = left
		if len(pending) == 0 {
			return nil
		}
		attempt++
		if attempt >= w.retry.Attempts {
			return &GiveUpError{Table: w.table, Attempts: attempt, Written: w.stats.written.Load(), Pending: int64(len(pending)), Last: last}
		}
		w.stats.retries.Add(1)
		if err := target.Sleep(ctx, w.retry.Backoff(attempt-1)); err != nil {
			return err
		}
	}
	return nil
}

// bodyBufs recycles request bodies between calls (see recycleBody): a
// fresh body per call was about a fifth of the writer's own CPU (its
// allocation, zeroing and collection), the copy of the items the rest.
var bodyBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBody bounds the bodies kept for reuse (a BatchWriteItem call
// is at most 16 MB; most are 5–20 KiB).
const maxPooledBody = 1 << 20

// recycleBody gives body's buffer back to bodyBufs when nothing can read
// it any more: only after a call the lean sender sent and DynamoDB
// answered with success, since a 200 answer means the whole body was
// read, and the lean sender keeps no reference to it once SendBatch
// returns. Other senders (the SDK's middleware, tests' fakes) may keep
// the body they were given, so theirs are left to the collector.
func (w *writer) recycleBody(buf *[]byte, body []byte, err error) {
	if _, lean := w.send.(*leanSender); !lean || err != nil || cap(body) > maxPooledBody {
		return
	}
	*buf = body[:0]
	bodyBufs.Put(buf)
}

// appendBody appends the BatchWriteItem request that puts items into the
// table to b.
func (w *writer) appendBody(b []byte, items []item.WireItem) []byte {
	const head, put, tail = `{"RequestItems":{`, `{"PutRequest":{"Item":`, `]}}`
	n := len(head) + len(w.quotedTable) + 2 + len(tail)
	for _, it := range items {
		n += len(put) + len(it.Body) + 3
	}
	b = slices.Grow(b, n)
	b = append(b, head...)
	b = append(b, w.quotedTable...)
	b = append(b, ":["...)
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, put...)
		b = append(b, it.Body...)
		b = append(b, "}}"...)
	}
	return append(b, tail...)
}

// remaining returns the items of pending that DynamoDB returned
// unprocessed, matched by their key attributes (items of one batch never
// share a key).
func (w *writer) remaining(pending []item.WireItem, unprocessed []types.WriteRequest) []item.WireItem {
	want := make(map[string]bool, len(unprocessed))
	for _, r := range unprocessed {
		if r.PutRequest != nil {
			want[item.KeyOf(w.t, r.PutRequest.Item).Text(w.t)] = true
		}
	}
	out := make([]item.WireItem, 0, len(unprocessed))
	for _, it := range pending {
		if want[it.Key().Text(w.t)] {
			out = append(out, it)
		}
	}
	if len(out) != len(unprocessed) {
		// Cannot tell which came back: resend them all (puts are
		// idempotent) rather than risk dropping one.
		return pending
	}
	return out
}

// WithBody sends body as the request of a BatchWriteItem call in place of
// the serialized input, which the caller keeps to a valid placeholder (the
// table with no requests). The SDK still validates, signs, sends and
// decodes the call; only its serializer's output is replaced, by bodies
// the loader encoded from the rows directly (see WireItem).
func WithBody(body []byte) func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(s *middleware.Stack) error {
			return s.Serialize.Insert(encodedBody(body), "OperationSerializer", middleware.After)
		})
	}
}

type encodedBody []byte

func (encodedBody) ID() string { return "pg2ddb.EncodedBody" }

func (b encodedBody) HandleSerialize(ctx context.Context, in middleware.SerializeInput, next middleware.SerializeHandler) (
	middleware.SerializeOutput, middleware.Metadata, error,
) {
	req, ok := in.Request.(*smithyhttp.Request)
	if !ok {
		return middleware.SerializeOutput{}, middleware.Metadata{}, fmt.Errorf("encoded body: unexpected transport request %T", in.Request)
	}
	sreq, err := req.SetStream(bytes.NewReader(b))
	if err != nil {
		return middleware.SerializeOutput{}, middleware.Metadata{}, fmt.Errorf("encoded body: %w", err)
	}
	in.Request = sreq
	return next.HandleSerialize(context.WithValue(ctx, bodyKey{}, []byte(b)), in)
}

// bodyKey carries an encoded body from encodedBody to InMemoryBodies.
type bodyKey struct{}

// HTTPDoer is the HTTP client an SDK client sends its requests with.
type HTTPDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// InMemoryBodies wraps the HTTP client of the DynamoDB client the loader
// writes with. The SDK hands net/http every request body inside a reader
// of its own, which net/http cannot tell is already in memory: it then
// sends the headers in a system call of their own and copies the body
// through a fresh 32 KiB buffer, two writes and 32 KiB of garbage per
// BatchWriteItem call (a large share of a load's CPU on a small machine).
// For the calls whose body the loader encoded (withBody), the wrapper
// gives net/http the same bytes as a bytes.Reader, so headers and body
// leave in one write from the connection's buffer. The bytes are those
// the SDK signed; a request whose length differs is sent as it came.
func InMemoryBodies(c HTTPDoer) HTTPDoer { return inMemoryBodies{c} }

type inMemoryBodies struct{ HTTPDoer }

func (c inMemoryBodies) Do(req *http.Request) (*http.Response, error) {
	if b, ok := req.Context().Value(bodyKey{}).([]byte); ok && req.Body != nil && req.ContentLength == int64(len(b)) {
		req.Body = io.NopCloser(bytes.NewReader(b))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	}
	return c.HTTPDoer.Do(req)
}

// throttles are the SDK's throttling error codes, which DynamoDB answers
// when a table or partition has no capacity left (and which the rate
// budget reacts to, unlike other retryable failures).
var throttles = retry.ThrottleErrorCode{Codes: retry.DefaultThrottleErrorCodes}

// isThrottle reports whether err says the table had no capacity left.
func isThrottle(err error) bool {
	return throttles.IsErrorThrottle(err) == aws.TrueTernary
}

func isValidation(err error) bool {
	var ae smithy.APIError
	return errors.As(err, &ae) && ae.ErrorCode() == "ValidationException"
}

func errMessage(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorMessage()
	}
	return err.Error()
}

// noSDKRetries turns the SDK's own retries off for BatchWriteItem: the
// loader retries every failure itself with back-off and its rate budget,
// and the SDK's standard retryer would also spend its client-side retry
// quota under sustained throttling and then fail calls with "retry quota
// exceeded" on its own.
func noSDKRetries(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} }
