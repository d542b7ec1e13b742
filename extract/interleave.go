package extract

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The interleave is computed in pg2ddb, not on the source: the source is
// read with one plain SELECT in physical order (no ORDER BY, no window
// function, so no sort and no temporary files on the server), and the
// rows are re-emitted in rounds by arrival:
//
//   - round r holds the r-th row, in read order, of every partition key
//     (after sharding) with at least r rows; inside a round keys come in
//     the order their r-th row was read. DynamoDB places items by a hash of
//     the partition key, so which of one key's items goes first does not
//     change the spread (the server-side order took them in sort-key
//     order), and the read order of distinct keys is unrelated to that hash
//     (the server-side order had to salt its md5(pk) order for that reason;
//     arrival order needs no salt).
//   - Round 1 is emitted while the scan runs, so the first write comes
//     with the first rows. Rows of rounds 2..spillRounds+1 go to one spill
//     file per round, later rounds to a tail file that is processed again
//     the same way once the files before it are drained (in memory when it
//     is small). Spill files are unlinked as soon as they are created.
//   - Memory: one map entry per distinct partition key, a 64-bit hash of
//     the key → its row count so far (about 20–40 bytes per key in a Go
//     map). Two keys sharing a hash would share one count: their rows still
//     never meet twice in one round, so the order stays valid.
//
// Key collisions (two rows with one (pk, sk)) are rejected, every copy,
// as before: a write never silently overwrites another row's item. When a
// primary key, unique constraint or unique index of the source (found in
// the snapshot when the read starts) has all its columns among the key's
// parts, no collision can exist and every row gets Copies 1. Otherwise the
// interleave counts every (pk, sk) under a 128-bit hash (16 bytes a row in
// memory up to collisionMemory rows, then in bucket files: see
// collisionCount) and holds round 1 back in a spill file too, so that every
// row's Copies is known before any row is emitted: the first write then
// comes after one plain scan of the table rather than during it.
//
// Whole-row duplicates (the plan's duplicates choice) are numbered by
// arrival under a 128-bit hash of the whole row: the n-th identical row
// gets occurrence n, as the server-side row_number() did (identical rows
// are interchangeable, so which one is first changes nothing).
//
// The order is deterministic within one snapshot: the scan runs with
// synchronize_seqscans off and without parallel workers, so a snapshot's
// heap is read in the same order every time. A resume reads a new snapshot;
// if rows moved in the heap since (VACUUM FULL, CLUSTER, an UPDATE), the
// claimed chunks' hashes differ and the resume is refused, naming the rows.

// interleaveVersion names the client-side algorithm in the stream SQL, so
// a checkpoint made by another algorithm is refused (its stream
// fingerprint differs).
const interleaveVersion = "pg2ddb interleave v3: rounds by arrival, spill, bare columns"

// spillRounds is the number of per-round spill files of one pass; rounds
// beyond go to the tail file. memTail is the size under which a tail is
// ordered in memory instead of by another pass.
var (
	spillRounds       = 64
	memTail     int64 = 16 << 20
)

// SpillDir is where interleave spill files go ("" = os.TempDir()).
var SpillDir = ""

// record is one row as the interleave keeps it: its round and its fields.
type record struct {
	round   uint32
	pk, sk  []byte
	problem string
	values  [][]byte
}

// interleaver turns a plain stream into rounds; see above.
type interleaver struct {
	t    plans.Table
	hold bool // collisions possible: count (pk, sk) and emit nothing before the scan ends
	// arrival puts every row in round 1 (OrderArrival): no per-key counts,
	// no round files.
	arrival bool
	dups    string
	seed    maphash.Seed
	rounds  map[uint64]uint32
	// count counts every (pk, sk) under hold; keys then holds the
	// repeated ones, with their counts.
	count  *collisionCount
	keys   map[[16]byte]uint32
	wholes map[[16]byte]uint32
	hbuf   []byte

	// src is the raw stream, nil once read; files[k] holds round k+1 (k
	// ≥ 1, or from 0 under hold), tail the rounds after them; then segs
	// are emitted in order. roundBytes counts the spilled bytes of each
	// round, for splitting segments.
	src        func() (record, bool, error)
	files      []*spillWriter
	tail       *spillWriter
	segs       []segment
	drain      int          // the next of files to emit
	reading    *spillReader // the file or segment being emitted
	roundBytes []int64
	maxRound   uint32
	mem        []byte     // an in-memory tail being emitted: its records…
	memIdx     []memEntry // …in emission order
	memAt      int
	memVals    [][]byte
	pos        int64
	scanned    int64 // source rows read
	cur        record
}

// arrival puts every row in round 1: rows come in read order (OrderArrival).
func newInterleaver(t plans.Table, src func() (record, bool, error), hold, arrival bool) (*interleaver, error) {
	il := &interleaver{t: t, hold: hold, arrival: arrival, seed: maphash.MakeSeed(), rounds: map[uint64]uint32{}, src: src, pos: -1}
	if t.Duplicates != nil {
		il.dups = t.Duplicates.Action
		il.wholes = map[[16]byte]uint32{}
	}
	if hold {
		il.count = &collisionCount{}
	}
	il.files = make([]*spillWriter, spillRounds)
	return il, nil
}

// keyText is a key as DynamoDB compares it: numbers by value.
func keyText(v []byte, typ string) []byte {
	if v != nil && typ == "N" {
		return []byte(codec.CanonicalNumber(string(v)))
	}
	return v
}

// appendField appends v length-prefixed, NULL told apart from empty.
func appendField(b, v []byte) []byte {
	if v == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(v))+1)
	return append(b, v...)
}

func (il *interleaver) skType() string {
	if il.t.SortKey != nil {
		return il.t.SortKey.Type
	}
	return "S"
}

// keyHash is the 128-bit hash of a row's (pk, sk) as DynamoDB compares them.
func (il *interleaver) keyHash(pk, sk []byte) [16]byte {
	b := appendField(il.hbuf[:0], keyText(pk, il.t.PartitionKey.Type))
	b = appendField(b, keyText(sk, il.skType()))
	il.hbuf = b
	s := sha256.Sum256(b)
	return [16]byte(s[:16])
}

// scanRow applies the duplicates choice to a raw row and gives it its round.
func (il *interleaver) scanRow(rec record) (record, error) {
	if il.dups != "" {
		b := appendField(il.hbuf[:0], rec.pk)
		b = appendField(b, rec.sk)
		b = appendField(b, []byte(rec.problem))
		for _, v := range rec.values {
			b = appendField(b, v)
		}
		il.hbuf = b
		sum := sha256.Sum256(b)
		h := [16]byte(sum[:16])
		occ := il.wholes[h] + 1
		il.wholes[h] = occ
		if occ > 1 {
			switch il.dups {
			case plans.DuplicatesNumber:
				suffix := plans.Separator + strconv.Itoa(int(occ))
				if il.t.SortKey != nil {
					if rec.sk != nil {
						rec.sk = append(append([]byte(nil), rec.sk...), suffix...)
					}
				} else if rec.pk != nil {
					rec.pk = append(append([]byte(nil), rec.pk...), suffix...)
				}
			case plans.DuplicatesKeepOne:
				if rec.problem == "" {
					rec.problem = plans.DuplicateReason
				}
			}
		}
	}
	if il.hold && rec.problem != plans.DuplicateReason {
		// A copy that keep-one drops is not one of its key's copies.
		if err := il.count.add(il.keyHash(rec.pk, rec.sk)); err != nil {
			return rec, fmt.Errorf("interleave %s: %w", il.t.Source, err)
		}
	}
	if il.arrival {
		rec.round = 1
		return rec, nil
	}
	var h uint64
	if rec.pk == nil {
		h = maphash.String(il.seed, "\x00null")
	} else {
		h = maphash.Bytes(il.seed, keyText(rec.pk, il.t.PartitionKey.Type))
	}
	n := il.rounds[h] + 1
	il.rounds[h] = n
	rec.round = n
	return rec, nil
}

// next advances to the next row of the interleave.
func (il *interleaver) next() (bool, error) {
	for {
		switch {
		case il.mem != nil:
			if il.memAt < len(il.memIdx) {
				e := il.memIdx[il.memAt]
				il.memAt++
				rec, vals, err := decodeRecord(il.mem[e.off:e.end], il.memVals)
				if err != nil {
					return false, err
				}
				il.memVals = vals
				il.emit(rec)
				return true, nil
			}
			il.mem, il.memIdx = nil, nil
		case il.src != nil:
			rec, ok, err := il.src()
			if err != nil {
				return false, err
			}
			if !ok {
				il.src = nil
				if il.hold {
					// The scan is complete: every key's copies are known.
					if il.keys, err = il.count.repeated(); err != nil {
						return false, fmt.Errorf("interleave %s: %w", il.t.Source, err)
					}
				}
				continue
			}
			il.scanned++
			if rec, err = il.scanRow(rec); err != nil {
				return false, err
			}
			if rec.round == 1 && !il.hold {
				il.emit(rec)
				return true, nil
			}
			if err := il.spill(rec); err != nil {
				return false, err
			}
		case il.reading != nil:
			rec, ok, err := il.reading.next()
			if err != nil {
				return false, err
			}
			if ok {
				il.emit(rec)
				return true, nil
			}
			il.reading.close()
			il.reading = nil
		case il.drain < len(il.files):
			w := il.files[il.drain]
			il.files[il.drain] = nil
			il.drain++
			if w == nil {
				continue
			}
			rd, err := w.reader()
			if err != nil {
				return false, err
			}
			il.reading = rd
		case il.tail != nil:
			il.segs = append(il.segs, segment{w: il.tail, lo: uint32(len(il.files)) + 1, hi: il.maxRound})
			il.tail = nil
		case len(il.segs) > 0:
			if err := il.startSegment(); err != nil {
				return false, err
			}
		default:
			return false, nil
		}
	}
}

// spill writes rec to its round's file or the tail.
func (il *interleaver) spill(rec record) error {
	k := int(rec.round - 1)
	var w **spillWriter
	if k < len(il.files) {
		w = &il.files[k]
	} else {
		w = &il.tail
	}
	if *w == nil {
		sw, err := il.newFile()
		if err != nil {
			return err
		}
		*w = sw
	}
	n, err := (*w).write(rec)
	if err != nil {
		return err
	}
	for int(rec.round) >= len(il.roundBytes) {
		il.roundBytes = append(il.roundBytes, 0)
	}
	il.roundBytes[rec.round] += n
	il.maxRound = max(il.maxRound, rec.round)
	return nil
}

func (il *interleaver) newFile() (*spillWriter, error) {
	w, err := newSpillWriter()
	if err != nil {
		return nil, fmt.Errorf("interleave %s: %w", il.t.Source, err)
	}
	return w, nil
}

// segment is a spill file holding rounds lo..hi, each round's rows in
// arrival order.
type segment struct {
	w      *spillWriter
	lo, hi uint32
}

// startSegment begins emitting the first pending segment: one round is
// streamed as it is; a small file is ordered in memory (a stable sort by
// round keeps arrival order inside a round); a large one is split by one
// pass into files of consecutive rounds, each about memTail bytes (the
// scan counted each round's bytes), which take its place in the queue.
// Each file of the split holds fewer rounds than the segment, so the
// splitting ends, and a round's rows are rewritten once per split, not
// once per round: the tail of a table with a few very hot keys (tens of
// thousands of rounds) costs a few passes.
func (il *interleaver) startSegment() error {
	sg := il.segs[0]
	il.segs = il.segs[1:]
	rd, err := sg.w.reader()
	if err != nil {
		return err
	}
	if sg.lo == sg.hi {
		il.reading = rd
		return nil
	}
	if sg.w.size <= memTail {
		defer rd.close()
		return il.loadMemory(rd, sg.w.size)
	}
	defer rd.close()
	// Group consecutive rounds up to limit bytes; at most maxGroups files.
	maxGroups := max(2, spillRounds)
	var his []uint32
	for limit := max(memTail, 1); ; limit *= 2 {
		his = his[:0]
		var acc int64
		for r := sg.lo; r <= sg.hi; r++ {
			b := il.roundBytes[r]
			if acc > 0 && acc+b > limit {
				his = append(his, r-1)
				acc = 0
			}
			acc += b
		}
		his = append(his, sg.hi)
		if len(his) <= maxGroups {
			break
		}
	}
	if len(his) == 1 {
		// One group would be the segment again: halve it instead.
		his = []uint32{sg.lo + (sg.hi-sg.lo)/2, sg.hi}
	}
	groups := make([]segment, len(his))
	lo := sg.lo
	for i, hi := range his {
		groups[i] = segment{lo: lo, hi: hi}
		lo = hi + 1
	}
	for {
		rec, ok, err := rd.next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		i, _ := slices.BinarySearch(his, rec.round)
		g := &groups[i]
		if g.w == nil {
			if g.w, err = il.newFile(); err != nil {
				return err
			}
		}
		if _, err := g.w.write(rec); err != nil {
			return err
		}
	}
	var keep []segment
	for _, g := range groups {
		if g.w != nil {
			keep = append(keep, g)
		}
	}
	il.segs = append(keep, il.segs...)
	return nil
}

// loadMemory reads a small segment into memory and orders its records by
// round, stably (inside a round, arrival order).
// size is the segment's length: it is read into one buffer of that size,
// where io.ReadAll regrew (and zeroed and copied) its buffer a dozen times,
// a visible share of a load's CPU.
func (il *interleaver) loadMemory(rd *spillReader, size int64) error {
	b := make([]byte, size)
	if _, err := io.ReadFull(rd.r, b); err != nil {
		return fmt.Errorf("spill: %w", err)
	}
	var idx []memEntry
	for off := 0; off < len(b); {
		n, k := binary.Uvarint(b[off:])
		if k <= 0 || uint64(len(b)-off-k) < n {
			return errSpillCorrupt
		}
		start, end := off+k, off+k+int(n)
		round, k2 := binary.Uvarint(b[start:end])
		if k2 <= 0 {
			return errSpillCorrupt
		}
		idx = append(idx, memEntry{round: uint32(round), off: start, end: end})
		off = end
	}
	slices.SortStableFunc(idx, func(a, b memEntry) int { return cmp.Compare(a.round, b.round) })
	if len(idx) > 0 {
		il.mem, il.memIdx, il.memAt = b, idx, 0
	}
	return nil
}

// memEntry locates one record of an in-memory tail.
type memEntry struct {
	round    uint32
	off, end int
}

// emit makes rec the current row.
func (il *interleaver) emit(rec record) {
	il.pos++
	il.cur = rec
	il.cur.values = rec.values
}

// row fills r with the current record.
func (il *interleaver) row(r *Row) {
	r.Pos = il.pos
	r.PK, r.SK, r.Problem = il.cur.pk, il.cur.sk, il.cur.problem
	r.Copies = 1
	if il.hold {
		if n, ok := il.keys[il.keyHash(r.PK, r.SK)]; ok {
			r.Copies = int64(n)
		}
	}
	copy(r.Values, il.cur.values)
}

// close removes the spill files.
func (il *interleaver) close() error {
	if il.reading != nil {
		il.reading.close()
	}
	for _, sg := range il.segs {
		sg.w.f.Close()
	}
	for _, w := range il.files {
		if w != nil {
			w.f.Close()
		}
	}
	if il.tail != nil {
		il.tail.f.Close()
	}
	if il.count != nil {
		il.count.close()
	}
	return nil
}

// spillWriter appends records to one spill file.
type spillWriter struct {
	f    *os.File
	w    *bufio.Writer
	buf  []byte
	size int64
}

// newSpillWriter creates a spill file in SpillDir (os.TempDir() when "").
func newSpillWriter() (*spillWriter, error) {
	f, err := os.CreateTemp(SpillDir, "pg2ddb-spill-")
	if err != nil {
		return nil, fmt.Errorf("spill file: %w", err)
	}
	// The file is unlinked at once: it lives while it is open, so nothing
	// is left behind whatever ends the run (kill -9 included), and no
	// directory is needed.
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("spill file: %w", err)
	}
	return &spillWriter{f: f, w: bufio.NewWriterSize(f, 16<<10)}, nil
}

func (s *spillWriter) write(rec record) (int64, error) {
	b := binary.AppendUvarint(s.buf[:0], uint64(rec.round))
	b = appendField(b, rec.pk)
	b = appendField(b, rec.sk)
	b = appendField(b, []byte(rec.problem))
	b = binary.AppendUvarint(b, uint64(len(rec.values)))
	for _, v := range rec.values {
		b = appendField(b, v)
	}
	s.buf = b
	var n [binary.MaxVarintLen64]byte
	head := binary.PutUvarint(n[:], uint64(len(b)))
	if _, err := s.w.Write(n[:head]); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	if _, err := s.w.Write(b); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	s.size += int64(head + len(b))
	return int64(head + len(b)), nil
}

// reader flushes the file and reads it from the start.
func (s *spillWriter) reader() (*spillReader, error) {
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	return &spillReader{f: s.f, r: bufio.NewReaderSize(s.f, 64<<10)}, nil
}

// spillReader reads a spill file's records; each record's slices are valid
// until the next call of next.
type spillReader struct {
	f      *os.File
	r      *bufio.Reader
	buf    []byte
	values [][]byte
}

var errSpillCorrupt = errors.New("spill file is corrupt")

func (s *spillReader) next() (record, bool, error) {
	n, err := binary.ReadUvarint(s.r)
	if err == io.EOF {
		return record{}, false, nil
	}
	if err != nil {
		return record{}, false, fmt.Errorf("spill: %w", err)
	}
	if uint64(cap(s.buf)) < n {
		s.buf = make([]byte, n)
	}
	b := s.buf[:n]
	if _, err := io.ReadFull(s.r, b); err != nil {
		return record{}, false, fmt.Errorf("spill: %w", err)
	}
	rec, vals, err := decodeRecord(b, s.values)
	s.values = vals
	return rec, err == nil, err
}

// decodeRecord decodes one spilled record; its slices point into b, its
// values into vals (reused, returned).
func decodeRecord(b []byte, vals [][]byte) (record, [][]byte, error) {
	var rec record
	bad := false
	uv := func() uint64 {
		v, k := binary.Uvarint(b)
		if k <= 0 {
			bad = true
			return 0
		}
		b = b[k:]
		return v
	}
	field := func() []byte {
		l := uv()
		if bad || l == 0 {
			return nil
		}
		if l-1 > uint64(len(b)) {
			bad = true
			return nil
		}
		v := b[: l-1 : l-1]
		b = b[l-1:]
		return v
	}
	rec.round = uint32(uv())
	rec.pk = field()
	rec.sk = field()
	rec.problem = string(field())
	nv := uv()
	if bad || nv > uint64(len(b))+1 {
		return record{}, vals, errSpillCorrupt
	}
	vals = vals[:0]
	for range nv {
		vals = append(vals, field())
	}
	if bad {
		return record{}, vals, errSpillCorrupt
	}
	rec.values = vals
	return rec, vals, nil
}

func (s *spillReader) close() { s.f.Close() }

// keyProvenUnique reports whether a unique, valid, non-partial index
// without expressions of t's source has all its columns among t's key
// parts: then no two rows can share a (pk, sk). Every key encoding maps
// values the index holds distinct to distinct keys (text by its bytes,
// numbers by value, times to the microsecond), and a NULL in a key part is
// a rejected row, not a key. It is read in the snapshot, not taken from
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
