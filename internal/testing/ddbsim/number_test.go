package ddbsim

import (
	"crypto/md5"
	"fmt"
	"testing"
)

func TestCanonicalNumber(t *testing.T) {
	for in, want := range map[string]string{
		"1.50": "1.5", "15E-1": "1.5", "-0.00120": "-0.0012", "100": "100", "1e2": "100",
		"0.0": "0", "-0": "0", ".5": "0.5", "1.": "1", "-1.5e3": "-1500", "123.456e1": "1234.56",
		"007": "7", "1E+0": "1",
	} {
		if got := canonicalNum(in); got != want {
			t.Errorf("canonicalNum(%q) = %q, want %q", in, got, want)
		}
	}
	for in, ok := range map[string]bool{"1": true, "-": false, ".": false, "1e": false, "e5": false, "+1": false, "1.2.3": false, "0x10": false, " 1": false} {
		if _, got := parseNum(in); got != ok {
			t.Errorf("parseNum(%q) ok = %v, want %v", in, got, ok)
		}
	}
}

func TestPartitionOfKey(t *testing.T) {
	// With 4 partitions the partition is the top two bits of MD5(value).
	for _, v := range []string{"hot", "customer#1", "", "ü"} {
		if got, want := rangeOf(hashKey('S', v), 4), int(md5.Sum([]byte(v))[0]>>6); got != want {
			t.Errorf("partition of %q = %d, want %d", v, got, want)
		}
	}
	// The hash space is split evenly: 10k keys over 4 partitions land about
	// 2,500 per partition.
	counts := make([]int, 4)
	for i := range 10_000 {
		counts[rangeOf(hashKey('S', fmt.Sprintf("key-%05d", i)), 4)]++
	}
	for p, c := range counts {
		if c < 2200 || c > 2800 {
			t.Errorf("partition %d got %d of 10000 keys", p, c)
		}
	}
}
