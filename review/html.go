package review

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/plans"
)

//go:embed review.html.tmpl
var templates embed.FS

var page = template.Must(template.New("review.html.tmpl").Funcs(template.FuncMap{
	"thousands": plans.Thousands,
	"seconds":   plans.Seconds,
	"dollars":   plans.Dollars,
	"join":      strings.Join,
	"key":       keyText,
	"pct":       func(f float64) string { return strconv.FormatFloat(100*f, 'f', 1, 64) + "%" },
	"f1":        func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) },
	"f2":        func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) },
	"cell":      costCell,
	"i64":       func(n int) int64 { return int64(n) },
}).ParseFS(templates, "review.html.tmpl"))

// WriteHTML writes r as one HTML page with inline style and SVG charts and
// no reference to anything outside it.
func WriteHTML(w io.Writer, r *Report) error {
	v := view{Report: r}
	for _, d := range r.Drift {
		v.Notes = append(v.Notes, d.String())
	}
	for i := range r.Tables {
		v.Tables = append(v.Tables, tableView(i, &r.Tables[i]))
	}
	if r.Cost != nil {
		var b strings.Builder
		if err := plans.RenderCost(&b, r.Cost, plans.FormatText); err != nil {
			return err
		}
		v.CostText = b.String()
	}
	var b bytes.Buffer
	if err := page.Execute(&b, v); err != nil {
		return fmt.Errorf("render HTML review: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

type view struct {
	*Report
	// Notes are the drift, one line each.
	Notes    []string
	Tables   []tview
	CostText string
}

type tview struct {
	*Table
	ID         string
	Samples    []string
	Histogram  *chart
	HeatPanels []heatPanel
	Reasons    []string
}

// rect is one SVG rectangle with a tooltip.
type rect struct {
	X, Y, W, H float64
	Fill       string
	Title      string
}

// label is one SVG text.
type label struct {
	X, Y   float64
	Anchor string
	Text   string
}

// chart is an SVG of rectangles and labels.
type chart struct {
	Class         string
	Width, Height float64
	Rects         []rect
	Labels        []label
	Title         string
}

// heatPanel is one order's partitions-over-time picture.
type heatPanel struct {
	Name    string
	Seconds float64
	Chart   chart
}

func tableView(i int, t *Table) tview {
	v := tview{Table: t, ID: "t" + strconv.Itoa(i+1)}
	// One line per item, wrapped by the page: an indented item is a
	// screen tall, and a reviewer compares items side by side.
	for _, s := range t.Samples {
		var b bytes.Buffer
		if json.Compact(&b, s) != nil {
			v.Samples = append(v.Samples, string(s))
			continue
		}
		v.Samples = append(v.Samples, b.String())
	}
	for r := range t.Sizes.Reasons {
		v.Reasons = append(v.Reasons, r)
	}
	sort.Strings(v.Reasons)
	if d := t.Distribution; d != nil && len(d.Buckets) > 0 {
		v.Histogram = histogramChart(t)
	}
	if t.Heat != nil {
		v.HeatPanels = heatPanels(t.Heat)
	}
	return v
}

// histogramChart draws keys per items-per-key bucket as bars.
func histogramChart(t *Table) *chart {
	d := t.Distribution
	const w, h, left, bottom, top = 680.0, 220.0, 56.0, 40.0, 14.0
	c := &chart{Class: "histogram", Width: w, Height: h, Title: "partition keys by items per key"}
	var most int64
	for _, b := range d.Buckets {
		most = max(most, b.Keys)
	}
	n := float64(len(d.Buckets))
	slot := (w - left - 10) / n
	c.Labels = append(c.Labels,
		label{X: left - 6, Y: top + 4, Anchor: "end", Text: plans.Thousands(most)},
		label{X: left - 6, Y: top + 18, Anchor: "end", Text: "keys"},
		label{X: left - 6, Y: h - bottom, Anchor: "end", Text: "0"},
		label{X: (w + left) / 2, Y: h - 4, Anchor: "middle", Text: "items per partition key"})
	for i, b := range d.Buckets {
		bh := (h - bottom - top) * float64(b.Keys) / float64(max(most, 1))
		bh = math.Max(bh, 1)
		x := left + float64(i)*slot
		span := plans.Thousands(b.MinItems)
		if b.MaxItems > b.MinItems {
			span += "–" + plans.Thousands(b.MaxItems)
		}
		c.Rects = append(c.Rects, rect{X: x + 2, Y: h - bottom - bh, W: math.Max(slot-4, 1), H: bh, Fill: "#3182bd",
			Title: fmt.Sprintf("%s keys with %s items", plans.Thousands(b.Keys), span)})
		c.Labels = append(c.Labels, label{X: x + slot/2, Y: h - bottom + 14, Anchor: "middle", Text: span})
	}
	return c
}

// externalRef matches what would make a browser fetch something outside
// the page: a src, href, action or similar attribute with a scheme or a
// network path, a CSS url() or @import.
var externalRef = regexp.MustCompile(`(?i)(?:\b(?:src|href|action|xlink:href|poster|data|srcset)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|//))|url\s*\(|@import`)

// ExternalRefs returns up to 5 places where page refers outside itself;
// WriteHTML's pages have none, and tests hold them to it.
func ExternalRefs(page string) []string { return externalRef.FindAllString(page, 5) }

// maxHeatRows bounds the rows of a heat picture: a table with more
// partitions is drawn with several partitions per row.
const maxHeatRows = 48

// heatPanels draws both orders on one time axis.
func heatPanels(h *Heat) []heatPanel {
	const w, left, right = 680.0, 64.0, 10.0
	group := (h.Partitions + maxHeatRows - 1) / maxHeatRows
	rows := (h.Partitions + group - 1) / group
	rowH := math.Max(4, math.Min(22, 180/float64(rows)))
	top, bottom := 8.0, 26.0
	height := top + rowH*float64(rows) + bottom
	colW := (w - left - right) / float64(max(h.Columns, 1))
	panel := func(name string, run HeatRun) heatPanel {
		c := chart{Class: "heat", Width: w, Height: height, Title: name + ": partitions over time"}
		for r, row := range heatRows(run.Use, group) {
			y := top + rowH*float64(r)
			first, last := r*group, min((r+1)*group, h.Partitions)-1
			name, what := "P"+strconv.Itoa(first), "partition "+strconv.Itoa(first)
			if last > first {
				// The busiest partition of the group speaks for it:
				// the picture is there to show where a load throttles.
				name += "–" + strconv.Itoa(last)
				what = fmt.Sprintf("busiest of partitions %d–%d", first, last)
			}
			c.Labels = append(c.Labels, label{X: left - 6, Y: y + rowH/2 + 4, Anchor: "end", Text: name})
			for col, u := range row {
				c.Rects = append(c.Rects, rect{X: left + colW*float64(col), Y: y, W: colW + 0.3, H: rowH - 1, Fill: heatColour(u),
					Title: fmt.Sprintf("%s, %s–%s: %.0f%% of 1,000 WCU/s", what, plans.Seconds(float64(col)*h.Column), plans.Seconds(float64(col+1)*h.Column), 100*u)})
			}
		}
		axisY := height - 8
		for _, f := range []float64{0, 0.25, 0.5, 0.75, 1} {
			anchor := "middle"
			switch f {
			case 0:
				anchor = "start"
			case 1:
				anchor = "end"
			}
			c.Labels = append(c.Labels, label{X: left + f*(w-left-right), Y: axisY, Anchor: anchor, Text: plans.Seconds(f * float64(h.Columns) * h.Column)})
		}
		return heatPanel{Name: name, Seconds: run.Seconds, Chart: c}
	}
	return []heatPanel{panel("interleaved order", h.Interleaved), panel("table order", h.TableOrder)}
}

// heatRows folds partitions into rows of group partitions, each cell the
// highest share in its group.
func heatRows(use [][]float64, group int) [][]float64 {
	if group <= 1 {
		return use
	}
	var rows [][]float64
	for p, row := range use {
		if p%group == 0 {
			rows = append(rows, slices.Clone(row))
			continue
		}
		last := rows[len(rows)-1]
		for c, u := range row {
			last[c] = math.Max(last[c], u)
		}
	}
	return rows
}

// heatColour maps a partition's share of its budget to a colour: pale to
// dark blue as it fills, red at the ceiling (0.95 and above), where
// DynamoDB throttles.
func heatColour(u float64) string {
	if u <= 0.001 {
		return "#f3f5f8"
	}
	if u >= 0.95 {
		return "#d62728"
	}
	f := u / 0.95
	lerp := func(a, b float64) int { return int(a + (b-a)*f + 0.5) }
	return fmt.Sprintf("#%02x%02x%02x", lerp(0xde, 0x08), lerp(0xeb, 0x51), lerp(0xf7, 0x9c))
}

// keyText is a key in one line: "pk S = customer_id (integer10) # title (string)".
func keyText(k plans.Key) string {
	parts := make([]string, len(k.Parts))
	for i, p := range k.Parts {
		enc := p.Encoding
		if p.Encoding == plans.EncInteger {
			enc += strconv.Itoa(p.Width)
		}
		parts[i] = p.Column + " (" + enc + ")"
	}
	return k.Attribute + " " + k.Type + " = " + strings.Join(parts, " "+plans.Separator+" ")
}

func costCell(p plans.PathCost) string {
	d := "unknown"
	if p.Known {
		d = plans.Dollars(p.Dollars)
	}
	return d + ", " + plans.Seconds(p.Seconds)
}
