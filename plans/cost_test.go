package plans

import (
	"strings"
	"testing"
)

func TestDollars(t *testing.T) {
	for d, want := range map[float64]string{0: "$0", 0.00001: "<$0.0001", 0.0123: "$0.0123", 1.25: "$1.25", 1234.567: "$1,234.57"} {
		if got := Dollars(d); got != want {
			t.Errorf("Dollars(%v) = %q, want %q", d, got, want)
		}
	}
}

// The markdown cost table is a pipe table of a header, one row per table
// and a total, and says the import and bulk put paths do not exist yet.
func TestRenderCostMarkdown(t *testing.T) {
	c := &CostReport{
		Pricing:   Pricing{Region: "us-east-1", Taken: "2026-11", Source: "test", ImportBytesPerSecond: 25e6},
		WriteRate: 4000,
		Tables: []TableCost{{Source: "public.a", OnDemand: PathCost{Known: true, Dollars: 1.25, Seconds: 500},
			Import: PathCost{Known: true, Dollars: 0.176, Seconds: 650.4}, BulkPut: PathCost{Seconds: 800},
			Recommended: PathImport, Why: "large"}},
		Total:              TableCost{Recommended: "S3 import for 1"},
		RecommendedDollars: 0.176,
	}
	var b strings.Builder
	if err := RenderCost(&b, c, FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, "\n| "); n != 3 {
		t.Errorf("%d table rows, want header, one table, total:\n%s", n, out)
	}
	for _, want := range []string{"## Cost and time", "| public.a | $1.25, 8 min 20 s |", "unknown, 13 min 20 s", "| $0.1760: S3 import for 1 |", "pg2ddb load --via import", "- public.a: S3 import: large"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
}
