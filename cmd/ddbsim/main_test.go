package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeAndDumpStatsOnSignal runs the command, writes through the SDK,
// sends SIGINT and checks the statistics it prints.
func TestServeAndDumpStatsOnSignal(t *testing.T) {
	var stdout, stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run([]string{"-port", "0", "-mode", "count", "-partitions", "2", "-scale", "10"}, &stdout, &stderr)
	}()

	var url string
	for deadline := time.Now().Add(5 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := regexp.MustCompile(`listening on (\S+)`).FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("no URL announced; stderr: %s", stderr.String())
	}
	c := dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(url), Credentials: credentials.NewStaticCredentialsProvider("a", "b", "")})
	ctx := context.Background()
	if _, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("cmdtest"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("cmdtest"), Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "a"}}}); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("run did not return after SIGINT")
	}
	var st ddbsim.Stats
	if err := json.Unmarshal([]byte(stdout.String()), &st); err != nil {
		t.Fatalf("stats output is not JSON: %v\n%s", err, stdout.String())
	}
	if st.Mode != "count" || len(st.Tables) != 1 || st.Tables[0].AcceptedItems != 1 || st.Tables[0].PartitionCount != 2 {
		t.Errorf("stats = %+v, want count mode, one table with 2 partitions and 1 accepted item", st)
	}
}

func TestBadModeIsAnError(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-mode", "fast"}, &out, &out); err == nil {
		t.Error("mode fast accepted")
	}
}
