package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// ProfileOptions tunes ProfileTables.
type ProfileOptions struct {
	// ExactRowsThreshold is the planner's row estimate (reltuples) above
	// which a table is profiled from a TABLESAMPLE SYSTEM sample of about
	// that many rows instead of every row; its counts are then scaled and
	// flagged as estimates. 0 means DefaultExactRowsThreshold.
	ExactRowsThreshold int64
	// ForceExact reads every row of every table whatever its size.
	ForceExact bool
	// TopN is how many most frequent values to keep per column; 0 means 10.
	TopN int
	// Progress, when set, is called as each table starts, with the number
	// of tables done so far and the total, and once more at the end with an
	// empty table name and done == total.
	Progress func(table string, done, total int)
}

// DefaultExactRowsThreshold is the row estimate above which tables are
// sampled unless ProfileOptions.ForceExact is set.
const DefaultExactRowsThreshold = 5_000_000

const (
	defaultTopN = 10
	// exactDistinctLimit and exactDistinctBytes bound the values a column
	// counts exactly (every table of the sample datasets stays within them);
	// past either, the column switches to a HyperLogLog sketch for its
	// distinct count and a Space-Saving summary for its top values.
	exactDistinctLimit = 200_000
	exactDistinctBytes = 16 << 20
	// spaceSavingCounters is the size of the top-value summary: any value
	// held by more than 1/1024 of the rows is kept.
	spaceSavingCounters = 1024
	// maxRenderedValue caps the bytes of a value shown in TopValues, Min and
	// Max (a long text or a bytea would otherwise bloat the profile).
	maxRenderedValue = 256
)

const (
	// profileSettings make the text form of values stable and orderable
	// for the profile pass: ISO dates, timestamps with time zone in UTC,
	// the shortest exact float text. They are scoped to a savepoint.
	profileSettings = `SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; ` +
		`SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 1; SET LOCAL bytea_output = 'hex'`

	// tableSizeQuery sums the planner's row estimate and the on-disk size
	// (heap, TOAST and indexes) over a relation and its partitions. A leaf
	// never analyzed (reltuples < 0) makes the estimate unknown (-1).
	tableSizeQuery = `
WITH rels AS (
    SELECT relid FROM pg_partition_tree($1::regclass)
    UNION
    SELECT $1::regclass
)
SELECT CASE WHEN bool_or(c.reltuples < 0 AND c.relkind <> 'p') THEN -1
            ELSE coalesce(sum(c.reltuples) FILTER (WHERE c.relkind <> 'p'), 0) END::float8,
       coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint
FROM rels JOIN pg_class c ON c.oid = rels.relid`

	// singleKeysQuery lists the single-column primary keys of every table
	// of the database, whatever Inspect's filters kept: a column named after
	// one of them refers to that table (see impliedReference).
	singleKeysQuery = `
SELECT n.nspname, c.relname, a.attname
FROM pg_index i
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
WHERE i.indisprimary AND i.indnkeyatts = 1 AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_toast%'
ORDER BY 1, 2`

	// correlationQuery reads the planner's statistics of physical vs
	// logical order; a partitioned table's are the inherited ones.
	correlationQuery = `
SELECT attname::text, correlation::float8 FROM pg_stats
WHERE schemaname = $1 AND tablename = $2 AND inherited = $3 AND correlation IS NOT NULL`
)

// ProfileTables reads the data of every migratable table of schema (ordinary
// and partitioned tables; views and materialized views are not profiled: they
// are not migrated by default and may be expensive to evaluate) in one pass
// per table over the snapshot: rows, sizes, and per column nulls, distinct
// values, most frequent values, min/max, widths and sequence-style
// classification.
//
// A table the role cannot read gets TableProfile.Error and the others are
// still profiled: each table is read inside a savepoint, so an error does not
// end the snapshot's transaction.
func ProfileTables(ctx context.Context, s *Snapshot, schema *catalog.Schema, opts ProfileOptions) (*catalog.Profile, error) {
	if opts.ExactRowsThreshold <= 0 {
		opts.ExactRowsThreshold = DefaultExactRowsThreshold
	}
	if opts.TopN <= 0 {
		opts.TopN = defaultTopN
	}
	var tables []*catalog.Table
	for i := range schema.Tables {
		if schema.Tables[i].Migratable {
			tables = append(tables, &schema.Tables[i])
		}
	}
	keys, err := singleColumnKeys(ctx, s)
	if err != nil {
		return nil, err
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{}}
	for i, t := range tables {
		if opts.Progress != nil {
			opts.Progress(t.QualifiedName(), i, len(tables))
		}
		tp, err := profileTable(ctx, s, keys, t, opts)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("profile %s: %w", t.QualifiedName(), ctx.Err())
			}
			tp = catalog.TableProfile{Schema: t.Schema, Name: t.Name, Columns: []catalog.ColumnProfile{},
				Error: fmt.Sprintf("profile %s: %v", t.QualifiedName(), err)}
		}
		p.Tables = append(p.Tables, tp)
	}
	if opts.Progress != nil {
		opts.Progress("", len(tables), len(tables))
	}
	return p, nil
}

func profileTable(ctx context.Context, s *Snapshot, keys []tableKey, t *catalog.Table, opts ProfileOptions) (catalog.TableProfile, error) {
	tp := catalog.TableProfile{Schema: t.Schema, Name: t.Name, Columns: []catalog.ColumnProfile{}}
	var ps *pass
	rel := pgx.Identifier{t.Schema, t.Name}.Sanitize()
	err := s.scoped(ctx, profileSettings, func(tx pgx.Tx) error {
		var estimate float64
		if err := tx.QueryRow(ctx, tableSizeQuery, rel).Scan(&estimate, &tp.TotalBytes); err != nil {
			return fmt.Errorf("read size: %w", err)
		}
		corr, err := correlations(ctx, tx, t)
		if err != nil {
			return err
		}
		sample := 0.0
		if !opts.ForceExact && estimate > float64(opts.ExactRowsThreshold) {
			sample = 100 * float64(opts.ExactRowsThreshold) / estimate
		}
		pass, err := readTable(ctx, tx, t, sample)
		if err != nil {
			return err
		}
		ps = pass
		tp.Rows = pass.rows
		scale := 1.0
		if sample > 0 {
			tp.SampledRows = pass.rows
			tp.Rows = int64(math.Round(estimate))
			tp.RowsEstimated = true
			if pass.rows > 0 {
				scale = estimate / float64(pass.rows)
			}
		}
		if pass.rows > 0 {
			tp.AvgRowBytes = float64(pass.rowBytes) / float64(pass.rows)
		}
		if n := pass.oversize.Load(); n > 0 {
			tp.OversizeRows = int64(math.Round(float64(n) * scale))
			tp.OversizeMinBytes = pass.oversizeMin.Load()
			for i, c := range pass.cols {
				if c.sized != bytesNone {
					tp.OversizeColumns = append(tp.OversizeColumns, catalog.SizedColumn{Name: t.Columns[i].Name, MaxBytes: c.maxSize})
				}
			}
		}
		for i := range t.Columns {
			cp := pass.cols[i].profile(opts.TopN, scale, sample > 0)
			if c, ok := corr[t.Columns[i].Name]; ok {
				cp.Correlation = &c
			}
			tp.Columns = append(tp.Columns, cp)
		}
		return nil
	})
	if err != nil {
		return tp, err
	}
	for i := range t.Columns {
		tp.Columns[i].Sequence = classifySequence(keys, t, &t.Columns[i], &tp, &tp.Columns[i], ps.cols[i])
	}
	return tp, nil
}

// tableKey is the single-column primary key of a table.
type tableKey struct{ schema, table, column string }

func singleColumnKeys(ctx context.Context, s *Snapshot) ([]tableKey, error) {
	var keys []tableKey
	err := s.scoped(ctx, "", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, singleKeysQuery)
		if err != nil {
			return err
		}
		keys, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (tableKey, error) {
			var k tableKey
			return k, r.Scan(&k.schema, &k.table, &k.column)
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read primary keys: %w", err)
	}
	return keys, nil
}

func correlations(ctx context.Context, tx pgx.Tx, t *catalog.Table) (map[string]float64, error) {
	rows, err := tx.Query(ctx, correlationQuery, t.Schema, t.Name, t.Kind == catalog.KindPartitioned)
	if err != nil {
		return nil, fmt.Errorf("read statistics: %w", err)
	}
	defer rows.Close()
	out := make(map[string]float64)
	for rows.Next() {
		var (
			name string
			c    float64
		)
		if err := rows.Scan(&name, &c); err != nil {
			return nil, fmt.Errorf("read statistics: %w", err)
		}
		out[name] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read statistics: %w", err)
	}
	return out, nil
}

// pass is what one read of a table gathered.
type pass struct {
	rows, rowBytes int64
	cols           []*columnStats
	// oversize counts the rows whose lower bound of the item size is over
	// DynamoDB's limit; oversizeMin is the least of their bounds.
	oversize, oversizeMin atomic.Int64
}

// readTable streams the table once with COPY … TO STDOUT in text form and
// feeds every value of every column to that column's statistics. The text
// form is what the profile reports (top values, min/max, widths), and it is
// cheaper to produce than decoding each type on the client. sample > 0 reads
// a TABLESAMPLE SYSTEM of that percentage.
func readTable(ctx context.Context, tx pgx.Tx, t *catalog.Table, sample float64) (*pass, error) {
	p := &pass{}
	cols := make([]string, len(t.Columns))
	for i := range t.Columns {
		cols[i] = pgx.Identifier{t.Columns[i].Name}.Sanitize()
		p.cols = append(p.cols, newColumnStats(&t.Columns[i]))
	}
	from := "ONLY " + pgx.Identifier{t.Schema, t.Name}.Sanitize()
	if t.Kind == catalog.KindPartitioned {
		from = pgx.Identifier{t.Schema, t.Name}.Sanitize()
	}
	if sample > 0 {
		from += " TABLESAMPLE SYSTEM (" + strconv.FormatFloat(sample, 'f', 6, 64) + ")"
	}
	sql := "COPY (SELECT " + strings.Join(cols, ", ") + " FROM " + from + ") TO STDOUT"
	w := newCopyParser(p)
	_, err := tx.Conn().PgConn().CopyTo(ctx, w, sql)
	werr := w.finish()
	if err != nil {
		return nil, fmt.Errorf("read rows: %w", err)
	}
	if werr != nil {
		return nil, fmt.Errorf("read rows: %w", werr)
	}
	for _, c := range p.cols {
		p.rowBytes += c.widthSum
	}
	return p, nil
}

// batchBytes is the size of the row batches handed to the column workers:
// large enough that the hand-over costs nothing per row, small enough to
// stay in cache.
const batchBytes = 256 << 10

// copyParser splits COPY text output into rows and fields on the reading
// goroutine and hands batches of rows to workers that each own some of the
// columns, so statistics are computed on other cores while the next rows
// arrive. The server sends a row per message in practice, but the protocol
// does not promise it, so a partial row is kept until its end arrives.
type copyParser struct {
	pass    *pass
	ncols   int
	rest    []byte
	cur     *batch
	free    chan *batch
	workers []chan *batch
	done    sync.WaitGroup
	err     error
}

// batch is rows of COPY text, kept verbatim, with the end offset of every
// field: field k of a row starts one byte after field k-1 ends (the tab),
// and a row starts one byte after the previous row's last field (the
// newline).
type batch struct {
	data    []byte
	ends    []int32
	rows    int
	pending atomic.Int32
	// itemBytes is, per row, the lower bound of its item's size, summed
	// by the workers over their columns.
	itemBytes []int64
}

// tallyOversize counts the rows of b, whose every column is fed, over
// DynamoDB's item size.
func (b *batch) tallyOversize(p *pass) {
	n, least := int64(0), int64(math.MaxInt64)
	for _, s := range b.itemBytes[:b.rows] {
		if s > codec.MaxItemBytes {
			n++
			least = min(least, s)
		}
	}
	if n == 0 {
		return
	}
	p.oversize.Add(n)
	for {
		cur := p.oversizeMin.Load()
		if cur != 0 && cur <= least || p.oversizeMin.CompareAndSwap(cur, least) {
			return
		}
	}
}

func newCopyParser(p *pass) *copyParser {
	w := &copyParser{pass: p, ncols: len(p.cols), free: make(chan *batch, 8)}
	nw := min(runtime.GOMAXPROCS(0), len(p.cols), 4)
	for k := 0; k < nw; k++ {
		ch := make(chan *batch, 4)
		w.workers = append(w.workers, ch)
		var mine []int
		for i := k; i < len(p.cols); i += nw {
			mine = append(mine, i)
		}
		w.done.Add(1)
		go func() {
			defer w.done.Done()
			var scratch []byte
			for b := range ch {
				scratch = b.feed(p.cols, mine, scratch)
				if b.pending.Add(-1) == 0 {
					b.tallyOversize(p)
					select {
					case w.free <- b:
					default:
					}
				}
			}
		}()
	}
	w.cur = w.newBatch()
	return w
}

func (w *copyParser) newBatch() *batch {
	select {
	case b := <-w.free:
		b.data, b.ends, b.rows = b.data[:0], b.ends[:0], 0
		return b
	default:
		return &batch{data: make([]byte, 0, batchBytes+batchBytes/4)}
	}
}

func (w *copyParser) Write(b []byte) (int, error) {
	n := len(b)
	if w.err != nil {
		return n, nil
	}
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			w.rest = append(w.rest, b...)
			break
		}
		if len(w.rest) > 0 {
			w.rest = append(w.rest, b[:i]...)
			w.row(w.rest)
			w.rest = w.rest[:0]
		} else {
			w.row(b[:i])
		}
		b = b[i+1:]
	}
	return n, nil
}

func (w *copyParser) row(line []byte) {
	if w.err != nil {
		return
	}
	w.pass.rows++
	if w.ncols == 0 {
		return
	}
	b := w.cur
	base := int32(len(b.data))
	b.data = append(b.data, line...)
	b.data = append(b.data, '\n')
	fields := 1
	for off := 0; ; {
		j := bytes.IndexByte(line[off:], '\t')
		if j < 0 {
			break
		}
		b.ends = append(b.ends, base+int32(off+j))
		off += j + 1
		fields++
	}
	b.ends = append(b.ends, base+int32(len(line)))
	if fields != w.ncols {
		w.err = fmt.Errorf("row %d has %d fields, want %d", w.pass.rows, fields, w.ncols)
		return
	}
	b.rows++
	if len(b.data) >= batchBytes {
		w.dispatch()
	}
}

func (w *copyParser) dispatch() {
	b := w.cur
	if b.rows == 0 {
		return
	}
	b.itemBytes = slices.Grow(b.itemBytes[:0], b.rows)[:b.rows]
	clear(b.itemBytes)
	b.pending.Store(int32(len(w.workers)))
	for _, ch := range w.workers {
		ch <- b
	}
	w.cur = w.newBatch()
}

// finish hands over the last rows, waits for the workers and reports a
// malformed stream.
func (w *copyParser) finish() error {
	if w.err == nil {
		w.dispatch()
	}
	for _, ch := range w.workers {
		close(ch)
	}
	w.done.Wait()
	if w.err == nil && len(w.rest) > 0 {
		w.err = fmt.Errorf("unterminated last row")
	}
	return w.err
}

// feed adds the values of the columns mine of every row of b to their
// statistics.
func (b *batch) feed(cols []*columnStats, mine []int, scratch []byte) []byte {
	n := len(cols)
	start := int32(0)
	for r := 0; r < b.rows; r++ {
		ends := b.ends[r*n : (r+1)*n]
		size := int64(0)
		for _, k := range mine {
			s := start
			if k > 0 {
				s = ends[k-1] + 1
			}
			f := b.data[s:ends[k]]
			c := cols[k]
			if len(f) == 2 && f[0] == '\\' && f[1] == 'N' {
				c.nulls++
				continue
			}
			if bytes.IndexByte(f, '\\') >= 0 {
				scratch = unescapeCopy(scratch[:0], f)
				f = scratch
			}
			size += c.add(f)
		}
		if size > 0 {
			atomic.AddInt64(&b.itemBytes[r], size)
		}
		start = ends[n-1] + 1
	}
	return scratch
}

// unescapeCopy decodes the backslash escapes of COPY's text format.
func unescapeCopy(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\\' || i+1 == len(src) {
			dst = append(dst, c)
			continue
		}
		i++
		switch c = src[i]; c {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'v':
			dst = append(dst, '\v')
		case 'x':
			v, n := 0, 0
			for n < 2 && i+1 < len(src) && isHex(src[i+1]) {
				i++
				v = v*16 + hexVal(src[i])
				n++
			}
			if n == 0 {
				dst = append(dst, 'x')
			} else {
				dst = append(dst, byte(v))
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(c - '0')
			for n := 1; n < 3 && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '7'; n++ {
				i++
				v = v*8 + int(src[i]-'0')
			}
			dst = append(dst, byte(v))
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	default:
		return int(c-'A') + 10
	}
}

// valueOrder is how a column's text values compare for min/max.
type valueOrder int

const (
	orderNone    valueOrder = iota // not ordered meaningfully (arrays, json, bytea, interval…)
	orderDecimal                   // integers and numeric: compared as decimal numbers
	orderFloat                     // real, double precision
	orderBytes                     // text, dates and timestamps in ISO/UTC, uuid, boolean: byte order
	orderEnum                      // enum: by the label's sort order
)

func orderOf(c *catalog.Column) valueOrder {
	switch c.Codec().Kind {
	case codec.Int2, codec.Int4, codec.Int8, codec.Numeric, codec.OID:
		return orderDecimal
	case codec.Float4, codec.Float8:
		return orderFloat
	case codec.UUID, codec.Bool:
		return orderBytes
	}
	switch c.Category {
	case "S", "D":
		return orderBytes
	case "E":
		return orderEnum
	}
	return orderNone
}

// columnStats accumulates one column's statistics during a pass.
type columnStats struct {
	col              *catalog.Column
	order            valueOrder
	enumRank         map[string]int
	nulls, nonNull   int64
	widthSum         int64
	widthMax         int
	min, max         []byte
	hasMinMax        bool
	exact            *valueCounts // nil once the column spilled to sketches
	sketch           *hll
	top              *spaceSaving
	allULID, allUUID bool
	uuidVersions     [16]int64
	// unpad is set for character(n): PostgreSQL pads its values with
	// spaces, a load writes them without, so they are counted, shown and
	// sized as they will be written.
	unpad bool
	// number: the column's values are checked against DynamoDB's number
	// range (numeric, real, double precision); emptyText is the text form
	// of an empty value that a key refuses ("" for strings, `\x` for
	// bytea), when the column can hold one.
	number                      bool
	emptyText                   string
	canBeEmpty                  bool
	specials, outOfRange, empty int64
	// sized says how the column's values count toward the lower bound of
	// a row's item size (catalog.TableProfile.OversizeRows); maxSize is
	// the most one value added.
	sized   itemBytes
	maxSize int64
}

// itemBytes is how a column's text value counts toward a lower bound of
// the item a load writes: a string's text is written as it is (character(n)
// without its padding), bytea's `\x` hex as half its digits; other types
// count nothing (their encoded size can be below their text's: a number,
// a JSON document). Generated columns and types the design does not write
// count nothing either.
type itemBytes int

const (
	bytesNone itemBytes = iota
	bytesText
	bytesHex
)

// itemBytesOf is how c's values count toward an item's size.
func itemBytesOf(c *catalog.Column) itemBytes {
	if c.Generated != "" {
		return bytesNone
	}
	r := codec.Attribute(c.Codec(), 0)
	switch {
	case r.Exclude != "":
		return bytesNone
	case c.Category == "S" && r.Type == "S" && r.Encoding == plans.AttrString:
		return bytesText
	case c.Codec().Kind == codec.Bytea && r.Encoding == plans.AttrBinary:
		return bytesHex
	}
	return bytesNone
}

func newColumnStats(c *catalog.Column) *columnStats {
	cs := &columnStats{col: c, order: orderOf(c), exact: newValueCounts(), allULID: c.Category == "S", allUUID: c.Codec().Kind == codec.UUID || c.Category == "S",
		unpad: c.Codec().Kind == codec.Char, sized: itemBytesOf(c)}
	switch c.Codec().Kind {
	case codec.Numeric, codec.Float4, codec.Float8:
		cs.number = true
	case codec.Bytea:
		cs.canBeEmpty, cs.emptyText = true, `\x`
	}
	if c.Category == "S" {
		cs.canBeEmpty = true
	}
	if cs.order == orderEnum {
		cs.enumRank = make(map[string]int, len(c.Enum))
		for i, l := range c.Enum {
			cs.enumRank[l] = i
		}
	}
	return cs
}

// add counts the value v (COPY text, unescaped) and returns what it adds
// to the lower bound of its row's item size.
func (c *columnStats) add(v []byte) int64 {
	if c.unpad {
		v = bytes.TrimRight(v, " ")
	}
	var size int64
	switch c.sized {
	case bytesText:
		size = int64(len(v))
	case bytesHex:
		size = int64(max(len(v)-2, 0) / 2)
	}
	c.maxSize = max(c.maxSize, size)
	c.nonNull++
	c.widthSum += int64(len(v))
	if c.number {
		// NumberSize builds its error only on failure, so a value in
		// range costs one scan of its digits.
		if _, err := codec.NumberSize(v); err != nil {
			if errors.Is(err, codec.ErrSpecial) {
				c.specials++
			} else {
				c.outOfRange++
			}
		}
	} else if c.canBeEmpty && string(v) == c.emptyText {
		c.empty++
	}
	if len(v) > c.widthMax {
		c.widthMax = len(v)
	}
	h := hash64(v)
	if e := c.exact; e != nil {
		if i, ok := e.index[h]; ok {
			e.counts[i]++
		} else if len(e.counts) < exactDistinctLimit && len(e.arena)+len(v) <= exactDistinctBytes {
			e.index[h] = uint32(len(e.counts))
			e.arena = append(e.arena, v...)
			e.ends = append(e.ends, uint32(len(e.arena)))
			e.counts = append(e.counts, 1)
		} else {
			c.spill()
			c.sketch.add(h)
			c.top.add(h, v, 1)
		}
	} else {
		c.sketch.add(h)
		c.top.add(h, v, 1)
	}
	if c.order != orderNone {
		if !c.hasMinMax {
			c.min, c.max, c.hasMinMax = append(c.min[:0], v...), append(c.max[:0], v...), true
		} else if c.compare(v, c.min) < 0 {
			c.min = append(c.min[:0], v...)
		} else if c.compare(v, c.max) > 0 {
			c.max = append(c.max[:0], v...)
		}
	}
	if c.allULID && !isULID(v) {
		c.allULID = false
	}
	if c.allUUID {
		// uuid columns, and text columns holding uuids in their canonical
		// form (application-made ids stored as text).
		if len(v) == 36 && v[8] == '-' && v[13] == '-' && v[18] == '-' && v[23] == '-' && isHex(v[14]) {
			c.uuidVersions[hexVal(v[14])]++
		} else {
			c.allUUID = false
		}
	}
	return size
}

// spill moves the column from exact counting to sketches: every value seen
// goes into the HyperLogLog, the most frequent ones seed the Space-Saving
// summary with their exact counts so far.
func (c *columnStats) spill() {
	e := c.exact
	c.sketch = &hll{}
	for h := range e.index {
		c.sketch.add(h)
	}
	c.top = newSpaceSaving(spaceSavingCounters)
	// The seeds are the counts at or above the spaceSavingCounters-th
	// highest; what is left out counted less than every seed.
	threshold := int64(0)
	if len(e.counts) > spaceSavingCounters {
		sorted := slices.Clone(e.counts)
		slices.Sort(sorted)
		threshold = sorted[len(sorted)-spaceSavingCounters]
	}
	for i, n := range e.counts {
		if n >= threshold && len(c.top.slots) < spaceSavingCounters {
			v := e.value(i)
			c.top.add(hash64(v), v, n)
		}
	}
	c.exact = nil
}

func (c *columnStats) compare(a, b []byte) int {
	switch c.order {
	case orderDecimal:
		return compareDecimal(a, b)
	case orderFloat:
		x, _ := strconv.ParseFloat(string(a), 64)
		y, _ := strconv.ParseFloat(string(b), 64)
		switch {
		case math.IsNaN(x) || math.IsNaN(y): // PostgreSQL sorts NaN above every number
			return boolCmp(math.IsNaN(x), math.IsNaN(y))
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case orderEnum:
		return c.enumRank[string(a)] - c.enumRank[string(b)]
	}
	return bytes.Compare(a, b)
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// compareDecimal orders the text of integers and numerics ("-12.50",
// "NaN", "Infinity") numerically without parsing them into a fixed-width
// type, so numeric(38) values compare exactly.
func compareDecimal(a, b []byte) int {
	ra, rb := decimalRank(a), decimalRank(b)
	if ra != rb || ra != 0 {
		return ra - rb
	}
	na, nb := len(a) > 0 && a[0] == '-', len(b) > 0 && b[0] == '-'
	if na != nb {
		return boolCmp(nb, na)
	}
	if na {
		return -compareAbs(a[1:], b[1:])
	}
	return compareAbs(a, b)
}

// decimalRank puts the special values around the finite ones:
// -Infinity < finite < Infinity < NaN.
func decimalRank(s []byte) int {
	if len(s) == 0 || s[0] >= '0' && s[0] <= '9' || s[0] == '-' && len(s) > 1 && s[1] != 'I' {
		return 0
	}
	switch string(s) {
	case "-Infinity":
		return -1
	case "Infinity":
		return 1
	case "NaN":
		return 2
	}
	return 0
}

func compareAbs(a, b []byte) int {
	ia, fa := cutByte(a, '.')
	ib, fb := cutByte(b, '.')
	ia, ib = bytes.TrimLeft(ia, "0"), bytes.TrimLeft(ib, "0")
	if len(ia) != len(ib) {
		if len(ia) < len(ib) {
			return -1
		}
		return 1
	}
	if c := bytes.Compare(ia, ib); c != 0 {
		return c
	}
	return bytes.Compare(bytes.TrimRight(fa, "0"), bytes.TrimRight(fb, "0"))
}

func cutByte(s []byte, sep byte) (before, after []byte) {
	if i := bytes.IndexByte(s, sep); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, nil
}

// isULID reports whether v is 26 characters of Crockford base32 whose first
// character keeps the 48-bit timestamp in range.
func isULID(v []byte) bool {
	if len(v) != 26 || v[0] > '7' {
		return false
	}
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
		case c >= 'A' && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U':
		default:
			return false
		}
	}
	return true
}

// profile turns the pass's statistics into the column's profile. scale > 1
// extrapolates counts of a sample to the table.
func (c *columnStats) profile(topN int, scale float64, sampled bool) catalog.ColumnProfile {
	cp := catalog.ColumnProfile{Name: c.col.Name}
	rows := c.nulls + c.nonNull
	cp.Nulls = int64(math.Round(float64(c.nulls) * scale))
	if rows > 0 {
		cp.NullFraction = float64(c.nulls) / float64(rows)
	}
	if c.nonNull > 0 {
		cp.AvgWidth = float64(c.widthSum) / float64(c.nonNull)
	}
	cp.MaxWidth = c.widthMax
	scaled := func(n int64) int64 { return int64(math.Round(float64(n) * scale)) }
	cp.Specials, cp.OutOfRange, cp.Empty = scaled(c.specials), scaled(c.outOfRange), scaled(c.empty)
	if c.hasMinMax {
		cp.Min, cp.Max = render(string(c.min)), render(string(c.max))
	}
	var top []ssCounter
	if c.exact != nil {
		cp.Distinct = int64(c.exact.len())
		top = c.exact.top(topN)
	} else {
		cp.Distinct = min(int64(math.Round(c.sketch.estimate())), c.nonNull)
		cp.DistinctEstimated = true
		// A counter's count minus its possible overcount is a count the
		// value certainly has; rank by that, so a unique column's summary
		// does not show inflated counts.
		all := c.top.counters()
		for i := range all {
			all[i].count -= all[i].err
		}
		sortCounters(all)
		if len(all) > topN {
			all = all[:topN]
		}
		floor := c.top.minCount()
		for _, e := range all {
			if e.err > 0 || e.count <= floor {
				cp.TopValuesEstimated = true
			}
		}
		top = all
	}
	if sampled {
		cp.DistinctEstimated = true
		cp.TopValuesEstimated = true
		// A column nearly unique in the sample is taken to be nearly unique
		// in the table; one with few values has likely shown them all.
		if float64(cp.Distinct) >= 0.9*float64(c.nonNull) {
			cp.Distinct = int64(math.Round(float64(cp.Distinct) * scale))
		}
	}
	for _, e := range top {
		cp.TopValues = append(cp.TopValues, catalog.ValueCount{Value: render(e.value), Count: int64(math.Round(float64(e.count) * scale))})
	}
	if len(top) > 0 && c.nonNull > 0 {
		cp.TopShare = float64(top[0].count) / float64(c.nonNull)
	}
	return cp
}

// render caps a value's text at maxRenderedValue bytes, on a character
// boundary, marking the cut with "…".
func render(v string) string {
	if len(v) <= maxRenderedValue {
		return v
	}
	cut := maxRenderedValue
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return v[:cut] + "…"
}
