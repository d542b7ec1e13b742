package review

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// goldenReport is pagila's golden plan with review's measurements made up
// for two tables, rental annotated with access paths and an index: test
// input standing in for what the design fills, not a rule of its own.
func goldenReport(t *testing.T) *Report {
	t.Helper()
	p, err := plans.ReadFile("../mapping/testdata/golden/pagila.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rental, language *plans.Table
	for i := range p.Tables {
		switch p.Tables[i].Source {
		case "public.rental":
			rental = &p.Tables[i]
		case "public.language":
			language = &p.Tables[i]
		}
	}
	if rental == nil || language == nil {
		t.Fatal("golden pagila plan has no rental or language table")
	}
	// language stands for a table without recorded lookups (a plan made
	// before access paths), which the page must say it has none of.
	language.AccessPaths, language.Indexes = nil, nil
	rental.AccessPaths = []plans.AccessPath{
		{Name: "rental by rental_id", Kind: plans.AccessPrimaryKey, Source: "rental_pkey", Columns: []string{"rental_id"}, ServedBy: "by-rental-id", Why: []string{"unique"}},
		{Name: "rental by customer_id", Kind: plans.AccessForeignKey, Source: "rental_customer_id_fkey", Columns: []string{"customer_id"}, Parent: "public.customer", ServedBy: plans.ServedByBase, Calls: 1234, Rows: 5678},
		{Name: "rental by <staff_id>", Kind: plans.AccessIndex, Columns: []string{"staff_id"}, ServedBy: plans.ServedByNone, Why: []string{"2 values: a GSI on it would be one hot partition"}},
	}
	rental.Indexes = []plans.Index{{Name: "by-rental-id", Enabled: true, Rule: "unique constraint", PartitionKey: plans.Key{Attribute: "rental_id", Type: "N", Parts: []plans.KeyPart{{Column: "rental_id", Encoding: plans.EncNumber}}},
		Projection: plans.ProjectKeys, WCUPerItem: 1, TotalWCU: 16044, Why: []string{"the primary key stays a lookup"}}}
	keys := make([]catalog.KeyCount, 599)
	for i := range keys {
		keys[i] = catalog.KeyCount{Value: strings.Repeat("c", i%7+1) + string(rune('a'+i%26)), Items: int64(12 + i%30)}
	}
	hostile := `<script>alert(1)</script><img src="https://evil.example/x.png">`
	r := &Report{Plan: "plans/pagila.yaml", Database: p.Source.Database, WriteRate: 4000, Workload: p.Source.Workload, Skipped: p.Skipped,
		Drift: []plans.Difference{{Table: "public.rental", Column: hostile, Kind: plans.ColumnAdded, Live: "text"}}}
	for i := range p.Tables {
		tb := Table{Design: &p.Tables[i], Distribution: &catalog.Distribution{Rows: 100, Keys: 10, MaxPerKey: 20, MedianPerKey: 9, HottestKey: hostile, HottestShare: 0.2,
			Buckets: []catalog.Bucket{{MinItems: 4, MaxItems: 7, Keys: 3}, {MinItems: 8, MaxItems: 15, Keys: 5}, {MinItems: 16, MaxItems: 31, Keys: 2}}},
			Samples: []json.RawMessage{json.RawMessage(`{"title":{"S":"` + strings.ReplaceAll(hostile, `"`, `\"`) + `"}}`)}}
		if p.Tables[i].Source == "public.rental" {
			tb.Heat = SimulateHeat(HeatInput{Keys: keys, KeyType: "S", WCUPerItem: 1, WriteRate: 4000, Partitions: 4, Window: 200})
		}
		r.Tables = append(r.Tables, tb)
	}
	r.Cost = &plans.CostReport{WriteRate: 4000, Pricing: plans.Pricing{Region: "us-east-1", Taken: "2026-01-01", Source: "test"},
		Tables: []plans.TableCost{{Source: "public.rental", OnDemand: plans.PathCost{Dollars: 0.02, Known: true, Seconds: 4}, Recommended: plans.PathOnDemand, Why: "cheapest"}}}
	return r
}

func TestHTMLReviewShowsEveryPartOfEveryTable(t *testing.T) {
	t.Parallel()
	r := goldenReport(t)
	var b strings.Builder
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, `<section class="table"`); n != len(r.Tables) {
		t.Errorf("%d table sections for %d tables", n, len(r.Tables))
	}
	for _, want := range []string{
		"public.rental → rental", "Key design", "Rejected partition key candidates", "Unique proof",
		"rental by customer_id", "rental_customer_id_fkey", "1,234", "by-rental-id", "unique constraint", "KEYS_ONLY",
		"rental by &lt;staff_id&gt;", "no access paths recorded", "no indexes proposed", "no rows to load",
		`<svg class="histogram"`, `<svg class="heat"`, "interleaved order", "table order",
		"Cost and time before anything runs", "cheapest", plans.PathCommands,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Everything from the database is escaped: no markup of its own.
	if strings.Contains(out, "<script") || strings.Contains(out, "<img") {
		t.Error("database text reached the page unescaped")
	}
	if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile sample is not shown escaped")
	}
	assertSelfContained(t, out)
	// The heat picture has a rectangle per partition and column, in each
	// order.
	heat := regexp.MustCompile(`(?s)<svg class="heat".*?</svg>`).FindAllString(out, -1)
	if len(heat) != 2 {
		t.Fatalf("%d heat pictures, want 2 (interleaved and table order)", len(heat))
	}
	for _, svg := range heat {
		if n := strings.Count(svg, "<rect"); n < 4 {
			t.Errorf("heat picture with %d rectangles", n)
		}
	}
}

// assertSelfContained fails when the page would fetch anything (see
// ExternalRefs).
func assertSelfContained(t *testing.T, page string) {
	t.Helper()
	if m := ExternalRefs(page); len(m) > 0 {
		t.Errorf("page refers outside itself: %q", m)
	}
}

func TestExternalRefsCatchesFetches(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{`<img src="https://x/y.png">`, `<link href='http://x/s.css'>`, `<a href=//cdn.example/x>`,
		`<style>body{background:url(x.png)}</style>`, `<style>@import "x.css";</style>`, `<script src="data:text/javascript,1">`} {
		if len(ExternalRefs(bad)) == 0 {
			t.Errorf("%s: not caught", bad)
		}
	}
	if m := ExternalRefs(`<a href="#t1">x</a> <p>https://example.com in text</p> <p>&lt;img src=&#34;https://x&#34;&gt;</p>`); len(m) > 0 {
		t.Errorf("in-page link and text caught: %q", m)
	}
}

// TestHeatOfManyPartitionsIsFolded pins that a table with hundreds of
// partitions stays a picture of bounded size, its rows showing the
// busiest partition of each group.
func TestHeatOfManyPartitionsIsFolded(t *testing.T) {
	t.Parallel()
	keys := make([]catalog.KeyCount, 3000)
	for i := range keys {
		keys[i] = catalog.KeyCount{Value: "k" + strings.Repeat("x", i%5) + string(rune('a'+i%26)) + strings.Repeat("y", i/26), Items: 10}
	}
	keys[7].Items = 20000
	h := SimulateHeat(HeatInput{Keys: keys, KeyType: "S", WCUPerItem: 1, WriteRate: 400000, Partitions: 400, Window: 200})
	panels := heatPanels(h)
	for _, p := range panels {
		if n := len(p.Chart.Rects); n > maxHeatRows*maxColumns {
			t.Errorf("%s: %d rectangles, more than %d rows × %d columns", p.Name, n, maxHeatRows, maxColumns)
		}
		var hot int
		for _, r := range p.Chart.Rects {
			if r.Fill == heatColour(1) {
				hot++
			}
		}
		if hot == 0 {
			t.Errorf("%s: the hot key's partition is not red in any row", p.Name)
		}
	}
	if rows := heatRows([][]float64{{0.1, 0.9}, {0.5, 0.2}, {0.3, 0.3}}, 2); len(rows) != 2 || rows[0][0] != 0.5 || rows[0][1] != 0.9 || rows[1][0] != 0.3 {
		t.Errorf("folded rows %v, want [[0.5 0.9] [0.3 0.3]]", rows)
	}
}
