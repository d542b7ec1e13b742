package extract

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/codec"
)

// InspectOptions narrows what Inspect lists.
type InspectOptions struct {
	// Schemas are the schemas to list; empty means every non-system schema.
	// A schema that does not exist is an error naming it.
	Schemas []string
	// Tables are globs (path.Match) matched against a relation's name and
	// against "schema.name"; empty means every relation. A glob that matches
	// nothing is an error naming it, since a typo would otherwise migrate
	// nothing without a word.
	Tables []string
}

// Catalog queries of Inspect. They run with search_path = pg_catalog (see
// Inspect), so format_type, pg_get_expr and regclass print every
// user-defined name schema-qualified, whatever the connecting role's
// search_path is: the model is the same for every user of one database.
const (
	serverVersionQuery = `SELECT current_database(), current_setting('server_version')`

	schemaExistsQuery = `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)`

	// relationsQuery lists ordinary, partitioned, view and materialized view
	// relations outside the system schemas, leaving out partitions (their
	// rows are read through their root) and relations owned by extensions.
	relationsQuery = `
SELECT c.oid, n.nspname, c.relname, c.relkind::text,
       coalesce(obj_description(c.oid, 'pg_class'), ''),
       CASE WHEN c.relkind = 'p' THEN ARRAY(
           SELECT pn.nspname || '.' || pc.relname
           FROM pg_partition_tree(c.oid) pt
           JOIN pg_class pc ON pc.oid = pt.relid
           JOIN pg_namespace pn ON pn.oid = pc.relnamespace
           WHERE pt.isleaf
           ORDER BY pn.nspname, pc.relname)
       ELSE '{}'::text[] END
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm')
  AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\_toast%'
  AND n.nspname NOT LIKE 'pg\_temp\_%'
  AND NOT EXISTS (SELECT 1 FROM pg_depend d
                  WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
ORDER BY n.nspname, c.relname`

	// columnsQuery lists the columns of the given relations with their type
	// resolved through (possibly nested) domains to the base type; the
	// modifier of the innermost domain that has one is the base type's.
	columnsQuery = `
SELECT a.attrelid, a.attnum::int, a.attname,
       format_type(a.atttypid, a.atttypmod),
       format_type(b.oid, NULL),
       format_type(b.oid, b.typmod),
       CASE WHEN dt.typtype = 'd' THEN dn.nspname || '.' || dt.typname ELSE '' END,
       bt.typcategory::text,
       CASE WHEN bt.typtype = 'e' THEN ARRAY(
           SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = bt.oid ORDER BY e.enumsortorder)
       ELSE '{}'::text[] END,
       CASE WHEN bt.typcategory = 'A' AND bt.typelem <> 0 THEN format_type(bt.typelem, NULL) ELSE '' END,
       a.attnotnull,
       b.oid, b.typmod, bt.typtype::text, bt.typelem,
       CASE WHEN a.attgenerated = '' THEN coalesce(pg_get_expr(ad.adbin, ad.adrelid), '') ELSE '' END,
       CASE a.attidentity WHEN 'a' THEN 'always' WHEN 'd' THEN 'by default' ELSE '' END,
       CASE WHEN a.attgenerated <> '' THEN coalesce(pg_get_expr(ad.adbin, ad.adrelid), '') ELSE '' END,
       coalesce(col_description(a.attrelid, a.attnum), '')
FROM pg_attribute a
JOIN pg_type dt ON dt.oid = a.atttypid
JOIN pg_namespace dn ON dn.oid = dt.typnamespace
LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
CROSS JOIN LATERAL (
    WITH RECURSIVE r(oid, typmod, depth) AS (
        SELECT a.atttypid, a.atttypmod, 0
        UNION ALL
        SELECT t.typbasetype, CASE WHEN t.typtypmod <> -1 THEN t.typtypmod ELSE r.typmod END, r.depth + 1
        FROM r JOIN pg_type t ON t.oid = r.oid
        WHERE t.typtype = 'd'
    )
    SELECT oid, typmod FROM r ORDER BY depth DESC LIMIT 1
) b
JOIN pg_type bt ON bt.oid = b.oid
WHERE a.attrelid = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`

	// sequencesQuery finds the sequence feeding each column: one the column
	// owns (serial: deptype 'a', identity: deptype 'i') first, else one its
	// default names (the default depends on it, deptype 'n').
	sequencesQuery = `
SELECT attrelid, attnum, seq FROM (
    SELECT d.refobjid AS attrelid, d.refobjsubid::int AS attnum,
           sn.nspname || '.' || s.relname AS seq, 0 AS pref
    FROM pg_depend d
    JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
    JOIN pg_namespace sn ON sn.oid = s.relnamespace
    WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
      AND d.deptype IN ('a', 'i') AND d.refobjid = ANY($1) AND d.refobjsubid > 0
    UNION ALL
    SELECT ad.adrelid, ad.adnum::int, sn.nspname || '.' || s.relname, 1
    FROM pg_attrdef ad
    JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid
                    AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class s ON s.oid = d.refobjid AND s.relkind = 'S'
    JOIN pg_namespace sn ON sn.oid = s.relnamespace
    WHERE ad.adrelid = ANY($1)
) q
ORDER BY attrelid, attnum, pref, seq`

	// indexesQuery lists primary keys, unique constraints, unique indexes
	// and ordinary indexes (unique false) by their key columns (attnum 0 is an expression; INCLUDE
	// columns are left out: they do not take part in uniqueness), with the
	// access method when it is not btree.
	indexesQuery = `
SELECT i.indrelid, ic.relname, i.indisprimary, i.indisunique,
       EXISTS (SELECT 1 FROM pg_constraint con
               WHERE con.conindid = i.indexrelid AND con.conrelid = i.indrelid AND con.contype IN ('p', 'u')),
       coalesce(pg_get_expr(i.indpred, i.indrelid), ''),
       %s,
       ARRAY(SELECT i.indkey[k]::int FROM generate_series(0, i.indnkeyatts - 1) k ORDER BY k),
       ARRAY(SELECT pg_get_indexdef(i.indexrelid, k + 1, false)
             FROM generate_series(0, i.indnkeyatts - 1) k WHERE i.indkey[k] = 0 ORDER BY k),
       CASE WHEN am.amname = 'btree' THEN '' ELSE am.amname::text END
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid
JOIN pg_am am ON am.oid = ic.relam
WHERE i.indrelid = ANY($1)
ORDER BY i.indrelid, i.indisprimary DESC, ic.relname`

	// policiesQuery lists the row-level-security policies of the given
	// relations with their predicates.
	policiesQuery = `
SELECT p.polrelid, p.polname, coalesce(pg_get_expr(p.polqual, p.polrelid), ''), coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '')
FROM pg_policy p
WHERE p.polrelid = ANY($1)
ORDER BY p.polrelid, p.polname`

	// foreignKeysQuery lists foreign keys declared on the given relations or
	// on their partitions (attributed to the root; clones of a parent's own
	// key, conparentid <> 0, are left out), with column names read from the
	// relation each key was declared on, since a partition's attnums may
	// differ from its parent's.
	foreignKeysQuery = `
SELECT CASE WHEN r.relispartition THEN pg_partition_root(r.oid) ELSE r.oid END,
       con.conname,
       CASE WHEN r.relispartition THEN rn.nspname || '.' || r.relname ELSE '' END,
       ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord),
       fn.nspname, f.relname,
       ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord),
       con.confdeltype = 'c'
FROM pg_constraint con
JOIN pg_class r ON r.oid = con.conrelid
JOIN pg_namespace rn ON rn.oid = r.relnamespace
JOIN pg_class f ON f.oid = CASE WHEN (SELECT relispartition FROM pg_class WHERE oid = con.confrelid)
                                THEN pg_partition_root(con.confrelid) ELSE con.confrelid END
JOIN pg_namespace fn ON fn.oid = f.relnamespace
WHERE con.contype = 'f' AND con.conparentid = 0
  AND (CASE WHEN r.relispartition THEN pg_partition_root(r.oid) ELSE r.oid END) = ANY($1)
ORDER BY 1, r.relispartition, rn.nspname, r.relname, con.conname`
)

// uuidDefault recognises the uuid-generating functions of a default
// expression, schema-qualified or not.
var uuidDefault = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])(gen_random_uuid|uuid_generate_v1mc|uuid_generate_v1|uuid_generate_v4|uuid_generate_v7|uuidv7|uuidv4)\(`)

// Inspect reads the catalog of the snapshot's database into a Schema:
// tables, partitioned tables (once, with their partitions' foreign keys),
// views and materialized views (listed, not migratable), in schema and name
// order.
func Inspect(ctx context.Context, s *Snapshot, opts InspectOptions) (*catalog.Schema, error) {
	var out *catalog.Schema
	// search_path = pg_catalog makes every printed name schema-qualified;
	// the savepoint is rolled back so the setting does not leak into the
	// rest of the snapshot's transaction.
	err := s.scoped(ctx, "SET LOCAL search_path = pg_catalog", func(tx pgx.Tx) error {
		var err error
		out, err = inspect(ctx, tx, opts)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func inspect(ctx context.Context, tx pgx.Tx, opts InspectOptions) (*catalog.Schema, error) {
	sc := &catalog.Schema{}
	if err := tx.QueryRow(ctx, serverVersionQuery).Scan(&sc.Database, &sc.Version); err != nil {
		return nil, fmt.Errorf("inspect server version: %w", err)
	}
	for _, name := range opts.Schemas {
		var ok bool
		if err := tx.QueryRow(ctx, schemaExistsQuery, name).Scan(&ok); err != nil {
			return nil, fmt.Errorf("look up schema %q: %w", name, err)
		}
		if !ok {
			return nil, fmt.Errorf("unknown schema %q", name)
		}
	}
	tables, oids, err := inspectRelations(ctx, tx, opts)
	if err != nil {
		return nil, err
	}
	sc.Tables = tables
	if len(tables) == 0 {
		return sc, nil
	}
	byOID := make(map[uint32]*catalog.Table, len(oids))
	for i, oid := range oids {
		byOID[oid] = &sc.Tables[i]
	}
	if err := inspectColumns(ctx, tx, oids, byOID); err != nil {
		return nil, err
	}
	if err := inspectSequences(ctx, tx, oids, byOID); err != nil {
		return nil, err
	}
	if err := inspectIndexes(ctx, tx, oids, byOID); err != nil {
		return nil, err
	}
	if err := inspectForeignKeys(ctx, tx, oids, byOID); err != nil {
		return nil, err
	}
	if err := inspectPolicies(ctx, tx, oids, byOID); err != nil {
		return nil, err
	}
	return sc, nil
}

func inspectRelations(ctx context.Context, tx pgx.Tx, opts InspectOptions) ([]catalog.Table, []uint32, error) {
	rows, err := tx.Query(ctx, relationsQuery)
	if err != nil {
		return nil, nil, fmt.Errorf("inspect tables: %w", err)
	}
	var (
		tables  []catalog.Table
		oids    []uint32
		matched = make([]bool, len(opts.Tables))
	)
	for rows.Next() {
		var (
			t    catalog.Table
			oid  uint32
			kind string
		)
		if err := rows.Scan(&oid, &t.Schema, &t.Name, &kind, &t.Comment, &t.Partitions); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("inspect tables: %w", err)
		}
		if len(opts.Schemas) > 0 && !contains(opts.Schemas, t.Schema) {
			continue
		}
		if len(opts.Tables) > 0 {
			hit := false
			for i, g := range opts.Tables {
				if globMatch(g, t.Name) || globMatch(g, t.Schema+"."+t.Name) {
					matched[i] = true
					hit = true
				}
			}
			if !hit {
				continue
			}
		}
		switch kind {
		case "r":
			t.Kind, t.Migratable = catalog.KindTable, true
		case "p":
			t.Kind, t.Migratable = catalog.KindPartitioned, true
		case "v":
			t.Kind = catalog.KindView
		case "m":
			t.Kind = catalog.KindMaterializedView
		}
		if len(t.Partitions) == 0 {
			t.Partitions = nil
		}
		t.Columns = []catalog.Column{}
		tables = append(tables, t)
		oids = append(oids, oid)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("inspect tables: %w", err)
	}
	for i, g := range opts.Tables {
		if _, err := path.Match(g, ""); err != nil {
			return nil, nil, fmt.Errorf("table pattern %q: %w", g, err)
		}
		if !matched[i] {
			return nil, nil, fmt.Errorf("no table matches %q", g)
		}
	}
	return tables, oids, nil
}

func globMatch(pattern, name string) bool {
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// modifier matches the parenthesised type modifier format_type prints.
var modifier = regexp.MustCompile(`\([^)]*\)`)

func inspectColumns(ctx context.Context, tx pgx.Tx, oids []uint32, byOID map[uint32]*catalog.Table) error {
	rows, err := tx.Query(ctx, columnsQuery, oids)
	if err != nil {
		return fmt.Errorf("inspect columns: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			oid, baseOID, elemOID uint32
			typmod                int32
			typtype               string
			c                     catalog.Column
			baseWithMods          string
		)
		if err := rows.Scan(&oid, &c.Position, &c.Name, &c.Type, &c.BaseType, &baseWithMods, &c.Domain,
			&c.Category, &c.Enum, &c.Element, &c.NotNull, &baseOID, &typmod, &typtype, &elemOID,
			&c.Default, &c.Identity, &c.Generated, &c.Comment); err != nil {
			return fmt.Errorf("inspect columns: %w", err)
		}
		if baseWithMods != c.BaseType {
			// Kept for the JSON model; the typed model below is what the
			// stages read.
			c.TypeModifier = modifier.FindString(baseWithMods)
		}
		c.Model = codec.FromCatalog(baseOID, c.BaseType, typmod, typtype[0], c.Category[0], elemOID, c.Element)
		if len(c.Enum) == 0 {
			c.Enum = nil
		}
		if m := uuidDefault.FindStringSubmatch(c.Default); m != nil {
			c.UUIDDefault = m[1]
		}
		t := byOID[oid]
		t.Columns = append(t.Columns, c)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("inspect columns: %w", err)
	}
	return nil
}

func inspectSequences(ctx context.Context, tx pgx.Tx, oids []uint32, byOID map[uint32]*catalog.Table) error {
	rows, err := tx.Query(ctx, sequencesQuery, oids)
	if err != nil {
		return fmt.Errorf("inspect sequences: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			oid    uint32
			attnum int
			seq    string
		)
		if err := rows.Scan(&oid, &attnum, &seq); err != nil {
			return fmt.Errorf("inspect sequences: %w", err)
		}
		for i := range byOID[oid].Columns {
			c := &byOID[oid].Columns[i]
			if c.Position == attnum && c.Sequence == "" {
				c.Sequence = seq
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("inspect sequences: %w", err)
	}
	return nil
}

// nullsNotDistinctColumn is pg_index.indnullsnotdistinct where the server
// has it (PostgreSQL 15+).
const nullsNotDistinctColumn = `coalesce((to_jsonb(i) ->> 'indnullsnotdistinct')::boolean, false)`

func inspectIndexes(ctx context.Context, tx pgx.Tx, oids []uint32, byOID map[uint32]*catalog.Table) error {
	rows, err := tx.Query(ctx, fmt.Sprintf(indexesQuery, nullsNotDistinctColumn), oids)
	if err != nil {
		return fmt.Errorf("inspect indexes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			oid     uint32
			ix      catalog.Index
			primary bool
			unique  bool
			attnums []int
		)
		if err := rows.Scan(&oid, &ix.Name, &primary, &unique, &ix.Constraint, &ix.Predicate, &ix.NullsNotDistinct,
			&attnums, &ix.Expressions, &ix.Method); err != nil {
			return fmt.Errorf("inspect indexes: %w", err)
		}
		t := byOID[oid]
		ix.Columns = []string{}
		for _, n := range attnums {
			if n == 0 {
				continue
			}
			for _, c := range t.Columns {
				if c.Position == n {
					ix.Columns = append(ix.Columns, c.Name)
				}
			}
		}
		if len(ix.Expressions) == 0 {
			ix.Expressions = nil
		}
		switch {
		case primary:
			ix := ix
			t.PrimaryKey = &ix
		case unique:
			t.Uniques = append(t.Uniques, ix)
		default:
			t.Indexes = append(t.Indexes, ix)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("inspect indexes: %w", err)
	}
	return nil
}

func inspectForeignKeys(ctx context.Context, tx pgx.Tx, oids []uint32, byOID map[uint32]*catalog.Table) error {
	rows, err := tx.Query(ctx, foreignKeysQuery, oids)
	if err != nil {
		return fmt.Errorf("inspect foreign keys: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			oid uint32
			fk  catalog.ForeignKey
		)
		if err := rows.Scan(&oid, &fk.Name, &fk.FromPartition, &fk.Columns, &fk.RefSchema, &fk.RefTable, &fk.RefColumns, &fk.OnDeleteCascade); err != nil {
			return fmt.Errorf("inspect foreign keys: %w", err)
		}
		t := byOID[oid]
		if fk.FromPartition != "" && hasForeignKey(t.ForeignKeys, fk) {
			// The same key declared on every partition is one key of the
			// partitioned table.
			continue
		}
		t.ForeignKeys = append(t.ForeignKeys, fk)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("inspect foreign keys: %w", err)
	}
	return nil
}

// hasForeignKey reports whether fks holds a key with the same columns and
// the same referenced table and columns as fk.
func hasForeignKey(fks []catalog.ForeignKey, fk catalog.ForeignKey) bool {
	for _, k := range fks {
		if k.RefSchema == fk.RefSchema && k.RefTable == fk.RefTable &&
			strings.Join(k.Columns, "\x00") == strings.Join(fk.Columns, "\x00") &&
			strings.Join(k.RefColumns, "\x00") == strings.Join(fk.RefColumns, "\x00") {
			return true
		}
	}
	return false
}

// inspectPolicies reads the row-level-security policies and the columns
// their predicates name: a column is named when it appears as an
// identifier (bare or quoted) in the deparsed expression.
func inspectPolicies(ctx context.Context, tx pgx.Tx, oids []uint32, byOID map[uint32]*catalog.Table) error {
	rows, err := tx.Query(ctx, policiesQuery, oids)
	if err != nil {
		return fmt.Errorf("inspect row-level-security policies: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var oid uint32
		var p catalog.Policy
		if err := rows.Scan(&oid, &p.Name, &p.Using, &p.Check); err != nil {
			return fmt.Errorf("inspect row-level-security policies: %w", err)
		}
		t := byOID[oid]
		p.Columns = []string{}
		for _, c := range t.Columns {
			if namesColumn(p.Using, c.Name) || namesColumn(p.Check, c.Name) {
				p.Columns = append(p.Columns, c.Name)
			}
		}
		t.Policies = append(t.Policies, p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("inspect row-level-security policies: %w", err)
	}
	return nil
}

// namesColumn reports whether expr, as pg_get_expr deparses it, names the
// column: quoted ("Customer Ref") or as a bare identifier between
// non-identifier characters (user_name = CURRENT_USER), outside string
// literals.
func namesColumn(expr, column string) bool {
	if expr == "" {
		return false
	}
	if strings.Contains(expr, pgx.Identifier{column}.Sanitize()) {
		return true
	}
	ident := func(b byte) bool {
		return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
	}
	inString := false
	for i := 0; i < len(expr); i++ {
		if expr[i] == '\'' {
			inString = !inString
			continue
		}
		if inString || !strings.HasPrefix(expr[i:], column) {
			continue
		}
		end := i + len(column)
		if (i == 0 || !ident(expr[i-1]) && expr[i-1] != '"') && (end == len(expr) || !ident(expr[end]) && expr[end] != '"') {
			return true
		}
	}
	return false
}
