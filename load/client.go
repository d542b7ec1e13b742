package load

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	smithyendpoints "github.com/aws/smithy-go/endpoints"
)

// NewClient is the DynamoDB client pg2ddb writes and reads with, built
// from the AWS configuration chain (cfg) with endpoint, when not empty, in
// place of the region's. A load sends its BatchWriteItem calls through
// NewSender of this client; the write floor of the benchmark builds its
// client and sender the same way, so that it measures what the load sends
// with.
func NewClient(cfg aws.Config, endpoint string, optFns ...func(*dynamodb.Options)) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg, append([]func(*dynamodb.Options){func(o *dynamodb.Options) {
		o.HTTPClient = InMemoryBodies(detachedBodies{writeClient()})
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
		o.EndpointResolverV2 = &cachedEndpoints{
			rules: dynamodb.NewDefaultEndpointResolverV2(),
			known: make(map[string]smithyendpoints.Endpoint),
		}
	}}, optFns...)...)
}

// writeClient is the SDK's default HTTP client with buffers that hold a
// whole BatchWriteItem call: with the default 4 KiB buffer a 25-item call
// (typically 5–20 KiB) leaves the process in several write system calls,
// which measured as the loader's largest single CPU cost; one buffer of
// 64 KiB per connection sends most calls in one.
//
// It also keeps every connection a load opened for reuse. The SDK's
// default keeps at most 10 idle connections to a host and closes the
// others as their calls end, so with more than 10 --workers, whenever
// the writers pause together (the rate budget, a round's end), the
// connections past 10 are closed and opened again for the next calls:
// thousands of connections in a 1M-row load with 32 workers, each a TLS
// handshake against DynamoDB. Idle connections still close after the
// SDK's 90 s idle timeout.
func writeClient() *awshttp.BuildableClient {
	return awshttp.NewBuildableClient().WithTransportOptions(func(tr *http.Transport) {
		tr.WriteBufferSize = 64 << 10
		tr.ReadBufferSize = 16 << 10
		tr.MaxIdleConns = 0 // no limit across hosts
		tr.MaxIdleConnsPerHost = maxIdleConnsPerHost
	})
}

// maxIdleConnsPerHost bounds the idle connections kept to one host: more
// than any number of workers a load runs with.
const maxIdleConnsPerHost = 4096

// detachedBodies sends every request with a body of its own in memory
// unless it has one already (GetBody set, as InMemoryBodies does).
// The SDK closes the body it built as soon as the response headers arrive,
// while net/http's writer may still be reading it to check its length; the
// failed read makes the writer close the connection under the response
// body being read, which the SDK reports as "failed to discard remaining
// HTTP response body: use of closed network connection" and "response did
// not match expected checksum" on large Scan pages (aws-sdk-go-v2 issues
// 1825, 2737). The requests are small: a copy costs nothing measurable.
type detachedBodies struct{ HTTPDoer }

func (c detachedBodies) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody && req.GetBody == nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
		req.Body = io.NopCloser(bytes.NewReader(b))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	}
	return c.HTTPDoer.Do(req)
}

// cachedEndpoints resolves DynamoDB endpoints with the SDK's own rules
// once per distinct set of parameters and then answers from memory. The
// SDK evaluates its rules and parses the resulting URL on every call,
// though a load's calls all carry the same parameters (region, endpoint,
// FIPS, dual-stack, account and the table). The cache is keyed by every
// parameter, so what a call resolves to is what the rules give for it.
type cachedEndpoints struct {
	rules dynamodb.EndpointResolverV2
	mu    sync.RWMutex
	known map[string]smithyendpoints.Endpoint
}

// maxCachedEndpoints bounds the cache; past it the rules answer (a
// program talks to a handful of endpoints, so it is never reached).
const maxCachedEndpoints = 64

func (c *cachedEndpoints) ResolveEndpoint(ctx context.Context, p dynamodb.EndpointParameters) (smithyendpoints.Endpoint, error) {
	key := endpointKey(p)
	c.mu.RLock()
	e, ok := c.known[key]
	c.mu.RUnlock()
	if ok {
		return e, nil
	}
	e, err := c.rules.ResolveEndpoint(ctx, p)
	if err != nil {
		return e, err
	}
	c.mu.Lock()
	if len(c.known) < maxCachedEndpoints {
		c.known[key] = e
	}
	c.mu.Unlock()
	return e, nil
}

// endpointKey is every endpoint parameter, each unset one told apart from
// an empty one.
func endpointKey(p dynamodb.EndpointParameters) string {
	var b strings.Builder
	str := func(s *string) {
		if s == nil {
			b.WriteString("\x00-")
		} else {
			b.WriteString("\x00+")
			b.WriteString(*s)
		}
	}
	flag := func(v *bool) {
		switch {
		case v == nil:
			b.WriteString("\x00-")
		case *v:
			b.WriteString("\x00t")
		default:
			b.WriteString("\x00f")
		}
	}
	str(p.Region)
	flag(p.UseDualStack)
	flag(p.UseFIPS)
	str(p.Endpoint)
	str(p.AccountId)
	str(p.AccountIdEndpointMode)
	str(p.ResourceArn)
	flag(p.IsSearchOperation)
	b.WriteString("\x00[")
	for _, a := range p.ResourceArnList {
		b.WriteString("\x00")
		b.WriteString(a)
	}
	return b.String()
}
