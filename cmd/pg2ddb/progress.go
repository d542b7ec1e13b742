package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
)

// progressUI shows load progress: one progress bar per table on a
// terminal, a plain line every logEvery per table otherwise. It is the only
// place that knows about terminals; load reports through a callback.
//
// Small tables load side by side: the bar follows one table and its
// description names the others loading beside it with their share done;
// a line says when one of them is loaded.
type progressUI struct {
	w    io.Writer
	mode string

	mu      sync.Mutex
	bar     *progressbar.ProgressBar
	table   string
	extra   string                       // the bar's table's rates
	others  map[string]pipeline.Progress // tables loading beside the bar's, by target
	lastLog map[string]time.Time         // by target
}

const logEvery = 5 * time.Second

func newProgressUI(w io.Writer, mode string) (*progressUI, error) {
	switch mode {
	case "auto":
		mode = "log"
		if isTerminal(w) {
			mode = "bar"
		}
	case "bar", "log", "none":
	default:
		return nil, fmt.Errorf("load: --progress must be auto, bar, log or none, got %q", mode)
	}
	return &progressUI{w: w, mode: mode, others: map[string]pipeline.Progress{}, lastLog: map[string]time.Time{}}, nil
}

func (u *progressUI) update(p pipeline.Progress) {
	u.mu.Lock()
	defer u.mu.Unlock()
	done := p.Skipped + p.Read
	secs := p.Elapsed.Seconds()
	wcuRate := float64(p.WCU) / math.Max(secs, 0.001)
	extra := fmt.Sprintf("%s WCU/s, %d retries, %d throttles", plans.Thousands(int64(wcuRate)), p.Retries, p.Throttles)
	switch u.mode {
	case "bar":
		if u.bar != nil && !u.bar.IsFinished() && u.table != p.Target {
			// A table loading beside the bar's.
			if p.Done {
				delete(u.others, p.Target)
				fmt.Fprintf(u.w, "\npg2ddb: loaded %s: %s/%s rows\n", p.Target, plans.Thousands(done), plans.Thousands(p.Total))
			} else {
				u.others[p.Target] = p
			}
			u.bar.Describe(u.describe())
			return
		}
		delete(u.others, p.Target)
		if u.table != p.Target {
			u.table = p.Target
			u.bar = progressbar.NewOptions64(p.Total,
				progressbar.OptionSetWriter(u.w),
				progressbar.OptionSetDescription(p.Target),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("items"),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionSetWidth(30),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionOnCompletion(func() { fmt.Fprintln(u.w) }),
			)
			u.bar.Set64(p.Skipped) //nolint:errcheck // a display
		}
		u.extra = extra
		// An export's total is the plan's estimate until the table is
		// read, and a table is not done when its last row is read: the
		// bar's end stays past what is done until the table is.
		end := p.Total
		if !p.Done && done >= end {
			end = done + 1
		}
		if end != u.bar.GetMax64() {
			u.bar.ChangeMax64(end)
		}
		u.bar.Describe(u.describe())
		u.bar.Set64(done) //nolint:errcheck
		if p.Done {
			u.bar.Finish() //nolint:errcheck
		}
	case "log":
		if last, ok := u.lastLog[p.Target]; !p.Done && ok && time.Since(last) < logEvery {
			return
		}
		u.lastLog[p.Target] = time.Now()
		if p.Done {
			delete(u.lastLog, p.Target)
		}
		eta := ""
		if rate := float64(p.Read) / math.Max(secs, 0.001); !p.Done && rate > 0 && p.Total > done {
			eta = ", ETA " + (time.Duration(float64(p.Total-done)/rate) * time.Second).Round(time.Second).String()
		}
		state := "loading"
		if p.Done {
			state = "loaded"
		}
		fmt.Fprintf(u.w, "pg2ddb: %s %s: %s/%s rows, %s items/s, %s%s\n", state, p.Target,
			plans.Thousands(done), plans.Thousands(p.Total), plans.Thousands(int64(float64(p.Written)/math.Max(secs, 0.001))), extra, eta)
	}
}

// describe is the bar's text: its table, its rates, and the tables
// loading beside it.
func (u *progressUI) describe() string {
	s := fmt.Sprintf("%s (%s)", u.table, u.extra)
	if len(u.others) == 0 {
		return s
	}
	names := slices.Sorted(maps.Keys(u.others))
	parts := make([]string, len(names))
	for i, n := range names {
		o := u.others[n]
		parts[i] = fmt.Sprintf("%s %s", n, percent(float64(o.Skipped+o.Read)/math.Max(float64(o.Total), 1)))
	}
	return s + " + " + strings.Join(parts, ", ")
}

// note prints a line of its own between progress updates (a bar is left
// on its line first), whatever the display mode: warnings are not progress.
func (u *progressUI) note(line string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.bar != nil && !u.bar.IsFinished() {
		fmt.Fprintln(u.w)
	}
	fmt.Fprintln(u.w, line)
}

// logf is note for a pipeline's Logf: its line prefixed with "pg2ddb: ".
func (u *progressUI) logf(format string, args ...any) {
	u.note(fmt.Sprintf("pg2ddb: "+format, args...))
}

func (u *progressUI) finish() {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.bar != nil && !u.bar.IsFinished() {
		fmt.Fprintln(u.w)
	}
}

// printSummary prints one line per table and a total.
func printSummary(w io.Writer, res *load.Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\tsource rows\tread\twritten\trejected\tretries\tthrottles\ttime\titems/s\tspread\tfirst write\t")
	var read, written, rejected, retries, throttles int64
	for _, t := range res.Tables {
		read += t.Read
		written += t.Written
		rejected += t.Rejected
		retries += t.Retries
		throttles += t.Throttles
		note := ""
		switch {
		case t.AlreadyDone:
			note = " (done earlier)"
		case t.Skipped > 0:
			note = fmt.Sprintf(" (resumed at %s)", plans.Thousands(t.Skipped))
		}
		first := "-"
		if t.FirstWrite > 0 {
			first = t.FirstWrite.Round(time.Millisecond).String()
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", t.Target, note,
			plans.Thousands(t.SourceRows), plans.Thousands(t.Read), plans.Thousands(t.Written), plans.Thousands(t.Rejected),
			plans.Thousands(t.Retries), plans.Thousands(t.Throttles), t.Elapsed.Round(time.Millisecond),
			plans.Thousands(int64(float64(t.Written)/math.Max(t.Elapsed.Seconds(), 0.001))), percent(t.Spread), first)
	}
	fmt.Fprintf(tw, "total\t\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t\t\n", plans.Thousands(read), plans.Thousands(written), plans.Thousands(rejected),
		plans.Thousands(retries), plans.Thousands(throttles), res.Elapsed.Round(time.Millisecond),
		plans.Thousands(int64(float64(written)/math.Max(res.Elapsed.Seconds(), 0.001))))
	tw.Flush()
	fmt.Fprintf(w, "spread: the largest share of one partition key in any %s consecutive writes\n", plans.Thousands(load.SpreadWindow))
	fmt.Fprintln(w, "first write: from the start of the table's read to its first item DynamoDB acknowledged")
}

// isTerminal reports whether w is a terminal: progress bars are drawn
// only there, so logs and pipes stay clean.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
