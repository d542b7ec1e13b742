package mapping

import (
	"math"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// costTable is a table of n items of 1,200 B (2 WCU each, one item per
// key) with three columns and a partition key attribute of its own: four
// attributes in DynamoDB JSON.
func costTable(n int64, mode string) (*plans.Table, plans.Estimates) {
	t := &plans.Table{
		Source:       "public.t",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
		Attributes:   []plans.Attribute{{Name: "id"}, {Name: "name"}, {Name: "body"}},
		Capacity:     plans.Capacity{Mode: mode},
	}
	if mode == plans.Provisioned {
		t.Capacity.WriteUnits = 4000
	}
	e := plans.Estimates{Items: n, AvgItemBytes: 1200, WCUPerItem: 2, TotalWCU: 2 * n,
		DistinctPartitionKeys: n, ItemsPerKeyMax: 1}
	return t, e
}

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want)) }

// The arithmetic against numbers computed by hand from dynamodb-facts.md.
func TestEstimateCostArithmetic(t *testing.T) {
	t.Parallel()
	tb, e := costTable(1_000_000, plans.OnDemand)
	c := EstimateCost(tb, e, 4000, DefaultPricing())
	// 1M items × ⌈1,200 B ÷ 1 KB⌉ = 2M WRU × $0.625 per million = $1.25,
	// written at 4,000 WCU/s in 500 s.
	if !c.OnDemand.Known || !near(c.OnDemand.Dollars, 1.25) || !near(c.OnDemand.Seconds, 500) {
		t.Errorf("on-demand = %+v, want $1.25 in 500 s", c.OnDemand)
	}
	// 4,000 WCU for 500 s = 555.6 WCU-hours × $0.00065 = $0.3611.
	if !near(c.Provisioned.Dollars, 4000*500.0/3600*0.00065) || !near(c.Provisioned.Seconds, 500) {
		t.Errorf("provisioned = %+v, want $0.3611 in 500 s", c.Provisioned)
	}
	// DynamoDB JSON: 1M × (1,200 + 4 attributes × 12 + 12) = 1.26e9 B
	// = 1.1735 GB × $0.15 = $0.1760; 600 s + 1.26e9 ÷ 25e6 B/s = 650.4 s.
	if got := ImportBytes(tb, e); got != 1_260_000_000 {
		t.Errorf("ImportBytes = %d, want 1,260,000,000", got)
	}
	if !near(c.Import.Dollars, 1.26e9/(1<<30)*0.15) || !near(c.Import.Seconds, 650.4) {
		t.Errorf("import = %+v, want $0.1760 in 650.4 s", c.Import)
	}
	// Bulk put: price unknown; 300 s + 2M WCU at 4,000/s.
	if c.BulkPut.Known || !near(c.BulkPut.Seconds, 800) || c.BulkPut.Basis != "price unknown" {
		t.Errorf("bulk put = %+v, want unknown, 800 s", c.BulkPut)
	}
	// A write rate under StartBulkPutItems' minimum runs it at 1,024.
	if c := EstimateCost(tb, e, 500, DefaultPricing()); !near(c.BulkPut.Seconds, 300+2e6/1024) {
		t.Errorf("bulk put at 500 WCU/s: %v s, want %v", c.BulkPut.Seconds, 300+2e6/1024)
	}
	// A key attribute that is a column of its own is not counted twice.
	tb.PartitionKey.Attribute = "id"
	if got := ImportBytes(tb, e); got != 1_000_000*(1200+3*12+12) {
		t.Errorf("ImportBytes with pk = id: %d", got)
	}
}

// The recommendation is the direct load for a small (staging) table and an
// import for a large new one, and follows the plan's capacity mode.
func TestRecommendationFlips(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		items int64
		mode  string
		want  string
	}{
		{100_000, plans.OnDemand, plans.PathOnDemand},         // $0.125 vs $0.0176: saves $0.11
		{1_000_000, plans.OnDemand, plans.PathImport},         // $1.25 vs $0.176: saves $1.07
		{1_000_000, plans.Provisioned, plans.PathProvisioned}, // $0.361 vs $0.176: saves $0.19
		{10_000_000, plans.Provisioned, plans.PathImport},     // $3.61 vs $1.76: saves $1.85
		{0, plans.OnDemand, plans.PathOnDemand},
	} {
		tb, e := costTable(c.items, c.mode)
		got := EstimateCost(tb, e, 4000, DefaultPricing())
		if got.Recommended != c.want || got.Why == "" {
			t.Errorf("%d items %s: recommended %q (%s), want %q", c.items, c.mode, got.Recommended, got.Why, c.want)
		}
		if c.want == plans.PathImport && !strings.Contains(got.Why, "pg2ddb load --via import|bulk-put") {
			t.Errorf("import recommended without naming the command that takes it: %s", got.Why)
		}
	}
}

func TestPlanCostTotals(t *testing.T) {
	t.Parallel()
	small, es := costTable(100_000, plans.OnDemand)
	large, el := costTable(1_000_000, plans.OnDemand)
	large.Source = "public.large"
	small.Estimates, large.Estimates = es, el
	p := &plans.Plan{Options: plans.Options{WriteRate: 4000}, Tables: []plans.Table{*small, *large}}
	r := PlanCost(p, 0, DefaultPricing())
	if r.WriteRate != 4000 || len(r.Tables) != 2 {
		t.Fatalf("report: rate %d, %d tables", r.WriteRate, len(r.Tables))
	}
	// Direct times add up; import times are the longest table's.
	if !near(r.Total.OnDemand.Dollars, 1.375) || !near(r.Total.OnDemand.Seconds, 550) {
		t.Errorf("total on-demand %+v, want $1.375 in 550 s", r.Total.OnDemand)
	}
	if !near(r.Total.Import.Seconds, 650.4) || r.Total.BulkPut.Known {
		t.Errorf("total import %+v, bulk put %+v", r.Total.Import, r.Total.BulkPut)
	}
	if want := 0.125 + 1.26e9/(1<<30)*0.15; !near(r.RecommendedDollars, want) {
		t.Errorf("recommended total $%v, want $%v", r.RecommendedDollars, want)
	}
	if r.Total.Recommended != "direct on-demand for 1, S3 import for 1" {
		t.Errorf("total recommended %q", r.Total.Recommended)
	}
}

func TestParsePricingOverrides(t *testing.T) {
	t.Parallel()
	def, err := ParsePricing(nil, "")
	if err != nil || def != DefaultPricing() {
		t.Fatalf("no file: %+v, %v", def, err)
	}
	// YAML over the built-in table: named fields change, the rest stay.
	p, err := ParsePricing([]byte("region: eu-west-1\ntaken: 2026-11-20\non_demand_write_per_million: 0.7\nbulk_put_per_gb: 0.1\n"), "eu-west-1")
	if err != nil {
		t.Fatal(err)
	}
	if p.Region != "eu-west-1" || p.OnDemandWritePerMillion != 0.7 || p.ImportPerGB != 0.15 || p.BulkPutPerGB == nil || *p.BulkPutPerGB != 0.1 {
		t.Errorf("yaml override: %+v", p)
	}
	tb, e := costTable(1_000_000, plans.OnDemand)
	c := EstimateCost(tb, e, 4000, p)
	if !near(c.OnDemand.Dollars, 1.4) || !c.BulkPut.Known || !near(c.BulkPut.Dollars, 1.26e9/(1<<30)*0.1) {
		t.Errorf("with the override: on-demand %+v, bulk put %+v", c.OnDemand, c.BulkPut)
	}
	// JSON is read too.
	if p, err := ParsePricing([]byte(`{"import_per_gb": 0.3}`), ""); err != nil || p.ImportPerGB != 0.3 {
		t.Errorf("json override: %+v, %v", p, err)
	}
	for name, c := range map[string]struct{ data, region, want string }{
		"misspelt field":    {"on_demand_writes: 1", "", "on_demand_writes"},
		"region, no prices": {"", "eu-west-1", "no built-in prices for region eu-west-1"},
		"region mismatch":   {"region: us-west-2", "eu-west-1", "pricing file is for us-west-2"},
		"negative price":    {"import_per_gb: -1", "", "negative"},
		"no throughput":     {"import_bytes_per_second: 0", "", "import_bytes_per_second"},
	} {
		if _, err := ParsePricing([]byte(c.data), c.region); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", name, err, c.want)
		}
	}
	if _, err := ParsePricing(nil, "us-east-1"); err != nil {
		t.Errorf("built-in region by name: %v", err)
	}
}
