package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// plan and review show the cost table for pagila, with the built-in prices
// and with a pricing file that review honours.
func TestPlanAndReviewShowCost(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	out := filepath.Join(t.TempDir(), "pagila.yaml")
	code, stdout, stderr := runCLI(t, "plan", "--source", db.URL, "-o", out)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, stderr)
	}
	t.Logf("plan:\n%s", stdout)
	p, err := plans.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Cost and time before anything runs", "prices us-east-1, taken 2026-11 (",
		"ON-DEMAND", "S3 IMPORT*", "BULK PUT*", "TOTAL", "unknown", "then pg2ddb import", "public.rental: direct on-demand: small table"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("plan output lacks %q", want)
		}
	}
	// One row per table: pagila is small, so every table is a direct load.
	for _, tb := range p.Tables {
		if !strings.Contains(stdout, "\n"+tb.Source+" ") {
			t.Errorf("no cost row for %s", tb.Source)
		}
	}
	if !strings.Contains(stdout, "direct on-demand for "+strconv.Itoa(len(p.Tables))) {
		t.Errorf("total does not recommend a direct load for all %d tables", len(p.Tables))
	}

	// A pricing file 1,000× the on-demand price makes rental an import,
	// and review's JSON carries the numbers.
	pricing := filepath.Join(t.TempDir(), "prices.json")
	if err := os.WriteFile(pricing, []byte(`{"region": "eu-west-1", "taken": "2026-11-23", "on_demand_write_per_million": 625}`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "review", out, "--source", db.URL, "--tables", "rental", "--pricing", pricing, "--region", "eu-west-1", "--format", "json")
	if code != 0 {
		t.Fatalf("review: exit %d: %s", code, stderr)
	}
	var doc struct {
		Cost plans.CostReport `json:"cost"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	c := doc.Cost
	if c.Pricing.Region != "eu-west-1" || len(c.Tables) != 1 || c.Tables[0].Recommended != plans.PathImport {
		t.Fatalf("review with pricing file: %+v", c)
	}
	// rental: 16,044 items of under 1 KB, one WRU each, plus one WRU per
	// item in each enabled index (gsi_rental_id: payment's items carry
	// rental_id), at $625 per million.
	var rental plans.Table
	for _, tb := range p.Tables {
		if tb.Source == "public.rental" {
			rental = tb
		}
	}
	wru := float64(rental.Estimates.TotalWCU + rental.Estimates.IndexWCU)
	if rental.Estimates.TotalWCU != 16044 || rental.Estimates.IndexWCU < 16044 {
		t.Errorf("rental estimates: %d table WCU, %d index WCU; want 16,044 and at least 16,044 (gsi_rental_id)", rental.Estimates.TotalWCU, rental.Estimates.IndexWCU)
	}
	if got := c.Tables[0].OnDemand.Dollars; got < wru*625/1e6*0.999 || got > wru*625/1e6*1.001 {
		t.Errorf("rental on-demand $%v, want $%v (%v WRU)", got, wru*625/1e6, wru)
	}
	code, stdout, stderr = runCLI(t, "review", out, "--source", db.URL, "--tables", "rental", "--pricing", pricing, "--region", "eu-west-1")
	if code != 0 || !strings.Contains(stdout, "public.rental: S3 import: large new table") || !strings.Contains(stdout, "prices eu-west-1, taken 2026-11-23") {
		t.Errorf("review text: exit %d: %s\n%s", code, stderr, stdout)
	}

	// A region without prices, or a bad file, fails before any work.
	for name, args := range map[string][]string{
		"region":   {"review", out, "--source", db.URL, "--region", "ap-south-1"},
		"bad file": {"plan", "--source", db.URL, "-o", out, "--pricing", filepath.Join(t.TempDir(), "none.yaml")},
	} {
		if code, _, stderr := runCLI(t, args...); code == 0 || !strings.Contains(stderr, "pricing") {
			t.Errorf("%s: exit %d, %q", name, code, stderr)
		}
	}
}
