package extract_test

import (
	"context"
	"io"
	"math"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// bench1MSQL builds the benchmark table: 1M rows, 6 columns of the usual
// kinds (a dense id, a ~200k-value foreign-key-like integer, a 5-value
// status with a hot value, a numeric, a timestamp, a 32-byte text).
const bench1MSQL = `
CREATE TABLE bench (id bigint, customer_id integer, status text, amount numeric(10,2), created timestamptz, note text);
INSERT INTO bench
SELECT n,
       (hashint4(n) & 2147483647) % 200000,
       CASE WHEN n % 10 < 4 THEN 'paid' ELSE (ARRAY['new', 'shipped', 'returned', 'lost'])[1 + n % 4] END,
       (hashint4(n + 7) & 2147483647) % 1000000 / 100.0,
       timestamptz '2024-01-01 00:00:00+00' + n * interval '7 seconds',
       md5(n::text)
FROM generate_series(1, 1000000) n;
ANALYZE bench;`

// BenchmarkProfile1M compares profiling a 1M-row, 6-column table with one
// binary COPY of it (the target: at most 3×) and reports the worst
// relative error of the distinct counts against count(DISTINCT …). Run it
// with: scripts/services.sh go test ./extract -run '^$' -bench Profile1M -benchtime 3x
func BenchmarkProfile1M(b *testing.B) {
	ctx := context.Background()
	db := testenv.NewDatabase(b, "")
	if _, err := db.Pool.Exec(ctx, bench1MSQL); err != nil {
		b.Fatalf("generate: %v", err)
	}
	cols := []string{"id", "customer_id", "status", "amount", "created", "note"}
	exact := map[string]int64{}
	for _, c := range cols {
		var n int64
		if err := db.Pool.QueryRow(ctx, "SELECT count(DISTINCT "+c+") FROM bench").Scan(&n); err != nil {
			b.Fatal(err)
		}
		exact[c] = n
	}
	s, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close(ctx)
	sc, err := extract.Inspect(ctx, s, extract.InspectOptions{Tables: []string{"bench"}})
	if err != nil {
		b.Fatal(err)
	}

	var copyTime, profileTime time.Duration
	var worst float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if _, err := s.Tx().Conn().PgConn().CopyTo(ctx, io.Discard, "COPY (SELECT * FROM bench) TO STDOUT (FORMAT binary)"); err != nil {
			b.Fatal(err)
		}
		copyTime += time.Since(start)

		start = time.Now()
		p, err := extract.ProfileTables(ctx, s, sc, extract.ProfileOptions{})
		if err != nil {
			b.Fatal(err)
		}
		profileTime += time.Since(start)
		tp := p.Table("public", "bench")
		if tp.Error != "" || tp.Rows != 1_000_000 {
			b.Fatalf("profile: %+v", tp)
		}
		for _, c := range cols {
			got := tp.Column(c).Distinct
			if e := math.Abs(float64(got-exact[c])) / float64(exact[c]); e > worst {
				worst = e
			}
		}
		if i == 0 {
			for _, c := range cols {
				cp := tp.Column(c)
				b.Logf("%-12s distinct %8d (exact %8d, estimated %v) top %v", c, cp.Distinct, exact[c], cp.DistinctEstimated, cp.TopValues[0])
			}
		}
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(copyTime.Seconds()/n, "copy-s/op")
	b.ReportMetric(profileTime.Seconds()/n, "profile-s/op")
	b.ReportMetric(profileTime.Seconds()/copyTime.Seconds(), "ratio")
	b.ReportMetric(worst*100, "distinct-err-%")
}
