package load

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	smithyauth "github.com/aws/smithy-go/auth"
	smithyendpoints "github.com/aws/smithy-go/endpoints"
)

func testConfig() aws.Config {
	return aws.Config{
		Region:      "us-east-1",
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("test", "test", "")),
	}
}

// TestClientKeepsTheConnectionsOfManyWorkers: with more writers than the
// SDK's default of 10 idle connections per host, the writers' connections
// are all reused call after call; none is closed and opened again when the
// writers pause together (each round below ends with every writer idle).
func TestClientKeepsTheConnectionsOfManyWorkers(t *testing.T) {
	t.Parallel()
	const workers, rounds = 24, 3
	var opened atomic.Int64
	var mu sync.Mutex
	arrived, release := 0, make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Every call of a round waits for all of them, so a round holds
		// one connection per writer at once.
		mu.Lock()
		arrived++
		ch := release
		if arrived == workers {
			arrived = 0
			release = make(chan struct{})
			close(ch)
		}
		mu.Unlock()
		<-ch
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.Write([]byte(`{"UnprocessedItems":{}}`)) //nolint:errcheck // the client sees a failed write
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ConnState: func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}}
	go srv.Serve(ln) //nolint:errcheck // ends with Close
	defer srv.Close()
	db := NewClient(testConfig(), "http://"+ln.Addr().String())
	body := []byte(`{"RequestItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}}`)
	in := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"t": {}}}
	for round := range rounds {
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for range workers {
			wg.Go(func() {
				if _, err := db.BatchWriteItem(context.Background(), in, noSDKRetries, WithBody(body)); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	if n := opened.Load(); n != workers {
		t.Errorf("%d writers over %d rounds opened %d connections, want %d (one each, reused)", workers, rounds, n, workers)
	}
}

// countingRules counts the calls that reach the SDK's endpoint rules.
type countingRules struct {
	calls atomic.Int64
	rules dynamodb.EndpointResolverV2
}

func (c *countingRules) ResolveEndpoint(ctx context.Context, p dynamodb.EndpointParameters) (smithyendpoints.Endpoint, error) {
	c.calls.Add(1)
	return c.rules.ResolveEndpoint(ctx, p)
}

// TestCachedEndpointsAnswerAsTheRules: the endpoint cache gives, for every
// set of parameters, what the SDK's rules give for it, and asks the rules
// once per distinct set.
func TestCachedEndpointsAnswerAsTheRules(t *testing.T) {
	t.Parallel()
	s, b := aws.String, aws.Bool
	params := []dynamodb.EndpointParameters{
		{Region: s("us-east-1")},
		{Region: s("eu-west-3")},
		{Region: s("us-east-1"), UseFIPS: b(true)},
		{Region: s("us-east-1"), UseDualStack: b(true)},
		{Region: s("us-east-1"), UseFIPS: b(false), UseDualStack: b(false)},
		{Region: s("us-east-1"), Endpoint: s("http://127.0.0.1:8000")},
		{Region: s("us-east-1"), Endpoint: s("http://127.0.0.1:8001")},
		{Region: s("cn-north-1")},
		{Region: s("us-east-1"), AccountId: s("111122223333"), AccountIdEndpointMode: s("preferred")},
		{Region: s("us-east-1"), AccountId: s("111122223333"), AccountIdEndpointMode: s("disabled")},
		{Region: s("us-east-1"), AccountId: s("111122223333"), AccountIdEndpointMode: s("preferred"),
			ResourceArnList: []string{"arn:aws:dynamodb:us-east-1:444455556666:table/t"}},
		{Region: s("us-east-1"), AccountId: s("111122223333"), AccountIdEndpointMode: s("preferred"),
			ResourceArn: s("arn:aws:dynamodb:us-east-1:444455556666:table/t")},
	}
	rules := &countingRules{rules: dynamodb.NewDefaultEndpointResolverV2()}
	cache := &cachedEndpoints{rules: rules, known: map[string]smithyendpoints.Endpoint{}}
	ctx := context.Background()
	seen := map[string]bool{}
	for pass := range 2 {
		for i, p := range params {
			want, werr := dynamodb.NewDefaultEndpointResolverV2().ResolveEndpoint(ctx, p)
			got, gerr := cache.ResolveEndpoint(ctx, p)
			if (werr != nil) != (gerr != nil) {
				t.Fatalf("pass %d, params %d: error %v, the rules say %v", pass, i, gerr, werr)
			}
			if werr != nil {
				continue
			}
			seen[want.URI.String()] = true
			if got.URI.String() != want.URI.String() || len(got.Headers) != len(want.Headers) {
				t.Errorf("pass %d, params %d: %s %v, the rules say %s %v", pass, i, &got.URI, got.Headers, &want.URI, want.Headers)
			}
			if gs, ws := schemeNames(got), schemeNames(want); gs != ws {
				t.Errorf("pass %d, params %d: auth schemes %s, the rules say %s", pass, i, gs, ws)
			}
		}
	}
	if n := rules.calls.Load(); n != int64(len(params)) {
		t.Errorf("the rules were asked %d times for %d distinct parameter sets over 2 passes, want once each", n, len(params))
	}
	if len(seen) < 6 {
		t.Errorf("only %d distinct endpoints among the parameters: the test compares little", len(seen))
	}
	for u := range seen {
		if _, err := url.Parse(u); err != nil {
			t.Errorf("endpoint %q: %v", u, err)
		}
	}
}

// schemeNames lists the auth schemes an endpoint asks for, with their
// signing properties.
func schemeNames(e smithyendpoints.Endpoint) string {
	opts, _ := smithyauth.GetAuthOptions(&e.Properties)
	out := ""
	for _, o := range opts {
		out += fmt.Sprintf("|%s %v", o.SchemeID, o.SignerProperties.Values())
	}
	return out
}
