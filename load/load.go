// Package load writes a plan's rows into DynamoDB: item encoding, the
// interleaved order, batching, concurrency, a write budget that adapts to
// throttling, retries, rejects, checkpoints, table lifecycle, and
// verification.
//
// A load reads each table from one consistent snapshot in a deterministic
// order (extract.Stream: a plain scan in physical order, split over
// Options.Readers connections for a large table, interleaved in rounds by
// pg2ddb with local spill files), encodes rows into items in one reader
// goroutine, groups them into batches of contiguous positions,
// and hands the batches to --workers writers. A batch is acknowledged when
// every item of it is written; the contiguous acknowledged prefix is the
// frontier a resume writes on from. Rows go to the writers in chunks, each
// claimed in the checkpoint (with a hash of its rows) before any of its
// rows is sent, so a resume can prove that the rows it may have written are
// the rows it would write again (see Checkpoint).
package load

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Client is what a load needs of DynamoDB. *dynamodb.Client implements it.
type Client interface {
	BatchWriter
	TableAPI
}

// RowIterator is a stream of source rows; *extract.Rows implements it.
type RowIterator interface {
	Next() bool
	Row() *order.Row
	Err() error
	Close()
}

// Source is where a load reads rows: every call must see the same
// consistent data (one snapshot).
type Source interface {
	Count(ctx context.Context, t plans.Table) (int64, error)
	Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (RowIterator, error)
	// Dropped counts the rows the plan's keep-one duplicates choice
	// drops, for verify's expected item count.
	Dropped(ctx context.Context, t plans.Table) (int64, error)
}

// Forker is a Source that can open another reader of the same snapshot,
// so small tables can be read side by side (Options.SideBySide). A Source
// that is not a Forker, or whose Fork fails, loads one table at a time.
type Forker interface {
	// Fork returns a Source on another connection that sees the same
	// data, and the function that releases it.
	Fork(ctx context.Context) (Source, func(), error)
}

// SnapshotSource reads from an extract.Snapshot.
type SnapshotSource struct{ Snapshot *extract.Snapshot }

// Count counts t's source rows in the snapshot.
func (s SnapshotSource) Count(ctx context.Context, t plans.Table) (int64, error) {
	return extract.Count(ctx, s.Snapshot, t)
}

// Dropped counts the rows of t that keep-one drops in the snapshot.
func (s SnapshotSource) Dropped(ctx context.Context, t plans.Table) (int64, error) {
	return extract.CountDropped(ctx, s.Snapshot, t)
}

// Fork joins the snapshot on another connection of its pool.
func (s SnapshotSource) Fork(ctx context.Context) (Source, func(), error) {
	j, err := s.Snapshot.Fork(ctx)
	if err != nil {
		return nil, nil, err
	}
	return SnapshotSource{Snapshot: j}, func() { j.Close(context.WithoutCancel(ctx)) }, nil
}

// Rows streams t's rows from the snapshot.
func (s SnapshotSource) Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (RowIterator, error) {
	return extract.Stream(ctx, s.Snapshot, t, opts)
}

// Existing says what to do with a target table that already holds items.
type Existing int

const (
	// Refuse fails the load before anything is written.
	Refuse Existing = iota
	// Append writes into it (puts overwrite items with the same key).
	Append
	// Recreate deletes it and creates it again from the plan: the staging
	// reload.
	Recreate
)

// Options tune a load. The zero value is usable: 8 workers, no write
// budget, interleaved order, refuse non-empty tables, no files.
type Options struct {
	Workers int
	// MaxWCU is the write budget in WCU/s over all workers; 0 means none
	// (the rate still adapts to throttling).
	MaxWCU float64
	Order  extract.Order
	// Readers is the number of source connections that read one large
	// table at once (extract.StreamOptions.Readers; 0 or 1: one). The row
	// order does not depend on it, so a resume may change it.
	Readers int
	// SideBySide is the number of small tables (see smallTable) loaded at
	// once, each on its own connection joined to the run's snapshot; 0 or
	// 1: one table at a time. pg2ddb sets it to --readers, the connections
	// a large table reads with, so the source sees no more sessions either
	// way. The tables share the Workers writers and the MaxWCU budget.
	SideBySide int
	Existing   Existing
	// Resume continues from CheckpointPath, which must exist. It refuses,
	// before writing, a table whose plan or row stream SQL changed, and a
	// source whose rows that may have been written differ (see Checkpoint).
	Resume bool
	// CheckpointPath and RejectsPath are files the load writes; empty
	// means none (then rejects are only counted and a load cannot resume).
	// A fresh load moves an existing rejects file aside (see openRejects).
	CheckpointPath string
	RejectsPath    string
	// LimitRejects stops the load as soon as more than MaxRejects rows are
	// rejected, counting the rejects of the earlier runs of a resumed load;
	// the load then returns a *TooManyRejectsError. Unset, rejects are only
	// counted.
	LimitRejects bool
	MaxRejects   int64
	// Tables restricts the load to tables whose source or target matches
	// one of these path.Match patterns.
	Tables []string
	// Capacity overrides the plan's capacity for tables the load creates.
	Capacity *plans.Capacity
	Retry    Retry
	// Progress is called for each running table every ProgressEvery
	// (default 500 ms) and once at the end of each table; calls never
	// overlap.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Logf reports decisions a user should see (tables deleted, created).
	Logf func(format string, args ...any)
	// DrainTimeout bounds how long in-flight batches may keep retrying
	// after ctx is cancelled (default 30 s).
	DrainTimeout time.Duration
}

// Progress is a live view of one table's load.
type Progress struct {
	Source, Target string
	// Total is the number of source rows; Skipped were acknowledged by an
	// earlier run (resume); Rechecked of those were read again to prove
	// that the source did not change under the load.
	Total, Skipped, Rechecked                   int64
	Read, Written, Rejected, Retries, Throttles int64
	WCU                                         int64
	Elapsed                                     time.Duration
	// Rate is the current write budget in WCU/s (+Inf when unlimited).
	Rate float64
	Done bool
}

// TableResult is what a load did to one table.
type TableResult struct {
	Source, Target string
	SourceRows     int64
	// Skipped rows were acknowledged by an earlier run and not written
	// again; Rechecked of them were read again and compared with the
	// earlier run's claims.
	Skipped, Rechecked             int64
	Read, Written, Rejected        int64
	Retries, Throttles, Calls, WCU int64
	Elapsed                        time.Duration
	// FirstWrite is the time from the start of the table's read (where
	// Elapsed starts too) to the first item DynamoDB
	// acknowledged; 0 when nothing was written. Round 1 is written while
	// the source is scanned, unless the key is not proven free of
	// collisions by a unique index (then after one scan; see extract).
	FirstWrite time.Duration
	// Counted says SourceRows is exact: the read reached the end of the
	// table. A load stopped before that reports the plan's estimate or
	// the rows read, whichever is more.
	Counted            bool
	Spread             float64
	Complete           bool
	AlreadyDone        bool
	CheckpointPosition int64
}

// about is "about " before a row count that is not exact.
func about(counted bool) string {
	if counted {
		return ""
	}
	return "about "
}

// Result is what a load did.
type Result struct {
	Tables  []TableResult
	Elapsed time.Duration
}

// Rejected sums the rejected rows of all tables.
func (r *Result) Rejected() int64 {
	var n int64
	for _, t := range r.Tables {
		n += t.Rejected
	}
	return n
}

// ErrInterrupted is returned (wrapped) when ctx ended the load before every
// row was written; the checkpoint holds what was acknowledged.
var ErrInterrupted = errors.New("load interrupted")

// TooManyRejectsError is returned when rejects passed Options.MaxRejects
// and the load stopped. It says what was written and what was not.
type TooManyRejectsError struct {
	// Rejected counts the rejected rows of the load, earlier runs of a
	// resumed load included; Max is the limit, and Planned the repeats
	// that the plan's keep-one choices drop, allowed on top of it.
	Rejected, Max, Planned int64
	Path                   string
	// Table is the table the load stopped in, Acknowledged and SourceRows
	// its progress; NotLoaded are the tables after it.
	Table                    string
	Acknowledged, SourceRows int64
	// Counted says SourceRows is exact (TableResult.Counted).
	Counted   bool
	NotLoaded []string
}

func (e *TooManyRejectsError) Error() string {
	where := ""
	if e.Path != "" {
		where = " (reasons in " + e.Path + ")"
	}
	s := fmt.Sprintf("load stopped: %d rows rejected%s, more than --max-rejects %d", e.Rejected, where, e.Max)
	if e.Planned > 0 {
		s += fmt.Sprintf(" plus the %d repeats the plan drops (duplicates: keep-one)", e.Planned)
	}
	if e.Table != "" {
		s += fmt.Sprintf("; %s: %s of %s%s rows acknowledged", e.Table, plans.Thousands(e.Acknowledged), about(e.Counted), plans.Thousands(e.SourceRows))
	}
	if len(e.NotLoaded) > 0 {
		s += fmt.Sprintf("; not loaded: %s", strings.Join(e.NotLoaded, ", "))
	}
	return s + "; continue with --resume and a higher --max-rejects, or fix the plan and load again"
}

// errTooManyRejects is the cause that stops a load at the reject limit.
var errTooManyRejects = errors.New("too many rejects")

// Run loads the plan's tables from src into db in plan order: a run of
// consecutive small tables side by side (Options.SideBySide, see
// smallTable), any other table alone with its readers.
func Run(ctx context.Context, plan *plans.Plan, src Source, db Client, opts Options) (*Result, error) {
	start := time.Now()
	opts.defaults()
	tables, err := selectTables(plan, opts.Tables)
	if err != nil {
		return nil, err
	}
	encoders := make([]*Encoder, len(tables))
	streams := make([]string, len(tables))
	prints := make([]PlanFingerprint, len(tables))
	for i, t := range tables {
		if encoders[i], err = NewEncoder(t, plan.Options); err != nil {
			return nil, err
		}
		if streams[i], err = streamFingerprint(t, opts.Order); err != nil {
			return nil, err
		}
		prints[i] = planFingerprint(t, plan.Options)
	}
	cp := &Checkpoint{Version: checkpointVersion, Order: string(opts.Order), Tables: map[string]*TableCheckpoint{}}
	if opts.Resume {
		if opts.CheckpointPath == "" {
			return nil, errors.New("resume needs a checkpoint file")
		}
		old, err := ReadCheckpoint(opts.CheckpointPath)
		if err != nil {
			return nil, err
		}
		if old == nil {
			return nil, fmt.Errorf("resume: no checkpoint at %s", opts.CheckpointPath)
		}
		if old.Order != string(opts.Order) {
			return nil, fmt.Errorf("resume: the checkpoint was made with --order %s, not %s", old.Order, opts.Order)
		}
		if err := checkUnchanged(old, tables, prints, streams); err != nil {
			return nil, err
		}
		cp = old
	}
	// The repeats a keep-one plan drops were reviewed: they go to the
	// rejects file like any reject, but up to the number the plan found
	// they do not count against --max-rejects.
	planned := plannedDrops(tables)
	opts.MaxRejects += planned
	var base int64 // rejects of earlier runs, below their frontiers
	for _, tc := range cp.Tables {
		base += tc.Rejected
	}
	if opts.LimitRejects && base > opts.MaxRejects {
		return nil, &TooManyRejectsError{Rejected: base, Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath, NotLoaded: notDone(tables, cp)}
	}
	if !opts.Resume && opts.CheckpointPath != "" {
		// A fresh load first replaces the checkpoint of any earlier load
		// with one that claims nothing, before it deletes a table or moves
		// the rejects file aside: a crash from here on must not leave an
		// old checkpoint that a --resume would trust.
		if err := (&loader{opts: opts, cp: cp}).saveCheckpoint(); err != nil {
			return nil, err
		}
	}
	if err := prepareTables(ctx, db, tables, cp, opts); err != nil {
		return nil, err
	}
	var rejects *rejectsFile
	if opts.RejectsPath != "" {
		var resumeFrom *Checkpoint
		if opts.Resume {
			resumeFrom = cp
		}
		var opened rejectsOpen
		if rejects, opened, err = openRejects(opts.RejectsPath, resumeFrom); err != nil {
			return nil, err
		}
		defer rejects.close()
		if opened.MovedTo != "" {
			opts.Logf("moved the rejects of an earlier load from %s to %s", opts.RejectsPath, opened.MovedTo)
		}
		for target, tc := range cp.Tables {
			if k := opened.Kept[target]; opts.Resume && k != tc.Rejected {
				opts.Logf("warning: the checkpoint counts %d rejected rows of %s acknowledged, but %s holds %d of them; verify will count the file", tc.Rejected, target, opts.RejectsPath, k)
			}
		}
	}
	stopCtx, stopLoad := context.WithCancelCause(ctx)
	defer stopLoad(nil)
	l := &loader{opts: opts, db: db, src: src, cp: cp, rejects: rejects, rejectBase: base, stopLoad: stopLoad,
		running: map[string]*tableRun{}, writeSlots: make(chan struct{}, opts.Workers)}
	res := &Result{}
	for i := 0; i < len(tables); {
		if stopCtx.Err() != nil {
			// Stopped after the last table completed: say so, rather
			// than fail this table's first query.
			res.Elapsed = time.Since(start)
			if context.Cause(stopCtx) == errTooManyRejects {
				return res, &TooManyRejectsError{Rejected: base + l.rejectedRun.Load(), Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath, NotLoaded: notDone(tables[i:], cp)}
			}
			return res, fmt.Errorf("%w before table %s; continue with --resume", ErrInterrupted, tables[i].Target)
		}
		// A run of consecutive small tables loads side by side; any other
		// table loads alone, with its readers.
		j := i + 1
		if opts.SideBySide > 1 && smallTable(tables[i]) {
			for j < len(tables) && smallTable(tables[j]) {
				j++
			}
		}
		outs, failed, err := l.group(stopCtx, tables[i:j], encoders[i:j], prints[i:j], streams[i:j])
		for _, o := range outs {
			if o.ran {
				res.Tables = append(res.Tables, o.res)
			}
		}
		if err != nil {
			res.Elapsed = time.Since(start)
			if errors.Is(err, errTooManyRejects) {
				f := i + failed
				tr := outs[failed].res
				return res, &TooManyRejectsError{
					Rejected: base + l.rejectedRun.Load(), Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath,
					Table: tables[f].Target, Acknowledged: tr.CheckpointPosition, SourceRows: tr.SourceRows, Counted: tr.Counted,
					NotLoaded: notDone(slices.Concat(tables[i:f], tables[f+1:]), cp),
				}
			}
			return res, err
		}
		i = j
	}
	if err := l.saveCheckpoint(); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

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
func (l *loader) group(ctx context.Context, tables []plans.Table, encs []*Encoder, prints []PlanFingerprint, streams []string) ([]outcome, int, error) {
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
			firstErr = fmt.Errorf("%w at table %s; continue with --resume", ErrInterrupted, tables[failed].Target)
		}
	}
	if len(srcs) > 1 && !errors.Is(firstErr, ErrInterrupted) && !errors.Is(firstErr, errTooManyRejects) {
		// Side by side, an error need not come from the last table
		// started: name it (interruptions name their table already).
		firstErr = fmt.Errorf("table %s: %w", tables[failed].Target, firstErr)
	}
	return outs, failed, firstErr
}

// plannedDrops sums the repeats that the keep-one duplicates choices of
// tables drop, as counted when the plan was made.
func plannedDrops(tables []plans.Table) int64 {
	var n int64
	for _, t := range tables {
		if d := t.Duplicates; d != nil && d.Action == plans.DuplicatesKeepOne {
			n += d.Repeats
		}
	}
	return n
}

// notDone names the tables that the checkpoint does not mark done.
func notDone(tables []plans.Table, cp *Checkpoint) []string {
	var out []string
	for _, t := range tables {
		if tc := cp.Tables[t.Target]; tc == nil || !tc.Done {
			out = append(out, t.Target)
		}
	}
	return out
}

// checkUnchanged refuses a resume when a table's plan or row stream SQL is
// not what the checkpoint recorded, naming what changed. A table whose
// target was renamed shows as a checkpoint entry of its source without a
// plan table of that target.
func checkUnchanged(cp *Checkpoint, tables []plans.Table, prints []PlanFingerprint, streams []string) error {
	const how = "run again without --resume (with --recreate to start over)"
	targets := map[string]bool{}
	for i, t := range tables {
		targets[t.Target] = true
		tc := cp.Tables[t.Target]
		if tc == nil {
			continue
		}
		if d := prints[i].diff(tc.Plan); d != "" {
			return fmt.Errorf("resume: plan table %s changed since the interrupted load: %s; %s", t.Source, d, how)
		}
		if tc.Stream != streams[i] {
			return fmt.Errorf("resume: the row stream SQL of %s changed since the interrupted load (another version of pg2ddb?), so positions may name other rows; %s", t.Source, how)
		}
	}
	for _, t := range tables {
		for target, tc := range cp.Tables {
			if !targets[target] && tc.Source == t.Source {
				return fmt.Errorf("resume: plan table %s changed since the interrupted load: the target changed from %s to %s; %s", t.Source, target, t.Target, how)
			}
		}
	}
	return nil
}

func (o *Options) defaults() {
	if o.Workers <= 0 {
		o.Workers = 8
	}
	if o.Order == "" {
		o.Order = extract.OrderInterleave
	}
	if o.Retry.Attempts <= 0 {
		o.Retry = DefaultRetry
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = 500 * time.Millisecond
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.DrainTimeout <= 0 {
		o.DrainTimeout = 30 * time.Second
	}
}

func selectTables(plan *plans.Plan, patterns []string) ([]plans.Table, error) {
	if len(patterns) == 0 {
		return plan.Tables, nil
	}
	var out []plans.Table
	used := make([]bool, len(patterns))
	for _, t := range plan.Tables {
		for i, p := range patterns {
			ms, err := path.Match(p, t.Source)
			if err != nil {
				return nil, fmt.Errorf("--tables %q: %w", p, err)
			}
			mt, _ := path.Match(p, t.Target)
			if ms || mt {
				used[i] = true
				out = append(out, t)
				break
			}
		}
	}
	for i, u := range used {
		if !u {
			return nil, fmt.Errorf("--tables %q matches no table of the plan", patterns[i])
		}
	}
	return out, nil
}

// prepareTables checks every target before anything is written or deleted:
// a non-empty table is refused unless appending, recreating or resuming;
// --recreate names all the tables it will delete, then deletes them; then
// missing tables are created.
func prepareTables(ctx context.Context, db TableAPI, tables []plans.Table, cp *Checkpoint, opts Options) error {
	var toDelete, refused []string
	var toCreate []plans.Table
	for _, t := range tables {
		if tc := cp.Tables[t.Target]; opts.Resume && tc != nil && tc.Done {
			continue
		}
		d, err := describe(ctx, db, t.Target)
		if err != nil {
			return err
		}
		if d == nil {
			toCreate = append(toCreate, t)
			continue
		}
		if opts.Existing == Recreate && !opts.Resume {
			toDelete = append(toDelete, t.Target)
			toCreate = append(toCreate, t)
			continue
		}
		if err := checkKeySchema(d, t); err != nil {
			return err
		}
		if opts.Resume || opts.Existing == Append {
			continue
		}
		full, err := hasItems(ctx, db, t.Target)
		if err != nil {
			return err
		}
		if full {
			refused = append(refused, t.Target)
		}
	}
	if len(refused) > 0 {
		return fmt.Errorf("target tables already hold items: %v; pass --append to write into them or --recreate to delete and recreate them", refused)
	}
	// Deletions and creations run side by side, tableOps at a time: each
	// waits for its table to leave DELETING or reach ACTIVE, seconds to
	// minutes on AWS, which one after another add up over a schema of many
	// tables. The first failure stops the others.
	if len(toDelete) > 0 {
		opts.Logf("--recreate: deleting %d existing tables: %v", len(toDelete), toDelete)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(tableOps)
		for _, name := range toDelete {
			g.Go(func() error { return deleteTable(gctx, db, name) })
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(tableOps)
	for _, t := range toCreate {
		c := t.Capacity
		if opts.Capacity != nil {
			c = *opts.Capacity
		}
		opts.Logf("creating table %s (%s)", t.Target, capacityText(c))
		g.Go(func() error { return createTable(gctx, db, t, c) })
	}
	return g.Wait()
}

// tableOps is how many tables prepareTables creates or deletes at once,
// well under DynamoDB's limit of table operations in progress per account.
const tableOps = 8

func capacityText(c plans.Capacity) string {
	if c.Mode == plans.Provisioned {
		return fmt.Sprintf("provisioned %d RCU / %d WCU", c.ReadUnits, c.WriteUnits)
	}
	s := "on-demand"
	if c.WarmWrites > 0 {
		s += fmt.Sprintf(", warm %d writes/s", c.WarmWrites)
	}
	return s
}

// loader holds what the tables of one run share.
type loader struct {
	opts    Options
	db      Client
	src     Source
	rejects *rejectsFile

	// rejectBase counts the rejects of earlier runs (below their
	// frontiers), rejectedRun those of this run; stopLoad stops the load
	// when their sum passes the limit.
	rejectBase  int64
	rejectedRun atomic.Int64
	stopLoad    context.CancelCauseFunc

	// writeSlots bounds the BatchWriteItem calls in flight over all the
	// tables loading at once to Options.Workers: side by side, the
	// writers are shared, not multiplied.
	writeSlots chan struct{}

	progressMu sync.Mutex // serialises Options.Progress calls

	saveMu  sync.Mutex // serialises checkpoint writes, so none overtakes a newer one
	mu      sync.Mutex // guards cp and running
	cp      *Checkpoint
	running map[string]*tableRun // by target: the tables being loaded
}

// progress reports p; calls from the tables loading at once never overlap.
func (l *loader) progress(p Progress) {
	if l.opts.Progress == nil {
		return
	}
	l.progressMu.Lock()
	defer l.progressMu.Unlock()
	l.opts.Progress(p)
}

// shareBudget splits --max-wcu evenly over the tables loading now, as one
// starts or ends: tables side by side never exceed it together, and the
// last ones of a group get what the finished ones no longer use. Called
// with mu held.
func (l *loader) shareBudget() {
	if l.opts.MaxWCU <= 0 || len(l.running) == 0 {
		return
	}
	share := l.opts.MaxWCU / float64(len(l.running))
	for _, tr := range l.running {
		tr.limit.setCeiling(share)
	}
}

// tableRun is the live state of a table being loaded.
type tableRun struct {
	t       plans.Table
	readers int // source connections that read it (StreamOptions.Readers)
	// estimate is the plan's row count, the progress total until counted
	// is set (≥ 0) by a read that reached the end of the table.
	estimate  int64
	counted   atomic.Int64
	skipped   int64
	claimed   []Chunk // chunks an earlier run claimed, to verify
	start     time.Time
	stats     counters
	rechecked atomic.Int64
	acks      *acks
	limit     *limiter
}

// sourceRows is the table's row count: exact once the read reached the
// end, otherwise the estimate or the rows seen so far, whichever is more.
func (tr *tableRun) sourceRows() int64 {
	if n := tr.counted.Load(); n >= 0 {
		return n
	}
	return max(tr.estimate, tr.skipped+tr.stats.read.Load())
}

func (tr *tableRun) progress(done bool) Progress {
	return Progress{
		Source: tr.t.Source, Target: tr.t.Target, Total: tr.sourceRows(), Skipped: tr.skipped, Rechecked: tr.rechecked.Load(),
		Read: tr.stats.read.Load(), Written: tr.stats.written.Load(), Rejected: tr.stats.rejected.Load(),
		Retries: tr.stats.retries.Load(), Throttles: tr.stats.throttles.Load(), WCU: tr.stats.wcu.Load(),
		Elapsed: time.Since(tr.start), Rate: tr.limit.current(), Done: done,
	}
}

// countReject counts one rejected row of this run and stops the load when
// the rejects of the whole load pass the limit.
func (l *loader) countReject() {
	n := l.rejectedRun.Add(1)
	if l.opts.LimitRejects && l.rejectBase+n > l.opts.MaxRejects {
		l.stopLoad(errTooManyRejects)
	}
}

// saveCheckpoint records the running tables' acknowledged frontiers and
// the claims made so far. The order matters: the frontier is read first,
// then the rejects file is synced, then the checkpoint is written; a
// rejected row's line is appended before its batch is acknowledged, so
// every reject below the recorded frontier is durable before the
// checkpoint that claims it.
func (l *loader) saveCheckpoint() error {
	if l.opts.CheckpointPath == "" {
		return nil
	}
	l.saveMu.Lock()
	defer l.saveMu.Unlock()
	l.mu.Lock()
	for target, tr := range l.running {
		tc := l.cp.Tables[target]
		tc.Position, tc.Rejected, tc.LastKey = tr.acks.state()
	}
	l.mu.Unlock()
	if l.rejects != nil {
		if err := l.rejects.sync(); err != nil {
			return err
		}
	}
	l.mu.Lock()
	b, err := json.MarshalIndent(l.cp, "", "  ")
	l.mu.Unlock()
	if err != nil {
		return fmt.Errorf("write checkpoint: %w", err)
	}
	if err := writeFileAtomic(l.opts.CheckpointPath, append(b, '\n')); err != nil {
		return fmt.Errorf("write checkpoint: %w", err)
	}
	return nil
}

// claim records ch in the checkpoint and returns once the record is
// durable; only then may its rows be sent.
func (l *loader) claim(tr *tableRun, ch *chunk) error {
	l.mu.Lock()
	tc := l.cp.Tables[tr.t.Target]
	tc.Chunks = append(tc.Chunks, Chunk{End: ch.end, Hash: ch.hash})
	l.mu.Unlock()
	return l.saveCheckpoint()
}

// table loads t from src, read by readers connections, within its share
// of the write budget (shareBudget).
func (l *loader) table(ctx context.Context, src Source, t plans.Table, enc *Encoder, print PlanFingerprint, stream string, readers int) (TableResult, error) {
	res := TableResult{Source: t.Source, Target: t.Target}
	// Tables loading side by side add their entries to cp.Tables: read
	// it under the lock too.
	l.mu.Lock()
	tc := l.cp.Tables[t.Target]
	l.mu.Unlock()
	if tc != nil && tc.Done && l.opts.Resume {
		res.AlreadyDone, res.Complete, res.SourceRows, res.Counted, res.CheckpointPosition = true, true, tc.SourceRows, true, tc.Position
		return res, nil
	}
	// No count(*) first: it was a whole scan of the table before the
	// first row was read (seconds to minutes on a big table, against a
	// first write within a second). The plan's estimate sizes the
	// progress total until the read ends and gives the exact count. A
	// resume needs no count either: it reads the table from the start
	// again and compares every claimed chunk's rows with their hash,
	// which catches a changed row count where it matters (in what was
	// sent) and allows it where nothing was.
	next := &TableCheckpoint{Source: t.Source, Plan: print, Stream: stream}
	if l.opts.Resume && tc != nil {
		next.Position, next.Rejected, next.LastKey = tc.Position, tc.Rejected, tc.LastKey
		// The earlier claims stay: until they are verified and written
		// again, they cover what may be in DynamoDB.
		next.Chunks = slices.Clone(tc.Chunks)
	}
	keyOf := func(it *WireItem) map[string]string { return keyMap(t, it) }
	tr := &tableRun{
		t: t, readers: readers, estimate: max(t.Estimates.Items, 0), skipped: next.Position, claimed: slices.Clone(next.Chunks), start: time.Now(),
		acks: newAcks(next.Position, next.Rejected, next.LastKey, keyOf), limit: newLimiter(l.opts.MaxWCU),
	}
	tr.counted.Store(-1)
	l.mu.Lock()
	l.cp.Tables[t.Target] = next
	l.running[t.Target] = tr
	l.shareBudget()
	l.mu.Unlock()
	// No save here: until the first claim, the checkpoint on disk says the
	// same about this table (nothing, or the earlier run's claims), and
	// each save costs two fsyncs, which a plan of many small tables feels.

	// The ticker reports progress and saves the checkpoint until the table
	// is done; it is owned by this function and ends with it.
	tickDone := make(chan struct{})
	var tickWG sync.WaitGroup
	var tickErr atomic.Value
	tickWG.Add(1)
	go func() {
		defer tickWG.Done()
		pt := time.NewTicker(l.opts.ProgressEvery)
		defer pt.Stop()
		ct := time.NewTicker(time.Second)
		defer ct.Stop()
		for {
			select {
			case <-tickDone:
				return
			case <-pt.C:
				l.progress(tr.progress(false))
			case <-ct.C:
				if err := l.saveCheckpoint(); err != nil {
					tickErr.Store(err)
				}
			}
		}
	}()

	spread, err := l.pump(ctx, src, tr, enc)
	close(tickDone)
	tickWG.Wait()

	skip := tr.skipped
	pos := tr.acks.position()
	stopped := ctx.Err() != nil
	complete := err == nil && pos == skip+tr.stats.read.Load()
	l.mu.Lock()
	l.cp.Tables[t.Target].Done = complete
	if complete {
		// Nothing of a done table is resumed; its claims are history.
		l.cp.Tables[t.Target].Chunks = nil
		l.cp.Tables[t.Target].SourceRows = tr.sourceRows()
	}
	l.mu.Unlock()
	if cerr := l.saveCheckpoint(); err == nil {
		err = cerr
	}
	if e, ok := tickErr.Load().(error); ok && err == nil {
		err = e
	}
	l.mu.Lock()
	delete(l.running, t.Target)
	l.shareBudget()
	l.mu.Unlock()
	l.progress(tr.progress(true))
	res.SourceRows, res.Counted = tr.sourceRows(), tr.counted.Load() >= 0
	res.Skipped = skip
	res.Rechecked = tr.rechecked.Load()
	res.Read = tr.stats.read.Load()
	res.Written = tr.stats.written.Load()
	if fw := tr.stats.firstWrite.Load(); fw != 0 {
		res.FirstWrite = time.Unix(0, fw).Sub(tr.start)
	}
	res.Rejected = tr.stats.rejected.Load()
	res.Retries = tr.stats.retries.Load()
	res.Throttles = tr.stats.throttles.Load()
	res.Calls = tr.stats.calls.Load()
	res.WCU = tr.stats.wcu.Load()
	res.Elapsed = time.Since(tr.start)
	res.Spread = spread
	res.Complete = complete
	res.CheckpointPosition = pos
	if err == nil && stopped && !complete {
		if context.Cause(ctx) == errTooManyRejects {
			return res, errTooManyRejects
		}
		err = fmt.Errorf("%w at table %s: %d of %s%d rows acknowledged; continue with --resume", ErrInterrupted, t.Target, pos, about(res.Counted), res.SourceRows)
	}
	if err == nil && !complete {
		err = fmt.Errorf("load %s: %d rows read but only %d acknowledged", t.Target, skip+res.Read, pos)
	}
	return res, err
}

// job is one batch on its way to a writer, with what acknowledging it
// tells the checkpoint.
type job struct {
	b *batch
	// rejected counts the rows of b's range the reader rejected.
	rejected int64
	// last is b's last item, bodiless; hasLast says there is one.
	last    WireItem
	hasLast bool
}

// chunk is a run of consecutive positions that is claimed as a whole
// before any of its rows is sent.
type chunk struct {
	end  int64
	hash string
	jobs []*job
	// claimed is set when an earlier run claimed the chunk and this run
	// found the same rows in it.
	claimed bool
}

// pump runs the reader, the claimer, the dispatcher and the writers of one
// table. The reader stops at the first cancellation of ctx (a user's
// Ctrl-C, or the reject limit); so do the claimer and the dispatcher. The
// writers finish the batches already handed to them, bounded by
// DrainTimeout, so the checkpoint covers everything that was sent. A
// failure anywhere cancels everything at once.
func (l *loader) pump(ctx context.Context, src Source, tr *tableRun, enc *Encoder) (spread float64, err error) {
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	stopDrain := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(l.opts.DrainTimeout, cancelWork)
		context.AfterFunc(work, func() { t.Stop() })
	})
	defer stopDrain()

	g, gctx := errgroup.WithContext(work)
	// Unbuffered: at most three chunks are in memory, one being read, one
	// being claimed, one being dispatched.
	toClaim := make(chan *chunk)
	toSend := make(chan *chunk)
	jobs := make(chan *job, l.opts.Workers)
	meter := newSpreadMeter()

	g.Go(func() error {
		defer close(toClaim)
		return l.read(ctx, gctx, src, tr, enc, meter, toClaim)
	})
	g.Go(func() error {
		defer close(toSend)
		for ch := range toClaim {
			if !ch.claimed {
				if err := l.claim(tr, ch); err != nil {
					return err
				}
			}
			select {
			case toSend <- ch:
			case <-gctx.Done():
				return gctx.Err()
			case <-ctx.Done():
				return nil
			}
		}
		return nil
	})
	g.Go(func() error {
		defer close(jobs)
		for ch := range toSend {
			for _, j := range ch.jobs {
				if ctx.Err() != nil {
					return nil
				}
				select {
				case jobs <- j:
				case <-gctx.Done():
					return gctx.Err()
				case <-ctx.Done():
					return nil
				}
			}
		}
		return nil
	})
	pk, sk, pkType, skType := tr.t.PartitionKey.Attribute, "", tr.t.PartitionKey.Type, ""
	if tr.t.SortKey != nil {
		sk, skType = tr.t.SortKey.Attribute, tr.t.SortKey.Type
	}
	quotedTable := ddbjson.AppendString(nil, tr.t.Target)
	for range l.opts.Workers {
		// write calls reject on this worker's goroutine, so the count of
		// one batch's rejects needs no lock.
		var batchRejects int64
		w := &writer{
			client: l.db, table: tr.t.Target, quotedTable: quotedTable, limit: tr.limit, retry: l.opts.Retry, stats: &tr.stats,
			pkAttr: pk, skAttr: sk, pkType: pkType, skType: skType, noRetry: noSDKRetries,
			reject: func(it WireItem, reason string) error {
				tr.stats.rejected.Add(1)
				batchRejects++
				if err := l.rejectWire(tr.t, it, reason); err != nil {
					return err
				}
				l.countReject()
				return nil
			},
		}
		g.Go(func() error {
			for j := range jobs {
				batchRejects = 0
				select {
				case l.writeSlots <- struct{}{}:
				case <-gctx.Done():
					return gctx.Err()
				}
				err := w.write(gctx, j.b)
				<-l.writeSlots
				if err != nil {
					return err
				}
				tr.acks.done(j.b.lo, ackedRange{hi: j.b.hi, rejected: j.rejected + batchRejects, last: j.last, hasLast: j.hasLast})
			}
			return nil
		})
	}
	err = g.Wait()
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// The drain timeout ran out after an interruption.
		err = fmt.Errorf("%w: in-flight batches did not finish within %s", ErrInterrupted, l.opts.DrainTimeout)
	}
	return meter.share(), err
}

// keyMap is an item's key as the rejects file and the checkpoint spell it.
func keyMap(t plans.Table, it *WireItem) map[string]string {
	keyText := func(typ, v string) string {
		if typ == "B" {
			return base64.StdEncoding.EncodeToString([]byte(v))
		}
		return v
	}
	key := map[string]string{t.PartitionKey.Attribute: keyText(t.PartitionKey.Type, it.PK())}
	if t.SortKey != nil {
		key[t.SortKey.Attribute] = keyText(t.SortKey.Type, it.SK())
	}
	return key
}

// reject records a row that cannot be written.
func (l *loader) reject(t plans.Table, pos int64, item map[string]types.AttributeValue, reason string) error {
	if l.rejects == nil {
		return nil
	}
	key := map[string]string{}
	for _, k := range []*plans.Key{&t.PartitionKey, t.SortKey} {
		if k == nil {
			continue
		}
		switch v := item[k.Attribute].(type) {
		case *types.AttributeValueMemberS:
			key[k.Attribute] = v.Value
		case *types.AttributeValueMemberN:
			key[k.Attribute] = v.Value
		case *types.AttributeValueMemberB:
			key[k.Attribute] = base64.StdEncoding.EncodeToString(v.Value)
		}
	}
	return l.rejects.add(RejectRecord{
		Table: t.Target, Source: t.Source, Position: pos, Key: key, Reason: reason, Item: MarshalItem(item),
	})
}

// rejectWire records an item DynamoDB refused.
func (l *loader) rejectWire(t plans.Table, it WireItem, reason string) error {
	if l.rejects == nil {
		return nil
	}
	return l.rejects.add(RejectRecord{
		Table: t.Target, Source: t.Source, Position: it.Pos, Key: keyMap(t, &it), Reason: reason, Item: bytes.Clone(it.Body),
	})
}

// read streams the table's rows from position 0, hashes them into chunks,
// encodes the rows from the acknowledged frontier on into batches, writes
// the rejects, and hands each finished chunk to the claimer.
//
// On a resume the first chunks are the ones an earlier run claimed: they
// are cut at the recorded ends and their hashes compared with the claims;
// a difference refuses the resume, naming the rows. Rows below the
// frontier are only hashed. It stops early when stop ends; it fails when
// ctx ends (a writer failed).
func (l *loader) read(stop, ctx context.Context, src Source, tr *tableRun, enc *Encoder, meter *spreadMeter, out chan<- *chunk) error {
	qctx, cancelQuery := context.WithCancel(ctx)
	defer cancelQuery()
	rows, err := src.Rows(qctx, tr.t, extract.StreamOptions{Order: l.opts.Order, Readers: tr.readers})
	if err != nil {
		return err
	}
	finished := false
	defer func() {
		if !finished {
			// Abandon the rest of the result instead of reading it to
			// the end, which Close would otherwise do.
			cancelQuery()
		}
		rows.Close()
	}()
	frontier := tr.skipped
	hasher := newRowHasher()
	// Each batch's bodies go into one buffer sized from the batch before.
	newJob := func(pos int64, bufSize int) *job {
		return &job{b: &batch{lo: pos, hi: pos, items: make([]WireItem, 0, MaxBatchItems), buf: make([]byte, 0, bufSize)}}
	}
	cur := newJob(frontier, 8<<10)
	ch := &chunk{}
	var chunkStart int64
	chunkBuf := 0 // body bytes of the chunk's finished batches
	nChunks := 0
	closeJob := func() {
		j := cur
		if j.b.hi == j.b.lo {
			return
		}
		if n := len(j.b.items); n > 0 {
			j.last, j.hasLast = j.b.items[n-1], true
			j.last.Body = nil
		}
		ch.jobs = append(ch.jobs, j)
		chunkBuf += len(j.b.buf)
		cur = newJob(j.b.hi, len(j.b.buf)+len(j.b.buf)/8)
	}
	differ := func(lo, hi int64) error {
		return fmt.Errorf("resume: source table %s changed since the interrupted load: rows %s–%s of the load order differ; run again without --resume (with --recreate to start over)",
			tr.t.Source, plans.Thousands(lo), plans.Thousands(hi-1))
	}
	// closeChunk ends the chunk at end and hands it on; it reports whether
	// the load is stopping.
	closeChunk := func(end int64) (bool, error) {
		closeJob()
		ch.end, ch.hash = end, hasher.sum()
		if nChunks < len(tr.claimed) {
			if c := tr.claimed[nChunks]; c.End != end || c.Hash != ch.hash {
				return false, differ(chunkStart, c.End)
			}
			ch.claimed = true
		}
		nChunks++
		chunkStart, chunkBuf = end, 0
		c := ch
		ch = &chunk{}
		if len(c.jobs) == 0 {
			return stop.Err() != nil, nil
		}
		select {
		case out <- c:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		case <-stop.Done():
			return true, nil
		}
	}
	var expect int64 // the next row's position
	for rows.Next() {
		row := rows.Row()
		pos := row.Pos
		if pos != expect {
			return fmt.Errorf("read %s: row position %d, want %d", tr.t.Source, pos, expect)
		}
		expect++
		hasher.add(row)
		if pos < frontier {
			tr.rechecked.Add(1)
		} else if err := l.readRow(tr, enc, row, meter, &cur, closeJob); err != nil {
			return err
		}
		end := pos + 1
		var full bool
		if nChunks < len(tr.claimed) {
			full = end == tr.claimed[nChunks].End
		} else {
			full = end-chunkStart >= chunkLimit(nChunks) || chunkBuf+len(cur.b.buf) >= chunkBytes
		}
		if full {
			if stopped, err := closeChunk(end); stopped || err != nil {
				return err
			}
		} else if end%256 == 0 && stop.Err() != nil {
			return nil
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read %s: %w", tr.t.Source, err)
	}
	finished = true
	if nChunks < len(tr.claimed) {
		// The source ends before the claims do.
		return differ(chunkStart, tr.claimed[nChunks].End)
	}
	tr.counted.Store(expect)
	if expect > chunkStart {
		_, err := closeChunk(expect)
		return err
	}
	return nil
}

// chunkLimit is the row bound of a table's n-th chunk: 256 rows, then four
// times more per chunk up to chunkRows. No row is sent before its chunk is
// claimed, so the first write waits for the first chunk to be read; a
// small first chunk keeps that wait short (the interleave emits round 1 at
// the pace distinct keys are found, which on a table stored key by key is
// a fraction of the scan's pace). The checkpoint records every chunk's
// end, so a resume cuts at the same places.
func chunkLimit(n int) int64 {
	limit := int64(256)
	for range n {
		if limit >= chunkRows {
			break
		}
		limit *= 4
	}
	return min(limit, chunkRows)
}

// readRow encodes one row from the frontier on into the current batch, or
// rejects it, and closes the batch when it is full.
func (l *loader) readRow(tr *tableRun, enc *Encoder, row *order.Row, meter *spreadMeter, curp **job, closeJob func()) error {
	cur := *curp
	tr.stats.read.Add(1)
	buf, it, rej := enc.AppendWire(cur.b.buf, row)
	if rej != nil {
		tr.stats.rejected.Add(1)
		cur.rejected++
		if err := l.reject(tr.t, row.Pos, rej.Item, rej.Reason); err != nil {
			return err
		}
		l.countReject()
		cur.b.hi = row.Pos + 1
		return nil
	}
	dup := false
	for _, o := range cur.b.items {
		if dup = o.Key == it.Key; dup {
			break
		}
	}
	if dup {
		// Never two writes of one key in one call (DynamoDB refuses
		// the call); collisions are rejected above, so this is a
		// guard, not a path. The item's body stays past the end of
		// the closed batch's buffer, where nothing writes any more.
		closeJob()
		cur = *curp
	} else {
		cur.b.buf = buf
	}
	cur.b.items = append(cur.b.items, it)
	cur.b.hi = row.Pos + 1
	meter.add(row.PK)
	if len(cur.b.items) == MaxBatchItems {
		closeJob()
	}
	return nil
}
