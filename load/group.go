package load

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Small tables: a table the plan estimates at fewer than smallItems items
// and fewer than smallBytes bytes (items × average item size) reads on one
// connection when tables load side by side; the others split the rest of
// the connections (see group). The byte bound is the size below which
// extract never splits a table over readers (1,024 heap blocks of 8 KiB),
// so such a table is read by one connection anyway and loses nothing by
// getting only one. A table without estimates (a plan written by hand) is
// large.
const (
	smallItems = 100_000
	smallBytes = 8 << 20
)

// smallTable reports whether t is small: below Options.SmallItems items
// (default smallItems) and smallBytes bytes.
func (o *Options) smallTable(t plans.Table) bool {
	e := t.Estimates
	items := o.SmallItems
	if items <= 0 {
		items = smallItems
	}
	return e.Items > 0 && e.Items < items && e.Items*max(e.AvgItemBytes, 1) < smallBytes
}

// outcome is what loading one table of a group did; ran is false for a
// table the group never started.
type outcome struct {
	res TableResult
	err error
	ran bool
}

// group loads tables side by side: at most Options.SideBySide at once,
// on at most max(Readers, SideBySide) source connections in all — the
// connection a table reads on (the run's own, or one that joined its
// snapshot, see Forker) and the extra connections its read is split over
// (StreamOptions.Readers). A small table (see smallTable) reads on one
// connection; a large one on its share of them: all of them when it is
// the load's only large table, half of them when there are two, and so
// on, so large tables load side by side too while the source sees no more
// sessions than one table read alone would open. The tables share the
// Workers writers and the MaxWCU budget (the loader's).
//
// Tables start in plan order: each waits until its connections are free
// (a table that cannot get its share waits for the tables before it to
// end, unless nothing else runs). Where joining the snapshot fails (a
// standby that cannot export snapshots, no free connection) it uses the
// connections it has, down to one table at a time. The first table that
// fails stops the others (they drain and checkpoint as on an
// interruption); its error is returned, with its index in tables. A
// table that never started has ran false; the ones that started are the
// first of tables.
func (l *loader) group(ctx context.Context, tables []plans.Table, encs []*item.Encoder, prints []item.PlanFingerprint, streams []string) ([]outcome, int, error) {
	slots := max(l.opts.SideBySide, 1)
	budget := max(l.opts.Readers, l.opts.SideBySide, 1)
	large := 0
	for _, t := range tables {
		if !l.opts.smallTable(t) {
			large++
		}
	}
	l.largeAtOnce = min(slots, large)
	conns := newConnPool(l.src, budget, l.opts.Logf)
	defer conns.close()
	gctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	outs := make([]outcome, len(tables))
	var mu sync.Mutex
	var failures []int // the tables that failed, in the order they did
	running, peak := 0, 0
	var wg sync.WaitGroup
	for k, t := range tables {
		want := max(l.opts.Readers, 1)
		if slots > 1 {
			want = 1
			if !l.opts.smallTable(t) {
				want = max(1, budget/min(slots, large))
			}
		}
		lease, err := conns.acquire(gctx, want, slots)
		if err != nil {
			break // the group stopped
		}
		mu.Lock()
		running++
		peak = max(peak, running)
		mu.Unlock()
		wg.Go(func() {
			defer conns.release(lease)
			r, err := l.table(gctx, lease.src, t, encs[k], prints[k], streams[k], lease.readers)
			mu.Lock()
			running--
			outs[k] = outcome{res: r, err: err, ran: true}
			if err != nil {
				failures = append(failures, k)
				cancel(err)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(failures) == 0 {
		return outs, 0, nil
	}
	// The first failure is the cause, unless it is only a query that the
	// load's stop (Ctrl-C, the reject limit) cancelled while the table
	// that hit the limit was still draining: then a later failure is the
	// cause, or, if none, the stop itself at that table.
	stopped := func(k int) bool { return ctx.Err() != nil && errors.Is(outs[k].err, context.Canceled) }
	failed := failures[0]
	for _, k := range failures {
		if !stopped(k) {
			failed = k
			break
		}
	}
	firstErr := outs[failed].err
	if stopped(failed) {
		if context.Cause(ctx) == errTooManyRejects {
			firstErr = errTooManyRejects
		} else {
			firstErr = fmt.Errorf("%w at table %s; continue with --resume", pipeline.ErrInterrupted, tables[failed].Target)
		}
	}
	if peak > 1 && !errors.Is(firstErr, pipeline.ErrInterrupted) && !errors.Is(firstErr, errTooManyRejects) {
		// Side by side, an error need not come from the last table
		// started: name it (interruptions name their table already).
		firstErr = fmt.Errorf("table %s: %w", tables[failed].Target, firstErr)
	}
	return outs, failed, firstErr
}

// connPool hands out the source connections of a group within a budget:
// every open connection a table reads on (idle or not, the run's own
// included) and every extra connection a running table's read is split
// over counts against it.
type connPool struct {
	mu      sync.Mutex
	wake    chan struct{} // closed and replaced when a lease ends
	budget  int
	used    int // open sources plus running tables' extra readers
	running int
	idle    []source
	noFork  bool
	forker  Forker
	logf    func(string, ...any)
}

// source is a connection a table reads on; release is nil for the run's
// own.
type source struct {
	src     Source
	release func()
}

// lease is a running table's connections: src and readers-1 more.
type lease struct {
	source
	readers int
}

func newConnPool(src Source, budget int, logf func(string, ...any)) *connPool {
	p := &connPool{wake: make(chan struct{}), budget: budget, used: 1, idle: []source{{src: src}}, logf: logf}
	p.forker, p.noFork = src.(Forker)
	p.noFork = !p.noFork
	return p
}

// acquire waits until a table can read on want connections with fewer
// than slots tables running, or on what is free when nothing runs, and
// returns its lease. It fails only when ctx ends.
func (p *connPool) acquire(ctx context.Context, want, slots int) (lease, error) {
	for {
		if err := ctx.Err(); err != nil {
			return lease{}, err
		}
		l, ok, wake := p.try(ctx, want, slots)
		if ok {
			return l, nil
		}
		select {
		case <-wake:
		case <-ctx.Done():
		}
	}
}

// try is acquire without waiting: when the lease cannot be had now, it
// returns what closes when a lease ends.
func (p *connPool) try(ctx context.Context, want, slots int) (lease, bool, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	free := p.budget - p.used
	avail := free + len(p.idle) // an idle fork can be closed
	canOpen := len(p.idle) > 0 || (!p.noFork && free > 0)
	if p.running < slots && canOpen && (avail >= want || p.running == 0) {
		if l, ok := p.take(ctx, min(want, avail)); ok {
			p.running++
			return l, true, nil
		}
	}
	return lease{}, false, p.wake
}

// take opens or reuses a source and reserves readers-1 more connections;
// p.mu is held. It reports false when no source could be had (a fork
// failed: from then on tables read on the sources already open).
func (p *connPool) take(ctx context.Context, readers int) (lease, bool) {
	var s source
	if n := len(p.idle); n > 0 {
		s = p.idle[n-1]
		p.idle = p.idle[:n-1]
	} else {
		f, release, err := p.forker.Fork(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return lease{}, false
			}
			p.noFork = true
			p.logf("loading %d tables side by side (could not open another reader of the snapshot: %v)", p.running, err)
			return lease{}, false
		}
		s = source{src: f, release: release}
		p.used++
	}
	// Close idle forks until the extra readers fit.
	for p.budget-p.used < readers-1 {
		i := slices.IndexFunc(p.idle, func(s source) bool { return s.release != nil })
		if i < 0 {
			break
		}
		p.idle[i].release()
		p.idle = slices.Delete(p.idle, i, i+1)
		p.used--
	}
	readers = max(1, min(readers, p.budget-p.used+1))
	p.used += readers - 1
	return lease{source: s, readers: readers}, true
}

// release ends a table's lease: its source goes back idle.
func (p *connPool) release(l lease) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.used -= l.readers - 1
	p.running--
	p.idle = append(p.idle, l.source)
	close(p.wake)
	p.wake = make(chan struct{})
}

// close releases the forked sources; every lease has ended.
func (p *connPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.idle {
		if s.release != nil {
			s.release()
		}
	}
	p.idle = nil
}
