package verify

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Source is where verify reads the rows it compares: every call must see
// the same consistent data (one snapshot). *extract.Snapshot is one.
type Source interface {
	Count(ctx context.Context, t plans.Table) (int64, error)
	// Dropped counts the rows the plan's keep-one duplicates choice drops.
	Dropped(ctx context.Context, t plans.Table) (int64, error)
	Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error)
}

// ReadAPI is what verify needs of DynamoDB. *dynamodb.Client implements it.
type ReadAPI interface {
	Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
	BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
}

// retrying is db with every call retried as the load retries its writes
// (target.DefaultRetry, the SDK's own retries off) on throttling and
// transient server errors: a verify must ride out what the load rode out,
// not give up after the SDK's three attempts.
type retrying struct{ db ReadAPI }

func noSDKRetries(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} }

func (r retrying) Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (out *dynamodb.ScanOutput, err error) {
	optFns = append(optFns, noSDKRetries)
	err = target.DefaultRetry.Do(ctx, func() error {
		out, err = r.db.Scan(ctx, in, optFns...)
		return err
	})
	return out, err
}

func (r retrying) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, optFns ...func(*dynamodb.Options)) (out *dynamodb.BatchGetItemOutput, err error) {
	optFns = append(optFns, noSDKRetries)
	err = target.DefaultRetry.Do(ctx, func() error {
		out, err = r.db.BatchGetItem(ctx, in, optFns...)
		return err
	})
	return out, err
}

// VerifyOptions tune Verify.
type VerifyOptions struct {
	// Sample is the number of source rows compared attribute by attribute
	// per table (default 1,000; negative: none).
	Sample int
	// Full compares every source row with its item attribute by
	// attribute and lists the items no source row has (see fullTable),
	// instead of counting and sampling. It is the check after a sync,
	// whose rejects file may name rows that changed since.
	Full bool
	// RejectsPath is the load's rejects file; its rows are expected to be
	// missing.
	RejectsPath string
	// Tables restricts verification like Options.Tables.
	Tables []string
	// Segments is the parallel Scan's TotalSegments (default 4).
	Segments int
	// MaxDifferences caps the differences listed per table (default 20);
	// all are counted.
	MaxDifferences int
	// IndexRecounts is how many times an index that holds fewer items
	// than expected is counted again, after 1 s, 2 s, 4 s …, before it is
	// a difference (default 3; negative: none): DynamoDB fills a global
	// index asynchronously, so a count right after a load can lag.
	IndexRecounts int
}

// TableVerify is the verdict on one table.
type TableVerify struct {
	Source, Target string
	SourceRows     int64
	Rejected       int64
	// Dropped counts the source rows that the plan's keep-one duplicates
	// choice drops as repeats of an identical row; the rejects file's
	// lines for them are not in Rejected, and when a rejects file is
	// given it must hold exactly Dropped of them.
	Dropped int64
	// Items is the DynamoDB item count; it must equal SourceRows -
	// Rejected - Dropped.
	Items int64
	// Indexes are the enabled global secondary indexes' counts.
	Indexes []IndexVerify
	Sampled int
	// Differences lists what did not match, at most MaxDifferences of
	// DifferenceCount.
	Differences     []string
	DifferenceCount int
}

// IndexVerify is the verdict on one global secondary index: it must hold
// every item of the table that has its key attributes (a sparse index
// leaves out the items of rows with NULL key columns).
type IndexVerify struct {
	Name string
	// Expected counts the table's items with every key attribute of the
	// index; Items is the index's count (Scan with IndexName, COUNT).
	Expected, Items int64
}

// VerifyReport is the verdict on a plan.
type VerifyReport struct{ Tables []TableVerify }

// OK reports whether no table has differences.
func (r *VerifyReport) OK() bool {
	for _, t := range r.Tables {
		if t.DifferenceCount > 0 {
			return false
		}
	}
	return true
}

// Verify checks that DynamoDB holds the plan's source rows: per table, the
// source row count minus the rejects equals the item count (parallel,
// consistent Scan, Select=COUNT), and a deterministic sample of source rows, encoded as a
// load encodes them, matches the stored items attribute by attribute.
func Verify(ctx context.Context, plan *plans.Plan, src Source, db ReadAPI, opts VerifyOptions) (*VerifyReport, error) {
	db = retrying{db}
	if opts.Sample == 0 {
		opts.Sample = 1000
	}
	if opts.Segments <= 0 {
		opts.Segments = 4
	}
	if opts.MaxDifferences <= 0 {
		opts.MaxDifferences = 20
	}
	if opts.IndexRecounts == 0 {
		opts.IndexRecounts = 3
	}
	tables, err := plan.Select(opts.Tables)
	if err != nil {
		return nil, err
	}
	var rejects []item.RejectRecord
	if opts.RejectsPath != "" {
		if rejects, err = item.ReadRejects(opts.RejectsPath); err != nil {
			return nil, err
		}
	}
	rep := &VerifyReport{}
	for _, t := range tables {
		tv := TableVerify{Source: t.Source, Target: t.Target}
		rejectedKeys := map[string]bool{}
		var droppedLines int64
		for _, r := range rejects {
			switch {
			case r.Table != t.Target:
			case r.Reason == plans.DuplicateReason:
				// The copy that was kept has this key: its item is
				// expected, and sampled.
				droppedLines++
			default:
				tv.Rejected++
				rejectedKeys[item.KeyFromMap(t, r.Key).Text(t)] = true
			}
		}
		if tv.SourceRows, err = src.Count(ctx, t); err != nil {
			return nil, err
		}
		if tv.Dropped, err = src.Dropped(ctx, t); err != nil {
			return nil, err
		}
		diff := func(format string, args ...any) {
			tv.DifferenceCount++
			if len(tv.Differences) < opts.MaxDifferences {
				tv.Differences = append(tv.Differences, fmt.Sprintf(format, args...))
			}
		}
		if opts.Full {
			// fullTable counts the rows and rejects as it reads them.
			tv.SourceRows, tv.Rejected, tv.Dropped = 0, 0, 0
			if err := fullTable(ctx, plan, t, src, db, opts.Segments, rejectedKeys, &tv, diff); err != nil {
				return nil, err
			}
			if err := verifyIndexes(ctx, db, t, opts.Segments, opts.IndexRecounts, &tv, diff); err != nil {
				return nil, err
			}
			rep.Tables = append(rep.Tables, tv)
			continue
		}
		if tv.Items, err = countItems(ctx, db, t.Target, opts.Segments); err != nil {
			return nil, err
		}
		if tv.Dropped > 0 || droppedLines > 0 {
			if want := tv.SourceRows - tv.Rejected - tv.Dropped; want != tv.Items {
				diff("item count: %d source rows - %d rejected - %d repeats dropped (duplicates: keep-one) = %d expected, DynamoDB holds %d",
					tv.SourceRows, tv.Rejected, tv.Dropped, want, tv.Items)
			}
			if opts.RejectsPath != "" && droppedLines != tv.Dropped {
				diff("rejects file: %d lines %q, but the source has %d repeats that keep-one drops", droppedLines, plans.DuplicateReason, tv.Dropped)
			}
		} else if want := tv.SourceRows - tv.Rejected; want != tv.Items {
			diff("item count: %d source rows - %d rejected = %d expected, DynamoDB holds %d", tv.SourceRows, tv.Rejected, want, tv.Items)
		}
		if err := verifyIndexes(ctx, db, t, opts.Segments, opts.IndexRecounts, &tv, diff); err != nil {
			return nil, err
		}
		if opts.Sample > 0 {
			if err := sampleTable(ctx, plan, t, src, db, opts.Sample, rejectedKeys, &tv, diff); err != nil {
				return nil, err
			}
		}
		rep.Tables = append(rep.Tables, tv)
	}
	return rep, nil
}

// verifyIndexes counts each enabled index's items and the table's items
// that have the index's key attributes, which the index must hold; the
// table's own count is checked against the source, so together they prove
// the index complete. Index reads are eventually consistent (DynamoDB has
// no consistent read on a global index), so a count taken right after a
// load can lag on AWS: a short index is counted again a few times before
// the difference, which names the index, is reported.
func verifyIndexes(ctx context.Context, db ReadAPI, t plans.Table, segments, recounts int, tv *TableVerify, diff func(string, ...any)) error {
	ixs := target.EnabledIndexes(t)
	if len(ixs) == 0 {
		return nil
	}
	keys := make([][]string, len(ixs))
	for i, ix := range ixs {
		keys[i] = []string{ix.PartitionKey.Attribute}
		if ix.SortKey != nil {
			keys[i] = append(keys[i], ix.SortKey.Attribute)
		}
	}
	expected := make([]atomic.Int64, len(ixs))
	g, gctx := errgroup.WithContext(ctx)
	for seg := range segments {
		g.Go(func() error {
			p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{
				TableName: aws.String(t.Target), ConsistentRead: aws.Bool(true),
				Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(segments)),
			})
			for p.HasMorePages() {
				out, err := p.NextPage(gctx)
				if err != nil {
					return fmt.Errorf("scan %s for its index keys: %w", t.Target, err)
				}
				for _, item := range out.Items {
					for i, ks := range keys {
						if hasAll(item, ks) {
							expected[i].Add(1)
						}
					}
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, ix := range ixs {
		want := expected[i].Load()
		n, err := countIndex(ctx, db, t.Target, ix.Name, segments)
		for r, wait := 0, time.Second; err == nil && n < want && r < recounts; r, wait = r+1, 2*wait {
			if err := target.Sleep(ctx, wait); err != nil {
				return err
			}
			n, err = countIndex(ctx, db, t.Target, ix.Name, segments)
		}
		if err != nil {
			return err
		}
		iv := IndexVerify{Name: ix.Name, Expected: want, Items: n}
		tv.Indexes = append(tv.Indexes, iv)
		if iv.Items != iv.Expected {
			diff("index %s: %d items of the table have its key attributes, the index holds %d", ix.Name, iv.Expected, iv.Items)
		}
	}
	return nil
}

func hasAll(av map[string]types.AttributeValue, attrs []string) bool {
	for _, a := range attrs {
		v, ok := av[a]
		if !ok {
			return false
		}
		if _, null := v.(*types.AttributeValueMemberNULL); null {
			return false
		}
	}
	return true
}

// countIndex counts an index's items with a parallel Scan (IndexName,
// Select=COUNT).
func countIndex(ctx context.Context, db ReadAPI, table, index string, segments int) (int64, error) {
	var total atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for seg := range segments {
		g.Go(func() error {
			p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{
				TableName: aws.String(table), IndexName: aws.String(index), Select: types.SelectCount,
				Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(segments)),
			})
			for p.HasMorePages() {
				out, err := p.NextPage(gctx)
				if err != nil {
					return fmt.Errorf("count items of %s index %s: %w", table, index, err)
				}
				total.Add(int64(out.Count))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	return total.Load(), nil
}

// countItems counts a table's items with a parallel, strongly consistent
// Scan (Select=COUNT): an eventually consistent count taken right after a
// load may miss its last writes and report rows as missing.
func countItems(ctx context.Context, db ReadAPI, table string, segments int) (int64, error) {
	var total atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	for seg := range segments {
		g.Go(func() error {
			p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{
				TableName: aws.String(table), Select: types.SelectCount, ConsistentRead: aws.Bool(true),
				Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(segments)),
			})
			for p.HasMorePages() {
				out, err := p.NextPage(gctx)
				if err != nil {
					return fmt.Errorf("count items of %s: %w", table, err)
				}
				total.Add(int64(out.Count))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	return total.Load(), nil
}

func sampleTable(ctx context.Context, plan *plans.Plan, t plans.Table, src Source, db ReadAPI, n int,
	rejectedKeys map[string]bool, tv *TableVerify, diff func(string, ...any)) error {
	enc, err := item.NewEncoder(t, plan.Options)
	if err != nil {
		return err
	}
	rows, err := src.Rows(ctx, t, extract.StreamOptions{Order: extract.OrderSample, Limit: int64(n)})
	if err != nil {
		return err
	}
	defer rows.Close()
	var want []item.Item
	for rows.Next() {
		row := rows.Row()
		it, rej := enc.Encode(row)
		if rej != nil || rejectedKeys[item.KeyOf(t, it.Attrs).Text(t)] {
			continue
		}
		want = append(want, it)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	tv.Sampled = len(want)
	for start := 0; start < len(want); start += 100 {
		chunk := want[start:min(start+100, len(want))]
		got, err := batchGet(ctx, db, t, chunk)
		if err != nil {
			return err
		}
		for _, it := range chunk {
			k := item.KeyOf(t, it.Attrs).Text(t)
			g, ok := got[k]
			if !ok {
				diff("%s: missing", describeItemKey(t, it.Attrs))
				continue
			}
			for _, d := range compareItems(it.Attrs, g) {
				diff("%s: %s", describeItemKey(t, it.Attrs), d)
			}
		}
	}
	return nil
}

func describeItemKey(t plans.Table, av map[string]types.AttributeValue) string {
	k := map[string]types.AttributeValue{t.PartitionKey.Attribute: av[t.PartitionKey.Attribute]}
	if t.SortKey != nil {
		k[t.SortKey.Attribute] = av[t.SortKey.Attribute]
	}
	return "av " + string(item.MarshalItem(k))
}

// batchGet fetches items by key, retrying unprocessed keys.
func batchGet(ctx context.Context, db ReadAPI, t plans.Table, items []item.Item) (map[string]map[string]types.AttributeValue, error) {
	keys := make([]map[string]types.AttributeValue, len(items))
	for i, it := range items {
		k := map[string]types.AttributeValue{t.PartitionKey.Attribute: it.Attrs[t.PartitionKey.Attribute]}
		if t.SortKey != nil {
			k[t.SortKey.Attribute] = it.Attrs[t.SortKey.Attribute]
		}
		keys[i] = k
	}
	got := map[string]map[string]types.AttributeValue{}
	req := map[string]types.KeysAndAttributes{t.Target: {Keys: keys, ConsistentRead: aws.Bool(true)}}
	for attempt := 0; len(req) > 0; attempt++ {
		if attempt > 0 {
			if attempt > target.DefaultRetry.Attempts {
				return nil, fmt.Errorf("read back %s: keys still unprocessed after %d attempts", t.Target, attempt)
			}
			if err := target.Sleep(ctx, target.DefaultRetry.Backoff(attempt)); err != nil {
				return nil, err
			}
		}
		out, err := db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return nil, fmt.Errorf("read back %s: %w", t.Target, err)
		}
		for _, av := range out.Responses[t.Target] {
			got[item.KeyOf(t, av).Text(t)] = av
		}
		req = out.UnprocessedKeys
	}
	return got, nil
}

// compareItems lists the attribute differences of want and got.
func compareItems(want, got map[string]types.AttributeValue) []string {
	var out []string
	names := map[string]bool{}
	for k := range want {
		names[k] = true
	}
	for k := range got {
		names[k] = true
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		w, wok := want[k]
		g, gok := got[k]
		switch {
		case !gok:
			out = append(out, fmt.Sprintf("attribute %s missing (want %s)", k, render(w)))
		case !wok:
			out = append(out, fmt.Sprintf("unexpected attribute %s = %s", k, render(g)))
		case !equalValue(w, g):
			out = append(out, fmt.Sprintf("attribute %s: want %s, got %s", k, render(w), render(g)))
		}
	}
	return out
}

func render(v types.AttributeValue) string {
	b := item.MarshalItem(map[string]types.AttributeValue{"": v})
	return string(b[4 : len(b)-1]) // strip {"": … }
}

// equalValue compares attribute values, numbers by value.
func equalValue(a, b types.AttributeValue) bool {
	switch a := a.(type) {
	case *types.AttributeValueMemberS:
		b, ok := b.(*types.AttributeValueMemberS)
		return ok && a.Value == b.Value
	case *types.AttributeValueMemberN:
		b, ok := b.(*types.AttributeValueMemberN)
		return ok && codec.CanonicalNumber(a.Value) == codec.CanonicalNumber(b.Value)
	case *types.AttributeValueMemberB:
		b, ok := b.(*types.AttributeValueMemberB)
		return ok && bytes.Equal(a.Value, b.Value)
	case *types.AttributeValueMemberBOOL:
		b, ok := b.(*types.AttributeValueMemberBOOL)
		return ok && a.Value == b.Value
	case *types.AttributeValueMemberNULL:
		_, ok := b.(*types.AttributeValueMemberNULL)
		return ok
	case *types.AttributeValueMemberL:
		b, ok := b.(*types.AttributeValueMemberL)
		if !ok || len(a.Value) != len(b.Value) {
			return false
		}
		for i := range a.Value {
			if !equalValue(a.Value[i], b.Value[i]) {
				return false
			}
		}
		return true
	case *types.AttributeValueMemberM:
		b, ok := b.(*types.AttributeValueMemberM)
		if !ok || len(a.Value) != len(b.Value) {
			return false
		}
		for k, av := range a.Value {
			bv, ok := b.Value[k]
			if !ok || !equalValue(av, bv) {
				return false
			}
		}
		return true
	}
	return false
}
