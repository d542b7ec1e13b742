package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"
)

// copyOut runs one `COPY (query) TO STDOUT (FORMAT binary)` into nothing,
// in a REPEATABLE READ READ ONLY transaction like the loader's snapshot,
// and returns its wall time (connection included, as the loader's is) and
// the bytes the server sent.
func copyOut(ctx context.Context, dbURL, query string) (time.Duration, int64, error) {
	return copyRun(ctx, dbURL, "COPY ("+query+") TO STDOUT (FORMAT binary)")
}

// copyTable runs `COPY table TO STDOUT (FORMAT binary)`: the plain
// sequential read of a table, the fastest way PostgreSQL hands its rows out
// and the bound figure 1 measures the loader against. table is a quoted
// identifier.
func copyTable(ctx context.Context, dbURL, table string) (time.Duration, int64, error) {
	return copyRun(ctx, dbURL, "COPY "+table+" TO STDOUT (FORMAT binary)")
}

func copyRun(ctx context.Context, dbURL, stmt string) (time.Duration, int64, error) {
	r, err := copyMeasured(ctx, dbURL, stmt, nil)
	return r.wall, r.bytes, err
}

// copyResult is one COPY's wall time, the CPU time its server backend
// spent (user + system, from /proc/PID/stat of pg_backend_pid(); 0 where
// /proc cannot be read), and the bytes it sent.
type copyResult struct {
	wall, backendCPU time.Duration
	bytes            int64
}

// copyMeasured runs stmt (a COPY … TO STDOUT) as copyRun does and measures
// its backend's CPU; the output goes to w (nil: discarded).
func copyMeasured(ctx context.Context, dbURL, stmt string, w io.Writer) (copyResult, error) {
	start := time.Now()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return copyResult{}, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return copyResult{}, err
	}
	var pid int
	if err := tx.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		return copyResult{}, err
	}
	before := procCPU(pid)
	n := &countingDiscard{w: w}
	if _, err := conn.PgConn().CopyTo(ctx, n, stmt); err != nil {
		_ = tx.Rollback(ctx)
		return copyResult{}, fmt.Errorf("COPY: %w", err)
	}
	after := procCPU(pid)
	if err := tx.Rollback(ctx); err != nil {
		return copyResult{}, err
	}
	return copyResult{wall: time.Since(start), backendCPU: after - before, bytes: n.n}, nil
}

// procCPU is the user + system CPU time of process pid so far, from
// /proc/PID/stat (clock ticks of 10 ms, Linux's USER_HZ); 0 when unreadable.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// the fields after it start after the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	// Fields 14 (utime) and 15 (stime) of the line are f[11] and f[12].
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(u+st) * 10 * time.Millisecond
}

// tempBytes returns pg_stat_database.temp_bytes of dbURL's database once
// it has settled: the statistics system publishes a backend's counters when
// the backend is idle (at most once a second) or exits, so a value read just
// after a session ended can miss its temporary files. It polls until the
// value is unchanged for settle (or maxWait has passed, and says so).
func tempBytes(ctx context.Context, dbURL string, settle, maxWait time.Duration) (int64, error) {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return 0, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	read := func() (int64, error) {
		// Each read is its own transaction, and the snapshot of the
		// statistics is cleared first, so every read sees fresh counters.
		if _, err := conn.Exec(ctx, "SELECT pg_stat_clear_snapshot()"); err != nil {
			return 0, fmt.Errorf("pg_stat_clear_snapshot: %w", err)
		}
		var v int64
		err := conn.QueryRow(ctx, "SELECT temp_bytes FROM pg_stat_database WHERE datname = current_database()").Scan(&v)
		if err != nil {
			return 0, fmt.Errorf("read pg_stat_database.temp_bytes: %w", err)
		}
		return v, nil
	}
	start := time.Now()
	last, err := read()
	if err != nil {
		return 0, err
	}
	stable := time.Now()
	for time.Since(stable) < settle {
		if time.Since(start) > maxWait {
			return last, fmt.Errorf("pg_stat_database.temp_bytes still changing after %s", maxWait)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		v, err := read()
		if err != nil {
			return 0, err
		}
		if v != last {
			last, stable = v, time.Now()
		}
	}
	return last, nil
}

// countingDiscard counts the bytes written to it and passes them to w
// (nil: discards them).
type countingDiscard struct {
	n int64
	w io.Writer
}

func (c *countingDiscard) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if c.w == nil {
		return len(p), nil
	}
	return c.w.Write(p)
}

// ddbClient is an aws-sdk-go-v2 client for a local endpoint with static
// credentials and the SDK's defaults otherwise (HTTP client, retryer): a
// plain SDK user's client, for figure 4's bare loop and the bench's own
// table set-up. The write floor sends through pg2ddb's own client and
// sender instead (load.NewClient, load.NewSender), those a load writes with.
func ddbClient(endpoint string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(endpoint),
		Credentials:  credentials.NewStaticCredentialsProvider("bench", "bench", ""),
	})
}

// loadOrder puts items in an interleaved order like the loader's: the order
// of extract.SortedStreamSQL (the server-side interleave), whose first two
// columns are the partition and sort key values as text.
func loadOrder(ctx context.Context, dbURL, query string, pkAttr, skAttr string, items []map[string]types.AttributeValue) ([]map[string]types.AttributeValue, error) {
	keyOf := func(it map[string]types.AttributeValue) string {
		return attrText(it[pkAttr]) + "\x00" + attrText(it[skAttr])
	}
	byKey := make(map[string]map[string]types.AttributeValue, len(items))
	for _, it := range items {
		byKey[keyOf(it)] = it
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	rows, err := conn.Query(ctx, query, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]map[string]types.AttributeValue, 0, len(items))
	for rows.Next() {
		raw := rows.RawValues()
		it, ok := byKey[string(raw[0])+"\x00"+string(raw[1])]
		if !ok {
			return nil, fmt.Errorf("load order: no captured item with key %q/%q", raw[0], raw[1])
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) != len(items) {
		return nil, fmt.Errorf("load order: %d rows for %d items", len(out), len(items))
	}
	return out, nil
}

// attrText is a key attribute's value as text (the form StreamSQL returns).
func attrText(v types.AttributeValue) string {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return x.Value
	case *types.AttributeValueMemberN:
		return x.Value
	case *types.AttributeValueMemberB:
		return string(x.Value)
	}
	return ""
}

// scanAll reads every item of a table with a parallel Scan.
func scanAll(ctx context.Context, db *dynamodb.Client, table string, segments int) ([]map[string]types.AttributeValue, error) {
	var mu sync.Mutex
	var all []map[string]types.AttributeValue
	errs := make(chan error, segments)
	var wg sync.WaitGroup
	for seg := range segments {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var start map[string]types.AttributeValue
			for {
				out, err := db.Scan(ctx, &dynamodb.ScanInput{
					TableName: aws.String(table), Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(segments)),
					ExclusiveStartKey: start,
				})
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				all = append(all, out.Items...)
				mu.Unlock()
				if len(out.LastEvaluatedKey) == 0 {
					return
				}
				start = out.LastEvaluatedKey
			}
		}()
	}
	wg.Wait()
	close(errs)
	return all, <-errs
}

// createRawTable creates t's table on demand with its key schema alone
// (the plan's indexes left off: the bare loops write to a raw table) and
// waits until it is ACTIVE.
func createRawTable(ctx context.Context, db target.API, t plans.Table) error {
	t.Indexes = nil
	return target.Create(ctx, db, t, plans.Capacity{Mode: plans.OnDemand})
}

// bareLoad writes items to table with BatchWriteItem, 25 per call, from
// `workers` goroutines taking batches in order, retrying UnprocessedItems
// and throttling errors with capped exponential back-off: the least a
// loader must do. It returns the wall time from the first call to the last
// acknowledgement.
func bareLoad(ctx context.Context, db *dynamodb.Client, table string, items []map[string]types.AttributeValue, workers int) (time.Duration, error) {
	return inParallel(workers, (len(items)+24)/25, func(b int) error {
		lo, hi := b*25, min(b*25+25, len(items))
		reqs := make([]types.WriteRequest, 0, hi-lo)
		for _, it := range items[lo:hi] {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
		}
		return writeBatch(ctx, db, table, reqs)
	})
}

// inParallel calls fn(0) … fn(n-1) in order from workers goroutines, each
// taking the next index, until all are done or one fails; it returns the
// wall time and the first error.
func inParallel(workers, n int, fn func(i int) error) (time.Duration, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) {
					return
				}
				if err := fn(int(i)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	close(errs)
	return took, <-errs
}

func writeBatch(ctx context.Context, db *dynamodb.Client, table string, reqs []types.WriteRequest) error {
	backoff := 10 * time.Millisecond
	for attempt := 0; len(reqs) > 0; attempt++ {
		if attempt > 50 {
			return fmt.Errorf("bare loop: batch not written after %d attempts", attempt)
		}
		out, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: reqs}})
		if err != nil {
			var pe *types.ProvisionedThroughputExceededException
			if !errors.As(err, &pe) {
				return err
			}
		} else {
			reqs = out.UnprocessedItems[table]
			if len(reqs) == 0 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, time.Second)
	}
	return nil
}
