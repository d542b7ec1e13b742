package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/review"
)

// reviewFlags are the settings of pg2ddb review.
type reviewFlags struct {
	format    string
	output    string
	writeRate int64
	samples   int
	sizeRows  int64
	tables    []string
	pricing   pricingFlags
}

func (a *app) reviewCommand() *cobra.Command {
	var f reviewFlags
	c := &cobra.Command{
		Use:   "review PLAN",
		Short: "Dry run: show what loading a plan would write, without writing",
		Long: `review reads a plan file and the source, and shows per table the keys and why,
rejected candidates, warnings, sample items as DynamoDB JSON, the distribution of
partition keys, item sizes and the estimated load time. Nothing is written to
DynamoDB; the source is read from one read-only snapshot. --format html makes
one self-contained page (no network, no JavaScript) that adds pictures: the
items-per-key histogram and a simulated partition heat of the load in
interleaved and in table order.`,
		Example: `  pg2ddb review plans/shop.yaml
  pg2ddb review plans/shop.yaml --format markdown > review.md
  pg2ddb review plans/shop.yaml --format html -o review.html
  pg2ddb review plans/shop.yaml --write-rate 10000 --tables orders`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runReview(cmd, args[0], &f) },
	}
	a.source.register(c.Flags())
	fs := c.Flags()
	fs.StringVar(&f.format, "format", "text", "output format: text, markdown (for a pull request), json or html (one self-contained page with charts)")
	fs.StringVarP(&f.output, "output", "o", "", "file to write the review to (default: standard output)")
	fs.Int64Var(&f.writeRate, "write-rate", 0, "write rate in WCU/s for the load-time estimate (default: the plan's)")
	fs.IntVar(&f.samples, "samples", 3, "sample items to show per table")
	fs.Int64Var(&f.sizeRows, "size-rows", 20000, "rows per table encoded to measure item sizes (a deterministic sample beyond that)")
	fs.StringSliceVar(&f.tables, "tables", nil, "only these tables of the plan (source or target names)")
	f.pricing.register(fs)
	return c
}

// tableReview is what review found for one table; its JSON form is the
// output of --format json. The type lives in package review, which draws
// the HTML page from it.
type tableReview = review.Table

// Limits of the partition-heat simulation of --format html: the keys read
// per table (in key order; a larger table is drawn from its first keys,
// and the page says so) and the simulated writes (beyond them one write
// stands for several items of a key), so a review of a large table stays
// a matter of seconds.
const (
	heatMaxKeys   = 1_000_000
	heatMaxWrites = 2_000_000
	// heatWindow is the items a load has in flight: its default 8
	// workers × 25-item batches.
	heatWindow = 8 * 25
)

func (a *app) runReview(cmd *cobra.Command, path string, f *reviewFlags) error {
	switch f.format {
	case "text", "markdown", "json", "html":
	default:
		return fmt.Errorf("review: unknown --format %q (text, markdown, json or html)", f.format)
	}
	pricing, err := f.pricing.pricing()
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	ctx := cmd.Context()
	o, err := a.openPlan(ctx, path, f.tables)
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	defer o.close(ctx)
	p := o.plan
	rate := f.writeRate
	if rate <= 0 {
		rate = p.Options.WriteRate
	}
	reviews := make([]tableReview, len(p.Tables))
	costs := make([]plans.TableCost, len(p.Tables))
	for i := range p.Tables {
		r, err := reviewTable(cmd, o, &p.Tables[i], rate, pricing, f)
		if err != nil {
			return fmt.Errorf("review %s: %w", p.Tables[i].Source, err)
		}
		reviews[i] = *r
		costs[i] = r.Cost
	}
	cost := mapping.CostTotal(costs, rate, pricing)
	var out bytes.Buffer
	switch f.format {
	case "json":
		enc := json.NewEncoder(&out)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			Plan    string             `json:"plan"`
			Drift   []plans.Difference `json:"drift,omitempty"`
			Tables  []tableReview      `json:"tables"`
			Skipped []plans.Skipped    `json:"skipped,omitempty"`
			Cost    plans.CostReport   `json:"cost"`
		}{path, o.added, reviews, p.Skipped, cost})
	case "html":
		notes := make([]string, len(o.added))
		for i, d := range o.added {
			notes[i] = d.String()
		}
		err = review.WriteHTML(&out, &review.Report{Plan: path, Database: p.Source.Database, Workload: p.Source.Workload,
			WriteRate: rate, Notes: notes, Tables: reviews, Skipped: p.Skipped, Cost: &cost})
	default:
		err = writeReview(&out, path, p, o.added, reviews, &cost, rate, plans.Format(f.format))
	}
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	if f.output == "" {
		_, err = a.stdout.Write(out.Bytes())
		return err
	}
	return writeOutput(f.output, out.Bytes())
}

// writeOutput writes a finished review to path through a temporary file in
// the same directory, so a failed run never leaves half a page where the
// last good one was.
func writeOutput(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("review: write %s: %w", path, err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("review: write %s: %w", path, err)
	}
	return nil
}

// reviewTable measures one table: its key distribution, sample items and
// item sizes from real rows, and the load-time estimate they imply.
func reviewTable(cmd *cobra.Command, o *openedPlan, t *plans.Table, rate int64, pricing plans.Pricing, f *reviewFlags) (*tableReview, error) {
	ctx := cmd.Context()
	r := &tableReview{Design: t}
	var err error
	if r.Distribution, err = extract.KeyDistribution(ctx, o.snap, *t); err != nil {
		return nil, err
	}
	enc, err := item.NewEncoder(*t, o.plan.Options)
	if err != nil {
		return nil, err
	}
	// The sample order spreads the measured rows over all keys, so sizes
	// and samples are not all from the first key.
	rows, err := extract.Stream(ctx, o.snap, *t, extract.StreamOptions{Order: extract.OrderSample, Limit: f.sizeRows})
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var total, wcu int64
	for rows.Next() {
		it, rej := enc.Encode(rows.Row())
		r.Sizes.RowsEncoded++
		if rej != nil {
			r.Sizes.Rejected++
			if r.Sizes.Reasons == nil {
				r.Sizes.Reasons = map[string]int64{}
			}
			if len(r.Sizes.Reasons) < 5 {
				r.Sizes.Reasons[rej.Reason]++
			}
			continue
		}
		total += int64(it.Size)
		wcu += int64(it.WCU)
		r.Sizes.MaxBytes = max(r.Sizes.MaxBytes, it.Size)
		if len(r.Samples) < f.samples {
			r.Samples = append(r.Samples, item.MarshalItem(it.Attrs))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if ok := r.Sizes.RowsEncoded - r.Sizes.Rejected; ok > 0 {
		r.Sizes.AvgBytes = float64(total) / float64(ok)
		r.Sizes.AvgWCU = float64(wcu) / float64(ok)
	}
	// The plan's estimates came from the profile; the measured
	// distribution and sizes replace them for the load-time arithmetic.
	e := t.Estimates
	e.Items = r.Distribution.Rows
	e.DistinctPartitionKeys = r.Distribution.Keys
	e.ItemsPerKeyMax = r.Distribution.MaxPerKey
	if r.Sizes.AvgWCU > 0 {
		e.WCUPerItem = r.Sizes.AvgWCU
		e.AvgItemBytes = int64(math.Ceil(r.Sizes.AvgBytes))
	}
	e.TotalWCU = int64(e.WCUPerItem*float64(e.Items) + 0.5)
	lt := mapping.EstimateLoad(e, rate)
	r.Load = review.LoadEstimate{
		WriteRate:          rate,
		TotalWCU:           e.TotalWCU,
		InterleavedSeconds: lt.Interleaved,
		TableOrderSeconds:  lt.TableOrder,
		HotKeyFloorSeconds: lt.HotKeyFloor,
	}
	r.Cost = mapping.EstimateCost(t, e, rate, pricing)
	// An empty table has nothing to load and no picture to draw.
	if f.format == "html" && r.Distribution.Keys > 0 {
		keys, truncated, err := extract.KeyCounts(ctx, o.snap, *t, heatMaxKeys)
		if err != nil {
			return nil, err
		}
		c := t.Capacity
		r.Heat = review.SimulateHeat(review.HeatInput{Keys: keys, KeyType: t.PartitionKey.Type, Truncated: truncated,
			WCUPerItem: e.WCUPerItem, WriteRate: rate, Window: heatWindow, MaxWrites: heatMaxWrites,
			Partitions: placement.PartitionsFor(c.Mode == plans.Provisioned, c.ReadUnits, c.WriteUnits)})
	}
	return r, nil
}

// writeReview renders the review for a person, as text or markdown.
func writeReview(w io.Writer, path string, p *plans.Plan, drift []plans.Difference, reviews []tableReview, cost *plans.CostReport, rate int64, format plans.Format) error {
	md := format == plans.FormatMarkdown
	var b strings.Builder
	heading := func(level int, s string) {
		if md {
			b.WriteString(strings.Repeat("#", level) + " " + s + "\n\n")
		} else {
			b.WriteString(s + "\n")
			if level <= 2 {
				b.WriteString(strings.Repeat("=", len([]rune(s))) + "\n")
			}
		}
	}
	line := func(s string) { b.WriteString(s + "\n") }
	heading(1, fmt.Sprintf("Review of %s (database %s): dry run, nothing written", path, p.Source.Database))
	var interleaved, tableOrder float64
	for _, r := range reviews {
		interleaved += r.Load.InterleavedSeconds
		tableOrder += r.Load.TableOrderSeconds
	}
	line(fmt.Sprintf("%d tables; estimated load at %s WCU/s: %s interleaved, %s in plain table order.",
		len(reviews), plans.Thousands(rate), plans.Seconds(interleaved), plans.Seconds(tableOrder)))
	for _, d := range drift {
		line("note: " + d.String())
	}
	b.WriteString("\n")
	for _, r := range reviews {
		plans.RenderTable(&b, r.Design, format)
		b.WriteString("\n")
		heading(3, "Sample items (DynamoDB JSON, from real rows)")
		if md {
			line("```json")
		}
		for _, s := range r.Samples {
			line(string(s))
		}
		if len(r.Samples) == 0 {
			line("(no rows)")
		}
		if md {
			line("```")
		}
		b.WriteString("\n")
		d := r.Distribution
		heading(3, "Distribution of partition keys")
		line(fmt.Sprintf("%s items over %s partition keys; items per key: max %s, median %s",
			plans.Thousands(d.Rows), plans.Thousands(d.Keys), plans.Thousands(d.MaxPerKey), plans.Thousands(d.MedianPerKey)))
		if d.Keys > 0 {
			line(fmt.Sprintf("hottest key %q holds %s items (%.1f%% of the table)", d.HottestKey, plans.Thousands(d.MaxPerKey), 100*d.HottestShare))
		}
		if md {
			line("```")
		}
		b.WriteString(histogram(d.Buckets))
		if md {
			line("```")
		}
		b.WriteString("\n")
		heading(3, "Item sizes")
		s := r.Sizes
		line(fmt.Sprintf("%s rows encoded: average %.0f B, largest %s B, %.2f WCU per item", plans.Thousands(s.RowsEncoded), s.AvgBytes, plans.Thousands(int64(s.MaxBytes)), s.AvgWCU))
		if s.Rejected > 0 {
			line(fmt.Sprintf("⚠ %s of them would be rejected:", plans.Thousands(s.Rejected)))
			reasons := make([]string, 0, len(s.Reasons))
			for reason := range s.Reasons {
				reasons = append(reasons, reason)
			}
			sort.Strings(reasons)
			for _, reason := range reasons {
				line(fmt.Sprintf("  - %s (%d)", reason, s.Reasons[reason]))
			}
		}
		b.WriteString("\n")
		heading(3, "Load estimate")
		l := r.Load
		line(fmt.Sprintf("%s WCU at %s WCU/s: %s interleaved, %s in plain table order (hottest key alone: %s at 1,000 WCU/s)",
			plans.Thousands(l.TotalWCU), plans.Thousands(l.WriteRate), plans.Seconds(l.InterleavedSeconds), plans.Seconds(l.TableOrderSeconds), plans.Seconds(l.HotKeyFloorSeconds)))
		b.WriteString("\n")
	}
	if err := plans.RenderCost(&b, cost, format); err != nil {
		return err
	}
	b.WriteString("\n")
	if len(p.Skipped) > 0 {
		heading(2, "Skipped")
		for _, s := range p.Skipped {
			line("- " + s.Source + ": " + s.Why)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// histogram draws the items-per-key buckets as text bars, widest bar 40.
func histogram(buckets []catalog.Bucket) string {
	var most int64
	for _, bk := range buckets {
		most = max(most, bk.Keys)
	}
	var b strings.Builder
	for _, bk := range buckets {
		label := plans.Thousands(bk.MinItems)
		if bk.MaxItems > bk.MinItems {
			label += "–" + plans.Thousands(bk.MaxItems)
		}
		n := int(40 * bk.Keys / max(most, 1))
		if n == 0 && bk.Keys > 0 {
			n = 1
		}
		fmt.Fprintf(&b, "%14s items/key | %-40s %s keys\n", label, strings.Repeat("█", n), plans.Thousands(bk.Keys))
	}
	return b.String()
}
