package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Figure is one line of the benchmark table: a ratio (or a size) measured
// side by side in each run, reported as the median of the runs.
type Figure struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Unit     string  `json:"unit,omitempty"` // "×" for ratios, "MB" for sizes
	Measured float64 `json:"measured"`
	// Op and Target: pass when Measured Op Target ("<=" or ">=").
	Op     string  `json:"op"`
	Target float64 `json:"target"`
	// Pass is nil when the figure is informational (no target).
	Pass *bool `json:"pass,omitempty"`
	// Samples are the per-run values the median is taken of.
	Samples []float64 `json:"samples"`
	// Detail is the side-by-side measurement, in words, for the table.
	Detail string `json:"detail"`
	// Runs holds the raw measurements of every run.
	Runs []map[string]float64 `json:"runs,omitempty"`
	// Error says why the figure could not be measured.
	Error string `json:"error,omitempty"`
}

// Report is the whole benchmark result as written to JSON.
type Report struct {
	Started  time.Time      `json:"started"`
	Seconds  float64        `json:"seconds"`
	Machine  Machine        `json:"machine"`
	Config   map[string]any `json:"config"`
	Figures  []Figure       `json:"figures"`
	AllPass  bool           `json:"all_pass"`
	Warnings []string       `json:"warnings,omitempty"`
}

// Machine says where the figures were measured.
type Machine struct {
	Cores     int    `json:"cores"`
	CPU       string `json:"cpu"`
	MemoryMB  int64  `json:"memory_mb"`
	OS        string `json:"os"`
	Go        string `json:"go"`
	Postgres  string `json:"postgres"`
	LoadAvg   string `json:"load_avg_at_start"`
	GitCommit string `json:"git_commit,omitempty"`
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// finish sets Measured from the samples and Pass from the target.
func (f *Figure) finish() {
	if len(f.Samples) == 0 {
		f.Measured = math.NaN()
		if f.Op != "" {
			no := false
			f.Pass = &no
		}
		return
	}
	f.Measured = median(f.Samples)
	if f.Op == "" {
		return
	}
	ok := (f.Op == "<=" && f.Measured <= f.Target) || (f.Op == ">=" && f.Measured >= f.Target) ||
		(f.Op == "<" && f.Measured < f.Target)
	f.Pass = &ok
}

func (f *Figure) result() string {
	switch {
	case f.Error != "" && len(f.Samples) == 0:
		return "ERROR"
	case f.Pass == nil:
		return "-"
	case *f.Pass:
		return "pass"
	}
	return "FAIL"
}

func fmtNum(v float64, unit string) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	switch unit {
	case "MB":
		return fmt.Sprintf("%.0f MB", v)
	case "%":
		return fmt.Sprintf("%.2f%%", v)
	case "s":
		return fmt.Sprintf("%.2f s", v)
	case "B":
		// Bytes: exact when small, so that a target of 0 never shows a
		// miss as "0 MB".
		if math.Abs(v) < 1<<20 {
			return fmt.Sprintf("%.0f B", v)
		}
		return fmt.Sprintf("%.1f MB", v/(1<<20))
	}
	return fmt.Sprintf("%.2f%s", v, unit)
}

// WriteTable prints the report as an aligned text table.
func (r *Report) WriteTable(w io.Writer) {
	m := r.Machine
	fmt.Fprintf(w, "pg2ddb benchmark — %d cores (%s), %d MB RAM, %s, %s, PostgreSQL %s; %s; median of each figure's runs\n",
		m.Cores, m.CPU, m.MemoryMB, m.OS, m.Go, m.Postgres, r.Started.UTC().Format("2006-01-02 15:04 UTC"))
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tmeasured\ttarget\tresult\truns\tside by side (medians)")
	for _, f := range r.Figures {
		target := "-"
		if f.Op != "" {
			op := map[string]string{"<=": "≤", ">=": "≥", "<": "<"}[f.Op]
			target = op + " " + fmtNum(f.Target, f.Unit)
		}
		detail := f.Detail
		if f.Error != "" {
			detail = strings.TrimSpace(detail + " error: " + oneLine(f.Error))
		}
		fmt.Fprintf(tw, "%s %s\t%s\t%s\t%s\t%d\t%s\n", f.ID, f.Name, fmtNum(f.Measured, f.Unit), target, f.result(), len(f.Samples), detail)
	}
	tw.Flush()
	for _, wmsg := range r.Warnings {
		fmt.Fprintln(w, "warning: "+wmsg)
	}
	fmt.Fprintf(w, "total %.0f s\n", r.Seconds)
}

// WriteJSON writes the report to path, creating its directory.
func (r *Report) WriteJSON(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// MarshalJSON writes NaN (an unmeasured figure) as null.
func (f Figure) MarshalJSON() ([]byte, error) {
	type plain Figure
	p := plain(f)
	var measured any = f.Measured
	if math.IsNaN(f.Measured) {
		measured = nil
	}
	return json.Marshal(struct {
		plain
		Measured any `json:"measured"`
	}{p, measured})
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
