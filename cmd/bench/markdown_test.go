package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testReport() *Report {
	yes, no := true, false
	return &Report{
		Started: time.Date(2026, 11, 25, 23, 39, 0, 0, time.UTC),
		Seconds: 642,
		Machine: Machine{Cores: 2, CPU: "AMD EPYC", MemoryMB: 24000, OS: "linux/amd64", Go: "go1.26.0",
			Postgres: "15.20", LoadAvg: "0.10 0.20 0.30", GitCommit: "b28188b"},
		Config: map[string]any{"runs": 3},
		Figures: []Figure{
			{ID: "1", Name: "loader ÷ binary COPY of the table", Unit: "×", Measured: 4.1, Op: "<=", Target: 3,
				Pass: &no, Samples: []float64{4.0, 4.1, 4.2}, Detail: "load 13.71 s vs `COPY orders TO STDOUT` 3.49 s"},
			{ID: "1c", Name: "source temporary bytes", Unit: "B", Measured: 0, Op: "<=", Target: 0,
				Pass: &yes, Samples: []float64{0, 0, 0}, Detail: "temp_bytes after | before"},
			{ID: "2b", Name: "spread: --order table ÷ ideal", Unit: "×", Measured: 3.8, Samples: []float64{3.8}, Detail: "47 s vs 12 s"},
			{ID: "6", Name: "export ÷ COPY", Unit: "×", Measured: math.NaN(), Op: "<=", Target: 2,
				Error: "no S3\nserver", Detail: ""},
		},
		Warnings: []string{"the machine was busy"},
	}
}

func TestMarkdownFromTheJSONReport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "latest.json")
	r := testReport()
	for i := range r.Figures {
		if r.Figures[i].Error == "" {
			continue
		}
		r.Figures[i].finish() // an unmeasured figure: NaN, written as null
	}
	if err := r.WriteJSON(path); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := renderMarkdown(path, "", &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"Measured 2026-11-25 23:39 UTC at commit `b28188b` on 2 cores (AMD EPYC), 24000 MB of memory, linux/amd64, go1.26.0, PostgreSQL 15.20; load average 0.10 0.20 0.30 at the start, each figure the median of 3 runs; `make bench` took 642 s.",
		"| figure | measured | target | result | runs | side by side (medians) |",
		"| 1 loader ÷ binary COPY of the table | 4.10× | ≤ 3.00× | **FAIL** | 3 | load 13.71 s vs `COPY orders TO STDOUT` 3.49 s |",
		`| 1c source temporary bytes | 0 B | ≤ 0 B | pass | 3 | temp_bytes after \| before |`,
		"| 2b spread: --order table ÷ ideal | 3.80× | – | – | 1 | 47 s vs 12 s |",
		"| 6 export ÷ COPY | n/a | ≤ 2.00× | **ERROR** | 0 | error: no S3 server |",
		"- warning: the machine was busy",
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("markdown lacks line\n%s\ngot:\n%s", want, got)
		}
	}
}

func TestMarkdownReplacesOnlyTheGeneratedBlock(t *testing.T) {
	dir := t.TempDir()
	jsonPath := filepath.Join(dir, "latest.json")
	if err := testReport().WriteJSON(jsonPath); err != nil {
		t.Fatal(err)
	}
	docPath := filepath.Join(dir, "performance.md")
	doc := "# Performance\n\nMethod by hand.\n\n" + tableBegin + "\n\nold table\n\n" + tableEnd + "\n\nMore by hand.\n"
	if err := os.WriteFile(docPath, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := renderMarkdown(jsonPath, docPath, nil); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	s := string(first)
	if strings.Contains(s, "old table") || !strings.Contains(s, "| 1 loader ÷ binary COPY of the table | 4.10×") {
		t.Fatalf("block not replaced:\n%s", s)
	}
	if !strings.HasPrefix(s, "# Performance\n\nMethod by hand.\n\n"+tableBegin+"\n\n") || !strings.HasSuffix(s, "\n\n"+tableEnd+"\n\nMore by hand.\n") {
		t.Fatalf("text outside the markers changed:\n%s", s)
	}
	if err := renderMarkdown(jsonPath, docPath, nil); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(docPath)
	if string(second) != s {
		t.Errorf("a second render changed the document:\n%s\nthen\n%s", s, second)
	}
}

func TestMarkdownRefusesADocumentWithoutItsMarkers(t *testing.T) {
	for name, doc := range map[string]string{
		"none":     "# Performance\n",
		"no end":   tableBegin + "\n",
		"twice":    tableBegin + "\n" + tableEnd + "\n" + tableBegin + "\n" + tableEnd + "\n",
		"reversed": tableEnd + "\n" + tableBegin + "\n",
	} {
		if _, err := replaceTable(doc, "| t |"); err == nil {
			t.Errorf("%s: replaceTable accepted %q", name, doc)
		}
	}
}

func TestMarkdownRefusesAReportWithoutFigures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.json")
	if err := os.WriteFile(path, []byte(`{"figures": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := renderMarkdown(path, "", &strings.Builder{}); err == nil {
		t.Error("rendered a report with no figures")
	}
}
