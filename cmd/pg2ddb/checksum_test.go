package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/logging"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// warnings collects what the SDK logs.
type warnings struct {
	mu    sync.Mutex
	lines []string
}

func (w *warnings) Logf(c logging.Classification, format string, v ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lines = append(w.lines, string(c)+" "+fmt.Sprintf(format, v...))
}

// TestLargeScanPagesReadWithoutSDKWarnings: the client pg2ddb reads
// DynamoDB with reads large Scan pages, eight segments at a time as verify
// does, without the SDK warning that it could not read a response to its
// end ("failed to discard remaining HTTP response body … use of closed
// network connection", "response did not match expected checksum"). The
// SDK closes the request body it built while net/http may still read it;
// pg2ddb sends a copy of its own.
func TestLargeScanPagesReadWithoutSDKWarnings(t *testing.T) {
	t.Parallel()
	// The simulator runs as a process of its own, as a user runs it: in
	// this process the race below did not show.
	ep := simProcess(t)
	tf := targetFlags{endpoint: ep, region: "us-east-1"}
	client, err := tf.client(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var w warnings
	opts := client.Options()
	opts.Logger = &w
	db := dynamodb.New(opts)
	table := fmt.Sprintf("scanned%d", os.Getpid())
	if _, err := db.CreateTable(t.Context(), &dynamodb.CreateTableInput{
		TableName:            aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	}); err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 1000)
	for start := 0; start < 4000; start += 25 {
		var reqs []types.WriteRequest
		for i := start; i < start+25; i++ {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{
				"pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("k%06d", i)}, "v": &types.AttributeValueMemberS{Value: pad},
			}}})
		}
		for req := map[string][]types.WriteRequest{table: reqs}; len(req) > 0; {
			out, err := db.BatchWriteItem(t.Context(), &dynamodb.BatchWriteItemInput{RequestItems: req})
			if err != nil {
				t.Fatal(err)
			}
			req = out.UnprocessedItems
		}
	}
	for round := range 40 {
		var g errgroup.Group
		var items [8]int
		for seg := range 8 {
			g.Go(func() error {
				p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true),
					Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(8)})
				for p.HasMorePages() {
					out, err := p.NextPage(t.Context())
					if err != nil {
						return err
					}
					items[seg] += len(out.Items)
				}
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			t.Fatal(err)
		}
		if n := sum(items[:]); n != 4000 {
			t.Fatalf("round %d: scanned %d items, want 4,000", round, n)
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.lines) > 0 {
		t.Fatalf("%d SDK warnings over 320 scans, the first: %s", len(w.lines), w.lines[0])
	}
}

// simProcess builds cmd/ddbsim and runs it on a free port until the test
// ends; it returns its endpoint.
func simProcess(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ddbsim")
	if out, err := exec.Command("go", "build", "-o", bin, "../ddbsim").CombinedOutput(); err != nil {
		t.Fatalf("go build ddbsim: %v\n%s", err, out)
	}
	port, err := testenv.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-port", strconv.Itoa(port), "-wcu", "1000000")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	ep := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(ep); err == nil {
			resp.Body.Close()
			return ep
		}
		if time.Now().After(deadline) {
			t.Fatal("ddbsim did not start")
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
