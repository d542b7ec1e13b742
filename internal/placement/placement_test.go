package placement

import (
	"math"
	"strconv"
	"testing"
)

// TestPlaceCountsWhatSharesAPartition places keys by PartitionOf, spreads
// the rest evenly, and times the load by the busiest partition or the
// rate, whichever is slower.
func TestPlaceCountsWhatSharesAPartition(t *testing.T) {
	t.Parallel()
	// Two keys that hash to one partition of 4 and one that does not.
	var same []string
	other := ""
	for i := 0; len(same) < 2 || other == ""; i++ {
		v := "k" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		switch p := PartitionOf("S", v, 4); {
		case p == 0 && len(same) < 2:
			same = append(same, v)
		case p != 0 && other == "":
			other = v
		}
	}
	s := Place([]Key{{"S", same[0], 30_000}, {"S", same[1], 20_000}, {"S", other, 10_000}}, 40_000, 0, 4)
	want := []float64{60_000, 10_000, 10_000, 10_000}
	want[PartitionOf("S", other, 4)] += 10_000
	for p := range want {
		if s.WCU[p] != want[p] {
			t.Errorf("partition %d: %v WCU, want %v", p, s.WCU[p], want[p])
		}
	}
	if s.Hottest != 0 || s.Busiest != 60_000 {
		t.Errorf("hottest partition %d with %v WCU, want 0 with 60,000", s.Hottest, s.Busiest)
	}
	// 100,000 WCU at 4,000 WCU/s is 25 s; the busiest partition at
	// 1,000 WCU/s takes 60 s.
	if got := s.Seconds(100_000, 4000); got != 60 {
		t.Errorf("Seconds at 4,000 WCU/s = %v, want 60", got)
	}
	if got := s.Seconds(100_000, 1000); got != 100 {
		t.Errorf("Seconds at 1,000 WCU/s = %v, want 100 (the rate)", got)
	}
	// Nothing known: the rest alone, even.
	if got := Place(nil, 8_000, 0, 4).Seconds(8_000, 4000); math.Abs(got-2) > 1e-9 {
		t.Errorf("an even load of 8,000 WCU on 4 partitions at 4,000 WCU/s = %v s, want 2", got)
	}
}

// TestPlaceExpectsTheBusiestPartitionOfAHash: keys placed by the hash do
// not split evenly; the expected busiest partition is what the hash gives
// on average, from many sets of keys.
func TestPlaceExpectsTheBusiestPartitionOfAHash(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		keys  int
		parts int
		hot   float64
	}{{400, 4, 0}, {40, 4, 0}, {1000, 7, 0}, {400, 4, 2_000}} {
		const per = 100.0
		model := Place([]Key{{"S", "hot", c.hot}}, per*float64(c.keys), int64(c.keys), c.parts).Busiest
		var mean float64
		const sets = 400
		for set := range sets {
			wcu := make([]float64, c.parts)
			wcu[PartitionOf("S", "hot", c.parts)] += c.hot
			for k := range c.keys {
				wcu[PartitionOf("S", string(rune('a'+set%26))+"-"+strconv.Itoa(set)+"-"+strconv.Itoa(k), c.parts)] += per
			}
			most := 0.0
			for _, w := range wcu {
				most = math.Max(most, w)
			}
			mean += most / sets
		}
		if math.Abs(model-mean) > 0.05*mean {
			t.Errorf("%d keys on %d partitions, hot %v: model's busiest %.0f WCU, the hash's on average %.0f", c.keys, c.parts, c.hot, model, mean)
		}
	}
}
