package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The index-ordered read. A load in sort-key order (OrderInterleave)
// normally reads the table with a plain scan and sorts on the client the
// keys whose rows came out of sort-key order (package order). When a btree
// index of the source orders the rows by (partition-key columns, sort-key
// columns), a read through it hands every key's rows out in sort-key order
// already: the rounds are then by arrival — round 1 written while the read
// runs — and nothing is sorted anywhere (enable_sort is off for the read).
// It is used only where it gives exactly the order of the client sort and
// where the source's own evidence says it is not slower than a plain scan:
//
//   - Correct order (ChooseRead checks all of it, whatever the mode): a
//     valid, ready, non-partial btree index without expressions whose
//     leading key columns are the key parts' columns in order (partition
//     key parts, then sort key parts, each column once), ascending, NULLs
//     last, with default operator classes; the key proven unique by a
//     constraint or unique index (no collisions, no duplicates choice);
//     and an SQL order of the sort-key columns that is DynamoDB's order of
//     the sort keys written: numbers by value (integer and numeric columns
//     of an N key), bytea by its bytes (a B key), and for an S key integer
//     (fixed width, sign-aware), date, timestamp, timestamptz (UTC) and
//     uuid parts, which are fixed-width strings that sort as their values;
//     a text or varchar part only alone (a composite key escapes # and \,
//     which reorders them) and only under a byte-order collation ("C" or
//     "POSIX", of the column or of the index) in a UTF8 database. The
//     partition-key columns need only group: two rows with one partition
//     key have equal columns in the index (integer, numeric, text,
//     varchar, character, uuid, date, timestamp, timestamptz or bytea).
//   - Not slower (ReadAuto only): pg_stats.correlation of the index's
//     leading column at least 0.9 in absolute value, so the heap is read
//     nearly in order, and PostgreSQL's plan of the ordered SELECT an
//     index scan of that index with no Sort node.
//
// A large table is split over readers by ranges of the index's leading
// column (indexRanges) instead of ctid ranges. The order is the unique
// key's, not the heap's, so a resume re-reads the same rows in the
// same places even when rows moved in the heap; its SQL differs from the
// plain read's, so the checkpoint's stream fingerprint records which read a
// load used and a resume reads the same way (load.Run).

// minReadCorrelation is the |pg_stats.correlation| of the index's leading
// column from which ReadAuto reads through it.
const minReadCorrelation = 0.9

// ReadMode says when a load in sort-key order reads a table through an
// index that orders its rows by key instead of with a plain scan and a
// client sort.
type ReadMode string

// The read modes.
const (
	// ReadAuto reads through such an index where the source's statistics
	// and plan say it is not slower (see ChooseRead).
	ReadAuto ReadMode = "auto"
	// ReadIndex reads through such an index wherever one gives the
	// rounds' order, whatever the statistics say.
	ReadIndex ReadMode = "index"
	// ReadScan always reads with a plain scan and sorts on the client.
	ReadScan ReadMode = "scan"
)

// ParseReadMode parses "auto", "index" or "scan" ("" is auto).
func ParseReadMode(s string) (ReadMode, error) {
	switch ReadMode(s) {
	case "":
		return ReadAuto, nil
	case ReadAuto, ReadIndex, ReadScan:
		return ReadMode(s), nil
	}
	return "", fmt.Errorf("unknown read %q (want auto, index or scan)", s)
}

// ReadPlan is how a load reads one table in sort-key order.
type ReadPlan struct {
	// Index is the index that hands the rows out in the rounds' order
	// within each key (schema-qualified), "" when none does.
	Index string
	// OrderBy is the ORDER BY list that the index serves.
	OrderBy string
	// Use says the read goes through Index; otherwise it is a plain scan
	// and a client sort.
	Use bool
	// Why says why, for the user.
	Why string
	// lead is the index's leading column as a condition compares it (in
	// the index's collation), leadType its type and leadCollate the
	// COLLATE clause that orders its values as the index does: for the
	// ranges of a split read (indexRanges).
	lead, leadType, leadCollate string
}

// Describe is the read in one sentence for t, for the load's log.
func (p ReadPlan) Describe(t plans.Table) string {
	if p.Use {
		return fmt.Sprintf("table %s: read in sort-key order through index %s (rounds by arrival, no client sort): %s", t.Source, p.Index, p.Why)
	}
	return fmt.Sprintf("table %s: read with a plain scan and a client sort: %s", t.Source, p.Why)
}

// Flip is the other read of a table that has an ordering index: a resume
// reads as the interrupted load did.
func (p ReadPlan) Flip() (ReadPlan, bool) {
	if p.Index == "" {
		return p, false
	}
	p.Use = !p.Use
	p.Why = "as the interrupted load read it"
	return p, true
}

// indexSQL is the read of t through an index: the plain read in order.
// Its comment names the algorithm (rounds by arrival of rows in sort-key
// order), so a checkpoint of a plain read is told apart.
func indexSQL(t plans.Table, orderBy string) (string, error) {
	q, err := indexSQLWhere(t, orderBy, "")
	if err != nil {
		return "", err
	}
	return "/* " + order.VersionArrival + "; read in sort-key order */ " + q, nil
}

// indexSQLWhere is the read through an index of the rows where holds.
func indexSQLWhere(t plans.Table, orderBy, where string) (string, error) {
	q, err := plainSQLWhere(t, where)
	if err != nil {
		return "", err
	}
	return q + " ORDER BY " + orderBy, nil
}

// indexRanges splits the read through p's index into at most n ranges of
// its leading column, cut at values of the column's histogram in
// pg_stats: read one after the other they are the whole read in its
// order, whatever the cuts (the order is the unique key's), so a resume
// may use other readers or other statistics. The last range holds the
// rows whose leading column is NULL, which the order puts last. Nil when
// the statistics give no cut.
func indexRanges(ctx context.Context, s *Snapshot, t plans.Table, p *ReadPlan, n int) ([]string, error) {
	if p.lead == "" || n < 2 {
		return nil, nil
	}
	name, err := plans.ParseTableName(t.Source)
	if err != nil {
		return nil, err
	}
	var bounds []string
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
SELECT quote_literal(b) FROM (SELECT DISTINCT b FROM unnest((SELECT histogram_bounds::text FROM pg_stats
  WHERE schemaname = $1 AND tablename = $2 AND attname = $3 AND NOT inherited)::text[]) AS b) AS x
ORDER BY b::`+p.leadType+p.leadCollate, name.Schema, name.Name, t.PartitionKey.Parts[0].Column)
		if err != nil {
			return err
		}
		for rows.Next() {
			var b string
			if err := rows.Scan(&b); err != nil {
				return err
			}
			bounds = append(bounds, b)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("histogram of %s: %w", t.Source, err)
	}
	var cuts []string
	for i := 1; i < n; i++ {
		if j := len(bounds) * i / n; j > 0 && j < len(bounds) && (len(cuts) == 0 || cuts[len(cuts)-1] != bounds[j]) {
			cuts = append(cuts, bounds[j])
		}
	}
	if len(cuts) == 0 {
		return nil, nil
	}
	at := func(b string) string { return p.lead + " " + b + "::" + p.leadType }
	wheres := []string{at("< " + cuts[0])}
	for i := 1; i < len(cuts); i++ {
		wheres = append(wheres, at(">= "+cuts[i-1])+" AND "+at("< "+cuts[i]))
	}
	return append(wheres, "("+at(">= "+cuts[len(cuts)-1])+" OR "+p.lead+" IS NULL)"), nil
}

// ReadSQL is StreamSQL for a load that reads as p says (nil: a plain
// read): the SQL a checkpoint fingerprints.
func ReadSQL(t plans.Table, o Order, p *ReadPlan) (string, error) {
	if p != nil && p.Use && sortKeyOrder(o) {
		return indexSQL(t, p.OrderBy)
	}
	return StreamSQL(t, o)
}

// sortKeyOrder reports whether o is the interleave in sort-key order, the
// one order an index read can serve.
func sortKeyOrder(o Order) bool { return o == OrderInterleave || o == "" }

// idxColumn is one key column of an index, as the catalog has it.
type idxColumn struct {
	name    string // "" for an expression
	pgType  string // format_type of the column
	byteOrd bool   // the index's collation compares by bytes (or none applies)
	collate string // the index's collation when it is not the column's, quoted
	plain   bool   // ascending, NULLs last, default operator class
	coll    string // the index's collation, quoted; "" when none applies
}

// ChooseRead decides how a load in order o reads t in the snapshot:
// through an index whose order is the rounds' order within each key, or
// with a plain scan and a client sort (see the comment above
// minReadCorrelation). Only OrderInterleave has a choice.
func (s *Snapshot) ChooseRead(ctx context.Context, t plans.Table, o Order, mode ReadMode) (ReadPlan, error) {
	if !sortKeyOrder(o) || t.SortKey == nil {
		return ReadPlan{}, nil
	}
	p, err := s.orderingIndex(ctx, t)
	if err != nil {
		return p, err
	}
	switch {
	case mode == ReadScan:
		// The index is still named: a resume of a load that read
		// through it says so.
		p.Why = "--read scan"
		return p, nil
	case p.Index == "":
		return p, nil
	case mode == ReadIndex:
		p.Use, p.Why = true, "--read index"
		return p, nil
	}
	return p, s.readEvidence(ctx, t, &p)
}

// orderingIndex finds an index that reads t in the rounds' order within
// each key; Index is "" (and Why says why) when there is none.
func (s *Snapshot) orderingIndex(ctx context.Context, t plans.Table) (ReadPlan, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return ReadPlan{}, err
	}
	proven, err := keyProvenUnique(ctx, s, t)
	if err != nil {
		return ReadPlan{}, fmt.Errorf("read %s: %w", t.Source, err)
	}
	if !proven {
		return ReadPlan{Why: "no unique constraint proves the key free of collisions"}, nil
	}
	type part struct {
		p  plans.KeyPart
		k  *plans.Key
		sk bool
	}
	var parts []part
	seen := map[string]bool{}
	var cols []string
	for _, k := range []*plans.Key{&t.PartitionKey, t.SortKey} {
		for _, p := range k.Parts {
			parts = append(parts, part{p, k, k == t.SortKey})
			if !seen[p.Column] {
				seen[p.Column] = true
				cols = append(cols, p.Column)
			}
		}
	}
	var encoding string
	indexes := map[string][]idxColumn{}
	var names []string
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT current_setting('server_encoding')").Scan(&encoding); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `
SELECT i.indexrelid::regclass::text, coalesce(a.attname::text, ''), coalesce(format_type(a.atttypid, NULL), ''),
       co.oid IS NULL OR (co.collprovider = 'c' AND co.collcollate IN ('C', 'POSIX'))
         OR (co.collprovider = 'd' AND (SELECT d.datcollate IN ('C', 'POSIX') AND coalesce(to_jsonb(d) ->> 'datlocprovider', 'c') = 'c'
                                        FROM pg_database d WHERE d.datname = current_database())),
       CASE WHEN co.oid IS NOT NULL AND co.oid <> a.attcollation THEN quote_ident(cn.nspname) || '.' || quote_ident(co.collname) ELSE '' END,
       i.indoption[k.n] = 0 AND oc.opcdefault,
       CASE WHEN co.oid IS NOT NULL THEN quote_ident(cn.nspname) || '.' || quote_ident(co.collname) ELSE '' END
FROM pg_index i
JOIN pg_class ic ON ic.oid = i.indexrelid
JOIN pg_am am ON am.oid = ic.relam AND am.amname = 'btree'
CROSS JOIN LATERAL generate_series(0, i.indnkeyatts - 1) AS k(n)
LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k.n]
LEFT JOIN pg_collation co ON co.oid = nullif(i.indcollation[k.n], 0)
LEFT JOIN pg_namespace cn ON cn.oid = co.collnamespace
JOIN pg_opclass oc ON oc.oid = i.indclass[k.n]
WHERE i.indrelid = $1::regclass AND i.indisvalid AND i.indisready AND i.indislive
  AND i.indpred IS NULL AND i.indexprs IS NULL
ORDER BY i.indisunique DESC, i.indisprimary DESC, 1, k.n`, from)
		if err != nil {
			return err
		}
		for rows.Next() {
			var name string
			var c idxColumn
			if err := rows.Scan(&name, &c.name, &c.pgType, &c.byteOrd, &c.collate, &c.plain, &c.coll); err != nil {
				return err
			}
			if _, ok := indexes[name]; !ok {
				names = append(names, name)
			}
			indexes[name] = append(indexes[name], c)
		}
		return rows.Err()
	})
	if err != nil {
		return ReadPlan{}, fmt.Errorf("indexes of %s: %w", t.Source, err)
	}
	want := "(" + strings.Join(cols, ", ") + ")"
	why := "no valid btree index has " + want + " as its leading columns"
	for _, name := range names {
		ic := indexes[name]
		if len(ic) < len(cols) {
			continue
		}
		byName := map[string]idxColumn{}
		match := true
		for i, c := range cols {
			if ic[i].name != c {
				match = false
				break
			}
			byName[c] = ic[i]
		}
		if !match {
			continue
		}
		problem := ""
		for i, c := range cols {
			if !ic[i].plain {
				problem = fmt.Sprintf("its column %s is descending, has NULLs first or a non-default operator class", c)
				break
			}
		}
		for _, pt := range parts {
			if problem != "" {
				break
			}
			c := byName[pt.p.Column]
			if pt.sk {
				problem = sortPartProblem(*pt.k, pt.p, c, encoding)
			} else {
				problem = groupPartProblem(pt.p, c)
			}
		}
		if problem != "" {
			why = "index " + name + " has the key columns, but " + problem
			continue
		}
		var by []string
		for i, c := range cols {
			e := from + "." + col(c)
			if ic[i].collate != "" {
				e += " COLLATE " + ic[i].collate
			}
			by = append(by, e)
		}
		lead, collate := from+"."+col(cols[0]), ""
		if ic[0].coll != "" {
			collate = " COLLATE " + ic[0].coll
			lead += collate
		}
		return ReadPlan{Index: name, OrderBy: strings.Join(by, ", "), lead: lead, leadType: ic[0].pgType, leadCollate: collate}, nil
	}
	return ReadPlan{Why: why}, nil
}

// groupPartProblem says why rows of one partition key might hold unequal
// values of partition-key column c in the index ("" when they cannot):
// the encodings of these types are one-to-one (or, for collations that
// equate distinct strings, coarser in the index than in the key).
func groupPartProblem(p plans.KeyPart, c idxColumn) string {
	switch c.pgType {
	case "smallint", "integer", "bigint", "numeric", "text", "character varying", "character", "uuid",
		"date", "timestamp without time zone", "timestamp with time zone", "bytea":
		return ""
	}
	return fmt.Sprintf("partition-key column %s has type %s, whose key encoding is not known to be one-to-one", p.Column, c.pgType)
}

// sortPartProblem says why the index's order of sort-key column c might
// not be DynamoDB's order of the sort keys written ("" when it is): part
// p of key k in a database of server encoding enc.
func sortPartProblem(k plans.Key, p plans.KeyPart, c idxColumn, enc string) string {
	composite := len(k.Parts) > 1
	bad := fmt.Sprintf("sort-key column %s (%s, encoded %s in a key of type %s) does not sort as its key", p.Column, c.pgType, p.Encoding, k.Type)
	integer := c.pgType == "smallint" || c.pgType == "integer" || c.pgType == "bigint"
	switch k.Type {
	case "N":
		// By value, as DynamoDB compares numbers.
		if (integer || c.pgType == "numeric") && (p.Encoding == plans.EncNumber || p.Encoding == plans.EncInteger) {
			return ""
		}
	case "B":
		if c.pgType == "bytea" && p.Encoding == plans.EncBinary {
			return ""
		}
	case "S":
		// Fixed-width strings that sort as their values: a composite
		// key's later parts then start at the same byte, and an earlier
		// part's difference decides before the separator.
		// bytea's hex is not fixed-width, but every hex digit sorts
		// after the separator, so a shorter value comes first, as in
		// bytea's own order.
		switch {
		case p.Encoding == plans.EncInteger && integer,
			p.Encoding == plans.EncDate && c.pgType == "date",
			p.Encoding == plans.EncTimestamp && c.pgType == "timestamp without time zone",
			p.Encoding == plans.EncTimestampTZ && c.pgType == "timestamp with time zone",
			p.Encoding == plans.EncString && c.pgType == "uuid",
			p.Encoding == plans.EncHex && c.pgType == "bytea":
			return ""
		case p.Encoding == plans.EncString && (c.pgType == "text" || c.pgType == "character varying"):
			switch {
			case composite:
				return fmt.Sprintf("text sort-key column %s is a part of a composite key, whose escaping of # and \\ does not keep its order", p.Column)
			case !c.byteOrd:
				return fmt.Sprintf("text sort-key column %s sorts under a collation other than \"C\" in the index, not by its bytes as DynamoDB does", p.Column)
			case enc != "UTF8":
				return fmt.Sprintf("the database encoding is %s, not UTF8: text bytes are not the key's", enc)
			}
			return ""
		}
	}
	return bad
}

// readEvidence sets p.Use and p.Why from the source's statistics and
// plan: the index's leading column correlated with the heap order, and an
// index scan without a sort in PostgreSQL's plan of the ordered read.
func (s *Snapshot) readEvidence(ctx context.Context, t plans.Table, p *ReadPlan) error {
	n, err := plans.ParseTableName(t.Source)
	if err != nil {
		return err
	}
	lead := t.PartitionKey.Parts[0].Column
	q, err := indexSQL(t, p.OrderBy)
	if err != nil {
		return err
	}
	var corr *float64
	var plan []byte
	err = s.scoped(ctx, "SET LOCAL max_parallel_workers_per_gather = 0", func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT (SELECT correlation FROM pg_stats WHERE schemaname = $1 AND tablename = $2 AND attname = $3 AND NOT inherited)`,
			n.Schema, n.Name, lead).Scan(&corr); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+q).Scan(&plan)
	})
	if err != nil {
		return fmt.Errorf("read evidence of %s: %w", t.Source, err)
	}
	if corr == nil {
		p.Why = fmt.Sprintf("index %s would serve, but %s has no statistics on column %s (ANALYZE it, or --read index)", p.Index, t.Source, lead)
		return nil
	}
	if math.Abs(*corr) < minReadCorrelation {
		p.Why = fmt.Sprintf("index %s would serve, but the correlation of %s with the heap order is %.2f, under %.1f: its read would jump about the heap", p.Index, lead, *corr, minReadCorrelation)
		return nil
	}
	scan, sorted, err := planShape(plan, p.Index)
	if err != nil {
		return fmt.Errorf("read evidence of %s: %w", t.Source, err)
	}
	switch {
	case sorted:
		p.Why = fmt.Sprintf("index %s would serve, but PostgreSQL plans the ordered read with a sort", p.Index)
	case !scan:
		p.Why = fmt.Sprintf("index %s would serve, but PostgreSQL plans the ordered read without it", p.Index)
	default:
		p.Use = true
		p.Why = fmt.Sprintf("correlation of %s with the heap order %.2f, and PostgreSQL plans an index scan without a sort", lead, *corr)
	}
	return nil
}

// planShape reads an EXPLAIN (FORMAT JSON): whether a node scans index
// (by its name, unqualified or qualified) and whether any node sorts.
func planShape(explain []byte, index string) (scan, sorted bool, err error) {
	var out []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(explain, &out); err != nil || len(out) == 0 {
		return false, false, fmt.Errorf("read the plan: %v", err)
	}
	short := index
	if i := strings.LastIndexByte(index, '.'); i >= 0 {
		short = index[i+1:]
	}
	short = strings.Trim(short, `"`)
	var walk func(n planNode)
	walk = func(n planNode) {
		if strings.Contains(n.Type, "Sort") {
			sorted = true
		}
		if (n.Type == "Index Scan" || n.Type == "Index Only Scan") && (n.Index == short || n.Index == index) {
			scan = true
		}
		for _, c := range n.Plans {
			walk(c)
		}
	}
	walk(out[0].Plan)
	return scan, sorted, nil
}

type planNode struct {
	Type  string     `json:"Node Type"`
	Index string     `json:"Index Name"`
	Plans []planNode `json:"Plans"`
}
