package extract

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestHLLAccuracy(t *testing.T) {
	t.Parallel()
	for _, n := range []int{10, 1000, 50_000, 300_000, 2_000_000} {
		var h hll
		for i := 0; i < n; i++ {
			h.add(hash64([]byte(strconv.Itoa(i))))
			h.add(hash64([]byte(strconv.Itoa(i)))) // repeats do not count
		}
		if e := math.Abs(h.estimate()-float64(n)) / float64(n); e > 0.015 {
			t.Errorf("%d distinct: estimate %.0f, error %.2f%%", n, h.estimate(), e*100)
		}
	}
}

func TestSpaceSaving(t *testing.T) {
	t.Parallel()
	s := newSpaceSaving(64)
	r := rand.New(rand.NewPCG(1, 2))
	hot := 0
	for i := 0; i < 100_000; i++ {
		v := []byte(strconv.Itoa(r.IntN(1_000_000)))
		if i%4 == 0 {
			v = []byte("hot")
			hot++
		}
		s.add(hash64(v), v, 1)
	}
	top := s.counters()[0]
	if top.value != "hot" || top.count-top.err > int64(hot) || top.count < int64(hot) {
		t.Errorf("top %+v, want hot with a count bracketing %d", top, hot)
	}
}

func TestCompareDecimal(t *testing.T) {
	t.Parallel()
	ordered := []string{"-Infinity", "-100", "-99.5", "-2", "-0.01", "0", "0.001", "0.5", "2", "10", "10.25", "100", "Infinity", "NaN"}
	for i := range ordered {
		for j := range ordered {
			got := compareDecimal([]byte(ordered[i]), []byte(ordered[j]))
			if (i < j && got >= 0) || (i > j && got <= 0) || (i == j && got != 0) {
				t.Errorf("compareDecimal(%s, %s) = %d", ordered[i], ordered[j], got)
			}
		}
	}
	if compareDecimal([]byte("1.50"), []byte("1.5")) != 0 || compareDecimal([]byte("007"), []byte("7")) != 0 {
		t.Error("trailing and leading zeros change the value")
	}
}

func TestUnescapeCopy(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`plain`:          "plain",
		`a\tb\nc\\d`:     "a\tb\nc\\d",
		`\101\x41\x4a\q`: "AAJq",
		`tab\ttrail\`:    "tab\ttrail\\",
		`\b\f\r\v`:       "\b\f\r\v",
		`caf\303\251`:    "café",
		`no\xZZhex`:      "noxZZhex",
	} {
		if got := string(unescapeCopy(nil, []byte(in))); got != want {
			t.Errorf("unescapeCopy(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsULID(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]bool{
		"01ARZ3NDEKTSV4RRFFQ69G5FAV": true,
		"01arz3ndektsv4rrffq69g5fav": false,
		"81ARZ3NDEKTSV4RRFFQ69G5FAV": false,
		"01ARZ3NDEKTSV4RRFFQ69G5FA":  false,
		"01ARZ3NDEKTSV4RRFFQ69G5FAI": false,
	} {
		if isULID([]byte(v)) != want {
			t.Errorf("isULID(%s) != %v", v, want)
		}
	}
}
