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
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/schemas"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	smithyauth "github.com/aws/smithy-go/auth"
	smithyendpoints "github.com/aws/smithy-go/endpoints"
	"github.com/aws/smithy-go/endpoints/private/rulesfn"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// WriteClient says what sends a load's BatchWriteItem calls.
type WriteClient string

const (
	// WriteLean, the default, builds, signs and sends each call itself
	// (see leanSender): the SDK's credentials, SigV4 signer, endpoint
	// rules, HTTP client and response decoder, without its per-call
	// middleware stack.
	WriteLean WriteClient = "lean"
	// WriteSDK sends each call through the SDK client's BatchWriteItem,
	// its whole middleware stack, with the request body replaced by the
	// load's (WithBody).
	WriteSDK WriteClient = "sdk"
)

// ParseWriteClient reads a --write-client value ("" is WriteLean).
func ParseWriteClient(s string) (WriteClient, error) {
	switch WriteClient(s) {
	case "", WriteLean:
		return WriteLean, nil
	case WriteSDK:
		return WriteSDK, nil
	}
	return "", fmt.Errorf("unknown write client %q (want lean or sdk)", s)
}

// Sender sends one BatchWriteItem call of a table whose request body the
// load encoded. Its errors are those the SDK's BatchWriteItem returns for
// the same answer, so that the writer classifies them alike (retryable,
// throttling, validation).
type Sender interface {
	SendBatch(ctx context.Context, table string, body []byte) (*dynamodb.BatchWriteItemOutput, error)
}

// NewSender is the sender a load writes with: for WriteLean and a
// *dynamodb.Client whose options the lean sender can honour, a leanSender
// built from that client's options; otherwise (WriteSDK, a client that is
// not an SDK client, as tests' fakes, or options the lean sender does not
// implement, see leanUnsupported) the SDK's BatchWriteItem. The second
// result says why the SDK is used when the lean sender was asked for
// ("" when it is not).
func NewSender(db BatchWriter, wc WriteClient) (Sender, string) {
	sdk := sdkSender{db}
	if wc == WriteSDK {
		return sdk, ""
	}
	c, ok := db.(*dynamodb.Client)
	if !ok {
		return sdk, fmt.Sprintf("the client is a %T, not the SDK's", db)
	}
	s, err := newLeanSender(c)
	if err != nil {
		return sdk, err.Error()
	}
	return s, ""
}

// sdkSender sends through the SDK's BatchWriteItem, its retries off.
type sdkSender struct{ BatchWriter }

func (s sdkSender) SendBatch(ctx context.Context, table string, body []byte) (*dynamodb.BatchWriteItemOutput, error) {
	return s.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
		RequestItems: map[string][]types.WriteRequest{table: {}},
	}, noSDKRetries, WithBody(body))
}

// leanSender sends BatchWriteItem calls the way the SDK's client does,
// with the SDK's own parts for everything that must be right against AWS
// — the client's credentials provider, its SigV4 signer (or leanSigner,
// where a probe shows it signs alike), its endpoint
// rules with the parameters the SDK binds (region, FIPS, dual-stack,
// endpoint, account ID and its mode, the table), its HTTP client, and
// its awsJson 1.0 protocol to decode errors and UnprocessedItems — but
// without the SDK's per-call middleware stack, which measured as about
// two thirds of the client-side CPU of each call (a fresh stack of some
// 40 middlewares, context values, an invocation-id UUID, the
// serialization of a placeholder input; BenchmarkBatchWriteItemSDK and
// BenchmarkBatchWriteItemLean: about 36 µs and 312 allocations against
// 12 µs and 67 for an 11 KB body, most of the 12 the body's SHA-256). Errors are wrapped
// as the SDK wraps them (smithy.OperationError around
// awshttp.ResponseError around the decoded API error or
// smithyhttp.RequestSendError), so the writer's retry, throttling and
// validation checks see the same values.
//
// It keeps the SDK's clock-skew correction (the skew measured from each
// response's Date header is added to the signing time of later calls, and
// a signature error with a skew past 4 minutes is retryable), its
// User-Agent (taken once from the SDK, see probeUserAgent), Accept-Encoding:
// identity, and checks the X-Amz-Crc32 of each response, where the SDK
// only logs a mismatch: a mismatch is a retryable DeserializationError.
// It drops the SDK's amz-sdk-invocation-id and amz-sdk-request headers
// (retry bookkeeping of the SDK, unused by DynamoDB), its Lambda
// recursion-detection header, tracing and metrics; a client that asks for
// request or response logging, endpoint discovery or anything else it
// does not do (leanUnsupported) is sent for by the SDK.
type leanSender struct {
	http      dynamodb.HTTPClient
	creds     aws.CredentialsProvider
	signer    dynamodb.HTTPSignerV4
	signOpts  func(*v4.SignerOptions)
	resolver  dynamodb.EndpointResolverV2
	protocol  smithyhttp.ClientProtocol
	userAgent string

	// signing region and the endpoint parameters but the table and the
	// account, as the SDK binds them from its options
	region       string
	params       dynamodb.EndpointParameters
	accountMode  aws.AccountIDEndpointMode
	disableHTTPS bool
	// regionErr is the SDK's error for a region that is not a host name.
	regionErr   error
	checkCRC    bool
	correctSkew bool

	// skew is the clock skew (nanoseconds) measured from the last
	// response with a Date header, added to the signing time.
	skew atomic.Int64
	// date caches the last parsed Date header: DynamoDB's are to the
	// second, so most calls parse none.
	date atomic.Pointer[parsedDate]

	mu        sync.RWMutex
	endpoints map[endpointFor]*leanEndpoint

	// lean signs in place of signer where it signs alike (leanSign of
	// an endpoint), unless canLeanSign is false: signer is not the SDK's
	// v4.Signer, or the client logs signing.
	lean        leanSigner
	canLeanSign bool
}

type parsedDate struct {
	text string
	t    time.Time
}

// endpointFor is what the endpoint of a call depends on that varies from
// call to call.
type endpointFor struct{ table, account string }

// leanEndpoint is a resolved endpoint: where to send and how to sign.
type leanEndpoint struct {
	url           url.URL
	headers       http.Header
	signingName   string
	signingRegion string
	// leanSign says the lean signer signs for this endpoint (see
	// leanSigner), with signing.
	leanSign bool
	signing  leanSigning
}

// maxLeanEndpoints bounds the endpoint cache (one per table and account).
const maxLeanEndpoints = 1024

var batchWriteItemSchema = smithy.NewOperationSchema(schemas.BatchWriteItem, schemas.BatchWriteItemInput, schemas.BatchWriteItemOutput)

// newLeanSender builds a lean sender from the options of c, or says why
// it cannot send as c would (leanUnsupported).
func newLeanSender(c *dynamodb.Client) (*leanSender, error) {
	o := c.Options()
	if why := leanUnsupported(o); why != "" {
		return nil, errors.New(why)
	}
	ua, err := probeUserAgent(c)
	if err != nil {
		return nil, err
	}
	s := &leanSender{
		http: o.HTTPClient, creds: o.Credentials, signer: o.HTTPSignerV4, resolver: o.EndpointResolverV2,
		protocol: o.Protocol, userAgent: ua,
		region: o.Region, accountMode: o.AccountIDEndpointMode, disableHTTPS: o.EndpointOptions.DisableHTTPS,
		checkCRC: !o.DisableValidateResponseChecksum, correctSkew: !o.DisableClockSkewCorrection,
		endpoints: make(map[endpointFor]*leanEndpoint),
	}
	logger, logSigning := o.Logger, o.ClientLogMode.IsSigning()
	s.signOpts = func(so *v4.SignerOptions) { so.Logger, so.LogSigning = logger, logSigning }
	_, sdkSigner := o.HTTPSignerV4.(*v4.Signer)
	s.canLeanSign = sdkSigner && !logSigning
	// As the SDK's finalizeClientEndpointResolverOptions and
	// bindEndpointParams: a FIPS pseudo-region turns FIPS on and is
	// mapped to its region.
	useFIPS := o.EndpointOptions.UseFIPSEndpoint == aws.FIPSEndpointStateEnabled
	if o.EndpointOptions.ResolvedRegion == "" && isFIPSRegion(o.Region) {
		useFIPS = true
	}
	if o.Region != "" {
		if !rulesfn.IsValidHostLabel(o.Region, true) {
			s.regionErr = fmt.Errorf("failed to bind endpoint params, %w", fmt.Errorf("invalid input region %s", o.Region))
		}
		s.params.Region = aws.String(mapFIPSRegion(o.Region))
	}
	s.params.UseDualStack = aws.Bool(o.EndpointOptions.UseDualStackEndpoint == aws.DualStackEndpointStateEnabled)
	s.params.UseFIPS = aws.Bool(useFIPS)
	s.params.Endpoint = o.BaseEndpoint
	s.params.AccountIdEndpointMode = aws.String(string(o.AccountIDEndpointMode))
	return s, nil
}

// leanUnsupported says which of o's settings the lean sender does not
// implement ("" when none): with any of them the SDK sends.
func leanUnsupported(o dynamodb.Options) string {
	switch {
	case o.Credentials == nil:
		return "no credentials (anonymous requests)"
	case isAnonymous(o.Credentials):
		return "anonymous credentials"
	case o.EndpointResolver != nil: //lint:ignore SA1019 a client set up with one must keep using it
		return "a legacy endpoint resolver"
	case o.EndpointResolverV2 == nil || o.HTTPSignerV4 == nil || o.Protocol == nil || o.HTTPClient == nil:
		return "an incomplete client"
	case len(o.APIOptions) > 0:
		return "custom middleware (APIOptions)"
	case hasInterceptors(o.Interceptors):
		return "interceptors"
	case o.EnableAcceptEncodingGzip:
		return "gzip responses"
	case o.EndpointDiscovery.EnableEndpointDiscovery == aws.EndpointDiscoveryEnabled:
		return "endpoint discovery"
	case o.ClientLogMode&(aws.LogRequest|aws.LogRequestWithBody|aws.LogResponse|aws.LogResponseWithBody) != 0:
		return "request or response logging"
	}
	return ""
}

func hasInterceptors(r smithyhttp.InterceptorRegistry) bool {
	return len(r.BeforeExecution)+len(r.BeforeSerialization)+len(r.AfterSerialization)+len(r.BeforeRetryLoop)+
		len(r.BeforeAttempt)+len(r.BeforeSigning)+len(r.AfterSigning)+len(r.BeforeTransmit)+len(r.AfterTransmit)+
		len(r.BeforeDeserialization)+len(r.AfterDeserialization)+len(r.AfterAttempt)+len(r.AfterExecution) > 0
}

func isAnonymous(p aws.CredentialsProvider) bool {
	if c, ok := p.(*aws.CredentialsCache); ok {
		return c.IsCredentialsProvider(aws.AnonymousCredentials{})
	}
	_, ok := p.(aws.AnonymousCredentials)
	return ok
}

func isFIPSRegion(r string) bool {
	return strings.Contains(r, "-fips-") || strings.Contains(r, "fips-") || strings.Contains(r, "-fips")
}

// mapFIPSRegion is the SDK's endpoints.MapFIPSRegion (an internal
// package): a FIPS pseudo-region's region.
func mapFIPSRegion(r string) string {
	if isFIPSRegion(r) {
		r = strings.ReplaceAll(r, "-fips-", "-")
		r = strings.ReplaceAll(r, "fips-", "")
		r = strings.ReplaceAll(r, "-fips", "")
	}
	return r
}

// SendBatch sends body as a BatchWriteItem call of table.
func (s *leanSender) SendBatch(ctx context.Context, table string, body []byte) (*dynamodb.BatchWriteItemOutput, error) {
	out, err := s.send(ctx, table, body)
	if err != nil {
		return nil, &smithy.OperationError{ServiceID: dynamodb.ServiceID, OperationName: "BatchWriteItem", Err: err}
	}
	return out, nil
}

func (s *leanSender) send(ctx context.Context, table string, body []byte) (*dynamodb.BatchWriteItemOutput, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	creds, err := s.creds.Retrieve(ctx)
	if err != nil {
		return nil, fmt.Errorf("get identity: %w", err)
	}
	ep, err := s.endpoint(ctx, table, creds)
	if err != nil {
		return nil, err
	}
	req, err := s.newRequest(ctx, ep, body)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	var skew time.Duration
	if s.correctSkew {
		skew = time.Duration(s.skew.Load())
	}
	if ep.leanSign {
		s.lean.sign(&ep.signing, creds, req, hex.EncodeToString(sum[:]), ep.signingName, ep.signingRegion, time.Now().Add(skew))
	} else if err := s.signer.SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), ep.signingName, ep.signingRegion, time.Now().Add(skew), s.signOpts); err != nil {
		return nil, fmt.Errorf("sign request: %w", fmt.Errorf("sign http: %w", err))
	}
	sent := time.Now()
	resp, err := s.http.Do(req)
	received := time.Now()
	if err != nil {
		err = &smithyhttp.RequestSendError{Err: err}
		if ctx.Err() != nil {
			err = &smithy.CanceledError{Err: ctx.Err()}
		}
		if resp == nil {
			resp = &http.Response{Header: http.Header{}, Body: http.NoBody}
		}
		return nil, s.responseError(resp, err)
	}
	defer resp.Body.Close()
	candidate, measured := s.observeSkew(resp, sent, received)
	payload, err := readBody(resp)
	if err != nil {
		return nil, s.responseError(resp, &smithy.DeserializationError{Err: fmt.Errorf("read response body: %w", err)})
	}
	if s.checkCRC {
		if err := checkCRC32(resp.Header, payload); err != nil {
			return nil, s.responseError(resp, &smithy.DeserializationError{Err: err})
		}
	}
	out := &dynamodb.BatchWriteItemOutput{}
	if resp.StatusCode == http.StatusOK && bytes.Equal(payload, emptyBatchWriteItemOutput) {
		return out, nil
	}
	sresp := &smithyhttp.Response{Response: resp}
	resp.Body = io.NopCloser(bytes.NewReader(payload))
	if err := s.protocol.DeserializeResponse(ctx, batchWriteItemSchema, dynamodb.TypeRegistry, sresp, out); err != nil {
		err = s.responseError(resp, err)
		if s.correctSkew && measured {
			err = wrapClockSkew(err, candidate, skew)
		}
		return nil, err
	}
	return out, nil
}

// newRequest is the unsigned request of a call to ep with body.
func (s *leanSender) newRequest(ctx context.Context, ep *leanEndpoint, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	u := ep.url
	req.URL = &u
	h := req.Header
	for k, v := range ep.headers {
		h[k] = v
	}
	// Slices of their own: an HTTP client may edit a request's headers.
	h["Content-Type"] = []string{jsonContentType}
	h["X-Amz-Target"] = []string{batchWriteItemTarget}
	h["Accept-Encoding"] = []string{"identity"}
	if s.userAgent != "" {
		h["User-Agent"] = []string{s.userAgent}
	}
	return req, nil
}

const (
	jsonContentType      = "application/x-amz-json-1.0"
	batchWriteItemTarget = "DynamoDB_20120810.BatchWriteItem"
)

var (
	// emptyBatchWriteItemOutput is DynamoDB's answer to a call that
	// wrote every item, decoded without the protocol's decoder.
	emptyBatchWriteItemOutput = []byte(`{"UnprocessedItems":{}}`)
)

// responseError wraps err as the SDK's ResponseErrorWrapper does, with
// the request ID of resp.
func (s *leanSender) responseError(resp *http.Response, err error) error {
	id := resp.Header.Get("X-Amzn-Requestid")
	if id == "" {
		id = resp.Header.Get("X-Amz-Requestid")
	}
	return &awshttp.ResponseError{
		ResponseError: &smithyhttp.ResponseError{Response: &smithyhttp.Response{Response: resp}, Err: err},
		RequestID:     id,
	}
}

// readBody reads a response body whole.
func readBody(resp *http.Response) ([]byte, error) {
	if n := resp.ContentLength; n >= 0 && n <= 1<<20 {
		b := make([]byte, n)
		if _, err := io.ReadFull(resp.Body, b); err != nil {
			return nil, err
		}
		// Reach EOF, so the connection is reused.
		if m, _ := io.Copy(io.Discard, resp.Body); m != 0 {
			return nil, fmt.Errorf("%d bytes past the Content-Length", m)
		}
		return b, nil
	}
	return io.ReadAll(resp.Body)
}

// checkCRC32 checks payload against DynamoDB's X-Amz-Crc32 header, when
// there is one.
func checkCRC32(h http.Header, payload []byte) error {
	v := h.Get("X-Amz-Crc32")
	if v == "" {
		return nil
	}
	want, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return fmt.Errorf("unable to parse checksum header %v, %w", v, err)
	}
	if got := crc32.ChecksumIEEE(payload); got != uint32(want) {
		return fmt.Errorf("response did not match expected checksum, %d, %d", want, got)
	}
	return nil
}

// endpoint resolves where a call of table goes, with the SDK's rules and
// the parameters the SDK binds, once per table and account.
func (s *leanSender) endpoint(ctx context.Context, table string, creds aws.Credentials) (*leanEndpoint, error) {
	switch s.accountMode {
	case aws.AccountIDEndpointModeUnset, aws.AccountIDEndpointModePreferred, aws.AccountIDEndpointModeDisabled:
	case aws.AccountIDEndpointModeRequired:
		if creds.AccountID == "" {
			return nil, fmt.Errorf("invalid accountID set: %w", errors.New("accountID is required but not set"))
		}
	default:
		return nil, fmt.Errorf("invalid accountID set: %w", fmt.Errorf("invalid accountID endpoint mode %s, must be preferred/required/disabled", s.accountMode))
	}
	if s.regionErr != nil {
		return nil, s.regionErr
	}
	key := endpointFor{table: table}
	if s.accountMode != aws.AccountIDEndpointModeDisabled {
		key.account = creds.AccountID
	}
	s.mu.RLock()
	ep := s.endpoints[key]
	s.mu.RUnlock()
	if ep != nil {
		return ep, nil
	}
	p := s.params
	if key.account != "" {
		p.AccountId = aws.String(key.account)
	}
	p.ResourceArnList = []string{table}
	e, err := s.resolver.ResolveEndpoint(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("failed to resolve service endpoint, %w", err)
	}
	ep, err = s.leanEndpoint(e)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.endpoints) < maxLeanEndpoints {
		s.endpoints[key] = ep
	}
	s.mu.Unlock()
	return ep, nil
}

// leanEndpoint is e as the SDK applies it to a BatchWriteItem request:
// path "/" under the endpoint's, its headers, its SigV4 signing name and
// region if it names them (else the service's, "dynamodb" in the
// client's region), http if the client disables HTTPS.
func (s *leanSender) leanEndpoint(e smithyendpoints.Endpoint) (*leanEndpoint, error) {
	ep := &leanEndpoint{url: e.URI, headers: e.Headers.Clone(), signingName: "dynamodb", signingRegion: s.region}
	ep.url.Path = smithyhttp.JoinPath(e.URI.Path, "/")
	if e.URI.RawPath != "" {
		ep.url.RawPath = smithyhttp.JoinPath(e.URI.RawPath, "/")
	}
	if s.disableHTTPS {
		ep.url.Scheme = "http"
	}
	if err := smithyhttp.ValidateEndpointHost(ep.url.Host); err != nil {
		return nil, err
	}
	// As the SDK's resolveEndpointV2Middleware, every auth option of the
	// endpoint sets its signer properties.
	opts, _ := smithyauth.GetAuthOptions(&e.Properties)
	for _, o := range opts {
		if n, ok := smithyhttp.GetSigV4SigningName(&o.SignerProperties); ok {
			ep.signingName = n
		}
		if r, ok := smithyhttp.GetSigV4SigningRegion(&o.SignerProperties); ok {
			ep.signingRegion = r
		}
	}
	if ep.signingRegion == "" {
		return nil, errors.New("sigv4 signing region is required")
	}
	if s.canLeanSign {
		ep.signing = newLeanSigning(&ep.url)
		ep.leanSign = probeLeanSigning(s.signer, s.signOpts, s, ep)
	}
	return ep, nil
}

// observeSkew records the clock skew resp's Date header shows, as the
// SDK's RecordResponseTiming and retry middleware do: the server's time
// minus ours when the answer arrived, unless the answer came from a cache
// (Age) or took longer than 15 minutes. It returns the skew measured, if
// any.
func (s *leanSender) observeSkew(resp *http.Response, sent, received time.Time) (time.Duration, bool) {
	if !s.correctSkew {
		return 0, false
	}
	text := resp.Header.Get("Date")
	if text == "" || resp.Header.Get("Age") != "" || received.Sub(sent) > 15*time.Minute {
		return 0, false
	}
	var server time.Time
	if d := s.date.Load(); d != nil && d.text == text {
		server = d.t
	} else {
		t, err := smithyhttp.ParseTime(text)
		if err != nil {
			return 0, false
		}
		server = t
		s.date.Store(&parsedDate{text: text, t: t})
	}
	skew := server.Sub(received)
	s.skew.Store(int64(skew))
	return skew, true
}

// clockSkewCodes are the error codes that may come from a request signed
// with a skewed clock (the SDK's retry package's list).
var clockSkewCodes = map[string]bool{
	"InvalidSignatureException": true,
	"SignatureDoesNotMatch":     true,
	"AuthFailure":               true,
	"RequestTimeTooSkewed":      true,
	"AccessDeniedException":     true,
}

// clockSkewThreshold is the skew from which the SDK takes a signature
// error for a clock's fault.
const clockSkewThreshold = 4 * time.Minute

// wrapClockSkew makes err retryable, as the SDK's retry middleware does,
// when its code may mean a skewed clock and the request was signed with a
// clock more than 4 minutes off the server's: the next call is signed
// with the corrected time.
func wrapClockSkew(err error, candidate, used time.Duration) error {
	var ae interface{ ErrorCode() string }
	if !errors.As(err, &ae) || !clockSkewCodes[ae.ErrorCode()] {
		return err
	}
	if d := used - candidate; d > clockSkewThreshold || d < -clockSkewThreshold {
		return &clockSkewError{err}
	}
	return err
}

// clockSkewError is a signature error caused by a skewed clock: retryable.
type clockSkewError struct{ err error }

func (e *clockSkewError) Error() string        { return "Probable clock skew error: " + e.err.Error() }
func (e *clockSkewError) Unwrap() error        { return e.err }
func (e *clockSkewError) RetryableError() bool { return true }

// probeUserAgent returns the User-Agent the SDK client c sends with a
// BatchWriteItem call (SDK and service versions, OS, language, app ID,
// the features its options and credentials source enable). It makes one
// call through c's stack with an HTTP client that answers without a
// network, credentials that stand in for c's (whose source they report),
// and a fixed endpoint.
func probeUserAgent(c *dynamodb.Client) (string, error) {
	var ua string
	doer := doerFunc(func(r *http.Request) (*http.Response, error) {
		ua = r.Header.Get("User-Agent")
		b := emptyBatchWriteItemOutput
		return &http.Response{
			StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			// With its checksum: the SDK logs a warning without one.
			Header:        http.Header{"Content-Type": {jsonContentType}, "X-Amz-Crc32": {strconv.FormatUint(uint64(crc32.ChecksumIEEE(b)), 10)}},
			Body:          io.NopCloser(bytes.NewReader(b)),
			ContentLength: int64(len(b)), Request: r,
		}, nil
	})
	_, err := c.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
		RequestItems: map[string][]types.WriteRequest{"pg2ddb-probe": {}},
	}, noSDKRetries, WithBody([]byte(`{}`)), func(o *dynamodb.Options) {
		o.HTTPClient = doer
		o.Credentials = probeCredentials{o.Credentials}
		o.EndpointResolverV2 = probeEndpoint{}
		o.Region = "us-east-1" // a region the SDK accepts; its own is checked per call
		o.DisableClockSkewCorrection = true
	})
	if err != nil {
		return "", fmt.Errorf("take the SDK's User-Agent: %w", err)
	}
	return ua, nil
}

type doerFunc func(*http.Request) (*http.Response, error)

func (f doerFunc) Do(r *http.Request) (*http.Response, error) { return f(r) }

// probeCredentials stand in for a client's credentials in
// probeUserAgent: fixed keys, the source of the real provider.
type probeCredentials struct{ real aws.CredentialsProvider }

func (probeCredentials) Retrieve(context.Context) (aws.Credentials, error) {
	return aws.Credentials{AccessKeyID: "probe", SecretAccessKey: "probe", AccountID: "000000000000"}, nil
}

func (p probeCredentials) ProviderSources() []aws.CredentialSource {
	if s, ok := p.real.(aws.CredentialProviderSource); ok {
		return s.ProviderSources()
	}
	return nil
}

// probeEndpoint answers probeUserAgent's endpoint resolution.
type probeEndpoint struct{}

func (probeEndpoint) ResolveEndpoint(context.Context, dynamodb.EndpointParameters) (smithyendpoints.Endpoint, error) {
	u, _ := url.Parse("https://probe.invalid")
	return smithyendpoints.Endpoint{URI: *u}, nil
}
