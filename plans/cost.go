package plans

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Pricing is the small price table the cost estimates use. Prices change
// and differ by region, so the table carries where and when it was taken
// and where it came from, and a person can replace any field with a file
// (pg2ddb plan/review --pricing FILE). Every field has a YAML and a JSON
// name so the file can be either.
type Pricing struct {
	Region string `yaml:"region" json:"region"`
	// Taken is the date the prices were read, YYYY-MM-DD.
	Taken  string `yaml:"taken" json:"taken"`
	Source string `yaml:"source" json:"source"`
	// OnDemandWritePerMillion is dollars per million write request units.
	OnDemandWritePerMillion float64 `yaml:"on_demand_write_per_million" json:"on_demand_write_per_million"`
	// ProvisionedWCUHour is dollars per WCU-hour of provisioned capacity.
	ProvisionedWCUHour float64 `yaml:"provisioned_wcu_hour" json:"provisioned_wcu_hour"`
	// ImportPerGB is dollars per GB (2^30 bytes) of uncompressed import input.
	ImportPerGB float64 `yaml:"import_per_gb" json:"import_per_gb"`
	// BulkPutPerGB is dollars per GB of bulk put input; nil when the price
	// is not known, which the estimates show as unknown instead of a guess.
	BulkPutPerGB *float64 `yaml:"bulk_put_per_gb,omitempty" json:"bulk_put_per_gb,omitempty"`
	// ImportStartSeconds and ImportBytesPerSecond are the assumed time of
	// an import: AWS publishes no throughput for ImportTable, so these are
	// assumptions, stated wherever the estimate is shown.
	ImportStartSeconds   float64 `yaml:"import_start_seconds" json:"import_start_seconds"`
	ImportBytesPerSecond float64 `yaml:"import_bytes_per_second" json:"import_bytes_per_second"`
	// BulkPutStartSeconds is the assumed start-up of a StartBulkPutItems
	// job before it writes at its MaxWriteRequestUnits.
	BulkPutStartSeconds float64 `yaml:"bulk_put_start_seconds" json:"bulk_put_start_seconds"`
}

// PathCost is the estimated cost and time of one way to load a table.
type PathCost struct {
	// Dollars is meaningful only when Known.
	Dollars float64 `json:"dollars"`
	Known   bool    `json:"known"`
	Seconds float64 `json:"seconds"`
	// Basis is the arithmetic in words, so a reader can check it.
	Basis string `json:"basis"`
}

// The load paths a cost estimate compares. Only PathOnDemand and
// PathProvisioned are loads pg2ddb can run today.
const (
	PathOnDemand    = "direct on-demand"
	PathProvisioned = "direct provisioned"
	PathImport      = "S3 import"
	PathBulkPut     = "bulk put"
)

// TableCost is the cost and time of loading one table by each path, and the
// path recommended with its reason.
type TableCost struct {
	Source      string   `json:"source"`
	OnDemand    PathCost `json:"on_demand"`
	Provisioned PathCost `json:"provisioned"`
	Import      PathCost `json:"import"`
	BulkPut     PathCost `json:"bulk_put"`
	Recommended string   `json:"recommended"`
	Why         string   `json:"why"`
}

// Path returns the cost of the named path (one of the Path* constants).
func (c *TableCost) Path(name string) PathCost {
	switch name {
	case PathOnDemand:
		return c.OnDemand
	case PathProvisioned:
		return c.Provisioned
	case PathImport:
		return c.Import
	case PathBulkPut:
		return c.BulkPut
	}
	return PathCost{}
}

// CostReport is the cost table of a plan: every table, the total, and the
// prices and assumptions it was computed with.
type CostReport struct {
	Pricing   Pricing     `json:"pricing"`
	WriteRate int64       `json:"write_rate"`
	Tables    []TableCost `json:"tables"`
	// Total sums the tables; its Recommended says how many tables each
	// path was recommended for, and RecommendedDollars sums their costs.
	Total              TableCost `json:"total"`
	RecommendedDollars float64   `json:"recommended_dollars"`
}

// PathCommands is said wherever the import and bulk put estimates are
// shown: the commands that take each path, so the table reads as a menu a
// person can act on.
const PathCommands = "S3 import: pg2ddb export, then pg2ddb import (or pg2ddb load --via import --stage s3://…); bulk put into existing tables: pg2ddb export, then pg2ddb bulk-put (or load --via bulk-put)"

// RenderCost writes the cost table for a person: one row per table and a
// total, each path's dollars and time, the recommended path, then the
// reasons, the prices with their date and source, and the assumptions.
func RenderCost(w io.Writer, c *CostReport, format Format) error {
	r := renderer{md: format == FormatMarkdown}
	pr := c.Pricing
	r.heading(2, "Cost and time before anything runs")
	r.line(fmt.Sprintf("prices %s, taken %s (%s); direct loads at %s WCU/s", pr.Region, pr.Taken, pr.Source, Thousands(c.WriteRate)))
	r.blank()
	head := []string{"TABLE", "ON-DEMAND", "PROVISIONED", "S3 IMPORT*", "BULK PUT*", "RECOMMENDED"}
	rows := [][]string{head}
	row := func(t *TableCost) []string {
		return []string{t.Source, cell(t.OnDemand), cell(t.Provisioned), cell(t.Import), cell(t.BulkPut), t.Recommended}
	}
	for i := range c.Tables {
		rows = append(rows, row(&c.Tables[i]))
	}
	total := row(&c.Total)
	total[0] = "TOTAL"
	total[5] = Dollars(c.RecommendedDollars) + ": " + c.Total.Recommended
	rows = append(rows, total)
	if r.md {
		for i, rw := range rows {
			cells := make([]string, len(rw))
			for j, c := range rw {
				cells[j] = mdCell(c)
			}
			r.line("| " + strings.Join(cells, " | ") + " |")
			if i == 0 {
				r.line(strings.Repeat("|---", len(rw)) + "|")
			}
		}
	} else {
		widths := make([]int, len(head))
		for _, rw := range rows {
			for i, s := range rw {
				widths[i] = max(widths[i], len([]rune(s)))
			}
		}
		for _, rw := range rows {
			var b strings.Builder
			for i, s := range rw {
				if i == len(rw)-1 {
					b.WriteString(s)
					break
				}
				b.WriteString(s + strings.Repeat(" ", widths[i]-len([]rune(s))+2))
			}
			r.line(b.String())
		}
	}
	r.blank()
	r.line("* " + PathCommands + ".")
	r.label("Why")
	for _, t := range c.Tables {
		r.item(t.Source + ": " + t.Recommended + ": " + t.Why)
	}
	r.label("Assumptions")
	r.item(fmt.Sprintf("on-demand: $%g per million write request units, each item ⌈size ÷ 1 KB⌉ units, plus as many again in every enabled global secondary index for the item's projected size", pr.OnDemandWritePerMillion))
	r.item(fmt.Sprintf("provisioned: $%g per WCU-hour at the plan's write capacity (its write rate when on-demand), for the load's duration only", pr.ProvisionedWCUHour))
	r.item(fmt.Sprintf("S3 import: $%g per GB (2^30 B) of uncompressed DynamoDB JSON, estimated as item bytes + 12 B per attribute + 12 B per line; no write capacity; new tables only; time assumed %s start-up + %s MB/s (AWS publishes no import throughput)",
		pr.ImportPerGB, Seconds(pr.ImportStartSeconds), trimFloat(pr.ImportBytesPerSecond/1e6)))
	if pr.BulkPutPerGB != nil {
		r.item(fmt.Sprintf("bulk put: $%g per GB of input, as given in the pricing file; time %s start-up + the table's WCU at max(write rate, 1,024) units/s", *pr.BulkPutPerGB, Seconds(pr.BulkPutStartSeconds)))
	} else {
		r.item(fmt.Sprintf("bulk put (StartBulkPutItems, into an existing table): billed in bulk put bytes at a price not confirmed, so shown as unknown; give bulk_put_per_gb in --pricing to include it; time %s start-up + the table's WCU at max(write rate, 1,024) units/s", Seconds(pr.BulkPutStartSeconds)))
	}
	r.item("the export to S3 that an import or bulk put needs is not included; direct times add up table after table, import and bulk put times are the longest table (jobs run side by side)")
	if _, err := io.WriteString(w, r.b.String()); err != nil {
		return fmt.Errorf("render cost: %w", err)
	}
	return nil
}

// cell is one path's dollars and time in the cost table.
func cell(p PathCost) string {
	d := "unknown"
	if p.Known {
		d = Dollars(p.Dollars)
	}
	return d + ", " + Seconds(p.Seconds)
}

// Dollars formats an amount for people: cents from a dollar up, four
// decimals below (small tables cost fractions of a cent, and "$0.00"
// would hide which path is cheaper), "<$0.0001" for less.
func Dollars(d float64) string {
	switch {
	case d == 0:
		return "$0"
	case d > 0 && d < 0.00005:
		return "<$0.0001"
	case math.Abs(d) < 1:
		return fmt.Sprintf("$%.4f", d)
	default:
		cents := int64(math.Round(d * 100))
		return fmt.Sprintf("$%s.%02d", Thousands(cents/100), cents%100)
	}
}

func trimFloat(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%g", f), ".0") }
