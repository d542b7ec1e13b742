package extract

import (
	"math"
	"math/bits"
	"sort"
)

// hllPrecision is the number of index bits of the HyperLogLog sketch:
// 2^14 registers, a standard error of 1.04/sqrt(2^14) ≈ 0.8 %, 16 KiB per
// column.
const hllPrecision = 14

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

// hash64 is FNV-1a followed by the murmur3 finalizer, so every output bit
// depends on every input bit (the sketch takes its index from the top bits
// and its rank from the rest). Deterministic, so estimates repeat run to run.
func hash64(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
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
type spaceSaving struct {
	index map[string]int // value → position in heap
	heap  []ssCounter    // min-heap by count
}

type ssCounter struct {
	value      string
	count, err int64
}

func newSpaceSaving(k int) *spaceSaving {
	return &spaceSaving{index: make(map[string]int, k), heap: make([]ssCounter, 0, k)}
}

func (s *spaceSaving) add(v []byte, n int64) {
	if i, ok := s.index[string(v)]; ok {
		s.heap[i].count += n
		s.down(i)
		return
	}
	if len(s.heap) < cap(s.heap) {
		s.heap = append(s.heap, ssCounter{value: string(v), count: n})
		s.index[s.heap[len(s.heap)-1].value] = len(s.heap) - 1
		s.up(len(s.heap) - 1)
		return
	}
	min := &s.heap[0]
	delete(s.index, min.value)
	min.value = string(v)
	min.err = min.count
	min.count += n
	s.index[min.value] = 0
	s.down(0)
}

// minCount is the most any value not held can have occurred.
func (s *spaceSaving) minCount() int64 {
	if len(s.heap) < cap(s.heap) {
		return 0
	}
	return s.heap[0].count
}

func (s *spaceSaving) less(i, j int) bool { return s.heap[i].count < s.heap[j].count }

func (s *spaceSaving) swap(i, j int) {
	s.heap[i], s.heap[j] = s.heap[j], s.heap[i]
	s.index[s.heap[i].value] = i
	s.index[s.heap[j].value] = j
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

// top returns the n counters with the highest counts, highest first, ties
// by value so the order is deterministic.
func (s *spaceSaving) top(n int) []ssCounter {
	out := append([]ssCounter(nil), s.heap...)
	sortCounters(out)
	if len(out) > n {
		out = out[:n]
	}
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
