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

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// TestRetryClassification checks which failures the loader retries and
// which of those slow the budget, as the SDK's retry package classifies
// them, on errors shaped as the SDK returns them.
func TestRetryClassification(t *testing.T) {
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
			if got := retryable(c.err); got != c.retryable {
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
		}, noSDKRetries, withBody(body))
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

// failingWriter takes n bytes, then fails.
type failingWriter struct {
	got []byte
	n   int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(f.got)+len(p) > f.n {
		return 0, errors.New("disk full")
	}
	f.got = append(f.got, p...)
	return len(p), nil
}

// TestAsyncWriterKeepsOrderAndErrors checks the export's staging writer:
// what is written arrives whole and in order, in buffers handed over as
// they fill; the destination's error comes back from Close, which can be
// called again.
func TestAsyncWriterKeepsOrderAndErrors(t *testing.T) {
	var want []byte
	dst := &failingWriter{n: 1 << 30}
	a := newAsyncWriter(dst, 64)
	for i := range 1000 {
		line := fmt.Sprintf("line %d\n", i)
		want = append(want, line...)
		if i%2 == 0 {
			a.WriteString(line)
		} else {
			a.Write([]byte(line))
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dst.got, want) {
		t.Fatalf("wrote %d bytes, want %d, or in another order", len(dst.got), len(want))
	}
	bad := newAsyncWriter(&failingWriter{n: 100}, 64)
	for range 100 {
		bad.WriteString("0123456789")
	}
	if err := bad.Close(); err == nil || err.Error() != "disk full" {
		t.Errorf("Close returned %v, want the destination's error", err)
	}
	if err := bad.Close(); err == nil {
		t.Errorf("a second Close forgot the error")
	}
}
