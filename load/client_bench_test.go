package load

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// okDoer answers every call as an empty successful BatchWriteItem without
// a network, so a benchmark measures the SDK's request path alone.
type okDoer struct{}

func (okDoer) Do(req *http.Request) (*http.Response, error) {
	io.Copy(io.Discard, req.Body) //nolint:errcheck // read as a transport would
	const out = `{"UnprocessedItems":{}}`
	return &http.Response{
		StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/x-amz-json-1.0"}},
		Body:   io.NopCloser(strings.NewReader(out)), ContentLength: int64(len(out)), Request: req,
	}, nil
}

// BenchmarkBatchWriteItemSDK measures the SDK's CPU per BatchWriteItem call
// of a loader-encoded 25-item body (about 11 KB, as the bench table's),
// through the client pg2ddb builds, without a network.
func BenchmarkBatchWriteItemSDK(b *testing.B) {
	item := `{"PutRequest":{"Item":{"pk":{"S":"` + strings.Repeat("x", 400) + `"}}}}`
	body := []byte(`{"RequestItems":{"t":[` + strings.TrimSuffix(strings.Repeat(item+",", 25), ",") + `]}}`)
	cfg := aws.Config{
		Region:      "us-east-1",
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("bench", "bench", "")),
	}
	db := NewClient(cfg, "http://127.0.0.1:1", func(o *dynamodb.Options) { o.HTTPClient = InMemoryBodies(okDoer{}) })
	in := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"t": {}}}
	ctx := context.Background()
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.BatchWriteItem(ctx, in, noSDKRetries, WithBody(body)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBatchWriteItemLean measures the same call through the lean
// sender a load writes with (NewSender of the same client).
func BenchmarkBatchWriteItemLean(b *testing.B) {
	item := `{"PutRequest":{"Item":{"pk":{"S":"` + strings.Repeat("x", 400) + `"}}}}`
	body := []byte(`{"RequestItems":{"t":[` + strings.TrimSuffix(strings.Repeat(item+",", 25), ",") + `]}}`)
	cfg := aws.Config{
		Region:      "us-east-1",
		Credentials: aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("bench", "bench", "")),
	}
	db := NewClient(cfg, "http://127.0.0.1:1", func(o *dynamodb.Options) { o.HTTPClient = InMemoryBodies(okDoer{}) })
	s, why := NewSender(db, WriteLean)
	if why != "" {
		b.Fatal(why)
	}
	ctx := context.Background()
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.SendBatch(ctx, "t", body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBatchWriteItemSignedOnly is what a BatchWriteItem call cannot
// do without: hashing the body, signing the request with SigV4 (the SDK's
// own signer) and handing it to the same HTTP client, with none of the
// SDK's middleware stack. Beside BenchmarkBatchWriteItemSDK it shows how
// much of a call's CPU the stack itself takes.
func BenchmarkBatchWriteItemSignedOnly(b *testing.B) {
	item := `{"PutRequest":{"Item":{"pk":{"S":"` + strings.Repeat("x", 400) + `"}}}}`
	body := []byte(`{"RequestItems":{"t":[` + strings.TrimSuffix(strings.Repeat(item+",", 25), ",") + `]}}`)
	creds := aws.NewCredentialsCache(credentials.NewStaticCredentialsProvider("bench", "bench", ""))
	signer := v4.NewSigner()
	doer := InMemoryBodies(okDoer{})
	ctx := context.Background()
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := creds.Retrieve(ctx)
		if err != nil {
			b.Fatal(err)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://127.0.0.1:1/", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-amz-json-1.0")
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810.BatchWriteItem")
		sum := sha256.Sum256(body)
		if err := signer.SignHTTP(ctx, c, req, hex.EncodeToString(sum[:]), "dynamodb", "us-east-1", time.Now()); err != nil {
			b.Fatal(err)
		}
		resp, err := doer.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		var out struct{ UnprocessedItems map[string]json.RawMessage }
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
}
