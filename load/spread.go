package load

import "hash/maphash"

// SpreadWindow is the number of consecutive writes the spread is measured over.
const SpreadWindow = 1000

// spreadSeed seeds the partition key hashes the spread is measured by;
// the encoders hash each row's key (rowBlock.pkHashes), so that the
// ordered hand-off, which runs on one goroutine, only counts.
var spreadSeed = maphash.MakeSeed()

// spreadHash is the hash a row's partition key is counted under.
func spreadHash(pk []byte) uint64 { return maphash.Bytes(spreadSeed, pk) | 1 }

// spreadSlots is the size of the meter's table of counts: a power of two
// over twice the window, so that its probes stay short.
const spreadSlots = 4096

// spreadMeter measures the largest share of one partition key value in any
// SpreadWindow consecutive writes of the emitted order. A ring of key
// hashes and a count per hash, in an open-addressing table of its own (a
// map was a tenth of the hand-off's time), make it O(1) per item and
// bounded in memory.
type spreadMeter struct {
	ring   [SpreadWindow]uint64
	n      int64
	keys   [spreadSlots]uint64 // 0: empty (spreadHash is never 0)
	counts [spreadSlots]int32
	max    int32
}

func newSpreadMeter() *spreadMeter { return &spreadMeter{} }

// add counts one write of the key whose spreadHash is h.
func (s *spreadMeter) add(h uint64) {
	i := s.n % SpreadWindow
	if s.n >= SpreadWindow {
		s.drop(s.ring[i])
	}
	s.ring[i] = h
	s.n++
	j := s.slot(h)
	if s.keys[j] == 0 {
		s.keys[j] = h
	}
	s.counts[j]++
	s.max = max(s.max, s.counts[j])
}

// slot is h's slot, or the empty slot where it would go.
func (s *spreadMeter) slot(h uint64) int {
	j := int(h>>32) & (spreadSlots - 1)
	for s.keys[j] != 0 && s.keys[j] != h {
		j = (j + 1) & (spreadSlots - 1)
	}
	return j
}

// drop uncounts one write of h; a key whose count falls to 0 leaves the
// table, the keys after it in its probe run moving back (linear probing's
// deletion, which leaves no tombstones).
func (s *spreadMeter) drop(h uint64) {
	j := s.slot(h)
	if s.counts[j]--; s.counts[j] > 0 {
		return
	}
	s.keys[j] = 0
	for k := (j + 1) & (spreadSlots - 1); s.keys[k] != 0; k = (k + 1) & (spreadSlots - 1) {
		home := int(s.keys[k]>>32) & (spreadSlots - 1)
		// The key at k may fill the hole at j when it is at least as
		// far from its home as the hole is from k (its home is not
		// cyclically in (j, k]).
		if (k-home)&(spreadSlots-1) >= (k-j)&(spreadSlots-1) {
			s.keys[j], s.counts[j] = s.keys[k], s.counts[k]
			s.keys[k], s.counts[k] = 0, 0
			j = k
		}
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
