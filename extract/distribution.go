package extract

import (
	"context"
	"fmt"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/plans"
)

// distributionQuery groups the table by the partition key expression that a
// load writes (KeySQL), so the numbers describe exactly the planned keys.
const distributionQuery = `WITH k AS (SELECT %[1]s AS pk, count(*) AS n FROM %[2]s GROUP BY 1),
  h AS (SELECT pk, n FROM k WHERE pk IS NOT NULL ORDER BY n DESC, pk LIMIT 1),
  b AS (SELECT floor(log(2, n::numeric))::int AS b, count(*) AS c FROM k WHERE pk IS NOT NULL GROUP BY 1)
SELECT (SELECT coalesce(sum(n), 0) FROM k)::bigint,
       (SELECT count(*) FROM k WHERE pk IS NOT NULL),
       coalesce((SELECT n FROM h), 0)::bigint,
       coalesce((SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM k WHERE pk IS NOT NULL), 0)::bigint,
       coalesce((SELECT pk::text FROM h), ''),
       coalesce((SELECT array_agg(c ORDER BY b) FROM b), '{}')::bigint[],
       coalesce((SELECT array_agg(b ORDER BY b) FROM b), '{}')::int[]`

// KeyDistribution counts t's rows per partition key value in the snapshot.
func KeyDistribution(ctx context.Context, s *Snapshot, t plans.Table) (*catalog.Distribution, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return nil, err
	}
	pk, _, err := KeySQL(t)
	if err != nil {
		return nil, err
	}
	var d catalog.Distribution
	var counts []int64
	var bits []int32
	// Partition keys are counted as DynamoDB tells them apart: S by their
	// bytes, N by value.
	pk = byteOrder(pk, t.PartitionKey.Type)
	if t.PartitionKey.Type == "N" {
		pk = "(" + pk + ")::numeric"
	}
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, fmt.Sprintf(distributionQuery, pk, from)).Scan(
			&d.Rows, &d.Keys, &d.MaxPerKey, &d.MedianPerKey, &d.HottestKey, &counts, &bits)
	})
	if err != nil {
		return nil, fmt.Errorf("count partition keys of %s: %w", t.Source, err)
	}
	if d.Rows > 0 {
		d.HottestShare = float64(d.MaxPerKey) / float64(d.Rows)
	}
	for i, b := range bits {
		lo := int64(1) << b
		d.Buckets = append(d.Buckets, catalog.Bucket{MinItems: lo, MaxItems: 2*lo - 1, Keys: counts[i]})
	}
	return &d, nil
}
