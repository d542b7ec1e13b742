package verify

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/plans"
)

// fullTable compares the whole table: every source row, read and encoded
// as a load reads and encodes it, against every item (a parallel,
// strongly consistent Scan).
//
//   - A row the encoder rejects (a key that cannot be encoded, an item over
//     400 KB, a key collision) must have no item; a repeat that keep-one
//     drops is not checked (the copy it repeats is).
//   - Any other row must have an item equal to its encoding attribute by
//     attribute (numbers by value), unless the rejects file names its key
//     (DynamoDB refused it): then it counts as rejected.
//   - An item whose key no source row has is an extra item.
//
// The Scan keeps a 16-byte hash of each item by key, so memory grows with
// the item count (about 100 bytes an item), not with item sizes; items
// whose hash differs are read again to name the attributes that differ.
func fullTable(ctx context.Context, plan *plans.Plan, t plans.Table, src Source, db ReadAPI, segments int,
	rejectedKeys map[string]bool, tv *TableVerify, diff func(string, ...any)) error {
	enc, err := item.NewEncoder(t, plan.Options)
	if err != nil {
		return err
	}
	items, err := scanHashes(ctx, db, t, segments)
	if err != nil {
		return err
	}
	tv.Items = int64(len(items))
	rows, err := src.Rows(ctx, t, extract.StreamOptions{Order: extract.OrderArrival})
	if err != nil {
		return err
	}
	defer rows.Close()
	var differ []item.Item
	seen := make(map[string]bool, len(items))
	for rows.Next() {
		row := rows.Row()
		tv.SourceRows++
		it, rej := enc.Encode(row)
		k := item.KeyOf(t, it.Attrs).Text(t)
		if rej != nil {
			if rej.Reason == plans.DuplicateReason {
				tv.Dropped++
				continue
			}
			tv.Rejected++
			if row.Problem == "" && row.PK != nil {
				if _, ok := items[k]; ok && !seen[k] {
					seen[k] = true
					diff("%s: an item exists, but its row is rejected (%s)", describeItemKey(t, it.Attrs), rej.Reason)
				}
			}
			continue
		}
		tv.Sampled++
		h, ok := items[k]
		switch {
		case !ok && rejectedKeys[k]:
			tv.Rejected++
		case !ok:
			diff("%s: missing", describeItemKey(t, it.Attrs))
		case h != hashItem(it.Attrs):
			differ = append(differ, it)
		}
		seen[k] = true
		if len(differ) == 100 {
			if err := detail(ctx, db, t, differ, diff); err != nil {
				return err
			}
			differ = differ[:0]
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := detail(ctx, db, t, differ, diff); err != nil {
		return err
	}
	for k := range items {
		if !seen[k] {
			diff("%s: extra item, no source row has its key", describeKey(t, k))
		}
	}
	return nil
}

// detail reads the items of want again and lists their differences.
func detail(ctx context.Context, db ReadAPI, t plans.Table, want []item.Item, diff func(string, ...any)) error {
	if len(want) == 0 {
		return nil
	}
	got, err := batchGet(ctx, db, t, want)
	if err != nil {
		return err
	}
	for _, it := range want {
		g, ok := got[item.KeyOf(t, it.Attrs).Text(t)]
		if !ok {
			diff("%s: missing", describeItemKey(t, it.Attrs))
			continue
		}
		for _, d := range compareItems(it.Attrs, g) {
			diff("%s: %s", describeItemKey(t, it.Attrs), d)
		}
	}
	return nil
}

// scanHashes reads every item of t's table and returns its hash by key.
func scanHashes(ctx context.Context, db ReadAPI, t plans.Table, segments int) (map[string][16]byte, error) {
	out := map[string][16]byte{}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	for seg := range segments {
		g.Go(func() error {
			p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{
				TableName: aws.String(t.Target), ConsistentRead: aws.Bool(true),
				Segment: aws.Int32(int32(seg)), TotalSegments: aws.Int32(int32(segments)),
			})
			for p.HasMorePages() {
				page, err := p.NextPage(gctx)
				if err != nil {
					return fmt.Errorf("scan %s: %w", t.Target, err)
				}
				mu.Lock()
				for _, av := range page.Items {
					out[item.KeyOf(t, av).Text(t)] = hashItem(av)
				}
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// hashItem hashes an item's attributes in a form that is equal for equal
// items: names sorted, numbers canonical.
func hashItem(av map[string]types.AttributeValue) [16]byte {
	s := sha256.Sum256(item.MarshalItem(canonical(av)))
	var h [16]byte
	copy(h[:], s[:])
	return h
}

func canonical(m map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(m))
	for k, v := range m {
		out[k] = canonicalValue(v)
	}
	return out
}

func canonicalValue(v types.AttributeValue) types.AttributeValue {
	switch v := v.(type) {
	case *types.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: codec.CanonicalNumber(v.Value)}
	case *types.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(v.Value))
		for i, e := range v.Value {
			l[i] = canonicalValue(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case *types.AttributeValueMemberM:
		return &types.AttributeValueMemberM{Value: canonical(v.Value)}
	}
	return v
}

// describeKey names an item by its key in Text form.
func describeKey(t plans.Table, text string) string {
	pk, sk, _ := cutNUL(text)
	k := map[string]types.AttributeValue{t.PartitionKey.Attribute: &types.AttributeValueMemberS{Value: pk}}
	if t.SortKey != nil {
		k[t.SortKey.Attribute] = &types.AttributeValueMemberS{Value: sk}
	}
	return "key " + string(item.MarshalItem(k))
}

func cutNUL(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
