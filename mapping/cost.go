package mapping

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pg2ddb/pg2ddb/plans"
)

// DefaultPricing is the built-in price table: us-east-1 as published late
// 2026 (the figures in the project's dynamodb-facts.md, from the AWS
// DynamoDB pricing page). The import throughput is an assumption, since AWS
// publishes none; the bulk put price is left unknown rather than guessed.
func DefaultPricing() plans.Pricing {
	return plans.Pricing{
		Region:                  "us-east-1",
		Taken:                   "2026-11",
		Source:                  "aws.amazon.com/dynamodb/pricing as quoted in dynamodb-facts.md",
		OnDemandWritePerMillion: 0.625,
		ProvisionedWCUHour:      0.00065,
		ImportPerGB:             0.15,
		ImportStartSeconds:      600,
		ImportBytesPerSecond:    25e6,
		BulkPutStartSeconds:     300,
	}
}

// ParsePricing reads a pricing file (YAML or JSON, which YAML reads too)
// over the built-in table, so a file names only the prices it changes. An
// unknown field is an error: a misspelt price silently ignored would make
// the estimate wrong without a word. region, when not empty, is the
// --region flag: without a file only the built-in region has prices.
func ParsePricing(data []byte, region string) (plans.Pricing, error) {
	p := DefaultPricing()
	if len(bytes.TrimSpace(data)) > 0 {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&p); err != nil {
			return plans.Pricing{}, fmt.Errorf("pricing: %w", err)
		}
		if region != "" && region != p.Region {
			return plans.Pricing{}, fmt.Errorf("pricing: --region %s but the pricing file is for %s", region, p.Region)
		}
	} else if region != "" && region != p.Region {
		return plans.Pricing{}, fmt.Errorf("pricing: no built-in prices for region %s (built in: %s); give them with --pricing FILE", region, p.Region)
	}
	switch {
	case p.OnDemandWritePerMillion < 0, p.ProvisionedWCUHour < 0, p.ImportPerGB < 0, p.BulkPutPerGB != nil && *p.BulkPutPerGB < 0:
		return plans.Pricing{}, errors.New("pricing: a price is negative")
	case p.ImportBytesPerSecond <= 0:
		return plans.Pricing{}, errors.New("pricing: import_bytes_per_second must be positive")
	case p.ImportStartSeconds < 0 || p.BulkPutStartSeconds < 0:
		return plans.Pricing{}, errors.New("pricing: a start-up time is negative")
	}
	return p, nil
}

// MinImportSavings is how many dollars an import must save over the direct
// load before it is recommended: below that, the S3 round-trip, the new
// table it requires and its start-up are not worth it (a staging table).
const MinImportSavings = 1.0

// bulkPutMinWRU is StartBulkPutItems' smallest MaxWriteRequestUnits.
const bulkPutMinWRU = 1024

// jsonLineBytes and jsonAttrBytes are DynamoDB JSON's overhead over an
// item's size: `{"Item":{` `}}` and a newline per line; `"name":{"S":"…"},`
// per attribute.
const (
	jsonLineBytes = 12
	jsonAttrBytes = 12
	gib           = 1 << 30
)

// ImportBytes estimates the uncompressed DynamoDB JSON an export of a table
// writes, which is what an import (and a bulk put) is billed on: item bytes
// plus the JSON syntax around every attribute and line. Attributes are the
// written columns plus the key attributes that are not columns of their
// own; omitted NULLs make it an overestimate.
func ImportBytes(t *plans.Table, e plans.Estimates) int64 {
	attrs := int64(len(t.Attributes))
	names := make(map[string]bool, len(t.Attributes))
	for _, a := range t.Attributes {
		names[a.Name] = true
	}
	if !names[t.PartitionKey.Attribute] {
		attrs++
	}
	if t.SortKey != nil && !names[t.SortKey.Attribute] {
		attrs++
	}
	return e.Items * (e.AvgItemBytes + jsonAttrBytes*attrs + jsonLineBytes)
}

// EstimateCost returns the cost and time of loading table t, with
// estimates e (the plan's, or review's measured ones), by each path, and
// the path to take. Direct loads run at writeRate (a provisioned table at
// its write units when the plan says provisioned).
//
// The enabled indexes of t (as the plan file has them now, so a reviewer's
// edit counts) add their writes to the direct loads: DynamoDB bills every
// index write. An import builds its indexes without write charges.
func EstimateCost(t *plans.Table, e plans.Estimates, writeRate int64, pr plans.Pricing) plans.TableCost {
	c := plans.TableCost{Source: t.Source}
	e.IndexWCU = IndexWCU(t)
	wru := float64(e.TotalWCU + e.IndexWCU)
	basis := fmt.Sprintf("%s WRU × $%g per million", plans.Thousands(e.TotalWCU), pr.OnDemandWritePerMillion)
	if e.IndexWCU > 0 {
		basis = fmt.Sprintf("(%s + %s index) WRU × $%g per million", plans.Thousands(e.TotalWCU), plans.Thousands(e.IndexWCU), pr.OnDemandWritePerMillion)
	}
	c.OnDemand = plans.PathCost{
		Known:   true,
		Dollars: wru / 1e6 * pr.OnDemandWritePerMillion,
		Seconds: EstimateLoad(e, writeRate).Interleaved,
		Basis:   basis,
	}
	wcu := writeRate
	if t.Capacity.Mode == plans.Provisioned && t.Capacity.WriteUnits > 0 {
		wcu = t.Capacity.WriteUnits
	}
	ps := EstimateLoad(e, wcu).Interleaved
	// Each enabled index is provisioned with the table's write units
	// (target does so), and is paid for as long as the load runs.
	provisioned := wcu * int64(1+enabledIndexes(t))
	basis = fmt.Sprintf("%s WCU × %.4f h × $%g per WCU-hour", plans.Thousands(wcu), ps/3600, pr.ProvisionedWCUHour)
	if provisioned > wcu {
		basis = fmt.Sprintf("%s WCU (table and %d indexes) × %.4f h × $%g per WCU-hour", plans.Thousands(provisioned), enabledIndexes(t), ps/3600, pr.ProvisionedWCUHour)
	}
	c.Provisioned = plans.PathCost{
		Known:   true,
		Dollars: float64(provisioned) * ps / 3600 * pr.ProvisionedWCUHour,
		Seconds: ps,
		Basis:   basis,
	}
	in := ImportBytes(t, e)
	gb := float64(in) / gib
	c.Import = plans.PathCost{
		Known:   true,
		Dollars: gb * pr.ImportPerGB,
		Seconds: pr.ImportStartSeconds + float64(in)/pr.ImportBytesPerSecond,
		Basis:   fmt.Sprintf("%s B of DynamoDB JSON = %.4f GB × $%g per GB", plans.Thousands(in), gb, pr.ImportPerGB),
	}
	rate := max(writeRate, bulkPutMinWRU)
	c.BulkPut = plans.PathCost{
		Seconds: pr.BulkPutStartSeconds + EstimateLoad(e, rate).Interleaved,
		Basis:   "price unknown",
	}
	if pr.BulkPutPerGB != nil {
		c.BulkPut.Known = true
		c.BulkPut.Dollars = gb * *pr.BulkPutPerGB
		c.BulkPut.Basis = fmt.Sprintf("%.4f GB × $%g per GB", gb, *pr.BulkPutPerGB)
	}
	c.Recommended, c.Why = recommend(t, &c, pr)
	return c
}

// recommend picks between the direct load the plan will run (in its
// capacity mode) and an import: an import when it saves at least
// MinImportSavings, the direct load otherwise.
func recommend(t *plans.Table, c *plans.TableCost, pr plans.Pricing) (string, string) {
	name, direct := plans.PathOnDemand, c.OnDemand
	if t.Capacity.Mode == plans.Provisioned {
		name, direct = plans.PathProvisioned, c.Provisioned
	}
	saves := direct.Dollars - c.Import.Dollars
	if saves >= MinImportSavings {
		return plans.PathImport, fmt.Sprintf("large new table: import %s against %s %s (%s less), no write capacity, %s against %s; into an existing table a bulk put instead (pg2ddb load --via import|bulk-put --stage s3://…)",
			plans.Dollars(c.Import.Dollars), plans.Dollars(direct.Dollars), name, plans.Dollars(saves), plans.Seconds(c.Import.Seconds), plans.Seconds(direct.Seconds))
	}
	return name, fmt.Sprintf("small table: import would save %s (under %s) and needs S3, a new table and about %s to start",
		plans.Dollars(max(saves, 0)), plans.Dollars(MinImportSavings), plans.Seconds(pr.ImportStartSeconds))
}

// PlanCost is the cost table of a plan from its own estimates, at
// writeRate (the plan's when 0).
func PlanCost(p *plans.Plan, writeRate int64, pr plans.Pricing) plans.CostReport {
	if writeRate <= 0 {
		writeRate = p.Options.WriteRate
	}
	tables := make([]plans.TableCost, len(p.Tables))
	for i := range p.Tables {
		tables[i] = EstimateCost(&p.Tables[i], p.Tables[i].Estimates, writeRate, pr)
	}
	return CostTotal(tables, writeRate, pr)
}

// CostTotal adds up per-table costs into a report. Direct loads write
// tables one after another, so their times add; imports and bulk puts of
// different tables run side by side as AWS jobs, so theirs is the longest.
func CostTotal(tables []plans.TableCost, writeRate int64, pr plans.Pricing) plans.CostReport {
	r := plans.CostReport{Pricing: pr, WriteRate: writeRate, Tables: tables}
	tot := &r.Total
	tot.Source = "TOTAL"
	tot.OnDemand.Known, tot.Provisioned.Known, tot.Import.Known = true, true, true
	tot.BulkPut.Known = pr.BulkPutPerGB != nil
	counts := map[string]int{}
	for i := range tables {
		t := &tables[i]
		tot.OnDemand.Dollars += t.OnDemand.Dollars
		tot.OnDemand.Seconds += t.OnDemand.Seconds
		tot.Provisioned.Dollars += t.Provisioned.Dollars
		tot.Provisioned.Seconds += t.Provisioned.Seconds
		tot.Import.Dollars += t.Import.Dollars
		tot.Import.Seconds = math.Max(tot.Import.Seconds, t.Import.Seconds)
		tot.BulkPut.Dollars += t.BulkPut.Dollars
		tot.BulkPut.Seconds = math.Max(tot.BulkPut.Seconds, t.BulkPut.Seconds)
		r.RecommendedDollars += t.Path(t.Recommended).Dollars
		counts[t.Recommended]++
	}
	var parts []string
	for _, name := range []string{plans.PathOnDemand, plans.PathProvisioned, plans.PathImport} {
		if n := counts[name]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s for %d", name, n))
		}
	}
	tot.Recommended = strings.Join(parts, ", ")
	return r
}
