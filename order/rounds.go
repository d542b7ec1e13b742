package order

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// Version and VersionArrival name the algorithms of the write order, in
// sort-key order and in arrival order (Tuning.RoundsByArrival). The read
// puts the one it uses in its stream SQL, so a checkpoint made by another
// algorithm is refused (its stream fingerprint differs).
const (
	Version        = "pg2ddb interleave v4: rounds in sort-key order, spill, bare columns"
	VersionArrival = "pg2ddb interleave v3: rounds by arrival, spill, bare columns"
)

// Tuning sizes the spill work of the write order. The zero value is the
// default of each field.
type Tuning struct {
	// SpillRounds is the number of per-round spill files of one pass
	// (default 64); rounds beyond go to the tail file.
	SpillRounds int
	// MemTail is the size under which a tail is ordered in memory instead
	// of by another pass (default 16 MiB; negative: never in memory).
	MemTail int64
	// CollisionMemory is the number of key hashes a collision count keeps
	// in memory, 16 bytes each, before it spills them to bucket files
	// (default 1 Mi).
	CollisionMemory int
	// SpillDir is where spill files go ("" = os.TempDir()).
	SpillDir string
	// RoundsByArrival makes round r hold each key's r-th row in read
	// order instead of sort-key order: round 1 is then written while the
	// scan runs, but a stopped load leaves each key's items in the order
	// the heap happened to hold them.
	RoundsByArrival bool
	// SortMemory bounds the buffers in which the rows of keys that
	// arrived out of sort-key order are sorted (default 32 MiB): two
	// halves, one sorted and written as a run while the other fills.
	SortMemory int
}

func (t *Tuning) defaults() {
	if t.SpillRounds <= 0 {
		t.SpillRounds = 64
	}
	if t.MemTail == 0 {
		t.MemTail = 16 << 20
	}
	if t.CollisionMemory <= 0 {
		t.CollisionMemory = 1 << 20
	}
	if t.SortMemory <= 0 {
		t.SortMemory = 32 << 20
	}
}

// Shared is t with its defaults applied and its memory bounds — the sort
// buffers, the tail held in memory, the key hashes of a collision count —
// divided among n tables whose write orders run at once, so that n of them
// hold about what one table alone would (never less than 1 MiB of sort
// buffer or tail each). n ≤ 1 leaves the bounds whole.
func (t Tuning) Shared(n int) Tuning {
	t.defaults()
	if n > 1 {
		t.SortMemory = max(t.SortMemory/n, 1<<20)
		t.MemTail = max(t.MemTail/int64(n), 1<<20)
		t.CollisionMemory = max(t.CollisionMemory/n, 1<<16)
	}
	return t
}

// maxSettleWorkers bounds the goroutines that sort the rows of keys found
// out of sort-key order once the scan ends.
const maxSettleWorkers = 4

// Rounds turns a plain stream of a plan table's rows into the write order;
// see above.
type Rounds struct {
	t    plans.Table
	tune Tuning
	hold bool // collisions possible: count (pk, sk) and emit nothing before the scan ends
	// arrival puts every row in round 1 (OrderArrival): no per-key counts,
	// no round files.
	arrival bool
	dups    string
	num     *numbering // DuplicatesNumber: the copies' numbers
	seed    maphash.Seed
	rounds  map[uint64]uint32
	// run is the partition key of the rows just scanned, whose count
	// is kept here and written to rounds only when another key comes
	// (see countRound).
	run keyRun
	// count counts every (pk, sk) under hold; keys then holds the
	// repeated ones, with their counts.
	count  *collisionCount
	keys   map[[16]byte]uint32
	wholes map[[16]byte]uint32
	hbuf   []byte
	kbuf   []byte

	// src is the raw stream, nil once read; files[k] holds round k+1 (k
	// ≥ 1, or from 0 under hold), tail the rounds after them, whose
	// segments prep makes ready while the files are emitted. roundBytes counts the spilled bytes of each
	// round, for splitting segments.
	src        func() (spill.Record, bool, error)
	pre        *prefetch // reads the source ahead (prefetch.go)
	files      []*spill.Writer
	tail       *spill.Writer
	prep       *tailPrep     // the tail's segments, made ready on their own goroutine
	drain      int           // the next of files to emit
	reading    *spill.Reader // the file or segment being emitted
	roundBytes []int64
	maxRound   uint32
	mem        []byte        // an in-memory tail being emitted: its records…
	memIdx     []spill.Frame // …in emission order
	memAt      int
	memVals    [][]byte
	blk        *Block // the block NextBlock fills
	// fl writes the spill files' full buffers on its own goroutine
	// (created with the first file).
	fl      *spill.Flusher
	pos     int64
	scanned int64 // source rows read
	cur     spill.Record

	// sorted puts each key's rows in rounds by sort key (see sortkey.go):
	// ks holds the keys' states, unsorted the rows of keys found out of
	// order after that, depth how many rows each such key had placed in
	// rounds before.
	sorted   bool
	ks       *keyStates
	unsorted *spill.Writer
	depth    map[uint64]uint32
	resorted int64 // rows sorted by settle

	// settle runs on its own goroutine (sortkey.go): settling is closed
	// when it ends, with settleErr; stopSettle asks it to stop. bounds[k]
	// (tailBound for the tail) is where files[k]'s rows placed during the
	// scan end: those of unsorted keys are skipped. reading skips them
	// before readBound; from0 is where files[0] goes on once its first
	// section was read while settle ran.
	settling         chan struct{}
	settleWorkers    int // goroutines that read and sort the unsorted keys' rows
	settleErr        error
	stopSettle       atomic.Bool
	resortedBySettle int64
	bounds           []int64
	tailBound        int64
	readBound        int64
	from0            int64
}

// New orders the rows src returns (a plain read of t, in its own
// deterministic order; ok false at its end). hold says collisions are
// possible: every (pk, sk) is counted and nothing is emitted before src
// ends. arrival puts every row in round 1: rows come in read order.
func New(t plans.Table, src func() (rec spill.Record, ok bool, err error), hold, arrival bool, tune Tuning) *Rounds {
	tune.defaults()
	pre := newPrefetch(src)
	il := &Rounds{t: t, tune: tune, hold: hold, arrival: arrival, seed: maphash.MakeSeed(), rounds: map[uint64]uint32{}, src: pre.next, pre: pre, pos: -1,
		settleWorkers: min(runtime.GOMAXPROCS(0), maxSettleWorkers)}
	if !arrival && !tune.RoundsByArrival && t.SortKey != nil {
		// Without a sort key a key has one row (or colliding copies, all
		// rejected): arrival is its only order.
		il.sorted, il.ks, il.depth = true, newKeyStates(), map[uint64]uint32{}
	}
	if t.Duplicates != nil {
		il.dups = t.Duplicates.Action
		il.wholes = map[[16]byte]uint32{}
		if il.dups == plans.DuplicatesNumber {
			// A copy's number must miss every real key, known when the
			// scan ends: hold.
			il.num = newNumbering(t)
			il.hold, hold = true, true
		}
	}
	if hold {
		il.count = &collisionCount{memory: tune.CollisionMemory, dir: tune.SpillDir}
	}
	il.files = make([]*spill.Writer, tune.SpillRounds)
	return il
}

// keyText is a key as DynamoDB compares it: numbers by value.
func keyText(v []byte, typ string) []byte {
	if v != nil && typ == "N" {
		return []byte(codec.CanonicalNumber(string(v)))
	}
	return v
}

func (il *Rounds) skType() string {
	if il.t.SortKey != nil {
		return il.t.SortKey.Type
	}
	return "S"
}

// keyHash is the 128-bit hash of a row's (pk, sk) as DynamoDB compares them.
func (il *Rounds) keyHash(pk, sk []byte) [16]byte { return il.keyHashBuf(&il.hbuf, pk, sk) }

// keyHashBuf is keyHash with its own scratch buffer, for another goroutine.
func (il *Rounds) keyHashBuf(hbuf *[]byte, pk, sk []byte) [16]byte {
	b := spill.AppendField((*hbuf)[:0], keyText(pk, il.t.PartitionKey.Type))
	b = spill.AppendField(b, keyText(sk, il.skType()))
	*hbuf = b
	s := sha256.Sum256(b)
	return [16]byte(s[:16])
}

// scanRow applies the duplicates choice to a raw row and gives it its round.
func (il *Rounds) scanRow(rec spill.Record) (spill.Record, error) {
	if il.dups != "" {
		b := spill.AppendField(il.hbuf[:0], rec.PK)
		b = spill.AppendField(b, rec.SK)
		b = spill.AppendField(b, []byte(rec.Problem))
		for _, v := range rec.Values {
			b = spill.AppendField(b, v)
		}
		il.hbuf = b
		sum := sha256.Sum256(b)
		h := [16]byte(sum[:16])
		occ := il.wholes[h] + 1
		il.wholes[h] = occ
		if occ > 1 {
			switch il.dups {
			case plans.DuplicatesNumber:
				rec = il.num.mark(rec, occ, il.keyHash)
			case plans.DuplicatesKeepOne:
				if rec.Problem == "" {
					rec.Problem = plans.DuplicateReason
				}
			}
		}
	}
	if il.hold && rec.Problem != plans.DuplicateReason && (il.num == nil || !il.num.marked(rec.PK, rec.SK)) {
		// A copy that keep-one drops is not one of its key's copies; a
		// numbered copy's key is counted by its numbering.
		if err := il.count.add(il.keyHash(rec.PK, rec.SK)); err != nil {
			return rec, fmt.Errorf("interleave %s: %w", il.t.Source, err)
		}
	}
	if il.arrival {
		rec.Round = 1
		return rec, nil
	}
	if il.sorted {
		h := il.pkHash(rec.PK)
		n, unsorted, became := il.ks.observe(h, rec.SK, il.skType())
		if became {
			il.depth[h] = n - 1
		}
		rec.Round = n
		if unsorted {
			rec.Round = 0 // placed once the scan ends: see settle
		}
		return rec, nil
	}
	rec.Round = il.countRound(rec.PK)
	return rec, nil
}

// keyRun is a run of rows of one partition key value in scan order.
type keyRun struct {
	ok  bool
	pk  []byte // nil for NULL; a copy of its own
	h   uint64
	n   uint32 // rows of the key so far, this run's included
	buf []byte
}

// countRound counts a row of pk in rounds by arrival and returns its
// round: one more than the rows of pk before it. A row of the key of the
// row before it (the common case when the read is in key order, through
// the key's index, or of a table appended key by key) costs a byte
// comparison, without hashing the key or touching the map; the run's
// count is written to the map when another key comes.
func (il *Rounds) countRound(pk []byte) uint32 {
	r := &il.run
	if r.ok && (pk == nil) == (r.pk == nil) && bytes.Equal(pk, r.pk) {
		r.n++
		return r.n
	}
	if r.ok {
		il.rounds[r.h] = r.n
	}
	h := il.pkHash(pk)
	r.ok, r.h, r.n = true, h, il.rounds[h]+1
	if pk == nil {
		r.pk = nil
	} else {
		r.buf = append(r.buf[:0], pk...)
		r.pk = r.buf
	}
	return r.n
}

// pkHash is the 64-bit hash rounds count partition keys under.
func (il *Rounds) pkHash(pk []byte) uint64 { return il.pkHashBuf(&il.kbuf, pk) }

// pkHashBuf is pkHash with its own scratch buffer, for another goroutine.
func (il *Rounds) pkHashBuf(kbuf *[]byte, pk []byte) uint64 {
	if pk == nil {
		return maphash.String(il.seed, "\x00null")
	}
	if il.t.PartitionKey.Type == "N" && plainInteger(pk) {
		// CanonicalNumber's form, without its allocations: the common
		// integer key costs no garbage a row.
		*kbuf = appendCanonicalInteger((*kbuf)[:0], pk)
		return maphash.Bytes(il.seed, *kbuf)
	}
	return maphash.Bytes(il.seed, keyText(pk, il.t.PartitionKey.Type))
}

// Next advances to the next row of the order; false at the end or on an
// error.
func (il *Rounds) Next() (bool, error) {
	for {
		switch {
		case il.mem != nil:
			if il.memAt < len(il.memIdx) {
				e := il.memIdx[il.memAt]
				il.memAt++
				if err := il.emitRaw(il.mem[e.Off:e.End]); err != nil {
					return false, err
				}
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
					if il.num != nil {
						if err := il.num.find(il.count.contains, il.keyHash); err != nil {
							return false, fmt.Errorf("interleave %s: %w", il.t.Source, err)
						}
					}
					il.count.close()
				}
				if il.sorted {
					if err := il.settle(); err != nil {
						return false, fmt.Errorf("interleave %s: %w", il.t.Source, err)
					}
				}
				if il.settling == nil {
					il.prepareTail()
				}
				continue
			}
			il.scanned++
			if rec, err = il.scanRow(rec); err != nil {
				return false, err
			}
			if rec.Round == 1 && !il.hold && !il.sorted {
				il.emit(rec)
				return true, nil
			}
			// Without a duplicates choice scanRow changed nothing but the
			// round: the row is spilled from its encoding in the
			// prefetched block, one copy.
			var rest []byte
			if il.dups == "" {
				rest = il.pre.rest()
			}
			if rec.Round == 0 {
				if il.unsorted == nil {
					if il.unsorted, err = il.newFile(); err != nil {
						return false, err
					}
				}
				if rest != nil {
					_, err = il.unsorted.WriteRound(0, rest)
				} else {
					_, err = il.unsorted.Write(rec)
				}
				if err != nil {
					return false, err
				}
				continue
			}
			if rest != nil {
				err = il.spillRound(rec.Round, rest)
			} else {
				err = il.spill(rec)
			}
			if err != nil {
				return false, err
			}
		case il.reading != nil:
			at := il.reading.Offset()
			body, ok, err := il.reading.NextRaw()
			if err != nil {
				return false, err
			}
			if ok {
				if at < il.readBound {
					e, err := parseBody(body, 0)
					if err != nil {
						return false, err
					}
					if il.skipped(at, il.readBound, span(body, e.pk)) {
						continue
					}
				}
				if err := il.emitRaw(body); err != nil {
					return false, err
				}
				return true, nil
			}
			il.reading.Close()
			il.reading = nil
		case il.settling != nil:
			if err := il.join(); err != nil {
				return false, err
			}
		case il.drain < len(il.files):
			k := il.drain
			w := il.files[k]
			il.files[k] = nil
			il.drain++
			if w == nil {
				continue
			}
			var rd *spill.Reader
			var err error
			il.readBound = 0
			switch {
			case k == 0 && il.from0 > 0:
				// Its rows up to from0 were emitted while settle ran.
				rd, err = w.Rest(il.from0)
			default:
				if k < len(il.bounds) {
					il.readBound = il.bounds[k]
				}
				rd, err = w.Reader()
			}
			if err != nil {
				return false, err
			}
			il.reading = rd
		case il.prep != nil:
			sg, ok := il.prep.next()
			if !ok {
				err := il.prep.err
				il.prep = nil
				if err != nil {
					return false, err
				}
				continue
			}
			if sg.rd != nil {
				il.reading, il.readBound = sg.rd, sg.bound
			} else {
				il.mem, il.memIdx, il.memAt = sg.mem, sg.idx, 0
			}
		default:
			return false, nil
		}
	}
}

// spill writes rec to its round's file or the tail.
func (il *Rounds) spill(rec spill.Record) error {
	w, err := il.roundFile(rec.Round)
	if err != nil {
		return err
	}
	n, err := w.Write(rec)
	if err != nil {
		return err
	}
	il.counted(rec.Round, n)
	return nil
}

// spillRound writes a record given as the rest of its encoding after its
// round (spill.Writer.WriteRound) to round's file or the tail.
func (il *Rounds) spillRound(round uint32, rest []byte) error {
	w, err := il.roundFile(round)
	if err != nil {
		return err
	}
	n, err := w.WriteRound(round, rest)
	if err != nil {
		return err
	}
	il.counted(round, n)
	return nil
}

// roundFile is the file that holds round's rows, created when needed.
func (il *Rounds) roundFile(round uint32) (*spill.Writer, error) {
	k := int(round - 1)
	var w **spill.Writer
	if k < len(il.files) {
		w = &il.files[k]
	} else {
		w = &il.tail
	}
	if *w == nil {
		sw, err := il.newFile()
		if err != nil {
			return nil, err
		}
		*w = sw
	}
	return *w, nil
}

// counted records n spilled bytes of round.
func (il *Rounds) counted(round uint32, n int64) {
	for int(round) >= len(il.roundBytes) {
		il.roundBytes = append(il.roundBytes, 0)
	}
	il.roundBytes[round] += n
	il.maxRound = max(il.maxRound, round)
}

func (il *Rounds) newFile() (*spill.Writer, error) {
	if il.fl == nil {
		il.fl = spill.NewFlusher()
	}
	w, err := spill.CreateAsync(il.tune.SpillDir, il.fl)
	if err != nil {
		return nil, fmt.Errorf("interleave %s: %w", il.t.Source, err)
	}
	return w, nil
}

// segment is a spill file holding rounds lo..hi, each round's rows in
// arrival order; its rows before bound that belong to a key found out of
// sort-key order are skipped (settle).
type segment struct {
	w      *spill.Writer
	lo, hi uint32
	bound  int64
}

// readySegment is a segment of the tail ready to emit: a reader of one
// round's rows (skipping those before bound that settle read out), or
// (rd nil) the rows of a small segment in memory, in emission order.
type readySegment struct {
	rd    *spill.Reader
	bound int64
	mem   []byte
	idx   []spill.Frame
}

// tailPrep makes the tail's segments ready on its own goroutine, one
// ahead of the one being emitted: splitting a large tail and ordering a
// small one in memory read and rewrite it, which the write order's
// goroutine did between two rows while the encoders waited for it. The
// segments and their rows are the same; only who prepares them changed.
type tailPrep struct {
	out  chan readySegment
	stop chan struct{}
	done chan struct{}
	err  error // read once out is closed
}

// prepareTail starts preparing the tail, once it is complete (the scan
// and settle have ended); the files before it are emitted meanwhile.
func (il *Rounds) prepareTail() {
	if il.tail == nil {
		return
	}
	p := &tailPrep{out: make(chan readySegment), stop: make(chan struct{}), done: make(chan struct{})}
	segs := []segment{{w: il.tail, lo: uint32(len(il.files)) + 1, hi: il.maxRound, bound: il.tailBound}}
	il.tail, il.prep = nil, p
	go func() {
		defer close(p.done)
		defer close(p.out)
		p.err = il.prepareSegments(segs, p)
	}()
}

// next is the next ready segment; false once every one was handed over
// (or preparing failed: err).
func (p *tailPrep) next() (readySegment, bool) {
	sg, ok := <-p.out
	return sg, ok
}

// close stops the goroutine and releases what it prepared.
func (p *tailPrep) close() {
	close(p.stop)
	for sg := range p.out {
		if sg.rd != nil {
			sg.rd.Close()
		}
	}
	<-p.done
}

// prepareSegments is tailPrep's goroutine: segments are handed over in
// order, one round streamed as it is, a small one ordered in memory (a
// stable sort by round keeps arrival order inside a round), a large one
// split by one pass into files of consecutive rounds, each about MemTail
// bytes (the scan counted each round's bytes), which take its place in
// the queue. Each file of the split holds fewer rounds than the segment,
// so the splitting ends, and a round's rows are rewritten once per split,
// not once per round: the tail of a table with a few very hot keys (tens
// of thousands of rounds) costs a few passes. Until it ends it owns the
// segments' files; it reads roundBytes and depth, which no longer change.
func (il *Rounds) prepareSegments(segs []segment, p *tailPrep) (err error) {
	defer func() {
		for _, sg := range segs {
			sg.w.Close()
		}
	}()
	var kbuf []byte
	hand := func(r readySegment) error {
		select {
		case p.out <- r:
			return nil
		case <-p.stop:
			if r.rd != nil {
				r.rd.Close()
			}
			return errStopped
		}
	}
	for len(segs) > 0 {
		sg := segs[0]
		segs = segs[1:]
		rd, err := sg.w.Reader()
		if err != nil {
			return err
		}
		if sg.lo == sg.hi {
			if err := hand(readySegment{rd: rd, bound: sg.bound}); err != nil {
				return err
			}
			continue
		}
		if sg.w.Size() <= il.tune.MemTail {
			mem, idx, err := il.loadMemory(rd, sg.w.Size(), sg.bound, &kbuf)
			rd.Close()
			if err != nil {
				return err
			}
			if len(idx) > 0 {
				if err := hand(readySegment{mem: mem, idx: idx}); err != nil {
					return err
				}
			}
			continue
		}
		groups, err := il.splitSegment(rd, sg, &kbuf)
		rd.Close()
		if err != nil {
			for _, g := range groups {
				if g.w != nil {
					g.w.Close()
				}
			}
			return err
		}
		segs = append(groups, segs...)
	}
	return nil
}

// splitSegment splits a large segment, read by rd, into segments of
// consecutive rounds (see prepareSegments); it returns those that hold
// rows.
func (il *Rounds) splitSegment(rd *spill.Reader, sg segment, kbuf *[]byte) ([]segment, error) {
	// Group consecutive rounds up to limit bytes; at most maxGroups files.
	maxGroups := max(2, il.tune.SpillRounds)
	var his []uint32
	for limit := max(il.tune.MemTail, 1); ; limit *= 2 {
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
	keep := func() []segment {
		var keep []segment
		for _, g := range groups {
			if g.w != nil {
				keep = append(keep, g)
			}
		}
		return keep
	}
	// Records move undecoded: their round and, before the bound, their
	// partition key are all the pass reads of them.
	for {
		at := rd.Offset()
		body, ok, err := rd.NextRaw()
		if err != nil {
			return keep(), err
		}
		if !ok {
			break
		}
		if at < sg.bound {
			e, err := parseBody(body, 0)
			if err != nil {
				return keep(), err
			}
			if il.skippedBuf(kbuf, at, sg.bound, span(body, e.pk)) {
				continue
			}
		}
		round, k := binary.Uvarint(body)
		if k <= 0 {
			return keep(), spill.ErrCorrupt
		}
		i, _ := slices.BinarySearch(his, uint32(round))
		g := &groups[i]
		if g.w == nil {
			if g.w, err = il.newFile(); err != nil {
				return keep(), err
			}
		}
		if _, err := g.w.WriteRaw(body); err != nil {
			return keep(), err
		}
	}
	return keep(), nil
}

// loadMemory reads a small segment into memory and orders its records by
// round, stably (inside a round, arrival order), without the records
// before bound that settle read out.
// size is the segment's length: it is read into one buffer of that size,
// where io.ReadAll regrew (and zeroed and copied) its buffer a dozen times,
// a visible share of a load's CPU.
func (il *Rounds) loadMemory(rd *spill.Reader, size, bound int64, kbuf *[]byte) ([]byte, []spill.Frame, error) {
	b, err := rd.ReadAll(size)
	if err != nil {
		return nil, nil, err
	}
	idx, err := spill.Frames(b)
	if err != nil {
		return nil, nil, err
	}
	if bound > 0 {
		keep := idx[:0]
		for _, e := range idx {
			if e.Off < int(bound) {
				body := b[e.Off:e.End]
				pe, err := parseBody(body, 0)
				if err != nil {
					return nil, nil, err
				}
				if il.skippedBuf(kbuf, int64(e.Off), bound, span(body, pe.pk)) {
					continue
				}
			}
			keep = append(keep, e)
		}
		idx = keep
	}
	slices.SortStableFunc(idx, func(a, b spill.Frame) int { return cmp.Compare(a.Round, b.Round) })
	return b, idx, nil
}

// emit makes rec the current row (or the block's next, under NextBlock).
func (il *Rounds) emit(rec spill.Record) {
	il.pos++
	if il.blk != nil {
		il.blk.data = spill.AppendBody(il.blk.data, rec)
		il.blk.ends = append(il.blk.ends, len(il.blk.data))
		return
	}
	il.cur = rec
	il.cur.Values = rec.Values
}

// emitRaw makes the record body (spill.Decode's input) the current row
// (or the block's next, undecoded, under NextBlock).
func (il *Rounds) emitRaw(body []byte) error {
	if il.blk != nil {
		il.pos++
		il.blk.data = append(il.blk.data, body...)
		il.blk.ends = append(il.blk.ends, len(il.blk.data))
		return nil
	}
	rec, vals, err := spill.Decode(body, il.memVals)
	if err != nil {
		return err
	}
	il.memVals = vals
	il.emit(rec)
	return nil
}

// Block is a run of consecutive rows of the order, undecoded (NextBlock),
// for other goroutines to decode (Filler): the write order's goroutine
// then only copies each row's bytes.
type Block struct {
	// Pos is the position of the block's first row.
	Pos  int64
	data []byte
	ends []int // row i is data[ends[i-1]:ends[i]] (from 0 for row 0)
}

// Len is the number of rows in the block.
func (b *Block) Len() int { return len(b.ends) }

// Bytes is the size of the block's rows, undecoded.
func (b *Block) Bytes() int { return len(b.data) }

// NextBlock fills b with the next rows of the order, up to maxRows rows or
// until they hold maxBytes bytes; false (b empty) at the end or on an
// error. The rows are those Next would return, in the same order.
func (il *Rounds) NextBlock(b *Block, maxRows, maxBytes int) (bool, error) {
	b.Pos, b.data, b.ends = il.pos+1, b.data[:0], b.ends[:0]
	il.blk = b
	defer func() { il.blk = nil }()
	for len(b.ends) < maxRows && len(b.data) < maxBytes {
		ok, err := il.Next()
		if err != nil {
			return false, err
		}
		if !ok {
			break
		}
	}
	return len(b.ends) > 0, nil
}

// Filler decodes the rows of blocks; each goroutine has its own. It reads
// what the scan left (copies and numbers), which does not change once the
// order emits rows.
type Filler struct {
	il   *Rounds
	vals [][]byte
	hbuf []byte
}

// Attributes is the number of values of the order's rows.
func (il *Rounds) Attributes() int { return len(il.t.Attributes) }

// NewFiller returns a Filler of the order's blocks.
func (il *Rounds) NewFiller() *Filler { return &Filler{il: il} }

// Fill fills r with row i of b, as Rounds.Fill fills the current row; r's
// slices point into b.
func (f *Filler) Fill(b *Block, i int, r *Row) error {
	start := 0
	if i > 0 {
		start = b.ends[i-1]
	}
	rec, vals, err := spill.Decode(b.data[start:b.ends[i]], f.vals)
	if err != nil {
		return err
	}
	f.vals = vals
	r.Pos = b.Pos + int64(i)
	f.il.fill(r, rec, func(pk, sk []byte) [16]byte { return f.il.keyHashBuf(&f.hbuf, pk, sk) })
	return nil
}

// Fill fills r with the current row.
func (il *Rounds) Fill(r *Row) {
	r.Pos = il.pos
	il.fill(r, il.cur, il.keyHash)
}

// fill fills r but its position from rec, with keyHash.
func (il *Rounds) fill(r *Row, rec spill.Record, keyHash func(pk, sk []byte) [16]byte) {
	r.PK, r.SK, r.Problem = rec.PK, rec.SK, rec.Problem
	r.Copies = 1
	if il.num != nil && il.num.marked(r.PK, r.SK) {
		il.num.fill(r, keyHash)
	} else if il.hold {
		if n, ok := il.keys[keyHash(r.PK, r.SK)]; ok {
			r.Copies = int64(n)
		}
	}
	copy(r.Values, rec.Values)
}

// Close stops reading the source and removes the spill files; the source
// is not read once it returns.
func (il *Rounds) Close() error {
	il.pre.close()
	if il.settling != nil {
		il.stopSettle.Store(true)
		<-il.settling
		il.settling = nil
	}
	if il.prep != nil {
		il.prep.close()
		il.prep = nil
	}
	if il.reading != nil {
		il.reading.Close()
	}
	for _, w := range il.files {
		if w != nil {
			w.Close()
		}
	}
	if il.tail != nil {
		il.tail.Close()
	}
	if il.unsorted != nil {
		il.unsorted.Close()
	}
	if il.count != nil {
		il.count.close()
	}
	if il.fl != nil {
		il.fl.Close()
		il.fl = nil
	}
	return nil
}

// Pos is the position of the current row (-1 before the first).
func (il *Rounds) Pos() int64 { return il.pos }

// Scanning reports whether the plain read is still running: true after a
// row was returned means the row was emitted before the read ended.
func (il *Rounds) Scanning() bool { return il.src != nil }

// Scanned is the number of source rows read so far.
func (il *Rounds) Scanned() int64 { return il.scanned }

// Resorted is the number of rows that were sorted on the client because
// their key's rows arrived out of sort-key order (known once the scan has
// ended; 0 when every key's rows arrived in order).
func (il *Rounds) Resorted() int64 { return il.resorted }
