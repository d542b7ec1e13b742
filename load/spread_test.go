package load

import (
	"math/rand/v2"
	"testing"
)

// TestSpreadMeterIsTheWindowCount compares the meter with a count kept in
// a map over every window, on sequences whose keys collide in the meter's
// table (few bits of hash) and whose hottest key comes and goes, so that
// keys leave the table from the middle of probe runs.
func TestSpreadMeterIsTheWindowCount(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		keys := 1 + rng.IntN(3000)
		n := 1 + rng.IntN(20_000)
		m := newSpreadMeter()
		seq := make([]uint64, n)
		for i := range seq {
			k := uint64(rng.IntN(keys))
			if rng.IntN(4) == 0 && (i/2500)%2 == 0 {
				k = 0 // a hot key, in some stretches only
			}
			// Hashes that share their slot bits often: long probe runs.
			seq[i] = (k%64)<<32 | k<<48 | 1
			m.add(seq[i])
		}
		want := 0
		counts := map[uint64]int{}
		for i, h := range seq {
			counts[h]++
			if i >= SpreadWindow {
				counts[seq[i-SpreadWindow]]--
			}
			want = max(want, counts[h])
		}
		if int(m.max) != want {
			t.Fatalf("seed %d: meter's largest window count %d, want %d", seed, m.max, want)
		}
		for j, k := range m.keys {
			if k == 0 && m.counts[j] != 0 {
				t.Fatalf("seed %d: empty slot %d holds a count", seed, j)
			}
			if k != 0 && m.counts[j] != int32(counts[k]) {
				t.Fatalf("seed %d: key %x counted %d, want %d", seed, k, m.counts[j], counts[k])
			}
		}
	}
}
