package replication

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Refusal says why a plan table cannot be followed by sync, and what
// would change that.
type Refusal struct {
	Source string
	Reason string
	// Fix is the statement or step that removes the reason.
	Fix string
}

func (r Refusal) String() string {
	s := r.Source + ": " + r.Reason
	if r.Fix != "" {
		s += "; fix: " + r.Fix
	}
	return s
}

// identityQuery describes a table's replica identity: its setting, the
// columns it names (none for NOTHING, or DEFAULT without a primary key;
// every column for FULL), and the relation's kind.
const identityQuery = `
SELECT c.relreplident::text, c.relkind::text,
       coalesce(ARRAY(SELECT a.attname::text FROM pg_index i
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey[0:i.indnkeyatts - 1])
              WHERE i.indrelid = c.oid AND ((c.relreplident = 'd' AND i.indisprimary) OR (c.relreplident = 'i' AND i.indisreplident))
              ORDER BY a.attnum), '{}')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relname = $2`

// indexesQuery lists the table's unique indexes that could serve as its
// replica identity or prove a key unique: valid, not partial, no
// expressions; with whether every column is NOT NULL and the constraint is
// immediate, which REPLICA IDENTITY USING INDEX requires.
const indexesQuery = `
SELECT ic.relname::text,
       ARRAY(SELECT a.attname::text FROM generate_series(0, i.indnkeyatts - 1) k
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k] ORDER BY k),
       (SELECT bool_and(a.attnotnull) FROM generate_series(0, i.indnkeyatts - 1) k
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k])
       AND i.indimmediate
FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
WHERE i.indrelid = $1::regclass AND i.indisunique AND i.indisvalid AND i.indpred IS NULL AND i.indexprs IS NULL
ORDER BY i.indnkeyatts, ic.relname`

// KeyColumns are the source columns a plan table's item key is built from.
func KeyColumns(t plans.Table) []string {
	var cols []string
	for _, k := range []*plans.Key{&t.PartitionKey, t.SortKey} {
		if k == nil {
			continue
		}
		for _, p := range k.Parts {
			if !slices.Contains(cols, p.Column) {
				cols = append(cols, p.Column)
			}
		}
	}
	return cols
}

// Check refuses the tables that sync cannot follow, each with its reason
// and fix:
//
//   - a plan that numbers or drops whole-row duplicates: a copy's item
//     depends on the other identical rows, which one change cannot see;
//   - a key that no unique index proves unique: two rows could share one
//     item, and a change to one would overwrite or delete the other's;
//   - a replica identity that does not include every key column: an
//     UPDATE or DELETE would not carry the old key, so its item could not
//     be found. (Publishing a table without a replica identity also makes
//     the application's UPDATEs and DELETEs on it fail.)
func Check(ctx context.Context, q Querier, tables []plans.Table) ([]Refusal, error) {
	var out []Refusal
	for _, t := range tables {
		n, err := plans.ParseTableName(t.Source)
		if err != nil {
			return nil, err
		}
		ident := pgx.Identifier{n.Schema, n.Name}.Sanitize()
		if d := t.Duplicates; d != nil {
			why := "the plan numbers whole-row duplicates (duplicates: number): a copy's item key depends on how many identical rows there are, which a change to one copy cannot tell"
			if d.Action == plans.DuplicatesKeepOne {
				why = "the plan keeps one of identical rows (duplicates: keep-one): a DELETE of one copy cannot tell whether another remains"
			}
			out = append(out, Refusal{Source: t.Source, Reason: why, Fix: "remove the identical rows (or add a column that tells them apart) and plan again; or migrate this table with load during a write stop"})
			continue
		}
		keys := KeyColumns(t)
		var replident, relkind string
		var identity []string
		if err := q.QueryRow(ctx, identityQuery, n.Schema, n.Name).Scan(&replident, &relkind, &identity); err != nil {
			return nil, fmt.Errorf("replica identity of %s: %w", t.Source, err)
		}
		type index struct {
			name     string
			cols     []string
			eligible bool
		}
		var indexes []index
		rows, err := q.Query(ctx, indexesQuery, ident)
		if err != nil {
			return nil, fmt.Errorf("unique indexes of %s: %w", t.Source, err)
		}
		for rows.Next() {
			var ix index
			var eligible *bool
			if err := rows.Scan(&ix.name, &ix.cols, &eligible); err != nil {
				rows.Close()
				return nil, fmt.Errorf("unique indexes of %s: %w", t.Source, err)
			}
			ix.eligible = eligible != nil && *eligible
			indexes = append(indexes, ix)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("unique indexes of %s: %w", t.Source, err)
		}
		proven := false
		for _, ix := range indexes {
			if subset(ix.cols, keys) {
				proven = true
				break
			}
		}
		covered := replident == "f" || subset(keys, identity)
		if !proven {
			// One refusal with both fixes: the index, and the replica
			// identity that names it (or FULL, when a key column may be
			// NULL, which USING INDEX does not allow).
			name := n.Name + "_pg2ddb_key"
			if len(name) > 63 {
				name = name[:63]
			}
			fix := fmt.Sprintf("CREATE UNIQUE INDEX %s ON %s (%s)", pgx.Identifier{name}.Sanitize(), ident, quoteCols(keys))
			if !covered {
				var notNull bool
				if err := q.QueryRow(ctx, `SELECT coalesce(bool_and(attnotnull), false) FROM pg_attribute WHERE attrelid = $1::regclass AND attname = ANY ($2)`, ident, keys).Scan(&notNull); err != nil {
					return nil, fmt.Errorf("key columns of %s: %w", t.Source, err)
				}
				if notNull {
					fix += "; ALTER TABLE " + ident + " REPLICA IDENTITY USING INDEX " + pgx.Identifier{name}.Sanitize()
				} else {
					fix += "; ALTER TABLE " + ident + " REPLICA IDENTITY FULL"
				}
			}
			out = append(out, Refusal{Source: t.Source,
				Reason: fmt.Sprintf("no unique index proves the plan's key columns (%s) unique: two rows could map to one item, and a change to one would overwrite or delete the other's", strings.Join(keys, ", ")),
				Fix:    fix})
			continue
		}
		if relkind == "p" {
			// Each partition's changes are decoded with its own replica
			// identity, which it does not inherit from the table.
			leaves, err := leafRefusals(ctx, q, t.Source, ident, keys)
			if err != nil {
				return nil, err
			}
			out = append(out, leaves...)
		}
		if covered {
			continue
		}
		what := map[string]string{"d": "DEFAULT (the primary key)", "n": "NOTHING", "i": "USING INDEX"}[replident]
		if replident == "d" && len(identity) == 0 {
			what = "DEFAULT, and the table has no primary key"
		}
		if len(identity) > 0 {
			what += " (" + strings.Join(identity, ", ") + ")"
		}
		fix := "ALTER TABLE " + ident + " REPLICA IDENTITY FULL (the whole old row is then written to the WAL with every UPDATE and DELETE)"
		for _, ix := range indexes {
			if ix.eligible && subset(keys, ix.cols) {
				fix = "ALTER TABLE " + ident + " REPLICA IDENTITY USING INDEX " + pgx.Identifier{ix.name}.Sanitize()
				break
			}
		}
		missing := []string{}
		for _, k := range keys {
			if !slices.Contains(identity, k) {
				missing = append(missing, k)
			}
		}
		out = append(out, Refusal{Source: t.Source,
			Reason: fmt.Sprintf("its replica identity is %s, which does not include the plan's key column(s) %s: an UPDATE or DELETE would not carry the old key, so its item could not be found", what, strings.Join(missing, ", ")),
			Fix:    fix})
	}
	return out, nil
}

// leafRefusals checks the replica identity of each leaf partition of a
// partitioned table.
func leafRefusals(ctx context.Context, q Querier, source, ident string, keys []string) ([]Refusal, error) {
	rows, err := q.Query(ctx, `SELECT p.relid::regclass::text, c.relreplident::text,
       coalesce(ARRAY(SELECT a.attname::text FROM pg_index i
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey[0:i.indnkeyatts - 1])
              WHERE i.indrelid = c.oid AND ((c.relreplident = 'd' AND i.indisprimary) OR (c.relreplident = 'i' AND i.indisreplident))), '{}')
FROM pg_partition_tree($1::regclass) p JOIN pg_class c ON c.oid = p.relid WHERE p.isleaf ORDER BY 1`, ident)
	if err != nil {
		return nil, fmt.Errorf("partitions of %s: %w", source, err)
	}
	defer rows.Close()
	var out []Refusal
	for rows.Next() {
		var leaf, replident string
		var identity []string
		if err := rows.Scan(&leaf, &replident, &identity); err != nil {
			return nil, fmt.Errorf("partitions of %s: %w", source, err)
		}
		if replident == "f" || subset(keys, identity) {
			continue
		}
		out = append(out, Refusal{Source: source,
			Reason: fmt.Sprintf("its partition %s has a replica identity without the plan's key columns (%s): its UPDATEs and DELETEs would not carry the old key", leaf, strings.Join(keys, ", ")),
			Fix:    "ALTER TABLE " + leaf + " REPLICA IDENTITY FULL"})
	}
	return out, rows.Err()
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func quoteCols(cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = pgx.Identifier{c}.Sanitize()
	}
	return strings.Join(out, ", ")
}
