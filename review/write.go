package review

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// WriteText writes r for a person at a terminal.
func WriteText(w io.Writer, r *Report) error { return writeDocument(w, r, plans.FormatText) }

// WriteMarkdown writes r as markdown, for a pull request.
func WriteMarkdown(w io.Writer, r *Report) error {
	return writeDocument(w, r, plans.FormatMarkdown)
}

// WriteJSON writes r as one indented JSON document: the plan's path, the
// tolerated drift, per table Table's JSON form, the skipped tables and
// the cost.
func WriteJSON(w io.Writer, r *Report) error {
	var cost plans.CostReport
	if r.Cost != nil {
		cost = *r.Cost
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Plan    string             `json:"plan"`
		Drift   []plans.Difference `json:"drift,omitempty"`
		Tables  []Table            `json:"tables"`
		Skipped []plans.Skipped    `json:"skipped,omitempty"`
		Cost    plans.CostReport   `json:"cost"`
	}{r.Plan, r.Drift, r.Tables, r.Skipped, cost})
}

// mdEscaper escapes what a markdown renderer would read as HTML.
var mdEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// writeDocument renders r as text or markdown.
func writeDocument(w io.Writer, r *Report, format plans.Format) error {
	md := format == plans.FormatMarkdown
	var b strings.Builder
	// esc keeps HTML in names (the source's to choose) from being read as
	// markup by a markdown renderer; fenced blocks need none.
	esc := func(s string) string {
		if md {
			return mdEscaper.Replace(s)
		}
		return s
	}
	heading := func(level int, s string) {
		if md {
			b.WriteString(strings.Repeat("#", level) + " " + esc(s) + "\n\n")
		} else {
			b.WriteString(s + "\n")
			if level <= 2 {
				b.WriteString(strings.Repeat("=", len([]rune(s))) + "\n")
			}
		}
	}
	line := func(s string) { b.WriteString(s + "\n") }
	heading(1, fmt.Sprintf("Review of %s (database %s): dry run, nothing written", r.Plan, r.Database))
	var interleaved, tableOrder float64
	for _, t := range r.Tables {
		interleaved += t.Load.InterleavedSeconds
		tableOrder += t.Load.TableOrderSeconds
	}
	line(fmt.Sprintf("%d tables; estimated load at %s WCU/s: %s interleaved, %s in plain table order.",
		len(r.Tables), plans.Thousands(r.WriteRate), plans.Seconds(interleaved), plans.Seconds(tableOrder)))
	for _, d := range r.Drift {
		line("note: " + esc(d.String()))
	}
	b.WriteString("\n")
	for _, t := range r.Tables {
		plans.RenderTable(&b, t.Design, format)
		b.WriteString("\n")
		heading(3, "Sample items (DynamoDB JSON, from real rows)")
		if md {
			line("```json")
		}
		for _, s := range t.Samples {
			line(string(s))
		}
		if len(t.Samples) == 0 {
			line("(no rows)")
		}
		if md {
			line("```")
		}
		b.WriteString("\n")
		d := t.Distribution
		heading(3, "Distribution of partition keys")
		line(fmt.Sprintf("%s items over %s partition keys; items per key: max %s, median %s",
			plans.Thousands(d.Rows), plans.Thousands(d.Keys), plans.Thousands(d.MaxPerKey), plans.Thousands(d.MedianPerKey)))
		if d.Keys > 0 {
			line(esc(fmt.Sprintf("hottest key %q holds %s items (%.1f%% of the table)", d.HottestKey, plans.Thousands(d.MaxPerKey), 100*d.HottestShare)))
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
		s := t.Sizes
		line(fmt.Sprintf("%s rows encoded: average %.0f B, largest %s B, %.2f WCU per item", plans.Thousands(s.RowsEncoded), s.AvgBytes, plans.Thousands(int64(s.MaxBytes)), s.AvgWCU))
		if pr := t.PlanRejects; pr != nil {
			mark := ""
			if len(pr.Predicted) > 0 {
				mark = "⚠ "
			}
			line(mark + esc(pr.Line()))
		}
		if s.Rejected > 0 {
			line(fmt.Sprintf("⚠ %s of them would be rejected:", plans.Thousands(s.Rejected)))
			reasons := make([]string, 0, len(s.Reasons))
			for reason := range s.Reasons {
				reasons = append(reasons, reason)
			}
			sort.Strings(reasons)
			for _, reason := range reasons {
				line(fmt.Sprintf("  - %s (%d)", esc(reason), s.Reasons[reason]))
			}
		}
		b.WriteString("\n")
		heading(3, "Load estimate")
		l := t.Load
		line(fmt.Sprintf("%s WCU at %s WCU/s: %s interleaved, %s in plain table order (hottest key alone: %s at 1,000 WCU/s)",
			plans.Thousands(l.TotalWCU), plans.Thousands(l.WriteRate), plans.Seconds(l.InterleavedSeconds), plans.Seconds(l.TableOrderSeconds), plans.Seconds(l.HotKeyFloorSeconds)))
		if l.Partitions > 0 {
			line(fmt.Sprintf("placement model: the busiest of %d partitions takes %s WCU = %s at 1,000 WCU/s; the plan estimated %s interleaved",
				l.Partitions, plans.Thousands(l.HotPartitionWCU), plans.Seconds(l.HotPartitionSeconds), plans.Seconds(l.PlanInterleavedSeconds)))
		}
		b.WriteString("\n")
	}
	if r.Cost != nil {
		if err := plans.RenderCost(&b, r.Cost, format); err != nil {
			return err
		}
	}
	b.WriteString("\n")
	if len(r.Skipped) > 0 {
		heading(2, "Skipped")
		for _, s := range r.Skipped {
			line("- " + esc(s.Source+": "+s.Why))
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
