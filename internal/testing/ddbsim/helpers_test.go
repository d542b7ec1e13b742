package ddbsim

import (
	"context"
	"io"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// startSim starts a simulator for the test and closes it at the end.
func startSim(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := Start("", opts)
	if err != nil {
		t.Fatalf("start simulator: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("close simulator: %v", err)
		}
	})
	return s
}

// simClient is an SDK client for the simulator without SDK retries, so tests
// see every throttle and fault themselves.
func simClient(url string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(url),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
		Retryer:      aws.NopRetryer{},
		HTTPClient: &http.Client{Transport: hideWriterTo{&http.Transport{
			MaxIdleConns:        128,
			MaxIdleConnsPerHost: 128,
			IdleConnTimeout:     30 * time.Second,
		}}},
	})
}

func ctxFor(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// createTable creates an on-demand table with a string partition key pk and,
// if withSort, a number sort key sk.
func createTable(t testing.TB, c *dynamodb.Client, name string, withSort bool) {
	t.Helper()
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(name),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
		},
	}
	if withSort {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeN})
		in.KeySchema = append(in.KeySchema, types.KeySchemaElement{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange})
	}
	if _, err := c.CreateTable(ctxFor(t), in); err != nil {
		t.Fatalf("create table %s: %v", name, err)
	}
	for range 100 {
		out, err := c.DescribeTable(ctxFor(t), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			t.Fatalf("describe table %s: %v", name, err)
		}
		if out.Table.TableStatus == types.TableStatusActive {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("table %s not ACTIVE after 2 s", name)
}

func sv(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func nv(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

func put(item map[string]types.AttributeValue) types.WriteRequest {
	return types.WriteRequest{PutRequest: &types.PutRequest{Item: item}}
}

// hideWriterTo works around a client-side race between smithy-go and
// net/http seen here with large responses on a fast local endpoint: smithy
// closes the request body as soon as the response headers arrive, its body's
// WriteTo then returns io.EOF as an error, the transport's final read of the
// request body (done through WriteTo) fails and it closes the connection
// while the response body is still being read ("use of closed network
// connection" on a 200). Wrapping the body hides WriteTo, so the transport
// uses Read, which returns a clean EOF after Close.
type hideWriterTo struct{ rt http.RoundTripper }

func (h hideWriterTo) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody {
		req.Body = struct{ io.ReadCloser }{req.Body}
	}
	return h.rt.RoundTrip(req)
}
