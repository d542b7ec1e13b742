package extract

import (
	"context"
	"fmt"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"

	"github.com/jackc/pgx/v5"
)

// uniqueProofQuery finds a primary key, unique constraint or unique index
// of the relation whose key columns are all among $3, that is not partial
// and has no expressions, and whose columns are NOT NULL or that treats
// NULLs as not distinct: such an index proves the larger set unique too.
const uniqueProofQuery = `
SELECT kind, name, cols, no_nulls FROM (
    SELECT CASE WHEN i.indisprimary THEN 'primary key'
                WHEN EXISTS (SELECT 1 FROM pg_constraint con
                             WHERE con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype = 'u')
                     THEN 'unique constraint'
                ELSE 'unique index' END AS kind,
           ic.relname::text AS name, i.indisprimary, i.indnkeyatts,
           ARRAY(SELECT a.attname::text FROM generate_series(0, i.indnkeyatts - 1) k
                 JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k] ORDER BY k) AS cols,
           (SELECT bool_and(a.attnotnull) FROM generate_series(0, i.indnkeyatts - 1) k
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k]) OR %s AS no_nulls
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE n.nspname = $1 AND c.relname = $2
      AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
) x
WHERE cols <@ $3::text[]
ORDER BY indisprimary DESC, indnkeyatts, name`

// Unique reports whether columns identify every row of schema.table: proven
// by a constraint or unique index within the set when there is one,
// otherwise checked on the data (a GROUP BY … HAVING count(*) > 1 over the
// whole table, and a count of rows with NULLs). Answers are cached for the
// life of the snapshot. It is safe to call from several goroutines; the
// checks take turns on the snapshot's connection.
func (s *Snapshot) Unique(ctx context.Context, schema, table string, columns []string) (catalog.UniqueResult, error) {
	if len(columns) == 0 {
		return catalog.UniqueResult{}, fmt.Errorf("uniqueness of %s.%s: no columns given", schema, table)
	}
	key := schema + "\x00" + table + "\x00" + strings.Join(columns, "\x00")
	s.mu.Lock()
	if r, ok := s.uniques[key]; ok {
		s.mu.Unlock()
		return r, nil
	}
	s.mu.Unlock()

	r, err := s.unique(ctx, schema, table, columns)
	if err != nil {
		return catalog.UniqueResult{}, fmt.Errorf("uniqueness of %s.%s (%s): %w", schema, table, strings.Join(columns, ", "), err)
	}
	s.mu.Lock()
	if s.uniques == nil {
		s.uniques = make(map[string]catalog.UniqueResult)
	}
	s.uniques[key] = r
	s.mu.Unlock()
	return r, nil
}

func (s *Snapshot) unique(ctx context.Context, schema, table string, columns []string) (catalog.UniqueResult, error) {
	var r catalog.UniqueResult
	err := s.scoped(ctx, "", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, fmt.Sprintf(uniqueProofQuery, nullsNotDistinctColumn), schema, table, columns)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				kind, name string
				cols       []string
				noNulls    bool
			)
			if err := rows.Scan(&kind, &name, &cols, &noNulls); err != nil {
				return err
			}
			if !noNulls {
				continue
			}
			r = catalog.UniqueResult{Unique: true, Proof: fmt.Sprintf("%s %s (%s)", kind, name, strings.Join(cols, ", "))}
			return nil
		}
		if err := rows.Err(); err != nil {
			return err
		}
		return checkUnique(ctx, tx, schema, table, columns, &r)
	})
	return r, err
}

// checkUnique runs the exact check on the data.
func checkUnique(ctx context.Context, tx pgx.Tx, schema, table string, columns []string, r *catalog.UniqueResult) error {
	cols := make([]string, len(columns))
	nullTests := make([]string, len(columns))
	for i, c := range columns {
		cols[i] = pgx.Identifier{c}.Sanitize()
		nullTests[i] = cols[i] + " IS NULL"
	}
	list := strings.Join(cols, ", ")
	rel := pgx.Identifier{schema, table}.Sanitize()
	q := "SELECT coalesce(sum(n), 0)::bigint, coalesce(sum(n) FILTER (WHERE has_null), 0)::bigint, " +
		"count(*) FILTER (WHERE n > 1 AND NOT has_null), coalesce(sum(n - 1) FILTER (WHERE n > 1 AND NOT has_null), 0)::bigint FROM (SELECT count(*) AS n, bool_or(" +
		strings.Join(nullTests, " OR ") + ") AS has_null FROM " + rel + " GROUP BY " + list + ") g"
	if err := tx.QueryRow(ctx, q).Scan(&r.Rows, &r.Nulls, &r.Duplicates, &r.Repeats); err != nil {
		return err
	}
	r.Unique = r.Duplicates == 0 && r.Nulls == 0
	what := "(" + strings.Join(columns, ", ") + ")"
	switch {
	case r.Unique:
		r.Proof = fmt.Sprintf("checked: no duplicate %s among %s rows", what, plans.Thousands(r.Rows))
	case r.Nulls > 0 && r.Duplicates > 0:
		r.Proof = fmt.Sprintf("checked: %s values of %s held by more than one row, and %s rows with a NULL, among %s rows",
			plans.Thousands(r.Duplicates), what, plans.Thousands(r.Nulls), plans.Thousands(r.Rows))
	case r.Nulls > 0:
		r.Proof = fmt.Sprintf("checked: %s rows with a NULL in %s among %s rows", plans.Thousands(r.Nulls), what, plans.Thousands(r.Rows))
	default:
		r.Proof = fmt.Sprintf("checked: %s values of %s held by more than one row among %s rows",
			plans.Thousands(r.Duplicates), what, plans.Thousands(r.Rows))
	}
	return nil
}

// WholeRowDuplicates counts, in one GROUP BY over the snapshot, the rows of
// schema.table equal to another in every one of columns, each compared by
// its text (json, jsonb, float and numeric included, which a key cannot
// hold but a duplicate shares). NULLs compare equal to NULLs.
func (s *Snapshot) WholeRowDuplicates(ctx context.Context, schema, table string, columns []string) (catalog.UniqueResult, error) {
	var r catalog.UniqueResult
	if len(columns) == 0 {
		return r, fmt.Errorf("whole-row duplicates of %s.%s: no columns given", schema, table)
	}
	texts := make([]string, len(columns))
	for i, c := range columns {
		texts[i] = pgx.Identifier{c}.Sanitize() + "::text"
	}
	q := "SELECT coalesce(sum(n), 0)::bigint, count(*) FILTER (WHERE n > 1), coalesce(sum(n - 1) FILTER (WHERE n > 1), 0)::bigint FROM (SELECT count(*) AS n FROM " +
		pgx.Identifier{schema, table}.Sanitize() + " GROUP BY " + strings.Join(texts, ", ") + ") g"
	err := s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, q).Scan(&r.Rows, &r.Duplicates, &r.Repeats)
	})
	if err != nil {
		return catalog.UniqueResult{}, fmt.Errorf("whole-row duplicates of %s.%s: %w", schema, table, err)
	}
	r.Unique = r.Duplicates == 0
	r.Proof = fmt.Sprintf("checked over every column by its text: %s rows repeat another among %s rows", plans.Thousands(r.Repeats), plans.Thousands(r.Rows))
	return r, nil
}

// KeyStats counts exactly, in one GROUP BY over the snapshot, the distinct
// combinations of columns in schema.table and the most frequent one. Rows
// with a NULL in any of the columns are left out, as a load rejects them.
func (s *Snapshot) KeyStats(ctx context.Context, schema, table string, columns []string) (catalog.KeyStats, error) {
	var k catalog.KeyStats
	if len(columns) == 0 {
		return k, fmt.Errorf("key statistics of %s.%s: no columns given", schema, table)
	}
	cols := make([]string, len(columns))
	texts := make([]string, len(columns))
	nullTests := make([]string, len(columns))
	for i, c := range columns {
		cols[i] = pgx.Identifier{c}.Sanitize()
		texts[i] = cols[i] + "::text"
		nullTests[i] = cols[i] + " IS NOT NULL"
	}
	list := strings.Join(cols, ", ")
	rel := pgx.Identifier{schema, table}.Sanitize()
	q := "WITH g AS (SELECT concat_ws(" + quoteLiteral(plans.Separator) + ", " + strings.Join(texts, ", ") + ") AS v, count(*) AS n FROM " + rel +
		" WHERE " + strings.Join(nullTests, " AND ") + " GROUP BY " + list + ") " +
		"SELECT (SELECT count(*) FROM g), coalesce((SELECT n FROM g ORDER BY n DESC, v LIMIT 1), 0)::bigint, coalesce((SELECT v FROM g ORDER BY n DESC, v LIMIT 1), '')"
	err := s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, q).Scan(&k.Distinct, &k.MaxPerKey, &k.HottestKey)
	})
	if err != nil {
		return catalog.KeyStats{}, fmt.Errorf("key statistics of %s.%s (%s): %w", schema, table, strings.Join(columns, ", "), err)
	}
	return k, nil
}

// keyProvenUnique reports whether a unique, valid, non-partial index
// without expressions of t's source has all its columns among t's key
// parts: then no two rows can share a (pk, sk). Every key encoding a read
// accepts maps values the index holds distinct to distinct keys (text by
// its bytes, numbers by value, times to the microsecond: keySQL refuses a
// lossy one, see codec.KeyLoss), and a NULL in a key part is a rejected
// row, not a key. It is read in the snapshot, not taken from
// the plan.
func keyProvenUnique(ctx context.Context, s *Snapshot, t plans.Table) (bool, error) {
	if t.Duplicates != nil {
		// Numbered copies get new keys, which may meet other keys.
		return false, nil
	}
	n, err := plans.ParseTableName(t.Source)
	if err != nil {
		return false, err
	}
	var cols []string
	for _, k := range []*plans.Key{&t.PartitionKey, t.SortKey} {
		if k == nil {
			continue
		}
		for _, p := range k.Parts {
			cols = append(cols, p.Column)
		}
	}
	var ok bool
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `
SELECT EXISTS (
    SELECT 1 FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE ns.nspname = $1 AND c.relname = $2
      AND i.indisunique AND i.indisvalid AND i.indpred IS NULL AND i.indexprs IS NULL
      AND ARRAY(SELECT a.attname::text FROM generate_series(0, i.indnkeyatts - 1) k
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k]) <@ $3::text[])`,
			n.Schema, n.Name, cols).Scan(&ok)
	})
	if err != nil {
		return false, fmt.Errorf("unique indexes of %s: %w", t.Source, err)
	}
	return ok, nil
}
