package extract

import (
	"context"
	"fmt"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/plans"
)

// KeyCounts returns t's items per partition key value in the snapshot, in
// key order as DynamoDB compares keys (the order a load in table order
// writes them), at most limit keys (all when limit <= 0); truncated says
// whether more keys exist. Rows whose key is NULL are left out (a load
// rejects them). Review feeds it to the partition-heat picture, which
// needs each key's value to place it on a partition, not only the
// histogram that KeyDistribution counts.
func KeyCounts(ctx context.Context, s *Snapshot, t plans.Table, limit int) (keys []catalog.KeyCount, truncated bool, err error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return nil, false, err
	}
	pk, _, err := KeySQL(t)
	if err != nil {
		return nil, false, err
	}
	pk = byteOrder(pk, t.PartitionKey.Type)
	if t.PartitionKey.Type == "N" {
		pk = "(" + pk + ")::numeric"
	}
	q := fmt.Sprintf("SELECT k.pk::text AS value, count(*) FROM (SELECT %s AS pk FROM %s) k WHERE k.pk IS NOT NULL GROUP BY k.pk ORDER BY k.pk", pk, from)
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", limit+1)
	}
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k catalog.KeyCount
			if err := rows.Scan(&k.Value, &k.Items); err != nil {
				return err
			}
			keys = append(keys, k)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, false, fmt.Errorf("count items per partition key of %s: %w", t.Source, err)
	}
	if limit > 0 && len(keys) > limit {
		keys, truncated = keys[:limit], true
	}
	return keys, truncated, nil
}
