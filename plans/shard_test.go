package plans

import "testing"

func TestShardMatchesKnownMD5(t *testing.T) {
	// md5("abc") = 900150983cd24fb0…; 0x90015098 = 2416005272.
	if got, want := Shard("abc", 1000), 2416005272%1000; got != want {
		t.Fatalf("Shard(abc, 1000) = %d, want %d", got, want)
	}
	if got := Shard("abc", 1); got != 0 {
		t.Fatalf("one shard must be shard 0, got %d", got)
	}
	seen := map[int]bool{}
	for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		s := Shard(k, 4)
		if s < 0 || s >= 4 {
			t.Fatalf("Shard(%q, 4) = %d out of range", k, s)
		}
		seen[s] = true
	}
	if len(seen) < 3 {
		t.Fatalf("12 keys landed on only %d of 4 shards", len(seen))
	}
}
