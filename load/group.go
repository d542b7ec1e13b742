package load

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Small tables: a table the plan estimates at fewer than smallItems items
// and fewer than smallBytes bytes (items × average item size) loads beside
// other small tables. The byte bound is the size below which extract never
// splits a table over readers (1,024 heap blocks of 8 KiB), so such a table
// is read by one connection anyway and loses nothing by getting only one;
// the item bound keeps one table's writes a few seconds long, since what
// such a table costs is mostly fixed (its count, its first chunk, its
// table's creation), which side by side is paid once per batch of tables
// rather than once per table. A table without estimates (a plan written by
// hand) loads alone.
const (
	smallItems = 100_000
	smallBytes = 8 << 20
)

func smallTable(t plans.Table) bool {
	e := t.Estimates
	return e.Items > 0 && e.Items < smallItems && e.Items*max(e.AvgItemBytes, 1) < smallBytes
}

// outcome is what loading one table of a group did; ran is false for a
// table the group never started.
type outcome struct {
	res TableResult
	err error
	ran bool
}

// group loads tables side by side, at most Options.SideBySide at once,
// each on its own source connection: the run's own and, for the others,
// connections that joined its snapshot (Forker), so every table reads the
// same data. Where joining fails (a standby that cannot export snapshots,
// no free connection) it uses the connections it has, down to one table at
// a time. Tables start in plan order. The first table that fails stops the
// others (they drain and checkpoint as on an interruption); its error is
// returned, with its index in tables.
func (l *loader) group(ctx context.Context, tables []plans.Table, encs []*item.Encoder, prints []item.PlanFingerprint, streams []string) ([]outcome, int, error) {
	srcs := []Source{l.src}
	readers := l.opts.Readers
	if len(tables) > 1 {
		readers = 1 // small tables are not split; see smallTable
		if f, ok := l.src.(Forker); ok {
			for len(srcs) < min(l.opts.SideBySide, len(tables)) {
				s, release, err := f.Fork(ctx)
				if err != nil {
					l.opts.Logf("loading %d tables side by side (could not open another reader of the snapshot: %v)", len(srcs), err)
					break
				}
				defer release()
				srcs = append(srcs, s)
			}
		}
	}
	gctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	outs := make([]outcome, len(tables))
	var mu sync.Mutex
	var failures []int // the tables that failed, in the order they did
	next := make(chan int)
	var wg sync.WaitGroup
	for _, src := range srcs {
		wg.Go(func() {
			for k := range next {
				if gctx.Err() != nil {
					continue // handed over as the group stopped
				}
				r, err := l.table(gctx, src, tables[k], encs[k], prints[k], streams[k], readers)
				mu.Lock()
				outs[k] = outcome{res: r, err: err, ran: true}
				if err != nil {
					failures = append(failures, k)
					cancel(err)
				}
				mu.Unlock()
			}
		})
	}
	for k := range tables {
		if gctx.Err() != nil {
			break
		}
		select {
		case next <- k:
		case <-gctx.Done():
		}
	}
	close(next)
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
	if len(srcs) > 1 && !errors.Is(firstErr, pipeline.ErrInterrupted) && !errors.Is(firstErr, errTooManyRejects) {
		// Side by side, an error need not come from the last table
		// started: name it (interruptions name their table already).
		firstErr = fmt.Errorf("table %s: %w", tables[failed].Target, firstErr)
	}
	return outs, failed, firstErr
}
