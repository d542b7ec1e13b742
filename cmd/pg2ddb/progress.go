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
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
)

// progressUI shows load progress: one progress bar per table on a
// terminal, a plain line every logEvery per table otherwise, or one JSON
// object per event (--progress json) for a program that drives pg2ddb. It
// is the only place that knows about terminals; load reports through a
// callback.
//
// What it counts is what DynamoDB acknowledged (and the rows rejected),
// never the rows read: a read runs ahead of the writes by the batches in
// flight. Rates are over the last rateWindow, and the ETA divides what is
// left by that rate. A table whose run ended before every row was
// acknowledged (Ctrl-C, an error) is never drawn finished.
//
// Small tables load side by side: the bar follows one table and its
// description names the others loading beside it with their share done;
// a line says when one of them is loaded.
type progressUI struct {
	w    io.Writer
	mode string
	// now is the clock (tests replace it).
	now func() time.Time

	mu      sync.Mutex
	bar     *progressbar.ProgressBar
	table   string
	extra   string                       // the bar's table's counts and rates
	others  map[string]pipeline.Progress // tables loading beside the bar's, by target
	lastLog map[string]time.Time         // by target
	rates   map[string]*windowRate       // by target
	last    map[string]pipeline.Progress // the last report of each table (json)
}

const logEvery = 5 * time.Second

// progressModes are the values of --progress.
const progressModes = "auto, bar, log, json or none"

func newProgressUI(w io.Writer, mode string) (*progressUI, error) {
	switch mode {
	case "auto":
		mode = "log"
		if isTerminal(w) {
			mode = "bar"
		}
	case "bar", "log", "json", "none":
	default:
		return nil, fmt.Errorf("--progress must be %s, got %q", progressModes, mode)
	}
	return &progressUI{w: w, mode: mode, now: time.Now, others: map[string]pipeline.Progress{}, lastLog: map[string]time.Time{},
		rates: map[string]*windowRate{}, last: map[string]pipeline.Progress{}}, nil
}

// acknowledged is what DynamoDB acknowledged of a table, earlier runs
// included; processed adds the rows rejected, which are done too.
func acknowledged(p pipeline.Progress) int64 { return p.Skipped + p.Written }
func processed(p pipeline.Progress) int64    { return acknowledged(p) + p.Rejected }

// rateWindow is how far back rates look: long enough to smooth the
// batches, short enough to follow a change of pace (a throttled partition,
// the next table).
const rateWindow = 10 * time.Second

// windowRate is a table's acknowledged items and WCU over the last
// rateWindow.
type windowRate struct {
	samples []rateSample
}

type rateSample struct {
	at       time.Time
	ack, wcu int64
}

func (r *windowRate) add(at time.Time, ack, wcu int64) {
	r.samples = append(r.samples, rateSample{at, ack, wcu})
	// Keep one sample older than the window, so the window is full.
	i := 0
	for i+1 < len(r.samples) && at.Sub(r.samples[i+1].at) >= rateWindow {
		i++
	}
	r.samples = r.samples[i:]
}

// perSecond returns the items and WCU per second over the window; false
// until the samples span a second.
func (r *windowRate) perSecond() (items, wcu float64, ok bool) {
	if len(r.samples) < 2 {
		return 0, 0, false
	}
	first, last := r.samples[0], r.samples[len(r.samples)-1]
	secs := last.at.Sub(first.at).Seconds()
	if secs < 1 {
		return 0, 0, false
	}
	return float64(last.ack-first.ack) / secs, float64(last.wcu-first.wcu) / secs, true
}

// measure records p and returns its rates and, while not done, its ETA
// ("" until a rate is known).
func (u *progressUI) measure(p pipeline.Progress) (items, wcu float64, eta string, ok bool) {
	r := u.rates[p.Target]
	if r == nil {
		r = &windowRate{}
		u.rates[p.Target] = r
	}
	r.add(u.now(), acknowledged(p), p.WCU)
	items, wcu, ok = r.perSecond()
	if ok && !p.Done && items > 0 && p.Total > processed(p) {
		eta = "<1s"
		if d := time.Duration(float64(p.Total-processed(p)) / items * float64(time.Second)).Round(time.Second); d > 0 {
			eta = d.String()
		}
	}
	if p.Done {
		delete(u.rates, p.Target)
	}
	return items, wcu, eta, ok
}

// counts is the text of a table's counts and rates.
func counts(p pipeline.Progress, items, wcu float64, eta string, ok bool) string {
	s := fmt.Sprintf("%s/%s items acknowledged", plans.Thousands(acknowledged(p)), plans.Thousands(p.Total))
	if p.Rejected > 0 {
		s += ", " + plans.Thousands(p.Rejected) + " rejected"
	}
	if ok {
		s += fmt.Sprintf(", %s items/s, %s WCU/s", plans.Thousands(int64(math.Round(items))), plans.Thousands(int64(math.Round(wcu))))
	}
	s += fmt.Sprintf(", %s retries, %s throttles", plans.Thousands(p.Retries), plans.Thousands(p.Throttles))
	if eta != "" {
		s += ", ETA " + eta
	}
	return s
}

func (u *progressUI) update(p pipeline.Progress) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.mode == "none" {
		return
	}
	items, wcu, eta, ok := u.measure(p)
	done := processed(p)
	switch u.mode {
	case "json":
		u.events(p, items, wcu, eta, ok)
	case "bar":
		if u.bar != nil && !u.bar.IsFinished() && u.table != p.Target {
			// A table loading beside the bar's.
			if p.Done {
				delete(u.others, p.Target)
				fmt.Fprintf(u.w, "\npg2ddb: %s %s: %s\n", doneWord(p), p.Target, counts(p, items, wcu, "", ok))
			} else {
				u.others[p.Target] = p
			}
			u.bar.Describe(u.describe())
			return
		}
		delete(u.others, p.Target)
		if u.table != p.Target {
			u.table = p.Target
			u.bar = progressbar.NewOptions64(max(p.Total, 1),
				progressbar.OptionSetWriter(u.w),
				progressbar.OptionSetDescription(p.Target),
				progressbar.OptionSetElapsedTime(false),
				progressbar.OptionSetPredictTime(false),
				progressbar.OptionSetWidth(30),
				progressbar.OptionThrottle(200*time.Millisecond),
				// The line is cleared before each redraw: a shorter
				// description leaves nothing of the longer one behind.
				progressbar.OptionUseANSICodes(true),
				progressbar.OptionOnCompletion(func() { fmt.Fprintln(u.w) }),
			)
		}
		u.extra = counts(p, items, wcu, eta, ok)
		// An export's total is the plan's estimate until the table is
		// read, and a table is not done until its last row is
		// acknowledged: the bar's end stays past what is done until the
		// table is complete, so it never shows 100% early, nor after an
		// interrupted run.
		end := max(p.Total, 1)
		if !(p.Done && !p.Incomplete) && done >= end {
			end = done + 1
		}
		if end != u.bar.GetMax64() {
			u.bar.ChangeMax64(end)
		}
		u.bar.Describe(u.describe())
		u.bar.Set64(done) //nolint:errcheck // a display
		switch {
		case p.Done && !p.Incomplete:
			u.bar.Finish() //nolint:errcheck
		case p.Done:
			// Left as it stands, on its own line.
			fmt.Fprintln(u.w)
			u.bar, u.table = nil, ""
		}
	case "log":
		if last, ok := u.lastLog[p.Target]; !p.Done && ok && u.now().Sub(last) < logEvery {
			return
		}
		u.lastLog[p.Target] = u.now()
		if p.Done {
			delete(u.lastLog, p.Target)
		}
		state := "loading"
		if p.Done {
			state = doneWord(p)
		}
		fmt.Fprintf(u.w, "pg2ddb: %s %s: %s\n", state, p.Target, counts(p, items, wcu, eta, ok))
	}
}

// doneWord is how a table's last line calls it.
func doneWord(p pipeline.Progress) string {
	if p.Incomplete {
		return "stopped"
	}
	return "loaded"
}

// describe is the bar's text: its table, its counts and rates, and the
// tables loading beside it.
func (u *progressUI) describe() string {
	s := fmt.Sprintf("%s (%s)", u.table, u.extra)
	if len(u.others) == 0 {
		return s
	}
	names := slices.Sorted(maps.Keys(u.others))
	parts := make([]string, len(names))
	for i, n := range names {
		o := u.others[n]
		parts[i] = fmt.Sprintf("%s %s", n, percent(float64(processed(o))/math.Max(float64(o.Total), 1)))
	}
	return s + " + " + strings.Join(parts, ", ")
}

// note prints a line of its own between progress updates (a bar is left
// on its line first), whatever the display mode: warnings are not progress.
// In json mode it is a "message" event, so the stream stays JSON.
func (u *progressUI) note(line string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.mode == "json" {
		u.emit(progressEvent{Event: "message", Message: line})
		return
	}
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

// loadEstimates are the plan's load time of each table (by target) at
// rate WCU/s (the plan's write rate when rate is 0): the estimate plan and
// review show, for the summary to print beside the time measured.
func loadEstimates(p *plans.Plan, rate float64) map[string]float64 {
	r := p.Options.WriteRate
	if rate > 0 {
		r = int64(math.Ceil(rate))
	}
	out := make(map[string]float64, len(p.Tables))
	for _, t := range p.Tables {
		out[t.Target] = mapping.EstimateLoad(t.Estimates, r).Interleaved
	}
	return out
}

// printSummary prints one line per table and a total, with the plan's
// estimate of each table's time (est, by target; nil for none) beside
// the time it took.
func printSummary(w io.Writer, res *load.Result, est map[string]float64) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\tsource rows\tread\twritten\trejected\tretries\tthrottles\ttime\testimated\titems/s\tspread\tfirst write\t")
	var estTotal float64
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
		estimated := "-"
		if s, ok := est[t.Target]; ok && !t.AlreadyDone {
			estimated = estimateText(s)
			estTotal += s
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", t.Target, note,
			plans.Thousands(t.SourceRows), plans.Thousands(t.Read), plans.Thousands(t.Written), plans.Thousands(t.Rejected),
			plans.Thousands(t.Retries), plans.Thousands(t.Throttles), t.Elapsed.Round(time.Millisecond), estimated,
			plans.Thousands(int64(float64(t.Written)/math.Max(t.Elapsed.Seconds(), 0.001))), percent(t.Spread), first)
	}
	totalEst := "-"
	if len(est) > 0 {
		totalEst = estimateText(estTotal)
	}
	fmt.Fprintf(tw, "total\t\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t\t\n", plans.Thousands(read), plans.Thousands(written), plans.Thousands(rejected),
		plans.Thousands(retries), plans.Thousands(throttles), res.Elapsed.Round(time.Millisecond), totalEst,
		plans.Thousands(int64(float64(written)/math.Max(res.Elapsed.Seconds(), 0.001))))
	tw.Flush()
	fmt.Fprintf(w, "spread: the largest share of one partition key in any %s consecutive writes\n", plans.Thousands(load.SpreadWindow))
	fmt.Fprintln(w, "first write: from the start of the table's read to its first item DynamoDB acknowledged")
	for _, t := range res.Tables {
		if t.ReadThrough != "" {
			fmt.Fprintf(w, "read: %s through index %s in sort-key order (rounds by arrival, no client sort)\n", t.Target, t.ReadThrough)
		}
	}
	if len(est) > 0 {
		fmt.Fprintln(w, "estimated: the plan's load time at the write rate (--max-wcu, else the plan's), as plan and review show it")
	}
}

// isTerminal reports whether w is a terminal: progress bars are drawn
// only there, so logs and pipes stay clean.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// estimateText is an estimate in the summary's unit, seconds to the
// millisecond like the measured time beside it.
func estimateText(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(time.Millisecond).String()
}
