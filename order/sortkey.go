package order

import (
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/spill"
)

// Sort-key order: round r holds every partition key's r-th item in
// sort-key order (DynamoDB's: S and B keys by their bytes, N keys by
// value), so a stopped load leaves each key's earliest items written and a
// time-ordered sort key is written time by time across keys.
//
// Rows are not sorted on the source. While the scan runs, each partition
// key keeps the last sort key it was seen with (keyStates): as long as a
// key's rows arrive in sort-key order, their arrival rank is their sort
// rank, and they go to their round's spill file as in arrival order. Rows
// appended in time order within their key (time series, logs, orders)
// cost only that comparison. The first row that arrives before its key's
// last one marks the key unsorted: that row and the key's later rows go to
// one more spill file, and once the scan ends the key's rows already placed
// are taken out of the round files they were placed in (only the files of
// the rounds they reached are rewritten), merged with the rest, sorted by
// (partition key, sort key, content) in bounded memory (runs of half of
// Tuning.SortMemory sorted in memory and merged from spill files),
// and placed in the rounds of their sort rank.

// keyStates is each partition key's row count so far and its last sort
// key, in one arena: about 40 bytes a key plus the sort key's bytes.
type keyStates struct {
	m       map[uint64]keyState
	arena   []byte
	garbage int
}

// keyState is one key's state: n rows so far (high bit: the key's rows
// came out of sort-key order), its last sort key arena[off:off+ln].
type keyState struct {
	n   uint32
	ln  uint32
	off uint64
}

const unsortedBit = 1 << 31

func newKeyStates() *keyStates { return &keyStates{m: map[uint64]keyState{}} }

// observe counts one row of key h with sort key sk and returns its arrival
// rank and whether the key is unsorted, and whether it became so with this
// row (then depth is the number of its rows before this one).
func (k *keyStates) observe(h uint64, sk []byte, skType string) (rank uint32, unsorted, became bool) {
	st, ok := k.m[h]
	n := st.n &^ unsortedBit
	if st.n&unsortedBit != 0 {
		st.n++
		k.m[h] = st
		return n + 1, true, false
	}
	if ok && compareSK(sk, k.arena[st.off:st.off+uint64(st.ln)], skType) < 0 {
		st.n = (n + 1) | unsortedBit
		k.garbage += int(st.ln)
		st.ln = 0
		k.m[h] = st
		return n + 1, true, true
	}
	switch {
	case ok && int(st.ln) == len(sk):
		copy(k.arena[st.off:], sk)
	default:
		k.garbage += int(st.ln)
		st.off, st.ln = uint64(len(k.arena)), uint32(len(sk))
		k.arena = append(k.arena, sk...)
		if k.garbage > 1<<20 && k.garbage > len(k.arena)/2 {
			st.n = n + 1
			k.m[h] = st
			k.compact()
			return n + 1, false, false
		}
	}
	st.n = n + 1
	k.m[h] = st
	return n + 1, false, false
}

// compact rewrites the arena without the sort keys no key holds any more.
func (k *keyStates) compact() {
	arena := make([]byte, 0, len(k.arena)-k.garbage)
	for h, st := range k.m {
		if st.ln == 0 {
			continue
		}
		off := uint64(len(arena))
		arena = append(arena, k.arena[st.off:st.off+uint64(st.ln)]...)
		st.off = off
		k.m[h] = st
	}
	k.arena, k.garbage = arena, 0
}

// compareSK compares two sort keys as DynamoDB orders them: N by value, S
// and B by their bytes (nil, a NULL key part, as empty).
func compareSK(a, b []byte, typ string) int {
	if typ == "N" {
		return compareNumber(a, b)
	}
	return bytes.Compare(a, b)
}

// compareNumber compares two decimal literals by value; text that is not a
// number (its row has a key problem) compares by its bytes, after numbers.
func compareNumber(a, b []byte) int {
	if plainInteger(a) && plainInteger(b) {
		if len(a) != len(b) {
			if len(a) < len(b) {
				return -1
			}
			return 1
		}
		return bytes.Compare(a, b)
	}
	sa, ea, za, oka := codec.ScanDecimal(a)
	sb, eb, zb, okb := codec.ScanDecimal(b)
	switch {
	case !oka && !okb:
		return bytes.Compare(a, b)
	case !oka:
		return 1
	case !okb:
		return -1
	}
	sign := func(s []byte, zero bool) int {
		switch {
		case zero:
			return 0
		case s[0] == '-':
			return -1
		}
		return 1
	}
	ga, gb := sign(a, za), sign(b, zb)
	if ga != gb || ga == 0 {
		return cmpInt(ga, gb)
	}
	c := cmpInt(ea, eb)
	if c == 0 {
		da, db := sigDigits(a), sigDigits(b)
		for i := 0; i < min(sa, sb) && c == 0; i++ {
			c = cmpInt(int(da()), int(db()))
		}
		if c == 0 {
			c = cmpInt(sa, sb)
		}
	}
	return ga * c
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// plainInteger reports whether s is digits without a sign, a leading zero
// (but "0" itself), a point or an exponent: such numbers compare by length,
// then bytes.
func plainInteger(s []byte) bool {
	if len(s) == 0 || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// sigDigits returns the significant digits of a decimal literal one by
// one, from its first non-zero digit (the caller stops after ScanDecimal's
// count of them).
func sigDigits(s []byte) func() byte {
	i := 0
	started := false
	return func() byte {
		for ; i < len(s); i++ {
			c := s[i]
			if c == 'e' || c == 'E' {
				break
			}
			if c < '0' || c > '9' || (!started && c == '0') {
				continue
			}
			started = true
			i++
			return c
		}
		return '0'
	}
}

// sortEntry locates one record in a sort buffer: body is buf[off:end], its
// partition and sort keys and its content after the round.
type sortEntry struct {
	off, end     int
	pk, sk, rest [2]int // [start, end) in buf; a NULL field has start -1
	// pkp and skp order the keys by a prefix where they can (keyPrefix),
	// so that most comparisons of a sort compare two integers.
	pkp, skp prefix
}

// prefix is a key's order in a uint64 where it has one: a number key
// that is a plain integer of up to 19 digits by its value (exact: equal
// prefixes are equal keys), an S or B key by its first 8 bytes (equal
// prefixes say nothing).
type prefix struct {
	v            uint64
	valid, exact bool
}

// keyPrefix is v's prefix as a key of type typ.
func keyPrefix(v []byte, typ string) prefix {
	if v == nil {
		return prefix{}
	}
	if typ == "N" {
		if len(v) > 19 || !plainInteger(v) {
			return prefix{}
		}
		var n uint64
		for _, c := range v {
			n = n*10 + uint64(c-'0')
		}
		return prefix{v: n, valid: true, exact: true}
	}
	var b [8]byte
	copy(b[:], v)
	return prefix{v: binary.BigEndian.Uint64(b[:]), valid: true}
}

// comparePrefixed compares two keys of type typ, by their prefixes where
// those decide.
func comparePrefixed(a, b []byte, pa, pb prefix, typ string) int {
	if pa.valid && pb.valid {
		switch {
		case pa.v < pb.v:
			return -1
		case pa.v > pb.v:
			return 1
		case pa.exact && pb.exact:
			return 0
		}
	}
	return compareSK(a, b, typ)
}

// withPrefixes sets e's key prefixes from buf, the buffer e locates.
func (s *sorter) withPrefixes(buf []byte, e sortEntry) sortEntry {
	e.pkp = keyPrefix(span(buf, e.pk), s.pkType)
	e.skp = keyPrefix(span(buf, e.sk), s.skType)
	return e
}

// parseBody finds the keys of an undecoded record (spill.Decode's input).
func parseBody(b []byte, base int) (sortEntry, error) {
	e := sortEntry{off: base, end: base + len(b)}
	_, k := binary.Uvarint(b)
	if k <= 0 {
		return e, spill.ErrCorrupt
	}
	e.rest[0], e.rest[1] = base+k, base+len(b)
	at := k
	field := func(dst *[2]int) bool {
		l, k := binary.Uvarint(b[at:])
		if k <= 0 || uint64(len(b)-at-k) < l-min(l, 1) {
			return false
		}
		at += k
		if l == 0 {
			dst[0], dst[1] = -1, -1
			return true
		}
		dst[0], dst[1] = base+at, base+at+int(l-1)
		at += int(l - 1)
		return true
	}
	if !field(&e.pk) || !field(&e.sk) {
		return e, spill.ErrCorrupt
	}
	return e, nil
}

func span(buf []byte, r [2]int) []byte {
	if r[0] < 0 {
		return nil
	}
	return buf[r[0]:r[1]]
}

// sorter orders records by (partition key, sort key, content) in bounded
// memory: records are added into a buffer of at most mem bytes, which is
// sorted and written as a run when full; the runs are merged at the end.
type sorter struct {
	pkType, skType string
	mem            int
	dir            string
	buf            []byte
	idx            []sortEntry
	runs           []*spill.Writer
	// A full buffer is sorted and written on its own goroutine while the
	// next one fills (one at a time): running is closed when it is done,
	// runErr says how it went, and spare is its buffer, to fill next.
	running  chan struct{}
	runErr   error
	spareBuf []byte
	spareIdx []sortEntry
}

// compareIn is the sort order, of a in bufA and b in bufB: partition
// keys (equal as DynamoDB compares them), then sort keys in DynamoDB's
// order, then the rest of the record, so that the order of rows with one
// key (key collisions, NULL keys) depends on nothing but their content.
// The keys' prefixes decide where they can.
func (s *sorter) compareIn(bufA []byte, a *sortEntry, bufB []byte, b *sortEntry) int {
	if c := comparePrefixed(span(bufA, a.pk), span(bufB, b.pk), a.pkp, b.pkp, s.pkType); c != 0 {
		return c
	}
	if c := comparePrefixed(span(bufA, a.sk), span(bufB, b.sk), a.skp, b.skp, s.skType); c != 0 {
		return c
	}
	return bytes.Compare(bufA[a.rest[0]:a.rest[1]], bufB[b.rest[0]:b.rest[1]])
}

// add adds one undecoded record.
func (s *sorter) add(body []byte) error {
	if len(s.buf)+len(body) > s.mem && len(s.idx) > 0 {
		if err := s.writeRun(); err != nil {
			return err
		}
	}
	if s.buf == nil || cap(s.buf) < len(body) {
		s.buf = make([]byte, 0, max(s.mem, len(body)))
	}
	e, err := parseBody(body, len(s.buf))
	if err != nil {
		return err
	}
	s.buf = append(s.buf, body...)
	s.idx = append(s.idx, s.withPrefixes(s.buf, e))
	return nil
}

func (s *sorter) sortMemory() { s.sortEntries(s.buf, s.idx) }

func (s *sorter) sortEntries(buf []byte, idx []sortEntry) {
	slices.SortFunc(idx, func(a, b sortEntry) int { return s.compareIn(buf, &a, buf, &b) })
}

// wait waits for the run being written, if any, and returns its error.
func (s *sorter) wait() error {
	if s.running != nil {
		<-s.running
		s.running = nil
	}
	return s.runErr
}

// writeRun hands the buffer to a goroutine that sorts it and writes it as
// a run, and goes on with the other buffer.
func (s *sorter) writeRun() error {
	if err := s.wait(); err != nil {
		return err
	}
	w, err := spill.Create(s.dir)
	if err != nil {
		return fmt.Errorf("sort: %w", err)
	}
	s.runs = append(s.runs, w)
	buf, idx := s.buf, s.idx
	s.buf, s.idx = s.spareBuf[:0], s.spareIdx[:0]
	done := make(chan struct{})
	s.running = done
	go func() {
		defer close(done)
		s.sortEntries(buf, idx)
		for _, e := range idx {
			if _, err := w.WriteRaw(buf[e.off:e.end]); err != nil {
				s.runErr = err
				return
			}
		}
		s.spareBuf, s.spareIdx = buf, idx
	}()
	return nil
}

// mergeSorted calls fn with every record of the sorters in the sort
// order, given as its partition key and the rest of its encoding after its
// round (valid during the call): each sorter's last buffer is sorted in
// memory (the sorters' side by side) and merged with every sorter's runs.
// The order depends on the records alone, not on which sorter holds which:
// records that compare equal are identical. The caller closes the sorters.
func mergeSorted(ss []*sorter, fn func(pk, rest []byte) error) error {
	for _, s := range ss {
		if err := s.wait(); err != nil {
			return err
		}
	}
	var wg sync.WaitGroup
	for _, s := range ss[1:] {
		wg.Go(s.sortMemory)
	}
	ss[0].sortMemory()
	wg.Wait()
	m := &merge{s: ss[0]}
	defer func() {
		for _, h := range m.heads {
			if h.rd != nil {
				h.rd.Close()
			}
		}
	}()
	for _, s := range ss {
		for _, w := range s.runs {
			rd, err := w.Reader()
			if err != nil {
				return err
			}
			h := &mergeHead{s: s, rd: rd}
			m.heads = append(m.heads, h)
			ok, err := h.next()
			if err != nil {
				return err
			}
			if !ok {
				m.heads = m.heads[:len(m.heads)-1]
				rd.Close()
			}
		}
		s.runs = nil
		if len(s.idx) > 0 {
			h := &mergeHead{s: s, body: s.buf, mem: s.idx}
			h.next()
			m.heads = append(m.heads, h)
		}
	}
	if len(m.heads) == 1 && m.heads[0].rd == nil {
		// One buffer in memory: no merge.
		h := m.heads[0]
		for _, e := range append([]sortEntry{h.e}, h.mem...) {
			if err := fn(span(h.body, e.pk), h.body[e.rest[0]:e.rest[1]]); err != nil {
				return err
			}
		}
		return nil
	}
	heap.Init(m)
	for len(m.heads) > 0 {
		h := m.heads[0]
		if err := fn(span(h.body, h.e.pk), h.body[h.e.rest[0]:h.e.rest[1]]); err != nil {
			return err
		}
		ok, err := h.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(m, 0)
		} else {
			if h.rd != nil {
				h.rd.Close()
			}
			heap.Pop(m)
		}
	}
	return nil
}

func (s *sorter) close() {
	s.wait()
	for _, w := range s.runs {
		w.Close()
	}
	s.runs, s.buf, s.idx = nil, nil, nil
}

// mergeHead is a run's current record, copied out of its reader's buffer,
// or (rd nil) a sorted buffer's: body is then the buffer, mem its entries
// not yet merged.
type mergeHead struct {
	s    *sorter
	rd   *spill.Reader
	body []byte
	mem  []sortEntry
	e    sortEntry
}

func (h *mergeHead) next() (bool, error) {
	if h.rd == nil {
		if len(h.mem) == 0 {
			return false, nil
		}
		h.e, h.mem = h.mem[0], h.mem[1:]
		return true, nil
	}
	b, ok, err := h.rd.NextRaw()
	if !ok || err != nil {
		return false, err
	}
	h.body = append(h.body[:0], b...)
	if h.e, err = parseBody(h.body, 0); err != nil {
		return false, err
	}
	h.e = h.s.withPrefixes(h.body, h.e)
	return true, nil
}

// merge is a heap of run heads by the sort order; runs are taken in the
// order they were written on ties, which only identical records have.
type merge struct {
	s     *sorter
	heads []*mergeHead
}

func (m *merge) Len() int { return len(m.heads) }
func (m *merge) Less(i, j int) bool {
	a, b := m.heads[i], m.heads[j]
	return m.s.compareIn(a.body, &a.e, b.body, &b.e) < 0
}
func (m *merge) Swap(i, j int) { m.heads[i], m.heads[j] = m.heads[j], m.heads[i] }
func (m *merge) Push(x any)    { m.heads = append(m.heads, x.(*mergeHead)) }
func (m *merge) Pop() any {
	h := m.heads[len(m.heads)-1]
	m.heads = m.heads[:len(m.heads)-1]
	return h
}

// settle places the rows of the keys that arrived out of sort-key order,
// once the scan has ended: their rows placed in rounds before the key was
// found unsorted are read out of those rounds' files, sorted with the
// key's later rows, and placed in the rounds of their sort rank, appended
// to the rounds' files. The rows read out stay in the files, where Next
// skips them: every file's rows before its bound (its size when the scan
// ended) that belong to an unsorted key.
//
// settle starts the work on its own goroutine and returns: while it runs,
// Next emits round 1's rows placed during the scan (the first section of
// its file, up to its bound), which come first in the round whatever the
// sort finds, so the encoders work while the sort does; Next then waits
// for settle (join) before it goes on.
func (il *Rounds) settle() error {
	il.ks = nil
	if il.unsorted == nil {
		return nil
	}
	var deepest uint32
	for _, d := range il.depth {
		deepest = max(deepest, d)
	}
	// The sections settle reads, made here: the Writers are touched by
	// one goroutine at a time.
	var sections []settlePart
	closeAll := func() {
		for _, p := range sections {
			p.rd.Close()
		}
	}
	il.bounds = make([]int64, len(il.files))
	for k := 0; k < len(il.files) && k < int(deepest); k++ {
		if w := il.files[k]; w != nil {
			il.bounds[k] = w.Size()
			rd, err := w.Section(0, il.bounds[k])
			if err != nil {
				closeAll()
				return err
			}
			sections = append(sections, settlePart{rd: rd, size: il.bounds[k]})
		}
	}
	if int(deepest) > len(il.files) && il.tail != nil {
		il.tailBound = il.tail.Size()
		rd, err := il.tail.Section(0, il.tailBound)
		if err != nil {
			closeAll()
			return err
		}
		sections = append(sections, settlePart{rd: rd, size: il.tailBound})
	}
	size := il.unsorted.Size()
	unsorted, err := il.unsorted.Reader()
	il.unsorted = nil
	if err != nil {
		closeAll()
		return err
	}
	sections = append(sections, settlePart{rd: unsorted, size: size, whole: true})
	if w := il.files[0]; w != nil && il.bounds[0] > 0 {
		rd, err := w.Section(0, il.bounds[0])
		if err != nil {
			closeAll()
			return err
		}
		il.reading, il.readBound, il.from0 = rd, il.bounds[0], il.bounds[0]
	}
	done := make(chan struct{})
	il.settling = done
	go func() {
		defer close(done)
		defer closeAll()
		il.settleErr = il.settleRun(sections)
	}()
	return nil
}

// errStopped ends settle's goroutine when the order is closed.
var errStopped = errors.New("write order closed")

// settlePart is a section settle reads: a file's rows placed during the
// scan, of which it takes those of unsorted keys, or (whole) the unsorted
// file, all of whose rows it takes.
type settlePart struct {
	rd    *spill.Reader
	size  int64
	whole bool
}

// settleRun is settle's goroutine: parts are the sections to read the
// unsorted keys' rows out of. Until join, it owns the files, the tail,
// roundBytes and maxRound.
//
// The sections are read, and their rows sorted in runs, by up to
// settleWorkers goroutines side by side, each with its own share of the
// sections (by size) and of Tuning.SortMemory; one merge of every run then
// places the rows in rounds. What the merge yields depends on the rows
// alone, so the order is the same whatever the number of goroutines.
func (il *Rounds) settleRun(parts []settlePart) error {
	groups := splitParts(parts, max(il.settleWorkers, 1))
	sorters := make([]*sorter, len(groups))
	for g := range sorters {
		sorters[g] = &sorter{pkType: il.t.PartitionKey.Type, skType: il.skType(), mem: max(il.tune.SortMemory/(2*len(groups)), 1), dir: il.tune.SpillDir}
		defer sorters[g].close()
	}
	// Each goroutine counts the bytes it takes out of each round; they
	// are taken off roundBytes once all are done.
	taken := make([]map[uint32]int64, len(groups))
	resorted := make([]int64, len(groups))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for g := range groups {
		taken[g] = map[uint32]int64{}
		read := func() { errs[g] = il.settleRead(groups[g], sorters[g], taken[g], &resorted[g]) }
		if g == len(groups)-1 {
			read()
			continue
		}
		wg.Go(read)
	}
	wg.Wait()
	for g := range groups {
		if errs[g] != nil {
			return errs[g]
		}
		for round, n := range taken[g] {
			il.roundBytes[round] -= n
		}
		il.resortedBySettle += resorted[g]
	}
	var prev []byte
	var rank uint32
	prevNull := false
	pkType := il.t.PartitionKey.Type
	return mergeSorted(sorters, func(pk, rest []byte) error {
		if il.stopSettle.Load() {
			return errStopped
		}
		if rank > 0 && (pk == nil) == prevNull && (prevNull || compareSK(pk, prev, pkType) == 0) {
			rank++
		} else {
			rank, prev, prevNull = 1, append(prev[:0], pk...), pk == nil
		}
		return il.spillRound(rank, rest)
	})
}

// splitParts splits parts, in order, into at most n groups of about equal
// size.
func splitParts(parts []settlePart, n int) [][]settlePart {
	var total int64
	for _, p := range parts {
		total += p.size
	}
	var groups [][]settlePart
	var acc int64
	start := 0
	for i, p := range parts {
		acc += p.size
		if len(groups) < n-1 && acc*int64(n) >= total*int64(len(groups)+1) && i+1 < len(parts) {
			groups = append(groups, parts[start:i+1])
			start = i + 1
		}
	}
	return append(groups, parts[start:])
}

// settleRead reads parts into s: the rows of unsorted keys, counting the
// bytes taken out of each round in taken and the rows in n.
func (il *Rounds) settleRead(parts []settlePart, s *sorter, taken map[uint32]int64, n *int64) error {
	var kbuf []byte
	for _, p := range parts {
		for {
			if il.stopSettle.Load() {
				return errStopped
			}
			body, ok, err := p.rd.NextRaw()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if !p.whole {
				e, err := parseBody(body, 0)
				if err != nil {
					return err
				}
				if _, ok := il.depth[il.pkHashBuf(&kbuf, span(body, e.pk))]; !ok {
					continue
				}
				round, _ := binary.Uvarint(body)
				taken[uint32(round)] += int64(uvarintLen(uint64(len(body))) + len(body))
			}
			if err := s.add(body); err != nil {
				return err
			}
			*n++
		}
	}
	return nil
}

// join waits for settle's goroutine and returns its error.
func (il *Rounds) join() error {
	if il.settling == nil {
		return nil
	}
	<-il.settling
	il.settling = nil
	il.resorted = il.resortedBySettle
	if il.settleErr != nil {
		return fmt.Errorf("interleave %s: %w", il.t.Source, il.settleErr)
	}
	il.prepareTail()
	return nil
}

// skipped reports whether the record rec, read at file offset at of a file
// whose rows before bound were placed during the scan, was read out by
// settle (a row of a key found out of sort-key order).
func (il *Rounds) skipped(at, bound int64, pk []byte) bool {
	return il.skippedBuf(&il.kbuf, at, bound, pk)
}

// skippedBuf is skipped with its own scratch buffer, for another goroutine.
func (il *Rounds) skippedBuf(kbuf *[]byte, at, bound int64, pk []byte) bool {
	if at >= bound {
		return false
	}
	_, ok := il.depth[il.pkHashBuf(kbuf, pk)]
	return ok
}

func uvarintLen(v uint64) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], v)
}

// appendCanonicalInteger appends codec.CanonicalNumber's form of a plain
// integer (plainInteger): "1200" is "1.2E3", "0" is "0".
func appendCanonicalInteger(dst, s []byte) []byte {
	if len(s) == 1 && s[0] == '0' {
		return append(dst, '0')
	}
	end := len(s)
	for end > 1 && s[end-1] == '0' {
		end--
	}
	dst = append(dst, s[0])
	if end > 1 {
		dst = append(dst, '.')
		dst = append(dst, s[1:end]...)
	}
	dst = append(dst, 'E')
	return strconv.AppendInt(dst, int64(len(s)-1), 10)
}
