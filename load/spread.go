package load

import "hash/maphash"

// SpreadWindow is the number of consecutive writes the spread is measured over.
const SpreadWindow = 1000

// spreadMeter measures the largest share of one partition key value in any
// SpreadWindow consecutive writes of the emitted order. A ring of key
// hashes and a count per hash make it O(1) per item and bounded in memory.
type spreadMeter struct {
	seed   maphash.Seed
	ring   [SpreadWindow]uint64
	n      int64
	counts map[uint64]int
	max    int
}

func newSpreadMeter() *spreadMeter {
	return &spreadMeter{seed: maphash.MakeSeed(), counts: make(map[uint64]int)}
}

func (s *spreadMeter) add(pk []byte) {
	h := maphash.Bytes(s.seed, pk)
	i := s.n % SpreadWindow
	if s.n >= SpreadWindow {
		old := s.ring[i]
		if c := s.counts[old] - 1; c == 0 {
			delete(s.counts, old)
		} else {
			s.counts[old] = c
		}
	}
	s.ring[i] = h
	s.n++
	c := s.counts[h] + 1
	s.counts[h] = c
	if c > s.max {
		s.max = c
	}
}

// share is the largest count of one key in a window over the window's
// size (the table's size when it is smaller than a window).
func (s *spreadMeter) share() float64 {
	if s.n == 0 {
		return 0
	}
	w := int64(SpreadWindow)
	if s.n < w {
		w = s.n
	}
	return float64(s.max) / float64(w)
}
