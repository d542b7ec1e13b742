package load

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go"

	"github.com/pg2ddb/pg2ddb/target"
)

// recorded is one request as a server saw it.
type recorded struct {
	method, url, host string
	header            http.Header
	body              []byte
}

// recorder is an HTTPDoer that keeps every request and answers each with
// answer (an empty successful BatchWriteItem when nil), without a network.
type recorder struct {
	mu     sync.Mutex
	reqs   []recorded
	answer func(*http.Request) *http.Response
}

func (r *recorder) Do(req *http.Request) (*http.Response, error) {
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, recorded{req.Method, req.URL.String(), req.Host, req.Header.Clone(), b})
	r.mu.Unlock()
	if r.answer != nil {
		return r.answer(req), nil
	}
	return jsonResponse(req, http.StatusOK, nil, `{"UnprocessedItems":{}}`), nil
}

func (r *recorder) last(t *testing.T) recorded {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		t.Fatal("no request was sent")
	}
	return r.reqs[len(r.reqs)-1]
}

func jsonResponse(req *http.Request, status int, h http.Header, body string) *http.Response {
	if h == nil {
		h = http.Header{}
	}
	h.Set("Content-Type", "application/x-amz-json-1.0")
	return &http.Response{
		StatusCode: status, Status: fmt.Sprintf("%d %s", status, http.StatusText(status)), Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: h, Body: io.NopCloser(strings.NewReader(body)), ContentLength: int64(len(body)), Request: req,
	}
}

// senders returns the SDK's and the lean sender of one client that
// sends through doer.
func senders(t *testing.T, cfg aws.Config, endpoint string, doer HTTPDoer, optFns ...func(*dynamodb.Options)) (sdk, lean Sender) {
	t.Helper()
	db := NewClient(cfg, endpoint, append([]func(*dynamodb.Options){func(o *dynamodb.Options) { o.HTTPClient = doer }}, optFns...)...)
	sdk, _ = NewSender(db, WriteSDK)
	lean, why := NewSender(db, WriteLean)
	if why != "" {
		t.Fatalf("no lean sender: %s", why)
	}
	if _, ok := lean.(*leanSender); !ok {
		t.Fatalf("NewSender(WriteLean) = %T", lean)
	}
	return sdk, lean
}

const testBody = `{"RequestItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}}}]}}`

// TestLeanRequestIsTheSDKs: the lean sender sends what the SDK sends for
// the same call — method, URL, body, content type, target, encoding,
// User-Agent (app ID included), session token — less the SDK's own
// bookkeeping headers, and its signature is the one the SDK's signer
// computes for the request as it arrived.
func TestLeanRequestIsTheSDKs(t *testing.T) {
	t.Parallel()
	cfg := aws.Config{
		Region: "eu-west-3", AppID: "pg2ddb-test",
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("AKID", "SECRET", "TOKEN")),
	}
	rec := &recorder{}
	sdk, lean := senders(t, cfg, "", rec)
	ctx := context.Background()
	if _, err := sdk.SendBatch(ctx, "t", []byte(testBody)); err != nil {
		t.Fatal(err)
	}
	want := rec.last(t)
	if _, err := lean.SendBatch(ctx, "t", []byte(testBody)); err != nil {
		t.Fatal(err)
	}
	got := rec.last(t)
	if got.method != "POST" || got.method != want.method || got.url != want.url || got.host != want.host || !bytes.Equal(got.body, want.body) {
		t.Errorf("lean request %s %s (host %s) %q, the SDK's %s %s (host %s) %q", got.method, got.url, got.host, got.body, want.method, want.url, want.host, want.body)
	}
	if got.url != "https://dynamodb.eu-west-3.amazonaws.com/" {
		t.Errorf("URL %s", got.url)
	}
	for _, h := range []string{"Content-Type", "X-Amz-Target", "Accept-Encoding", "User-Agent", "X-Amz-Security-Token"} {
		if got.header.Get(h) != want.header.Get(h) || got.header.Get(h) == "" {
			t.Errorf("%s: lean %q, the SDK's %q", h, got.header.Get(h), want.header.Get(h))
		}
	}
	if ua := got.header.Get("User-Agent"); !strings.Contains(ua, "app/pg2ddb-test") || !strings.Contains(ua, "api/dynamodb#") {
		t.Errorf("User-Agent %q", ua)
	}
	for h := range got.header {
		if want.header.Get(h) == "" {
			t.Errorf("lean request has header %s, the SDK's does not", h)
		}
	}
	for h := range want.header {
		if got.header.Get(h) == "" && !strings.HasPrefix(h, "Amz-Sdk-") {
			t.Errorf("lean request lacks header %s (%q)", h, want.header.Get(h))
		}
	}
	// The signature, recomputed by the SDK's signer from the request as
	// it arrived, at the time it says it was signed.
	at, err := time.Parse("20060102T150405Z", got.header.Get("X-Amz-Date"))
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(got.method, got.url, bytes.NewReader(got.body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range got.header {
		if k != "Authorization" && k != "X-Amz-Date" && k != "X-Amz-Security-Token" {
			req.Header[k] = v
		}
	}
	sum := sha256.Sum256(got.body)
	creds, _ := cfg.Credentials.Retrieve(ctx)
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "dynamodb", "eu-west-3", at); err != nil {
		t.Fatal(err)
	}
	if a, b := got.header.Get("Authorization"), req.Header.Get("Authorization"); a != b || !strings.Contains(a, "/eu-west-3/dynamodb/aws4_request") {
		t.Errorf("Authorization %q, the signer computes %q", a, b)
	}
}

// TestLeanEndpointsAreTheSDKs: for each way of configuring where DynamoDB
// is, the lean sender sends to the URL the SDK sends to and signs for the
// same region and service, or fails where the SDK fails.
func TestLeanEndpointsAreTheSDKs(t *testing.T) {
	t.Parallel()
	withAccount := aws.NewCredentialsCache(aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: "AKID", SecretAccessKey: "SECRET", AccountID: "111122223333", Source: "test"}, nil
	}))
	noAccount := aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("AKID", "SECRET", ""))
	cases := []struct {
		name     string
		region   string
		endpoint string
		creds    aws.CredentialsProvider
		table    string
		opt      func(*dynamodb.Options)
		fails    bool
	}{
		{name: "region", region: "us-east-1", creds: noAccount},
		{name: "endpoint", region: "us-east-1", endpoint: "http://127.0.0.1:8000", creds: withAccount},
		{name: "endpoint with a path", region: "us-east-1", endpoint: "https://proxy.example.com/ddb", creds: noAccount},
		{name: "account preferred", region: "us-east-1", creds: withAccount},
		{name: "account disabled", region: "us-east-1", creds: withAccount, opt: func(o *dynamodb.Options) { o.AccountIDEndpointMode = aws.AccountIDEndpointModeDisabled }},
		{name: "account required", region: "us-east-1", creds: withAccount, opt: func(o *dynamodb.Options) { o.AccountIDEndpointMode = aws.AccountIDEndpointModeRequired }},
		{name: "account required, none", region: "us-east-1", creds: noAccount, opt: func(o *dynamodb.Options) { o.AccountIDEndpointMode = aws.AccountIDEndpointModeRequired }, fails: true},
		{name: "table ARN of another account", region: "us-east-1", creds: withAccount, table: "arn:aws:dynamodb:us-east-1:444455556666:table/t"},
		{name: "FIPS", region: "us-gov-west-1", creds: noAccount, opt: func(o *dynamodb.Options) { o.EndpointOptions.UseFIPSEndpoint = aws.FIPSEndpointStateEnabled }},
		{name: "FIPS pseudo-region", region: "fips-us-gov-west-1", creds: noAccount},
		{name: "dual-stack", region: "eu-west-1", creds: noAccount, opt: func(o *dynamodb.Options) { o.EndpointOptions.UseDualStackEndpoint = aws.DualStackEndpointStateEnabled }},
		{name: "HTTPS disabled", region: "eu-west-1", creds: noAccount, opt: func(o *dynamodb.Options) { o.EndpointOptions.DisableHTTPS = true }},
		{name: "local", region: "local", creds: noAccount},
		{name: "China", region: "cn-north-1", creds: withAccount},
		{name: "invalid region", region: "no such region", creds: noAccount, fails: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			var opts []func(*dynamodb.Options)
			if tc.opt != nil {
				opts = append(opts, tc.opt)
			}
			sdk, lean := senders(t, aws.Config{Region: tc.region, Credentials: tc.creds}, tc.endpoint, rec, opts...)
			table := tc.table
			if table == "" {
				table = "t"
			}
			ctx := context.Background()
			_, serr := sdk.SendBatch(ctx, table, []byte(testBody))
			var want recorded
			if serr == nil {
				want = rec.last(t)
			}
			_, lerr := lean.SendBatch(ctx, table, []byte(testBody))
			if (serr != nil) != tc.fails || (lerr != nil) != tc.fails {
				t.Fatalf("the SDK: %v; lean: %v; want failure %v", serr, lerr, tc.fails)
			}
			if tc.fails {
				if serr.Error() != lerr.Error() {
					t.Errorf("lean error %q, the SDK's %q", lerr, serr)
				}
				return
			}
			got := rec.last(t)
			if got.url != want.url || got.host != want.host {
				t.Errorf("lean sends to %s (host %s), the SDK to %s (host %s)", got.url, got.host, want.url, want.host)
			}
			if g, w := credentialScope(got.header), credentialScope(want.header); g != w || g == "" {
				t.Errorf("lean signs for %s, the SDK for %s", g, w)
			}
			t.Logf("%s, signed for %s", got.url, credentialScope(got.header))
		})
	}
}

// credentialScope is the date-less scope of a SigV4 Authorization
// header: region/service.
func credentialScope(h http.Header) string {
	a := h.Get("Authorization")
	i := strings.Index(a, "Credential=")
	if i < 0 {
		return ""
	}
	parts := strings.Split(strings.SplitN(a[i+len("Credential="):], ",", 2)[0], "/")
	if len(parts) != 5 {
		return ""
	}
	return parts[2] + "/" + parts[3]
}

// errorShape is an answer DynamoDB (or something between) may give.
type errorShape struct {
	name   string
	status int
	header map[string]string
	body   string
	// hangUp closes the connection without an answer.
	hangUp bool
	// retryable, throttle, validation are what the writer must conclude.
	retryable, throttle, validation bool
}

var errorShapes = []errorShape{
	{name: "provisioned throughput exceeded", status: 400, retryable: true, throttle: true,
		body: `{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"The level of configured provisioned throughput for the table was exceeded."}`},
	{name: "throttling", status: 400, retryable: true, throttle: true,
		body: `{"__type":"com.amazon.coral.availability#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}`},
	{name: "request limit exceeded", status: 400, retryable: true, throttle: true,
		body: `{"__type":"com.amazonaws.dynamodb.v20120810#RequestLimitExceeded","message":"Throughput exceeds the current throughput limit for your account."}`},
	{name: "validation", status: 400, validation: true,
		body: `{"__type":"com.amazon.coral.validate#ValidationException","message":"One or more parameter values were invalid: Missing the key sk in the item"}`},
	{name: "resource not found", status: 400,
		body: `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}`},
	{name: "internal server error", status: 500, retryable: true,
		body: `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"Internal server error"}`},
	{name: "service unavailable, no body", status: 503, retryable: true},
	{name: "error type in a header only", status: 400, retryable: true, throttle: true,
		header: map[string]string{"X-Amzn-ErrorType": "ThrottlingException:http://internal.amazon.com/coral/com.amazon.coral.availability/"}, body: `{}`},
	{name: "HTML from a proxy", status: 502, retryable: true, body: `<html><body>Bad Gateway</body></html>`},
	{name: "unknown error code", status: 400, body: `{"__type":"com.example#SomethingNew","Message":"new"}`},
	{name: "malformed success", status: 200, retryable: true, body: `{"UnprocessedItems":`},
	{name: "connection closed", hangUp: true, retryable: true},
}

// TestLeanErrorsAreTheSDKs: for each kind of failed answer, the lean
// sender returns the error the SDK returns — same text, same API code and
// message, same HTTP status — and the writer's checks (retryable,
// throttling, validation) conclude alike.
func TestLeanErrorsAreTheSDKs(t *testing.T) {
	t.Parallel()
	for _, shape := range errorShapes {
		t.Run(shape.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body) //nolint:errcheck // read as DynamoDB would
				if shape.hangUp {
					c, _, err := w.(http.Hijacker).Hijack()
					if err == nil {
						c.Close()
					}
					return
				}
				w.Header().Set("X-Amzn-Requestid", "REQ123")
				w.Header().Set("Content-Type", "application/x-amz-json-1.0")
				for k, v := range shape.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(shape.status)
				io.WriteString(w, shape.body) //nolint:errcheck // the client sees a cut answer
			}))
			defer srv.Close()
			sdk, lean := senders(t, testConfig(), srv.URL, InMemoryBodies(detachedBodies{writeClient()}))
			ctx := context.Background()
			_, serr := sdk.SendBatch(ctx, "t", []byte(testBody))
			_, lerr := lean.SendBatch(ctx, "t", []byte(testBody))
			if serr == nil || lerr == nil {
				t.Fatalf("the SDK: %v; lean: %v; want both to fail", serr, lerr)
			}
			if serr.Error() != lerr.Error() {
				t.Errorf("lean error\n  %s\nthe SDK's\n  %s", lerr, serr)
			}
			var sa, la smithy.APIError
			if errors.As(serr, &sa) != errors.As(lerr, &la) || (sa != nil && (sa.ErrorCode() != la.ErrorCode() || sa.ErrorMessage() != la.ErrorMessage() || reflect.TypeOf(sa) != reflect.TypeOf(la))) {
				t.Errorf("API error: lean %T %v, the SDK's %T %v", la, la, sa, sa)
			}
			if s, l := httpStatus(serr), httpStatus(lerr); s != l {
				t.Errorf("HTTP status: lean %d, the SDK's %d", l, s)
			}
			for _, c := range []struct {
				what       string
				check      func(error) bool
				want, sdkw bool
			}{
				{"retryable", target.Retryable, shape.retryable, false},
				{"throttle", isThrottle, shape.throttle, false},
				{"validation", isValidation, shape.validation, false},
			} {
				if got, sdkGot := c.check(lerr), c.check(serr); got != c.want || sdkGot != c.want {
					t.Errorf("%s: lean %v, the SDK %v, want %v", c.what, got, sdkGot, c.want)
				}
			}
		})
	}
}

func httpStatus(err error) int {
	var s interface{ HTTPStatusCode() int }
	if errors.As(err, &s) {
		return s.HTTPStatusCode()
	}
	return -1
}

// TestLeanUnprocessedItemsAreTheSDKs: the items DynamoDB returns
// unprocessed come back from the lean sender as the SDK decodes them,
// with the consumed capacity, for the writer to resend.
func TestLeanUnprocessedItemsAreTheSDKs(t *testing.T) {
	t.Parallel()
	const answer = `{"UnprocessedItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"b":{"B":"AAE="},"l":{"L":[{"NULL":true},{"BOOL":false},{"SS":["x","y"]}]},"m":{"M":{"n":{"NS":["1","2.5"]}}}}}}]},"ConsumedCapacity":[{"TableName":"t","CapacityUnits":3.0}]}`
	rec := &recorder{answer: func(req *http.Request) *http.Response {
		return jsonResponse(req, http.StatusOK, http.Header{"X-Amz-Crc32": {strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(answer))), 10)}}, answer)
	}}
	sdk, lean := senders(t, testConfig(), "http://127.0.0.1:1", rec)
	ctx := context.Background()
	want, err := sdk.SendBatch(ctx, "t", []byte(testBody))
	if err != nil {
		t.Fatal(err)
	}
	got, err := lean.SendBatch(ctx, "t", []byte(testBody))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.UnprocessedItems["t"]) != 1 || len(got.ConsumedCapacity) != 1 {
		t.Fatalf("lean output %+v", got)
	}
	if !reflect.DeepEqual(got.UnprocessedItems, want.UnprocessedItems) || !reflect.DeepEqual(got.ConsumedCapacity, want.ConsumedCapacity) {
		t.Errorf("lean output %#v, the SDK's %#v", got, want)
	}
}

// TestLeanChecksResponseCRC32: an answer whose X-Amz-Crc32 does not match
// its body is a retryable failure (the SDK only logs it); a matching one,
// or none, is taken.
func TestLeanChecksResponseCRC32(t *testing.T) {
	t.Parallel()
	const answer = `{"UnprocessedItems":{}}`
	good := strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(answer))), 10)
	for _, tc := range []struct {
		header string
		fails  bool
	}{{"", false}, {good, false}, {"12345", true}, {"not a number", true}} {
		rec := &recorder{answer: func(req *http.Request) *http.Response {
			h := http.Header{}
			if tc.header != "" {
				h.Set("X-Amz-Crc32", tc.header)
			}
			return jsonResponse(req, http.StatusOK, h, answer)
		}}
		_, lean := senders(t, testConfig(), "http://127.0.0.1:1", rec)
		_, err := lean.SendBatch(context.Background(), "t", []byte(testBody))
		if (err != nil) != tc.fails {
			t.Errorf("X-Amz-Crc32 %q: %v, want failure %v", tc.header, err, tc.fails)
		}
		var de *smithy.DeserializationError
		if err != nil && (!errors.As(err, &de) || !target.Retryable(err)) {
			t.Errorf("X-Amz-Crc32 %q: %v is not a retryable deserialization error", tc.header, err)
		}
	}
}

// TestLeanCorrectsClockSkew: as the SDK does, a signature refused from a
// clock 10 minutes behind the server's is a retryable error, and the
// next call is signed with the server's time (Date header).
func TestLeanCorrectsClockSkew(t *testing.T) {
	t.Parallel()
	const skew = 10 * time.Minute
	for _, wc := range []WriteClient{WriteSDK, WriteLean} {
		t.Run(string(wc), func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			calls := 0
			rec := &recorder{answer: func(req *http.Request) *http.Response {
				mu.Lock()
				calls++
				first := calls == 1
				mu.Unlock()
				h := http.Header{"Date": {time.Now().Add(skew).UTC().Format(http.TimeFormat)}}
				if first {
					return jsonResponse(req, http.StatusBadRequest, h, `{"__type":"com.amazon.coral.service#InvalidSignatureException","message":"Signature expired"}`)
				}
				return jsonResponse(req, http.StatusOK, h, `{"UnprocessedItems":{}}`)
			}}
			sdk, lean := senders(t, testConfig(), "http://127.0.0.1:1", rec)
			s := map[WriteClient]Sender{WriteSDK: sdk, WriteLean: lean}[wc]
			ctx := context.Background()
			_, err := s.SendBatch(ctx, "t", []byte(testBody))
			if err == nil || !target.Retryable(err) || !strings.Contains(err.Error(), "InvalidSignatureException") {
				t.Fatalf("first call: %v, want a retryable signature error", err)
			}
			if _, err := s.SendBatch(ctx, "t", []byte(testBody)); err != nil {
				t.Fatal(err)
			}
			at, err := time.Parse("20060102T150405Z", rec.last(t).header.Get("X-Amz-Date"))
			if err != nil {
				t.Fatal(err)
			}
			if d := at.Sub(time.Now().Add(skew)); d < -5*time.Second || d > 5*time.Second {
				t.Errorf("second call signed at %s, %s off the server's clock", at, d)
			}
		})
	}
}

// TestNewSenderFallsBackToTheSDK: the SDK sends when asked to, when the
// client is not the SDK's, and when its options ask for what the lean
// sender does not do.
func TestNewSenderFallsBackToTheSDK(t *testing.T) {
	t.Parallel()
	db := NewClient(testConfig(), "http://127.0.0.1:1")
	if s, why := NewSender(db, WriteSDK); why != "" {
		t.Errorf("WriteSDK: %T, %q", s, why)
	} else if _, ok := s.(sdkSender); !ok {
		t.Errorf("WriteSDK: %T", s)
	}
	type wrapped struct{ *dynamodb.Client }
	for name, c := range map[string]BatchWriter{
		"wrapped":     wrapped{db},
		"anonymous":   NewClient(aws.Config{Region: "us-east-1", Credentials: aws.AnonymousCredentials{}}, "http://127.0.0.1:1"),
		"middleware":  NewClient(testConfig(), "http://127.0.0.1:1", WithBody(nil)),
		"log request": NewClient(testConfig(), "http://127.0.0.1:1", func(o *dynamodb.Options) { o.ClientLogMode = aws.LogRequest }),
		"discovery": NewClient(testConfig(), "http://127.0.0.1:1", func(o *dynamodb.Options) {
			o.EndpointDiscovery.EnableEndpointDiscovery = aws.EndpointDiscoveryEnabled
		}),
	} {
		s, why := NewSender(c, WriteLean)
		if _, ok := s.(sdkSender); !ok || why == "" {
			t.Errorf("%s: %T, %q; want the SDK and a reason", name, s, why)
		}
	}
	if _, err := ParseWriteClient("fast"); err == nil {
		t.Error(`ParseWriteClient("fast") succeeded`)
	}
}

// TestLeanSignerIsTheSDKs: the lean signer writes the headers the SDK's
// v4.Signer writes for the same request, arguments and time, across
// endpoints (default and other ports, paths that need escaping, a query,
// IPv6, endpoint headers), credentials with and without a session token,
// body lengths and the day's edges; and a load's default client signs
// with it.
func TestLeanSignerIsTheSDKs(t *testing.T) {
	t.Parallel()
	urls := []string{
		"https://dynamodb.us-east-1.amazonaws.com/",
		"https://dynamodb.us-east-1.amazonaws.com:443/",
		"http://127.0.0.1:80/",
		"http://127.0.0.1:8000/",
		"https://proxy.example.com/ddb/a b/%7Ex/",
		"http://[::1]:80/",
		"http://[::1]:8000/",
		"HTTPS://Dynamo.Example.COM:443/",
	}
	endpointHeaders := []http.Header{nil, {"X-Custom": {"  a   b ", "c"}, "x-lower": {"v"}}}
	creds := []aws.Credentials{
		{AccessKeyID: "AKID", SecretAccessKey: "SECRET"},
		{AccessKeyID: "AKID2", SecretAccessKey: "SE/CRET+2", SessionToken: "TOKEN=="},
	}
	times := []time.Time{
		time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 26, 23, 59, 59, 999999999, time.UTC),
		time.Date(2026, 11, 27, 1, 2, 3, 0, time.FixedZone("x", 5*3600)),
	}
	bodies := [][]byte{nil, []byte("{}"), []byte(testBody)}
	sdkSigner := v4.NewSigner()
	var lean leanSigner
	s := &leanSender{userAgent: "pg2ddb-test ua"}
	n := 0
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, eh := range endpointHeaders {
			ep := &leanEndpoint{url: *u, headers: eh, signingName: "dynamodb", signingRegion: "eu-west-3"}
			ep.signing = newLeanSigning(&ep.url)
			for _, c := range creds {
				for _, at := range times {
					for _, body := range bodies {
						sum := sha256.Sum256(body)
						hash := hex.EncodeToString(sum[:])
						want, err := s.newRequest(context.Background(), ep, body)
						if err != nil {
							t.Fatal(err)
						}
						got, _ := s.newRequest(context.Background(), ep, body)
						if err := sdkSigner.SignHTTP(context.Background(), c, want, hash, "dynamodb", "eu-west-3", at); err != nil {
							t.Fatal(err)
						}
						lean.sign(&ep.signing, c, got, hash, "dynamodb", "eu-west-3", at)
						if got.Host != want.Host || got.URL.String() != want.URL.String() || !reflect.DeepEqual(got.Header, want.Header) {
							t.Errorf("%s, headers %v, %s, %s, %d B:\nlean %s %s %v\nSDK  %s %s %v", raw, eh, c.AccessKeyID, at, len(body),
								got.Host, got.URL, got.Header, want.Host, want.URL, want.Header)
						}
						n++
					}
				}
			}
			if !probeLeanSigning(sdkSigner, nil, s, ep) {
				t.Errorf("%s, headers %v: the probe finds the signers differ", raw, eh)
			}
		}
	}
	t.Logf("%d requests signed alike", n)
	u, _ := url.Parse("https://proxy.example.com/ddb/?b=2&a=1+2&a=0")
	if ep := (&leanEndpoint{url: *u, signingName: "dynamodb", signingRegion: "eu-west-3"}); probeLeanSigning(sdkSigner, nil, s, ep) {
		t.Error("the lean signer signs for an endpoint with a query")
	}

	_, ls := senders(t, aws.Config{Region: "eu-west-3", Credentials: credentials.NewStaticCredentialsProvider("AKID", "SECRET", "")}, "http://127.0.0.1:8000", &recorder{})
	if _, err := ls.SendBatch(context.Background(), "t", []byte(testBody)); err != nil {
		t.Fatal(err)
	}
	l := ls.(*leanSender)
	if !l.canLeanSign || len(l.endpoints) != 1 {
		t.Fatalf("canLeanSign %v, %d endpoints", l.canLeanSign, len(l.endpoints))
	}
	for _, ep := range l.endpoints {
		if !ep.leanSign {
			t.Errorf("the default client's endpoint %s is not signed by the lean signer", ep.url.String())
		}
	}
}

// otherSigner signs as the SDK does but for a session token it drops.
type otherSigner struct{ v4 *v4.Signer }

func (s otherSigner) SignHTTP(ctx context.Context, c aws.Credentials, r *http.Request, hash, service, region string, at time.Time, opts ...func(*v4.SignerOptions)) error {
	return s.v4.SignHTTP(ctx, c, r, hash, service, region, at, append(opts, func(o *v4.SignerOptions) { o.DisableSessionToken = true })...)
}

// TestLeanSignerOnlyWhereAlike: a client whose signer is not the SDK's
// v4.Signer, or one the probe finds signs otherwise, keeps its signer.
func TestLeanSignerOnlyWhereAlike(t *testing.T) {
	t.Parallel()
	cfg := aws.Config{Region: "eu-west-3", Credentials: credentials.NewStaticCredentialsProvider("AKID", "SECRET", "TOKEN")}
	rec := &recorder{}
	_, ls := senders(t, cfg, "", rec, func(o *dynamodb.Options) { o.HTTPSignerV4 = otherSigner{v4.NewSigner()} })
	if _, err := ls.SendBatch(context.Background(), "t", []byte(testBody)); err != nil {
		t.Fatal(err)
	}
	if l := ls.(*leanSender); l.canLeanSign {
		t.Error("a custom signer is replaced by the lean one")
	}
	if got := rec.last(t); got.header.Get("X-Amz-Security-Token") != "" {
		t.Errorf("the custom signer did not sign: %v", got.header)
	}
	ep := &leanEndpoint{url: url.URL{Scheme: "https", Host: "x.example.com", Path: "/"}, signingName: "dynamodb", signingRegion: "eu-west-3"}
	ep.signing = newLeanSigning(&ep.url)
	if probeLeanSigning(otherSigner{v4.NewSigner()}, nil, &leanSender{}, ep) {
		t.Error("the probe finds a signer that drops the session token alike")
	}
}
