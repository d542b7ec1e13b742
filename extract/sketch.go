package extract

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sort"
)

// hllPrecision is the number of index bits of the HyperLogLog sketch:
// 2^16 registers, a standard error of 1.04/sqrt(2^16) ≈ 0.4 %, 64 KiB per
// column that has too many values to count exactly.
const hllPrecision = 16

// hll is a HyperLogLog sketch with Ertl's improved estimator ("New
// cardinality estimation algorithms for HyperLogLog sketches", 2017), which
// is unbiased over the whole range without HLL++'s empirical bias tables.
type hll struct {
	reg [1 << hllPrecision]uint8
}

func (h *hll) add(x uint64) {
	idx := x >> (64 - hllPrecision)
	w := x<<hllPrecision | 1<<(hllPrecision-1) // guard bit: rank ≤ 64-p+1
	r := uint8(bits.LeadingZeros64(w)) + 1
	if r > h.reg[idx] {
		h.reg[idx] = r
	}
}

func (h *hll) estimate() float64 {
	const (
		m = 1 << hllPrecision
		q = 64 - hllPrecision
	)
	var c [q + 2]int
	for _, r := range h.reg {
		c[r]++
	}
	z := m * hllTau(1-float64(c[q+1])/m)
	for k := q; k >= 1; k-- {
		z = 0.5 * (z + float64(c[k]))
	}
	z += m * hllSigma(float64(c[0])/m)
	return m * m / (2 * math.Ln2) / z
}

func hllSigma(x float64) float64 {
	if x == 1 {
		return math.Inf(1)
	}
	y, z := 1.0, x
	for {
		x *= x
		prev := z
		z += x * y
		y += y
		if z == prev {
			return z
		}
	}
}

func hllTau(x float64) float64 {
	if x == 0 || x == 1 {
		return 0
	}
	y, z := 1.0, 1-x
	for {
		x = math.Sqrt(x)
		prev := z
		y *= 0.5
		z -= (1 - x) * (1 - x) * y
		if z == prev {
			return z / 3
		}
	}
}

// hash64 is xxHash64's mixing applied to 8-byte words (the short-input path
// of XXH64, over any length) and a murmur3 finalizer: every output bit
// depends on every input bit,
// which the sketch needs (it takes its index from the top bits and its rank
// from the rest), and it keys the exact counts. Deterministic, so estimates
// repeat run to run.
func hash64(b []byte) uint64 {
	const (
		p1 = 11400714785074694791
		p2 = 14029467366897019727
		p3 = 1609587929392839161
		p4 = 9650029242287828579
		p5 = 2870177450012600261
	)
	h := p5 + uint64(len(b))
	for ; len(b) >= 8; b = b[8:] {
		k := binary.LittleEndian.Uint64(b)
		h ^= bits.RotateLeft64(k*p2, 31) * p1
		h = bits.RotateLeft64(h, 27)*p1 + p4
	}
	if len(b) >= 4 {
		h ^= uint64(binary.LittleEndian.Uint32(b)) * p1
		h = bits.RotateLeft64(h, 23)*p2 + p3
		b = b[4:]
	}
	for _, c := range b {
		h ^= uint64(c) * p5
		h = bits.RotateLeft64(h, 11) * p1
	}
	h ^= h >> 33
	h *= p2
	h ^= h >> 29
	h *= p3
	h ^= h >> 32
	// A second finalizer (murmur3's fmix64): measured on 1M decimal,
	// timestamp and md5 strings, XXH64's output alone left the sketch 0.6–0.9 %
	// low every time; with it the errors scatter around zero as they should.
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// spaceSaving keeps the approximately most frequent values of a stream in
// k counters (Metwally et al., "Efficient computation of frequent and top-k
// elements in data streams"): any value more frequent than n/k is kept, and
// a counter's count overestimates its value's true count by at most its err.
// A counter with err 0 has counted its value since the value first came.
// Counters are found by the value's 64-bit hash and sit in a min-heap by
// count; a counter's value buffer is reused when the counter is taken over,
// so a steady stream allocates nothing.
type spaceSaving struct {
	index map[uint64]int32 // value hash → slot
	slots []ssSlot
	heap  []int32 // slots, min-heap by count
	k     int
}

type ssSlot struct {
	hash       uint64
	value      []byte
	count, err int64
	pos        int32 // position in heap
}

// ssCounter is a reported counter.
type ssCounter struct {
	value      string
	count, err int64
}

func newSpaceSaving(k int) *spaceSaving {
	return &spaceSaving{index: make(map[uint64]int32, k), slots: make([]ssSlot, 0, k), heap: make([]int32, 0, k), k: k}
}

func (s *spaceSaving) add(h uint64, v []byte, n int64) {
	if i, ok := s.index[h]; ok {
		s.slots[i].count += n
		s.down(int(s.slots[i].pos))
		return
	}
	if len(s.slots) < s.k {
		i := int32(len(s.slots))
		s.slots = append(s.slots, ssSlot{hash: h, value: append([]byte(nil), v...), count: n, pos: int32(len(s.heap))})
		s.heap = append(s.heap, i)
		s.index[h] = i
		s.up(len(s.heap) - 1)
		return
	}
	i := s.heap[0]
	sl := &s.slots[i]
	delete(s.index, sl.hash)
	sl.hash = h
	sl.value = append(sl.value[:0], v...)
	sl.err = sl.count
	sl.count += n
	s.index[h] = i
	s.down(0)
}

// minCount is the most any value not held can have occurred.
func (s *spaceSaving) minCount() int64 {
	if len(s.slots) < s.k {
		return 0
	}
	return s.slots[s.heap[0]].count
}

func (s *spaceSaving) less(i, j int) bool { return s.slots[s.heap[i]].count < s.slots[s.heap[j]].count }

func (s *spaceSaving) swap(i, j int) {
	s.heap[i], s.heap[j] = s.heap[j], s.heap[i]
	s.slots[s.heap[i]].pos = int32(i)
	s.slots[s.heap[j]].pos = int32(j)
}

func (s *spaceSaving) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !s.less(i, p) {
			return
		}
		s.swap(i, p)
		i = p
	}
}

func (s *spaceSaving) down(i int) {
	n := len(s.heap)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && s.less(r, l) {
			m = r
		}
		if !s.less(m, i) {
			return
		}
		s.swap(i, m)
		i = m
	}
}

// counters returns every counter, highest count first.
func (s *spaceSaving) counters() []ssCounter {
	out := make([]ssCounter, len(s.slots))
	for i, sl := range s.slots {
		out[i] = ssCounter{value: string(sl.value), count: sl.count, err: sl.err}
	}
	sortCounters(out)
	return out
}

func sortCounters(cs []ssCounter) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].count != cs[j].count {
			return cs[i].count > cs[j].count
		}
		return cs[i].value < cs[j].value
	})
}

// valueCounts counts every distinct value exactly, keyed by the value's
// 64-bit hash (two different values sharing one is a 1-in-10^9 chance at
// 200,000 values), with the values' bytes kept in one arena so counting
// allocates only as the arena grows.
type valueCounts struct {
	index  map[uint64]uint32
	arena  []byte
	ends   []uint32 // value i is arena[ends[i-1]:ends[i]]
	counts []int64
}

func newValueCounts() *valueCounts {
	return &valueCounts{index: make(map[uint64]uint32)}
}

func (c *valueCounts) len() int { return len(c.counts) }

func (c *valueCounts) value(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = c.ends[i-1]
	}
	return c.arena[start:c.ends[i]]
}

// top returns the n values with the highest counts, highest first, ties
// by value, in one pass keeping the best n seen so far.
func (c *valueCounts) top(n int) []ssCounter {
	best := make([]int, 0, n+1)
	better := func(i, j int) bool {
		if c.counts[i] != c.counts[j] {
			return c.counts[i] > c.counts[j]
		}
		return bytes.Compare(c.value(i), c.value(j)) < 0
	}
	for i := range c.counts {
		if len(best) == n && !better(i, best[n-1]) {
			continue
		}
		at := len(best)
		for at > 0 && better(i, best[at-1]) {
			at--
		}
		best = slices.Insert(best, at, i)
		if len(best) > n {
			best = best[:n]
		}
	}
	out := make([]ssCounter, len(best))
	for k, i := range best {
		out[k] = ssCounter{value: string(c.value(i)), count: c.counts[i]}
	}
	return out
}
