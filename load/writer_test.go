package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// TestRetryClassification checks which failures the loader retries and
// which of those slow the budget, as the SDK's retry package classifies
// them, on errors shaped as the SDK returns them.
func TestRetryClassification(t *testing.T) {
	t.Parallel()
	api := func(code string, status int) error {
		return &smithy.OperationError{ServiceID: "DynamoDB", OperationName: "BatchWriteItem", Err: &smithyhttp.ResponseError{
			Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status}},
			Err:      &smithy.GenericAPIError{Code: code, Message: "m"},
		}}
	}
	for _, c := range []struct {
		err                 error
		retryable, throttle bool
	}{
		{api("ProvisionedThroughputExceededException", 400), true, true},
		{api("ThrottlingException", 400), true, true},
		{api("RequestLimitExceeded", 400), true, true},
		{api("InternalServerError", 500), true, false},
		{api("ServiceUnavailable", 503), true, false},
		{api("ValidationException", 400), false, false},
		{api("ResourceNotFoundException", 400), false, false},
		{&smithyhttp.RequestSendError{Err: errors.New("connection reset by peer")}, true, false},
		{&smithy.DeserializationError{Err: errors.New("unexpected EOF")}, true, false},
		{errors.New("something else"), false, false},
	} {
		t.Run(fmt.Sprint(c.err), func(t *testing.T) {
			if got := target.Retryable(c.err); got != c.retryable {
				t.Errorf("retryable = %v, want %v", got, c.retryable)
			}
			if got := isThrottle(c.err); got != c.throttle {
				t.Errorf("isThrottle = %v, want %v", got, c.throttle)
			}
		})
	}
}

// bodyInspector records the type and bytes of the request body it is
// handed and answers every call as an empty successful BatchWriteItem.
type bodyInspector struct {
	bodyType string
	body     []byte
}

func (b *bodyInspector) Do(req *http.Request) (*http.Response, error) {
	b.bodyType = fmt.Sprintf("%T", req.Body)
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	b.body = body
	const out = `{"UnprocessedItems":{}}`
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/x-amz-json-1.0"}},
		Body:   io.NopCloser(strings.NewReader(out)), ContentLength: int64(len(out)), Request: req,
	}, nil
}

// TestInMemoryBodiesSendTheEncodedBytes checks that a loader-encoded call
// reaches the HTTP client as an in-memory reader net/http recognises
// (headers and body then leave in one write), holding exactly the bytes
// the loader encoded; without the wrapper the SDK's own reader arrives.
func TestInMemoryBodiesSendTheEncodedBytes(t *testing.T) {
	t.Parallel()
	body := []byte(`{"RequestItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}}`)
	call := func(wrap bool) *bodyInspector {
		t.Helper()
		in := &bodyInspector{}
		var c HTTPDoer = in
		if wrap {
			c = InMemoryBodies(in)
		}
		db := dynamodb.New(dynamodb.Options{
			Region: "us-east-1", BaseEndpoint: aws.String("http://127.0.0.1:1"), HTTPClient: c,
			Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
		})
		_, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{"t": {}},
		}, noSDKRetries, WithBody(body))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in.body, body) {
			t.Fatalf("sent %s, want %s", in.body, body)
		}
		return in
	}
	if got := call(false).bodyType; got == "io.nopCloserWriterTo" {
		t.Fatalf("without the wrapper the body is already %s: the test cannot tell the wrapper's effect", got)
	}
	if got := call(true).bodyType; got != "io.nopCloserWriterTo" {
		t.Errorf("body handed to the HTTP client as %s, want io.NopCloser of a *bytes.Reader", got)
	}
}

// TestRemainingMatchesUnprocessedKeys checks that the items DynamoDB
// returns unprocessed are found among a batch's wire items by key, numbers
// compared by value, so exactly those are sent again.
func TestRemainingMatchesUnprocessedKeys(t *testing.T) {
	t.Parallel()
	table := plans.Table{Source: "public.t", PartitionKey: plans.Key{Attribute: "pk", Type: "S"}, SortKey: &plans.Key{Attribute: "sk", Type: "N"}}
	e, err := item.NewEncoder(table, plans.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var items []item.WireItem
	var buf []byte
	for i, k := range [][2]string{{"a", "1"}, {"a", "2.50"}, {"b", "1"}, {"a\x00b", "3"}, {"c", "10"}} {
		var it item.WireItem
		var rej *item.Reject
		buf, it, rej = e.AppendWire(buf, &order.Row{Pos: int64(i), PK: []byte(k[0]), SK: []byte(k[1]), Copies: 1})
		if rej != nil {
			t.Fatal(rej.Reason)
		}
		items = append(items, it)
	}
	w := &writer{t: table, pkAttr: "pk", skAttr: "sk"}
	put := func(pk, sk string) types.WriteRequest {
		return types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: pk}, "sk": &types.AttributeValueMemberN{Value: sk}, "other": &types.AttributeValueMemberS{Value: "x"},
		}}}
	}
	got := w.remaining(items, []types.WriteRequest{put("a", "2.5"), put("a\x00b", "3"), put("c", "1E1")})
	var pos []int64
	for _, it := range got {
		pos = append(pos, it.Pos)
	}
	if fmt.Sprint(pos) != "[1 3 4]" {
		t.Errorf("remaining positions %v, want [1 3 4]", pos)
	}
	// A key the batch does not hold: resend the whole batch rather than
	// guess which item came back.
	if got := w.remaining(items, []types.WriteRequest{put("zzz", "1")}); len(got) != len(items) {
		t.Errorf("unknown key: %d items to resend, want all %d", len(got), len(items))
	}
}

// closable is a request body that refuses reads once closed, as the SDK's
// does.
type closable struct {
	r      *strings.Reader
	closed bool
}

func (c *closable) Read(p []byte) (int, error) {
	if c.closed {
		return 0, errors.New("read after close")
	}
	return c.r.Read(p)
}

func (c *closable) Close() error { c.closed = true; return nil }

type captureDoer struct{ req *http.Request }

func (d *captureDoer) Do(req *http.Request) (*http.Response, error) {
	d.req = req
	return &http.Response{StatusCode: 200, Body: http.NoBody}, nil
}

// TestDetachedBodiesOutliveTheSDKsClose: what net/http reads of a request
// body after the call returned does not depend on the SDK's body, which
// the SDK closes at that moment.
func TestDetachedBodiesOutliveTheSDKsClose(t *testing.T) {
	t.Parallel()
	orig := &closable{r: strings.NewReader(`{"TableName":"t"}`)}
	req, _ := http.NewRequest(http.MethodPost, "http://127.0.0.1:1/", orig)
	req.ContentLength = 17
	d := &captureDoer{}
	if _, err := (detachedBodies{d}).Do(req); err != nil {
		t.Fatal(err)
	}
	orig.Close()
	b, err := io.ReadAll(d.req.Body)
	if err != nil || string(b) != `{"TableName":"t"}` || d.req.ContentLength != 17 || d.req.GetBody == nil {
		t.Fatalf("body read after the SDK's close: %q, %v", b, err)
	}
}
