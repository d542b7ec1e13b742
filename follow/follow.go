package follow

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
	"github.com/pg2ddb/pg2ddb/target"
)

// Source is the stream of committed changes; *replication.Stream is one.
type Source interface {
	// Next returns the next event, or nil when none came within wait.
	Next(ctx context.Context, wait time.Duration) (replication.Event, error)
	// Confirm tells the slot that every change before lsn is applied.
	Confirm(lsn replication.LSN)
}

// Evaluator turns changed rows into the rows a load reads (the plan's
// key and value expressions evaluated over them); *extract.Changes is one.
type Evaluator interface {
	Rows(ctx context.Context, t plans.Table, cols []extract.ChangedColumn, identity []string, in []extract.ChangedRow) ([]order.Row, error)
}

// Client is what applying changes needs of DynamoDB. *dynamodb.Client
// implements it.
type Client interface {
	BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
}

// Options tune Run. The zero value is usable.
type Options struct {
	// Workers is the number of concurrent BatchWriteItem writers (default 8).
	Workers int
	// Window is the most changes applied as one window (default 5,000).
	Window int
	// State is the sync's state, updated with the confirmed position and
	// the counts, and written to StatePath (at most once a second, and at
	// the end) when that is set.
	State     *State
	StatePath string
	// RejectsPath is the load's rejects file; rows that cannot be written
	// are appended to it as a load rejects them.
	RejectsPath string
	// LimitRejects stops the run once more than MaxRejects rows are
	// rejected, counting RejectedBefore (the initial load's and earlier
	// runs') and this run's, as a load stops (pipeline.TooManyRejectsError);
	// every change before the window that passed the limit is applied.
	LimitRejects   bool
	MaxRejects     int64
	RejectedBefore int64
	// Current returns the source's current WAL position: the lag in bytes
	// is measured against it, and UntilCaughtUp ends the run once
	// everything up to a position it returned is applied.
	Current       func(ctx context.Context) (replication.LSN, error)
	UntilCaughtUp bool
	// Progress is called every ProgressEvery (default 1 s) and at the end.
	Progress      func(Progress)
	ProgressEvery time.Duration
	Logf          func(format string, args ...any)
	Retry         target.Retry
	// DrainTimeout bounds how long the writes in flight may take after
	// the run is stopped (default 30 s).
	DrainTimeout time.Duration
	// Tables restricts the run to the plan's tables matching these
	// patterns (plans.Plan.Select).
	Tables []string
}

// Progress is a live view of a sync.
type Progress struct {
	// Applied counts the changes applied by this run; Rate is changes per
	// second over the last interval.
	Applied int64
	Rate    float64
	// LagBytes is the WAL written since the confirmed position (-1 when
	// unknown); LagSeconds the age of the oldest committed transaction
	// received and not yet applied (0 when none is waiting).
	LagBytes   int64
	LagSeconds float64
	Confirmed  replication.LSN
	// Tables are this run's counts per target table, by name.
	Tables   []TableCounts
	CaughtUp bool
	Done     bool
}

// TableCounts are one table's counts.
type TableCounts struct {
	Target string
	Counts
}

// Result is what a run did.
type Result struct {
	Applied   int64
	Tables    []TableCounts
	Confirmed replication.LSN
	CaughtUp  bool
	Elapsed   time.Duration
}

// TruncateError stops a sync at a TRUNCATE of a followed table: what to
// delete in DynamoDB is not for pg2ddb to guess. Every change before the
// truncating transaction is applied and confirmed.
type TruncateError struct {
	Tables    []string
	Confirmed replication.LSN
}

func (e *TruncateError) Error() string {
	return fmt.Sprintf("TRUNCATE of %s: sync stopped rather than guess what to delete; every change before it is applied (slot confirmed at %s). "+
		"Start over: pg2ddb sync --drop PLAN, then pg2ddb sync PLAN --recreate", strings.Join(e.Tables, ", "), e.Confirmed)
}

// tableState is a followed table.
type tableState struct {
	t      plans.Table
	enc    *item.Encoder
	counts struct{ inserts, updates, deletes, rejected atomic.Int64 }
}

// follower is one run's shared state.
type follower struct {
	opts      Options
	db        Client
	eval      Evaluator
	src       Source
	tables    map[plans.TableName]*tableState
	byTarget  []*tableState
	rejects   *item.RejectsFile
	rels      map[*replication.Relation]*relInfo
	applied   atomic.Int64
	confirmed atomic.Uint64
	// saved are the counts already added to State, by target; guarded by mu.
	saved map[string]Counts
	// commits are the received transactions' ends and commit times, for
	// the lag in seconds; guarded by mu.
	mu      sync.Mutex
	commits []commitInfo
}

type commitInfo struct {
	end replication.LSN
	at  time.Time
}

// Run applies the stream's changes to the plan's tables until ctx ends
// (an interruption: the error is a pipeline.ErrInterrupted), a TRUNCATE
// (*TruncateError), a failure, or, with UntilCaughtUp, until it has caught
// up with the source.
func Run(ctx context.Context, plan *plans.Plan, src Source, eval Evaluator, db Client, opts Options) (*Result, error) {
	start := time.Now()
	opts.defaults()
	tables, err := plan.Select(opts.Tables)
	if err != nil {
		return nil, err
	}
	f := &follower{opts: opts, db: db, eval: eval, src: src, tables: map[plans.TableName]*tableState{}, rels: map[*replication.Relation]*relInfo{}, saved: map[string]Counts{}}
	for _, t := range tables {
		enc, err := item.NewEncoder(t, plan.Options)
		if err != nil {
			return nil, err
		}
		n, err := plans.ParseTableName(t.Source)
		if err != nil {
			return nil, err
		}
		ts := &tableState{t: t, enc: enc}
		f.tables[n] = ts
		f.byTarget = append(f.byTarget, ts)
	}
	sort.Slice(f.byTarget, func(i, j int) bool { return f.byTarget[i].t.Target < f.byTarget[j].t.Target })
	if opts.RejectsPath != "" {
		r, _, err := item.OpenRejects(opts.RejectsPath, func(item.RejectRecord) bool { return true })
		if err != nil {
			return nil, err
		}
		defer r.Close()
		f.rejects = r
	}
	if opts.State != nil {
		if c, err := replication.ParseLSN(opts.State.Confirmed); err == nil {
			f.confirmed.Store(uint64(c))
		}
	}

	// stop ends the reading: the user's interruption, or catching up.
	stop, stopRun := context.WithCancelCause(ctx)
	defer stopRun(nil)
	// work bounds the writes: not cancelled by a stop until the drain
	// timeout has passed, so the window in flight can finish.
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	stopDrain := context.AfterFunc(stop, func() {
		t := time.AfterFunc(opts.DrainTimeout, cancelWork)
		context.AfterFunc(work, func() { t.Stop() })
	})
	defer stopDrain()

	g, gctx := errgroup.WithContext(work)
	events := make(chan message, 4096)
	windows := make(chan *window, 1)
	g.Go(func() error {
		defer close(events)
		return f.receive(stop, gctx, events)
	})
	g.Go(func() error {
		defer close(windows)
		return f.build(gctx, events, windows)
	})
	var truncated *TruncateError
	g.Go(func() error {
		var lastSave time.Time
		for w := range windows {
			if err := f.apply(gctx, w); err != nil {
				return err
			}
			if f.rejects != nil {
				if err := f.rejects.Sync(); err != nil {
					return err
				}
			}
			if w.safe > replication.LSN(f.confirmed.Load()) {
				f.confirmed.Store(uint64(w.safe))
				src.Confirm(w.safe)
			}
			f.applied.Add(int64(w.changes))
			if opts.LimitRejects {
				n := opts.RejectedBefore
				for _, c := range f.counts() {
					n += c.Rejected
				}
				if n > opts.MaxRejects {
					return &pipeline.TooManyRejectsError{Rejected: n, Max: opts.MaxRejects, Path: opts.RejectsPath}
				}
			}
			if time.Since(lastSave) >= time.Second {
				if err := f.saveState(); err != nil {
					return err
				}
				lastSave = time.Now()
			}
			if w.truncate != nil {
				truncated = &TruncateError{Confirmed: replication.LSN(f.confirmed.Load())}
				for _, r := range w.truncate.Rels {
					truncated.Tables = append(truncated.Tables, r.Name.String())
				}
				return truncated
			}
		}
		return nil
	})

	// The monitor reports progress and notices catching up; it ends with
	// the run.
	monitorDone := make(chan struct{})
	var caughtUp atomic.Bool
	var mon sync.WaitGroup
	mon.Go(func() { f.monitor(gctx, monitorDone, &caughtUp, stopRun) })

	err = g.Wait()
	close(monitorDone)
	mon.Wait()
	if serr := f.saveState(); err == nil {
		err = serr
	}
	res := &Result{Applied: f.applied.Load(), Tables: f.counts(), Confirmed: replication.LSN(f.confirmed.Load()), CaughtUp: caughtUp.Load(), Elapsed: time.Since(start)}
	if opts.Progress != nil {
		p := f.progress(0, -1, 0)
		p.CaughtUp, p.Done = res.CaughtUp, true
		opts.Progress(p)
	}
	if err != nil {
		if stop.Err() != nil && errors.Is(err, context.Canceled) {
			err = interrupted(fmt.Sprintf("sync stopped: the writes in flight did not finish within %s; the slot holds every change not confirmed", opts.DrainTimeout))
		}
		return res, err
	}
	if !res.CaughtUp {
		return res, interrupted(fmt.Sprintf("sync stopped: every change up to %s is applied", res.Confirmed))
	}
	return res, nil
}

// interrupted is a stopped run: it says what was applied, and it is a
// pipeline.ErrInterrupted.
type interrupted string

func (e interrupted) Error() string { return string(e) }
func (e interrupted) Unwrap() error { return pipeline.ErrInterrupted }

func (o *Options) defaults() {
	if o.Workers <= 0 {
		o.Workers = 8
	}
	if o.Window <= 0 {
		o.Window = 5000
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = time.Second
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.Retry.Attempts <= 0 {
		o.Retry = target.DefaultRetry
	}
	if o.DrainTimeout <= 0 {
		o.DrainTimeout = 30 * time.Second
	}
}

// message is an event from the stream, or idle: nothing came at once.
type message struct {
	ev   replication.Event
	idle bool
}

// receive reads the stream until stop ends or it fails.
func (f *follower) receive(stop, ctx context.Context, out chan<- message) error {
	for {
		ev, err := f.src.Next(stop, 20*time.Millisecond)
		if stop.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		if c, ok := ev.(*replication.Commit); ok {
			f.mu.Lock()
			f.commits = append(f.commits, commitInfo{end: c.End, at: c.CommitTime})
			f.mu.Unlock()
		}
		select {
		case out <- message{ev: ev, idle: ev == nil}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// saveState records the confirmed position and the counts.
func (f *follower) saveState() error {
	s := f.opts.State
	if s == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if c := replication.LSN(f.confirmed.Load()); c != 0 {
		s.Confirmed = c.String()
	}
	for _, ts := range f.byTarget {
		tc := s.Tables[ts.t.Target]
		if tc == nil {
			tc = &Counts{}
			s.Tables[ts.t.Target] = tc
		}
		// The state holds the counts of earlier runs plus this run's; the
		// run's are added once, at each save, as the difference since the
		// last save.
		now := Counts{Inserts: ts.counts.inserts.Load(), Updates: ts.counts.updates.Load(), Deletes: ts.counts.deletes.Load(), Rejected: ts.counts.rejected.Load()}
		prev := f.saved[ts.t.Target]
		tc.Inserts += now.Inserts - prev.Inserts
		tc.Updates += now.Updates - prev.Updates
		tc.Deletes += now.Deletes - prev.Deletes
		tc.Rejected += now.Rejected - prev.Rejected
		f.saved[ts.t.Target] = now
	}
	if f.opts.StatePath == "" {
		return nil
	}
	return s.Write(f.opts.StatePath)
}

// counts are this run's counts per table.
func (f *follower) counts() []TableCounts {
	out := make([]TableCounts, 0, len(f.byTarget))
	for _, ts := range f.byTarget {
		out = append(out, TableCounts{Target: ts.t.Target, Counts: Counts{
			Inserts: ts.counts.inserts.Load(), Updates: ts.counts.updates.Load(), Deletes: ts.counts.deletes.Load(), Rejected: ts.counts.rejected.Load()}})
	}
	return out
}

// progress is the current view, with rate and lag given.
func (f *follower) progress(rate float64, lagBytes int64, lagSeconds float64) Progress {
	return Progress{Applied: f.applied.Load(), Rate: rate, LagBytes: lagBytes, LagSeconds: lagSeconds,
		Confirmed: replication.LSN(f.confirmed.Load()), Tables: f.counts()}
}

// monitor reports progress every ProgressEvery and, with UntilCaughtUp,
// stops the run once everything up to a position the source reported a
// tick earlier is confirmed.
func (f *follower) monitor(ctx context.Context, done <-chan struct{}, caughtUp *atomic.Bool, stopRun context.CancelCauseFunc) {
	t := time.NewTicker(f.opts.ProgressEvery)
	defer t.Stop()
	last, lastAt := f.applied.Load(), time.Now()
	var target replication.LSN
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-t.C:
		}
		confirmed := replication.LSN(f.confirmed.Load())
		lagBytes := int64(-1)
		var cur replication.LSN
		if f.opts.Current != nil {
			if c, err := f.opts.Current(ctx); err == nil {
				cur = c
				lagBytes = max(0, int64(cur)-int64(confirmed))
			}
		}
		lagSeconds := 0.0
		f.mu.Lock()
		i := 0
		for i < len(f.commits) && f.commits[i].end <= confirmed {
			i++
		}
		f.commits = f.commits[i:]
		if len(f.commits) > 0 {
			lagSeconds = max(0, time.Since(f.commits[0].at).Seconds())
		}
		f.mu.Unlock()
		n, now := f.applied.Load(), time.Now()
		rate := float64(n-last) / now.Sub(lastAt).Seconds()
		last, lastAt = n, now
		if f.opts.UntilCaughtUp && target != 0 && confirmed >= target {
			caughtUp.Store(true)
			lagBytes, lagSeconds = 0, 0
		}
		if f.opts.Progress != nil {
			p := f.progress(rate, lagBytes, lagSeconds)
			p.CaughtUp = caughtUp.Load()
			f.opts.Progress(p)
		}
		if caughtUp.Load() {
			stopRun(errCaughtUp)
			return
		}
		target = cur
	}
}

var errCaughtUp = errors.New("caught up")
