package codec

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"time"
)

// rawMicros is a binary timestamp: microseconds since 2000-01-01.
func rawMicros(us int64) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(us))
}

// TestRawTimestampMatchesTimeFormat: binary timestamps and dates of years
// 1 to 9999, microseconds included, are written as Go's time formatting
// writes them (PostgreSQL's own text is compared in extract's
// TestBareColumnsReadAsTheExpressions, BC and far-future years included).
func TestRawTimestampMatchesTimeFormat(t *testing.T) {
	t.Parallel()
	lo := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro() - pgEpoch*1e6
	hi := time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC).UnixMicro() - pgEpoch*1e6
	r := rand.New(rand.NewPCG(1, 2))
	values := []int64{lo, hi, 0, -1, 1, 999999, -999999, 1e6, -1e6}
	for range 20000 {
		values = append(values, lo+r.Int64N(hi-lo+1))
	}
	for _, us := range values {
		tm := time.UnixMicro(us + pgEpoch*1e6).UTC()
		for _, utc := range []bool{false, true} {
			want := tm.Format("2006-01-02T15:04:05.000000")
			if utc {
				want += "Z"
			}
			got, err := appendRawTimestamp([]byte("x"), rawMicros(us), utc)
			if err != nil || string(got) != "x"+want {
				t.Fatalf("timestamp %d (utc %v): %q, %v; want %q", us, utc, got, err, "x"+want)
			}
		}
		days := tm.Truncate(24*time.Hour).Unix()/86400 - pgEpoch/86400
		got, err := appendRawDate(nil, binary.BigEndian.AppendUint32(nil, uint32(int32(days))))
		if want := tm.Format("2006-01-02"); err != nil || string(got) != want {
			t.Fatalf("date %d: %q, %v; want %q", days, got, err, want)
		}
	}
}

func BenchmarkRawTimestamp(b *testing.B) {
	v := rawMicros(768_000_000_123_456) // 2024-05-02
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := appendRawTimestamp(buf[:0], v, true); err != nil {
			b.Fatal(err)
		}
	}
}
