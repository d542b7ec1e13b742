package extract

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/spill"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Order is the order in which Stream returns the rows of a plan table.
type Order string

// The orders Stream knows.
const (
	// OrderInterleave returns rows in rounds (package order): round r
	// holds the r-th item, in sort-key order, of every partition key value
	// (after sharding) that has at least r rows. It is the upload order AWS
	// recommends: many partitions busy at once, no rolling hot partition,
	// and each key's earliest items first. It is deterministic within a
	// snapshot, so a load can resume by position.
	OrderInterleave Order = "interleave"
	// OrderInterleaveArrival is OrderInterleave with each key's rows in
	// the order the read yields them instead of sort-key order: round 1 is
	// written while the scan runs, where sort-key order writes nothing
	// before the scan ends.
	OrderInterleaveArrival Order = "interleave-arrival"
	// OrderTable returns rows in key order (pk, sk): what a source
	// clustered by its key looks like, and what a naive export by primary
	// key produces. Physical scan order (ctid) is not used because it is
	// not deterministic across snapshots (synchronized sequential scans may
	// start mid-table), and a resume needs the same order again.
	OrderTable Order = "table"
	// OrderArrival returns rows in the order a plain read of the table
	// yields them (the interleave's read, with its collision and
	// duplicates handling, without the rounds): for an export to S3,
	// where AWS's import spreads the writes itself and the rounds' spill
	// files would be work for nothing. Deterministic in one snapshot, as
	// the interleave is.
	OrderArrival Order = "arrival"
	// OrderSample returns rows in md5(pk, sk) order: a deterministic
	// pseudo-random sample spread over all keys, for verify.
	OrderSample Order = "sample"
)

// ParseOrder parses "interleave", "interleave-arrival" or "table".
func ParseOrder(s string) (Order, error) {
	switch Order(s) {
	case OrderInterleave, OrderInterleaveArrival, OrderTable:
		return Order(s), nil
	}
	return "", fmt.Errorf("unknown order %q (want interleave, interleave-arrival or table)", s)
}

// plain reports whether o reads the table with a plain SELECT and orders
// rows in pg2ddb (package order).
func (o Order) plain() bool {
	return o == OrderInterleave || o == "" || o == OrderArrival || o == OrderInterleaveArrival
}

// KeySQL returns PostgreSQL expressions over the columns of t's source table
// that compute the exact partition key and sort key values a load writes:
// key parts encoded per their plans.Enc* encoding, composite parts joined
// with plans.Separator (string parts escaped), and the write shard appended
// to the partition key. sk is "" when the table has no sort key. The
// expressions are text, except for a key of type B, which is bytea. A NULL
// part makes the whole key NULL; KeyProblemSQL says which part it was.
//
// PostgreSQL computes the keys so that ordering, interleaving and collision
// detection happen on exactly the strings that are written, and so review
// and verify can reuse them.
func KeySQL(t plans.Table) (pk, sk string, err error) { return keySQL(t, columnTypes(t)) }

// keySQL is KeySQL with the columns' PostgreSQL types given: a number key of
// an integer column is its ::text, of another column ::numeric::text.
func keySQL(t plans.Table, types map[string]string) (pk, sk string, err error) {
	if len(t.PartitionKey.Parts) == 0 {
		return "", "", fmt.Errorf("table %s: partition key has no parts", t.Source)
	}
	pk, err = keyExpr(t.PartitionKey, types)
	if err != nil {
		return "", "", fmt.Errorf("table %s: partition key: %w", t.Source, err)
	}
	if t.SortKey != nil {
		if sk, err = keyExpr(*t.SortKey, types); err != nil {
			return "", "", fmt.Errorf("table %s: sort key: %w", t.Source, err)
		}
	}
	if t.Sharding != nil && t.Sharding.Shards > 1 {
		if sk == "" {
			return "", "", fmt.Errorf("table %s: write sharding needs a sort key (the shard is computed from it)", t.Source)
		}
		if t.PartitionKey.Type != "S" {
			return "", "", fmt.Errorf("table %s: write sharding needs a partition key of type S, not %s", t.Source, t.PartitionKey.Type)
		}
		pk = "(" + pk + " || '" + plans.Separator + "' || " + plans.ShardSQL(sk, t.Sharding.Shards) + "::text)"
	}
	return pk, sk, nil
}

// columnTypes are the PostgreSQL types the plan records for the columns of
// t (a retyped column refuses the load before it reads).
func columnTypes(t plans.Table) map[string]string {
	out := map[string]string{}
	for _, a := range t.Attributes {
		out[a.Column] = a.PGType
	}
	for _, e := range t.Excluded {
		out[e.Column] = e.PGType
	}
	return out
}

func keyExpr(k plans.Key, types map[string]string) (string, error) {
	if len(k.Parts) == 0 {
		return "", errors.New("no parts")
	}
	switch k.Type {
	case "S":
	case "N", "B":
		if len(k.Parts) != 1 {
			return "", fmt.Errorf("a key of type %s must have exactly one part", k.Type)
		}
	default:
		return "", fmt.Errorf("unknown key type %q (want S, N or B)", k.Type)
	}
	composite := len(k.Parts) > 1
	exprs := make([]string, len(k.Parts))
	for i, p := range k.Parts {
		if pgType := types[p.Column]; pgType != "" {
			if loss := codec.KeyLoss(pgType, p); loss != "" {
				return "", fmt.Errorf("column %s: %s", p.Column, loss)
			}
		}
		e, err := codec.KeyPartSQL(p, types[p.Column], composite)
		if err != nil {
			return "", err
		}
		exprs[i] = e
	}
	switch {
	case k.Type == "N" && k.Parts[0].Encoding != plans.EncNumber && k.Parts[0].Encoding != plans.EncInteger:
		return "", fmt.Errorf("key of type N needs encoding %s, not %s", plans.EncNumber, k.Parts[0].Encoding)
	case k.Type == "B" && k.Parts[0].Encoding != plans.EncBinary:
		return "", fmt.Errorf("key of type B needs encoding %s, not %s", plans.EncBinary, k.Parts[0].Encoding)
	case k.Type == "S" && (k.Parts[0].Encoding == plans.EncBinary || (composite && k.Parts[0].Encoding == plans.EncNumber)):
		return "", fmt.Errorf("encoding %s is only allowed for a one-part key of type N or B", k.Parts[0].Encoding)
	}
	if k.Type == "N" && (k.Parts[0].Encoding == plans.EncInteger || codec.Parse(types[k.Parts[0].Column], "", "", "").IsInteger()) {
		// A number key holds the plain value; fixed width is for strings.
		// An integer's text is its numeric text, without the cast through
		// numeric (0.14 s of server CPU a million rows).
		return col(k.Parts[0].Column) + "::text", nil
	}
	if !composite {
		return exprs[0], nil
	}
	return "(" + strings.Join(exprs, " || '"+plans.Separator+"' || ") + ")", nil
}

func col(name string) string { return codec.Ident(name) }

// KeyProblemSQL returns a text expression that is NULL when every key part
// of a row can be encoded, and otherwise says why not ("NULL in key column
// x", "integer 123456 in key column y is wider than 5 digits", "date
// 'infinity' in key column d has no key encoding", a date before year 1);
// codec.KeyProblems has the rules.
func KeyProblemSQL(t plans.Table) string {
	var whens []string
	keys := []plans.Key{t.PartitionKey}
	if t.SortKey != nil {
		keys = append(keys, *t.SortKey)
	}
	for _, k := range keys {
		for _, p := range k.Parts {
			whens = append(whens, codec.KeyProblems(p, k.Type)...)
		}
	}
	return "(CASE " + strings.Join(whens, " ") + " END)"
}

// valueSQL is the SQL text of one attribute, as the codec selects it.
func valueSQL(a plans.Attribute) (string, error) { return codec.ValueSQL(a) }

// SourceIdent returns the quoted SQL identifier of a plan's source: the
// (schema, name) pair that plans.ParseTableName reads from it, each part
// quoted, never the text split at a dot.
func SourceIdent(source string) (string, error) {
	n, err := plans.ParseTableName(source)
	if err != nil {
		return "", err
	}
	return pgx.Identifier{n.Schema, n.Name}.Sanitize(), nil
}

// byteOrder gives a text key expression of DynamoDB type typ the C
// collation: its values then compare by their UTF-8 bytes, which is how
// DynamoDB orders S keys, and equal only when their bytes are (a column
// with a nondeterministic collation, such as ICU's case-insensitive ones,
// would otherwise make "abc" and "ABC" one key). A B key is bytea, which
// has no collation and already compares by bytes.
func byteOrder(expr, typ string) string {
	if typ == "B" {
		return expr
	}
	return "(" + expr + `) COLLATE "C"`
}

// StreamSQL returns the SELECT that Stream runs for t in order, without
// OFFSET or LIMIT: its columns are pk, sk, problem, copies and then one per
// plan attribute. It is exported so a benchmark can COPY exactly what a
// load reads, and so a checkpoint can fingerprint it.
//
// For OrderInterleave it is a plain SELECT of the table, one row per
// source row in physical order, with no sort or window function: the
// interleave, the duplicates choice and the key collision count are
// computed by pg2ddb as the rows arrive (package order), and copies is
// a placeholder. The SQL names the client-side algorithm in a comment, so
// a checkpoint of another algorithm is refused on resume.
func StreamSQL(t plans.Table, o Order) (string, error) {
	if o.plain() {
		q, err := plainSQL(t)
		if err != nil {
			return "", err
		}
		v := order.Version
		if o == OrderInterleaveArrival || o == OrderArrival {
			v = order.VersionArrival
		}
		return "/* " + v + " */ " + q, nil
	}
	return SortedStreamSQL(t, o)
}

// plainSQL is the read of OrderInterleave: per-row key and value
// expressions only.
func plainSQL(t plans.Table) (string, error) { return plainSQLWhere(t, "") }

// plainSQLWhere is plainSQL restricted to the source rows where holds.
// Attributes that codec.RawValue can read bare are selected as their
// column (decoded by Rows into the expression's form); the others, and the
// keys, keep their expressions.
func plainSQLWhere(t plans.Table, where string) (string, error) { return plainSQLAs(t, where, false) }

// ReplaySQL is the plain read of t (StreamSQL's, in OrderInterleave) as a
// `COPY (…) TO STDOUT (FORMAT binary)` should run it to capture what the
// load reads: the columns the load reads in text format are cast to text,
// so the binary COPY carries the same bytes as the load's result rows (the
// benchmark replays captured COPY output through the load's pipeline).
// ReplayBinary says which of its columns arrive in binary format.
func ReplaySQL(t plans.Table) (string, error) { return plainSQLAs(t, "", true) }

// ReplayBinary reports, per column of ReplaySQL (pk, sk, problem, copies,
// then the attributes), whether the load reads it in binary format.
func ReplayBinary(t plans.Table) []bool {
	var out []bool
	for _, f := range plainFormats(t) {
		out = append(out, f == pgx.BinaryFormatCode)
	}
	return out
}

func plainSQLAs(t plans.Table, where string, textCasts bool) (string, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return "", err
	}
	pk, sk, err := KeySQL(t)
	if err != nil {
		return "", err
	}
	if sk == "" {
		sk = "NULL::text"
	}
	if where != "" {
		from += " WHERE " + where
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SELECT %s AS pk, %s AS sk, %s AS problem, '1'", pk, sk, KeyProblemSQL(t))
	formats := plainFormats(t)
	for i, a := range t.Attributes {
		expr := ""
		if r, ok := codec.RawValue(a); ok {
			expr = r.Expr
		} else {
			v, err := valueSQL(a)
			if err != nil {
				return "", fmt.Errorf("table %s: %w", t.Source, err)
			}
			expr = v
		}
		if textCasts && formats[4+i] == pgx.TextFormatCode {
			expr = "(" + expr + ")::text"
		}
		fmt.Fprintf(&b, ", %s AS a%d", expr, i)
	}
	b.WriteString(" FROM " + from)
	return b.String(), nil
}

// plainFormats are the result formats of plainSQL's columns: binary for
// bytea and the bare columns codec.RawValue reads in binary, text for the
// rest.
func plainFormats(t plans.Table) pgx.QueryResultFormats {
	f := pgx.QueryResultFormats{pgx.TextFormatCode, pgx.TextFormatCode, pgx.TextFormatCode, pgx.TextFormatCode}
	if t.PartitionKey.Type == "B" {
		f[0] = pgx.BinaryFormatCode
	}
	if t.SortKey != nil && t.SortKey.Type == "B" {
		f[1] = pgx.BinaryFormatCode
	}
	for _, a := range t.Attributes {
		r, ok := codec.RawValue(a)
		if a.Encoding == plans.AttrBinary || (ok && r.Binary) {
			f = append(f, pgx.BinaryFormatCode)
		} else {
			f = append(f, pgx.TextFormatCode)
		}
	}
	return f
}

// SortedStreamSQL is the server-side ordered SELECT: rows in order, with
// the interleave (OrderInterleave) computed by PostgreSQL with window
// functions and a sort, as pg2ddb did before it interleaved rows itself.
// Table and sample orders still use it; the benchmark COPYs its
// OrderInterleave form to show what the server-side sort cost.
//
// row_number() per partition key in sort-key order, then ORDER BY round;
// PostgreSQL sorts on disk when it must. copies counts the source rows
// sharing one (pk, sk): more than one is a key collision, and every copy
// is rejected rather than silently overwritten.
func SortedStreamSQL(t plans.Table, order Order) (string, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return "", err
	}
	pk, sk, err := KeySQL(t)
	if err != nil {
		return "", err
	}
	skType := "S"
	if sk == "" {
		sk = "NULL::text"
	} else {
		skType = t.SortKey.Type
	}
	// Keys compare as DynamoDB compares them (byteOrder), so the key
	// columns' collations neither reorder keys nor merge distinct ones.
	pk, sk = byteOrder(pk, t.PartitionKey.Type), byteOrder(sk, skType)
	var b strings.Builder
	b.WriteString("SELECT pk, sk, problem, copies::text")
	// tie orders the rows of one (pk, sk), which only key collisions (or
	// NULL keys) have: by everything the stream returns, so the order does
	// not depend on where the rows lie in the heap, and a resume that
	// re-reads the prefix sees the same rows in the same places. Rows
	// equal in all of it are interchangeable.
	tie := "pk, sk, problem"
	for i, a := range t.Attributes {
		fmt.Fprintf(&b, ", a%d", i)
		if a.Encoding == plans.AttrBinary {
			tie += fmt.Sprintf(", a%d", i)
		} else {
			tie += fmt.Sprintf(", a%d COLLATE \"C\"", i)
		}
	}
	// Keys of type N sort by value, not as text ("10" after "2"), so
	// rounds and table order follow the sort key as DynamoDB orders it.
	pkOrder, skOrder := "pk", "sk"
	if t.PartitionKey.Type == "N" {
		pkOrder = "pk::numeric"
	}
	if t.SortKey != nil && t.SortKey.Type == "N" {
		skOrder = "sk::numeric"
	}
	// Keys are equal as DynamoDB compares them too: N keys by value, so
	// numeric 1.0 and 1.00 are one key (a collision), not two items of
	// which DynamoDB would keep one.
	rowsSQL, err := keyedRows(t, from, pk, sk)
	if err != nil {
		return "", err
	}
	// A copy that keep-one drops is not one of its key's copies: it is
	// rejected as a duplicate, and the copy it repeats is written.
	copies := "count(*)"
	if t.Duplicates != nil && t.Duplicates.Action == plans.DuplicatesKeepOne {
		copies = "count(*) FILTER (WHERE k.problem IS DISTINCT FROM " + quoteText(plans.DuplicateReason) + ")"
	}
	b.WriteString(" FROM (SELECT k.*, " + copies + " OVER (PARTITION BY " + pkOrder + ", " + skOrder + ") AS copies, row_number() OVER (PARTITION BY " + pkOrder + " ORDER BY " + skOrder + ", " + tie + ") AS rn FROM ")
	b.WriteString(rowsSQL)
	b.WriteString(" k) w ORDER BY ")
	switch order {
	case OrderInterleave, "":
		// (rn, pk) is unique: rn numbers the rows of each partition key.
		b.WriteString("rn, md5(rn::text || '#' || pk::text), pk")
	case OrderTable:
		b.WriteString(pkOrder + ", " + skOrder + ", " + tie)
	case OrderSample:
		b.WriteString("md5(coalesce(pk::text, '') || '#' || coalesce(sk, '')), " + tie)
	default:
		return "", fmt.Errorf("unknown order %q", order)
	}
	return b.String(), nil
}

// keyedRows is the parenthesised SELECT of every source row as a load
// writes it: pk, sk, problem and a0… (one per attribute), with t's
// whole-row duplicates choice applied. pk and sk are the key expressions.
//
// Under a duplicates choice, occ numbers the rows equal in everything
// selected (keys, problem, every attribute, text compared by bytes):
// copies that are interchangeable, so the numbering needs no order and is
// the same on every read. number appends Separator and a number to the
// sort key (the partition key without one) of every copy after the first,
// as package order numbers them (numberedRows); keep-one
// marks those copies with plans.DuplicateReason as their problem, unless
// their key already has one.
func keyedRows(t plans.Table, from, pk, sk string) (string, error) {
	var b strings.Builder
	b.WriteString("(SELECT ")
	fmt.Fprintf(&b, "%s AS pk, %s AS sk, %s AS problem", pk, sk, KeyProblemSQL(t))
	same := "pk, sk, problem"
	for i, a := range t.Attributes {
		v, err := valueSQL(a)
		if err != nil {
			return "", fmt.Errorf("table %s: %w", t.Source, err)
		}
		fmt.Fprintf(&b, ", %s AS a%d", v, i)
		if a.Encoding == plans.AttrBinary {
			same += fmt.Sprintf(", a%d", i)
		} else {
			same += fmt.Sprintf(", a%d COLLATE \"C\"", i)
		}
	}
	fmt.Fprintf(&b, " FROM %s)", from)
	d := t.Duplicates
	if d == nil {
		return b.String(), nil
	}
	cols := "pk, sk, problem"
	switch d.Action {
	case plans.DuplicatesNumber:
		return numberedRows(t, b.String(), same), nil
	case plans.DuplicatesKeepOne:
		cols = "pk, sk, CASE WHEN problem IS NULL AND occ > 1 THEN " + quoteText(plans.DuplicateReason) + " ELSE problem END AS problem"
	default:
		return "", fmt.Errorf("table %s: unknown duplicates action %q", t.Source, d.Action)
	}
	for i := range t.Attributes {
		cols += fmt.Sprintf(", a%d", i)
	}
	return "(SELECT " + cols + " FROM (SELECT r.*, row_number() OVER (PARTITION BY " + same + ") AS occ FROM " + b.String() + " r) o)", nil
}

// numberedRows is keyedRows under the number choice, rows the SELECT of
// the rows as written and same the columns whose equality makes copies.
// It numbers as package order does: the copies of a base key take, in
// order of occurrence, the numbers k ≥ 2 for which base#k is not the key
// of a first copy (real keys that end in # and digits are split there, so
// the candidates a base meets are found by equality), and a copy whose
// key has a NULL takes its occurrence. Keys compare as DynamoDB compares
// them: the other key of type N by value.
func numberedRows(t plans.Table, rows, same string) string {
	num, other := "sk", "pk"
	otherType := t.PartitionKey.Type
	if t.SortKey == nil {
		num, other = "pk", ""
	}
	// on joins x and y on the other key and the numbered one's base.
	on := func(x, y, xb, yb string) string {
		c := x + "." + xb + " = " + y + "." + yb
		if other != "" {
			ox, oy := x+"."+other, y+"."+other
			if otherType == "N" {
				ox, oy = ox+"::numeric", oy+"::numeric"
			}
			c = ox + " = " + oy + " AND " + c
		}
		return c
	}
	groupBy, notNull := num, num+" IS NOT NULL"
	if other != "" {
		groupBy, notNull = other+", "+num, notNull+" AND "+other+" IS NOT NULL"
	}
	sep := quoteText(plans.Separator)
	cols := "pk, sk"
	if num == "sk" {
		cols = "o.pk, CASE WHEN o.occ > 1 THEN o.sk || " + sep + " || coalesce(f.n, o.occ)::text ELSE o.sk END AS sk"
	} else {
		cols = "CASE WHEN o.occ > 1 THEN o.pk || " + sep + " || coalesce(f.n, o.occ)::text ELSE o.pk END AS pk, o.sk"
	}
	cols += ", o.problem"
	for i := range t.Attributes {
		cols += fmt.Sprintf(", o.a%d", i)
	}
	otherCol := func(x string) string {
		if other == "" {
			return ""
		}
		return x + "." + other + ", "
	}
	return "(WITH o AS (SELECT r.*, row_number() OVER (PARTITION BY " + same + ") AS occ FROM " + rows + " r), " +
		"g AS (SELECT " + groupBy + ", max(occ) AS m FROM o WHERE occ > 1 AND " + notNull + " GROUP BY " + groupBy + "), " +
		"s AS (SELECT " + otherCol("o") + "substring(o." + num + " from '^(.*)#[0-9]+$') AS base, substring(o." + num + " from '#([0-9]+)$') AS n " +
		"FROM o WHERE o.occ = 1 AND o." + num + " ~ '#[0-9]+$'), " +
		"c AS (SELECT " + otherCol("g") + "g." + num + ", g.m + count(s.n) AS hi FROM g LEFT JOIN s ON " + on("s", "g", "base", num) +
		" GROUP BY " + otherCol("g") + "g." + num + ", g.m), " +
		"f AS (SELECT " + otherCol("c") + "c." + num + ", k.n, row_number() OVER (PARTITION BY " + otherCol("c") + "c." + num + " ORDER BY k.n) + 1 AS occ " +
		"FROM c CROSS JOIN LATERAL generate_series(2, c.hi) AS k(n) " +
		"WHERE NOT EXISTS (SELECT 1 FROM s WHERE " + on("s", "c", "base", num) + " AND s.n = k.n::text)) " +
		"SELECT " + cols + " FROM o LEFT JOIN f ON o.occ > 1 AND f.occ = o.occ AND " + on("f", "o", num, num) + ")"
}

// quoteText is s as a SQL string literal.
func quoteText(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// StreamOptions choose the order and how many rows a Stream returns.
// There is no offset: a resumed load reads from the first row again and
// proves that the rows it wrote before are unchanged (load.Checkpoint),
// which an offset into a changed table cannot.
type StreamOptions struct {
	Order Order
	// Limit caps the rows returned (0: all).
	Limit int64
	// Readers is the number of connections that read a large table at
	// once in OrderInterleave (0 or 1: one).
	Readers int
	// MinSplitBlocks is the table size, in heap blocks, from which a read
	// is split over Readers (default 1,024: 8 MiB).
	MinSplitBlocks int64
	// Tuning sizes the write order's spill work.
	Tuning order.Tuning
	// Read, in OrderInterleave, is how Snapshot.ChooseRead decided to read
	// the table (nil: a plain scan and a client sort). A read through an
	// index is one ordered stream with rounds by arrival.
	Read *ReadPlan
	// join opens a reader's connection in the snapshot (Join; a test
	// makes it fail).
	join func(context.Context, *pgxpool.Pool, string) (*Snapshot, error)
}

// Rows is a stream of plan rows read from a snapshot. pgx streams the
// result from the server as it is read; nothing is buffered beyond its
// network buffer.
type Rows struct {
	rows pgx.Rows
	// in is the query's current row and inErr what ended its read; under
	// the write order (il) row is the order's current row, and in and
	// inErr belong to the goroutine that reads the query.
	in     order.Row
	inErr  error
	row    order.Row
	binary []bool // per result column: bytea in binary format
	hexBuf [][]byte
	// raw decodes the bare columns of a plain read into their expression
	// form (codec.RawValue), per attribute; nil entries pass through.
	raw    []func(dst, v []byte) ([]byte, error)
	rawBuf [][]byte
	err    error
	// end closes the read's savepoint; nil once called.
	end func() error
	// il re-emits the plain stream in rounds (OrderInterleave); limit
	// caps the rows it returns (0: all).
	il    *order.Rounds
	limit int64
	// ranges reads the table's later block ranges on other connections;
	// ctx bounds waiting for them.
	ranges   *rangeSet
	ctx      context.Context
	mainDone bool
}

// Stream runs t's StreamSQL in the snapshot's transaction and returns its
// rows from the first on.
func Stream(ctx context.Context, s *Snapshot, t plans.Table, opts StreamOptions) (*Rows, error) {
	q, err := ReadSQL(t, opts.Order, opts.Read)
	if err != nil {
		return nil, err
	}
	interleave := opts.Order.plain()
	indexRead := opts.Read != nil && opts.Read.Use && sortKeyOrder(opts.Order)
	hold := false
	var ranges *rangeSet
	if interleave {
		proven, err := keyProvenUnique(ctx, s, t)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", t.Source, err)
		}
		hold = !proven
		if indexRead && hold {
			return nil, fmt.Errorf("read %s: no unique constraint proves the key free of collisions any more, which a read through index %s needs; load again", t.Source, opts.Read.Index)
		}
		starts, err := splitBlocks(ctx, s, t, opts.Readers, opts.MinSplitBlocks)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", t.Source, err)
		}
		var wheres []string
		query, set := func(where string) (string, error) { return plainSQLWhere(t, where) }, "SET LOCAL max_parallel_workers_per_gather = 0"
		switch {
		case starts == nil:
		case indexRead:
			// Ranges of the index's leading column, in its order.
			if wheres, err = indexRanges(ctx, s, t, opts.Read, len(starts)); err != nil {
				return nil, fmt.Errorf("read %s: %w", t.Source, err)
			}
			query = func(where string) (string, error) { return indexSQLWhere(t, opts.Read.OrderBy, where) }
			set += "; SET LOCAL enable_sort = off"
		default:
			wheres = ctidRanges(starts)
		}
		if wheres != nil {
			if ranges, err = startRanges(ctx, s, t, wheres, query, set, opts.join, opts.Tuning.SpillDir); err != nil {
				return nil, err
			}
			if q, err = query(wheres[0]); err != nil {
				ranges.close()
				return nil, err
			}
		}
	}
	var args []any
	if interleave {
		args = append(args, plainFormats(t))
	}
	if opts.Limit > 0 && !interleave {
		args = append(args, opts.Limit)
		q += fmt.Sprintf(" LIMIT $%d", len(args))
	}
	// The read runs in a savepoint that Close rolls back, releasing the
	// table's lock (see Snapshot).
	if err := s.beginRead(ctx); err != nil {
		if ranges != nil {
			ranges.close()
		}
		return nil, fmt.Errorf("read %s: %w", t.Source, err)
	}
	if interleave {
		// The order of a plain scan must be the same on every read of the
		// snapshot: no synchronized scan starting mid-table, no parallel
		// workers. SET LOCAL inside the savepoint ends with it.
		set := "SET LOCAL synchronize_seqscans = off; SET LOCAL max_parallel_workers_per_gather = 0"
		if indexRead {
			// The rows come in the index's order, never sorted on the
			// source, whatever the planner would prefer now.
			set += "; SET LOCAL enable_sort = off"
		}
		if _, err := s.Tx().Exec(ctx, set); err != nil {
			err = fmt.Errorf("read %s: %w", t.Source, err)
			if eerr := s.endRead(ctx); eerr != nil {
				err = errors.Join(err, eerr)
			}
			if ranges != nil {
				ranges.close()
			}
			return nil, err
		}
	}
	rows, err := s.Tx().Query(ctx, q, args...)
	if err != nil {
		if eerr := s.endRead(ctx); eerr != nil {
			err = errors.Join(err, eerr)
		}
		if ranges != nil {
			ranges.close()
		}
		return nil, fmt.Errorf("read %s: %w", t.Source, err)
	}
	r := newRows(rows, len(t.Attributes))
	if interleave {
		r.decodeRaw(t)
	}
	r.end = func() error { return s.endRead(ctx) }
	r.ranges, r.ctx = ranges, ctx
	if interleave {
		tune := opts.Tuning
		// Rows read through the index come in sort-key order within each
		// key: their arrival rank is their sort rank.
		tune.RoundsByArrival = tune.RoundsByArrival || opts.Order == OrderInterleaveArrival || indexRead
		r.il = order.New(t, r.rawRecord, hold, opts.Order == OrderArrival, tune)
		r.limit = opts.Limit
	}
	return r, nil
}

// newRows reads a query's rows: pk, sk, problem, copies and attrs values.
func newRows(rows pgx.Rows, attrs int) *Rows {
	r := &Rows{rows: rows}
	r.row.Pos = -1
	r.row.Values = make([][]byte, attrs)
	r.in.Pos = -1
	r.in.Values = make([][]byte, attrs)
	r.hexBuf = make([][]byte, 4+attrs)
	for _, fd := range rows.FieldDescriptions() {
		r.binary = append(r.binary, fd.Format == pgx.BinaryFormatCode)
	}
	return r
}

// decodeRaw makes r decode the bare columns plainSQL selects for t's
// attributes, after checking that each arrived as the type it is decoded
// as (a column retyped since the plan would otherwise be misread).
func (r *Rows) decodeRaw(t plans.Table) {
	fds := r.rows.FieldDescriptions()
	r.raw = make([]func(dst, v []byte) ([]byte, error), len(t.Attributes))
	r.rawBuf = make([][]byte, len(t.Attributes))
	for i, a := range t.Attributes {
		raw, ok := codec.RawValue(a)
		if !ok {
			continue
		}
		if len(fds) != 4+len(t.Attributes) || fds[4+i].DataTypeOID != raw.OID {
			r.inErr = fmt.Errorf("read %s: column %s did not arrive as its planned type %s; plan again", t.Source, a.Column, a.PGType)
			return
		}
		r.raw[i] = raw.Decode
	}
}

// Next advances to the next row.
func (r *Rows) Next() bool {
	if r.il == nil {
		return r.nextRaw()
	}
	if r.err != nil || (r.limit > 0 && r.il.Pos()+1 >= r.limit) {
		return false
	}
	ok, err := r.il.Next()
	if err != nil {
		if r.err == nil {
			r.err = err
		}
		return false
	}
	if ok {
		r.il.Fill(&r.row)
	}
	return ok
}

// Blocks is the write order the rows come from, for a reader that takes
// them in undecoded blocks (order.Rounds.NextBlock) instead of Next; nil
// when there is none (a plain or sorted read) or the stream has a limit.
// A reader takes every row either one way or the other.
func (r *Rows) Blocks() *order.Rounds {
	if r.limit > 0 {
		return nil
	}
	return r.il
}

// rawRecord reads the query's next row for the write order.
func (r *Rows) rawRecord() (spill.Record, bool, error) {
	if r.mainDone {
		return r.ranges.nextRecord(r.ctx)
	}
	if !r.nextRaw() {
		if err := r.readErr(); err != nil || r.ranges == nil {
			return spill.Record{}, false, err
		}
		r.mainDone = true
		return r.ranges.nextRecord(r.ctx)
	}
	return spill.Record{PK: r.in.PK, SK: r.in.SK, Problem: r.in.Problem, Values: r.in.Values}, true, nil
}

// nextRaw advances to the next row of the query.
func (r *Rows) nextRaw() bool {
	if r.inErr != nil || !r.rows.Next() {
		return false
	}
	raw := r.rows.RawValues()
	if len(raw) != 4+len(r.in.Values) {
		r.inErr = fmt.Errorf("stream: got %d columns, want %d", len(raw), 4+len(r.in.Values))
		return false
	}
	r.in.Pos++
	r.in.PK = r.bytes(0, raw[0])
	r.in.SK = r.bytes(1, raw[1])
	r.in.Problem = string(raw[2])
	n, err := strconv.ParseInt(string(raw[3]), 10, 64)
	if err != nil {
		r.inErr = fmt.Errorf("stream: copies %q: %w", raw[3], err)
		return false
	}
	r.in.Copies = n
	for i := range r.in.Values {
		v := r.bytes(4+i, raw[4+i])
		if v != nil && r.raw != nil && r.raw[i] != nil {
			out, err := r.raw[i](r.rawBuf[i][:0], v)
			if err != nil {
				r.inErr = fmt.Errorf("stream: column %s: %w", r.rows.FieldDescriptions()[4+i].Name, err)
				return false
			}
			r.rawBuf[i], v = out, out
		}
		r.in.Values[i] = v
	}
	return r.inErr == nil
}

// bytes returns column i's value; a bytea column in text format (\x…)
// is decoded to its raw bytes.
func (r *Rows) bytes(i int, v []byte) []byte {
	if v == nil || r.binary[i] {
		return v
	}
	fd := r.rows.FieldDescriptions()[i]
	if fd.DataTypeOID != 17 { // bytea
		return v
	}
	if len(v) < 2 || v[0] != '\\' || v[1] != 'x' {
		r.inErr = fmt.Errorf("stream: bytea column %s in unexpected text form", fd.Name)
		return nil
	}
	buf := r.hexBuf[i][:0]
	buf = append(buf, make([]byte, hex.DecodedLen(len(v)-2))...)
	if _, err := hex.Decode(buf, v[2:]); err != nil {
		r.inErr = fmt.Errorf("stream: bytea column %s: %w", fd.Name, err)
		return nil
	}
	r.hexBuf[i] = buf
	return buf
}

// Row returns the current row; it is reused by Next.
func (r *Rows) Row() *order.Row {
	if r.il == nil {
		return &r.in
	}
	return &r.row
}

// readErr is the error that ended the query's read, if any. The write
// order reads the query on its own goroutine: this is all that goroutine
// touches besides the query and in.
func (r *Rows) readErr() error {
	if r.inErr != nil {
		return r.inErr
	}
	if err := r.rows.Err(); err != nil {
		return fmt.Errorf("read rows: %w", err)
	}
	return nil
}

// Err returns the error that ended the stream, if any.
func (r *Rows) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.readErr()
}

// Close ends the query and releases the locks it took; the snapshot stays
// open for the next one. A failure to release is kept for Err: the
// transaction is then unusable, and the next read says so too.
func (r *Rows) Close() {
	if r.il != nil {
		// First: the write order reads the query on its own goroutine
		// until it is closed.
		if err := r.il.Close(); err != nil && r.err == nil {
			r.err = fmt.Errorf("remove spill files: %w", err)
		}
		r.il = nil
	}
	r.rows.Close()
	if r.ranges != nil {
		if err := r.ranges.close(); err != nil && r.err == nil {
			r.err = err
		}
		r.ranges = nil
	}
	if r.end != nil {
		if err := r.end(); err != nil && r.err == nil {
			r.err = err
		}
		r.end = nil
	}
}

// CommandTag is the server's tag of a finished stream ("SELECT n").
func (r *Rows) CommandTag() pgconn.CommandTag { return r.rows.CommandTag() }

// CountDropped returns the number of rows of t's source table that a load
// drops as repeats of an identical row: those that t's keep-one
// duplicates choice sends to the rejects file (0 under any other choice).
func CountDropped(ctx context.Context, s *Snapshot, t plans.Table) (int64, error) {
	if t.Duplicates == nil || t.Duplicates.Action != plans.DuplicatesKeepOne {
		return 0, nil
	}
	from, err := SourceIdent(t.Source)
	if err != nil {
		return 0, err
	}
	pk, sk, err := KeySQL(t)
	if err != nil {
		return 0, err
	}
	skType := "S"
	if sk == "" {
		sk = "NULL::text"
	} else {
		skType = t.SortKey.Type
	}
	rows, err := keyedRows(t, from, byteOrder(pk, t.PartitionKey.Type), byteOrder(sk, skType))
	if err != nil {
		return 0, err
	}
	var n int64
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT count(*) FROM "+rows+" k WHERE problem = $1", plans.DuplicateReason).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("count repeated rows of %s: %w", t.Source, err)
	}
	return n, nil
}

// Count returns the number of rows of t's source table in the snapshot.
func Count(ctx context.Context, s *Snapshot, t plans.Table) (int64, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return 0, err
	}
	var n int64
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT count(*) FROM "+from).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("count %s: %w", t.Source, err)
	}
	return n, nil
}
