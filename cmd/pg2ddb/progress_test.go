package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/pipeline"
)

// TestProgressLogSideBySide: tables loading side by side each get a line
// per logEvery, not one per update as the display switches between them,
// and each its "loaded" line.
func TestProgressLogSideBySide(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	u, err := newProgressUI(&out, "log")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		u.update(pipeline.Progress{Target: "a", Total: 10, Read: 1, Written: 1})
		u.update(pipeline.Progress{Target: "b", Total: 10, Read: 2, Written: 2})
	}
	u.update(pipeline.Progress{Target: "a", Total: 10, Read: 10, Written: 10, Done: true})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "loading a") || !strings.Contains(lines[1], "loading b") || !strings.Contains(lines[2], "loaded a") {
		t.Fatalf("log lines:\n%s", out.String())
	}
}

// TestProgressBarNamesTablesBeside: the bar follows one table and names
// the tables loading beside it with their share done.
func TestProgressBarNamesTablesBeside(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	u, err := newProgressUI(&out, "bar")
	if err != nil {
		t.Fatal(err)
	}
	u.update(pipeline.Progress{Target: "a", Total: 10, Read: 1, Written: 1})
	u.update(pipeline.Progress{Target: "b", Total: 10, Read: 5, Written: 5})
	u.update(pipeline.Progress{Target: "c", Total: 4, Read: 1, Written: 1})
	if d := u.describe(); !strings.HasPrefix(d, "a (") || !strings.HasSuffix(d, " + b 50%, c 25%") {
		t.Fatalf("bar text %q", d)
	}
	u.update(pipeline.Progress{Target: "b", Total: 10, Read: 10, Written: 10, Done: true})
	if d := u.describe(); strings.Contains(d, "b ") || !strings.Contains(out.String(), "loaded b: 10/10 items acknowledged") {
		t.Fatalf("bar text %q after b is done, output:\n%s", d, out.String())
	}
	u.update(pipeline.Progress{Target: "a", Total: 10, Read: 10, Written: 10, Done: true})
	u.update(pipeline.Progress{Target: "c", Total: 4, Read: 2, Written: 2})
	if d := u.describe(); !strings.HasPrefix(d, "c (") || strings.Contains(d, "+") {
		t.Fatalf("bar text %q once a is done", d)
	}
	u.finish()
}

// TestProgressBarFollowsAGrowingTotal: an export's total is the plan's
// estimate until the table is read, so the bar's end moves with it and the
// bar does not finish before the table does.
func TestProgressBarFollowsAGrowingTotal(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	u, err := newProgressUI(&out, "bar")
	if err != nil {
		t.Fatal(err)
	}
	u.update(pipeline.Progress{Target: "a", Total: 10, Read: 4, Written: 4})
	u.update(pipeline.Progress{Target: "a", Total: 12, Read: 12, Written: 12})
	if got := u.bar.GetMax64(); got <= 12 {
		t.Fatalf("bar max %d after the total grew to 12, all acknowledged, with the table not done", got)
	}
	if u.bar.IsFinished() {
		t.Fatal("bar finished past the estimate with the table not done")
	}
	u.update(pipeline.Progress{Target: "a", Total: 15, Read: 15, Written: 12})
	if u.bar.IsFinished() {
		t.Fatal("bar finished with every row read but the table not done")
	}
	u.update(pipeline.Progress{Target: "a", Total: 15, Read: 15, Written: 15, Done: true})
	if !u.bar.IsFinished() {
		t.Fatal("bar not finished when the table is done")
	}
	u.finish()
}
