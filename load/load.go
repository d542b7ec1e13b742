package load

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Client is what a load needs of DynamoDB. *dynamodb.Client implements it.
type Client interface {
	BatchWriter
	target.API
}

// Source is where a load reads rows: every call must see the same
// consistent data (one snapshot). *extract.Snapshot is one.
type Source interface {
	Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error)
}

// Forker is a Source that can open another reader of the same snapshot,
// so tables can be read side by side (Options.SideBySide). A Source
// that is not a Forker, or whose Fork fails, loads one table at a time.
type Forker interface {
	// Fork returns a Source on another connection that sees the same
	// data, and the function that releases it.
	Fork(ctx context.Context) (Source, func(), error)
}

// SnapshotSource is a snapshot as a Forker: tables side by side read on
// connections that joined it.
type SnapshotSource struct{ *extract.Snapshot }

// Fork joins the snapshot on another connection of its pool.
func (s SnapshotSource) Fork(ctx context.Context) (Source, func(), error) {
	j, err := s.Snapshot.Fork(ctx)
	if err != nil {
		return nil, nil, err
	}
	return SnapshotSource{Snapshot: j}, func() { j.Close(context.WithoutCancel(ctx)) }, nil
}

// Options tune a load. The zero value is usable: 8 workers, no write
// budget, interleaved order, refuse non-empty tables, no files.
type Options struct {
	Workers int
	// MaxWCU is the write budget in WCU/s over all workers; 0 means none
	// (the rate still adapts to throttling).
	MaxWCU float64
	Order  extract.Order
	// Read says when a table in sort-key order is read through an index
	// that orders its rows by key instead of a plain scan and a client
	// sort (extract.ReadMode; "" is auto). It needs a ReadChooser source.
	Read extract.ReadMode
	// Readers is the number of source connections that read one large
	// table at once (extract.StreamOptions.Readers; 0 or 1: one). The row
	// order does not depend on it, so a resume may change it.
	Readers int
	// SideBySide is the number of tables loaded at once, each on its own
	// connection joined to the run's snapshot; 0 or 1: one table at a
	// time. The source connections of all of them stay within
	// max(Readers, SideBySide): a small table (see SmallItems) reads on
	// one, large tables split the rest (see group). pg2ddb sets it to
	// --readers. The tables share the Workers writers and the MaxWCU
	// budget.
	SideBySide int
	// SmallItems is the estimated item count below which a table is small
	// (read on one connection when side by side); 0: 100,000.
	SmallItems int64
	// MinSplitBlocks is the table size, in heap blocks, from which a read
	// is split over its readers (extract.StreamOptions; 0: its default).
	MinSplitBlocks int64
	// Encoders is the number of goroutines that hash and encode a table's
	// rows (0: GOMAXPROCS; 1: on the goroutine that reads them). The
	// items, batches and checkpoints do not depend on it.
	Encoders int
	Existing target.Existing
	// Resume continues from CheckpointPath, which must exist. It refuses,
	// before writing, a table whose plan or row stream SQL changed, and a
	// source whose rows that may have been written differ (see Checkpoint).
	Resume bool
	// RestartUnfinished, with Resume, loads each table the checkpoint does
	// not mark done again from its first row (into what it holds), instead
	// of proving the rows it may have written unchanged: for a source that
	// changes under the load on purpose, when every change since a point
	// before the first run is applied afterwards (sync).
	RestartUnfinished bool
	// CheckpointPath and RejectsPath are files the load writes; empty
	// means none (then rejects are only counted and a load cannot resume).
	// A fresh load moves an existing rejects file aside (see item.OpenRejects).
	CheckpointPath string
	RejectsPath    string
	// PlanPath is the plan file's absolute path, recorded in the
	// checkpoint; a resume refuses the checkpoint of another plan's load.
	PlanPath string
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
	Retry    target.Retry
	// Progress is called for each running table every ProgressEvery
	// (default 500 ms) and once at the end of each table; calls never
	// overlap.
	Progress      func(pipeline.Progress)
	ProgressEvery time.Duration
	// Logf reports decisions a user should see (tables deleted, created).
	Logf func(format string, args ...any)
	// DrainTimeout bounds how long in-flight batches may keep retrying
	// after ctx is cancelled (default 30 s).
	DrainTimeout time.Duration
	// WriteClient says what sends the BatchWriteItem calls ("":
	// WriteLean, see NewSender); pg2ddb sets it from --write-client.
	WriteClient WriteClient
	// ChunkRows bounds the rows of one checkpoint chunk (default 10,000;
	// see chunkLimit). A resume cuts at the chunk ends the checkpoint
	// recorded, whatever the bound.
	ChunkRows int64

	// checkpointVersion is the version a fresh load's checkpoint is
	// written in (0: checkpointVersion); tests write older ones.
	checkpointVersion int
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
	// acknowledged; 0 when nothing was written. In sort-key order it comes
	// after one scan of the table (a key's first item is known only
	// then); with --order interleave-arrival round 1 is written while the
	// source is scanned, unless the key is not proven free of collisions
	// by a unique index (then after one scan; see package order).
	FirstWrite time.Duration
	// ReadThrough names the index the table was read through in sort-key
	// order, "" for a plain read.
	ReadThrough string
	// Counted says SourceRows is exact: the read reached the end of the
	// table. A load stopped before that reports the plan's estimate or
	// the rows read, whichever is more.
	Counted            bool
	Spread             float64
	Complete           bool
	AlreadyDone        bool
	CheckpointPosition int64
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

// errTooManyRejects is the cause that stops a load at the reject limit.
var errTooManyRejects = errors.New("too many rejects")

// Run loads the plan's tables from src into db, started in plan order,
// up to Options.SideBySide at once within the source connections of
// Options.Readers (see group).
func Run(ctx context.Context, plan *plans.Plan, src Source, db Client, opts Options) (*Result, error) {
	start := time.Now()
	opts.defaults()
	tables, err := plan.Select(opts.Tables)
	if err != nil {
		return nil, err
	}
	encoders := make([]*item.Encoder, len(tables))
	streams := make([]string, len(tables))
	prints := make([]item.PlanFingerprint, len(tables))
	reads, err := chooseReads(ctx, src, tables, opts)
	if err != nil {
		return nil, err
	}
	for i, t := range tables {
		if encoders[i], err = item.NewEncoder(t, plan.Options); err != nil {
			return nil, err
		}
		if streams[i], err = streamFingerprint(t, opts.Order, reads[i]); err != nil {
			return nil, err
		}
		prints[i] = item.Fingerprint(t, plan.Options)
	}
	version := checkpointVersion
	if opts.checkpointVersion != 0 {
		version = opts.checkpointVersion
	}
	cp := &Checkpoint{Version: version, Order: string(opts.Order), PlanFile: opts.PlanPath, Tables: map[string]*TableCheckpoint{}}
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
		if old.PlanFile != "" && opts.PlanPath != "" && old.PlanFile != opts.PlanPath {
			return nil, fmt.Errorf("resume: checkpoint %s belongs to the load of plan %s, not of %s; resume with that plan, or give this plan's own checkpoint", opts.CheckpointPath, old.PlanFile, opts.PlanPath)
		}
		if old.PlanFile == "" {
			old.PlanFile = opts.PlanPath
		}
		if opts.RestartUnfinished {
			for target, tc := range old.Tables {
				if !tc.Done {
					delete(old.Tables, target)
				}
			}
		}
		if old.Order != string(opts.Order) {
			return nil, fmt.Errorf("resume: the checkpoint was made with --order %s, not %s", old.Order, opts.Order)
		}
		if err := pinReads(old, tables, reads, streams, opts); err != nil {
			return nil, err
		}
		if err := checkUnchanged(old, tables, prints, streams); err != nil {
			return nil, err
		}
		cp = old
	}
	// The repeats a keep-one plan drops were reviewed: they go to the
	// rejects file like any reject, but up to the number the plan found
	// they do not count against --max-rejects.
	planned := plans.PlannedDrops(tables)
	opts.MaxRejects += planned
	var base int64 // rejects of earlier runs, below their frontiers
	for _, tc := range cp.Tables {
		base += tc.Rejected
	}
	if opts.LimitRejects && base > opts.MaxRejects {
		return nil, &pipeline.TooManyRejectsError{Rejected: base, Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath, NotLoaded: notDone(tables, cp)}
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
	prep := target.PrepareOptions{Existing: opts.Existing, Capacity: opts.Capacity, Logf: opts.Logf, Resume: opts.Resume,
		Done: func(name string) bool { tc := cp.Tables[name]; return opts.Resume && tc != nil && tc.Done },
		Written: func(name string) int64 {
			if tc := cp.Tables[name]; tc != nil {
				return tc.written()
			}
			return 0
		}}
	if err := target.Prepare(ctx, db, tables, prep); err != nil {
		return nil, err
	}
	var rejects *item.RejectsFile
	if opts.RejectsPath != "" {
		var keep func(item.RejectRecord) bool
		if opts.Resume {
			keep = cp.acknowledged
		}
		var opened item.OpenedRejects
		if keep != nil {
			rejects, opened, err = item.OpenRejects(opts.RejectsPath, keep)
		} else {
			// A fresh load moves aside the earlier lines of its own
			// tables only: another table's stay for verify.
			rejects, opened, err = item.OpenRejectsFor(opts.RejectsPath, targetIn(tables))
		}
		if err != nil {
			return nil, err
		}
		defer rejects.Close()
		if opened.MovedTo != "" {
			opts.Logf("moved the rejects of an earlier load of these tables from %s to %s", opts.RejectsPath, opened.MovedTo)
		}
		for target, tc := range cp.Tables {
			if k := opened.Kept[target]; opts.Resume && k != tc.Rejected {
				opts.Logf("warning: the checkpoint counts %d rejected rows of %s acknowledged, but %s holds %d of them; verify will count the file", tc.Rejected, target, opts.RejectsPath, k)
			}
		}
	}
	stopCtx, stopLoad := context.WithCancelCause(ctx)
	defer stopLoad(nil)
	sender, why := NewSender(db, opts.WriteClient)
	if why != "" {
		if _, plain := db.(*dynamodb.Client); plain {
			opts.Logf("writing through the SDK's BatchWriteItem, not the lean sender: %s", why)
		}
	}
	l := &loader{opts: opts, db: db, sender: sender, src: src, cp: cp, digest: rowDigestOf(cp.Version), rejects: rejects, rejectBase: base, stopLoad: stopLoad,
		running: map[string]*tableRun{}, writeSlots: make(chan struct{}, opts.Workers), reads: map[string]*extract.ReadPlan{}}
	for i, t := range tables {
		l.reads[t.Target] = reads[i]
	}
	logReads(tables, reads, opts)
	res := &Result{}
	for i := 0; i < len(tables); {
		if stopCtx.Err() != nil {
			// Stopped after the last table completed: say so, rather
			// than fail this table's first query.
			res.Elapsed = time.Since(start)
			if context.Cause(stopCtx) == errTooManyRejects {
				return res, &pipeline.TooManyRejectsError{Rejected: base + l.rejectedRun.Load(), Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath, NotLoaded: notDone(tables[i:], cp)}
			}
			return res, fmt.Errorf("%w before table %s; continue with --resume", pipeline.ErrInterrupted, tables[i].Target)
		}
		outs, failed, err := l.group(stopCtx, tables[i:], encoders[i:], prints[i:], streams[i:])
		j := i
		for _, o := range outs {
			if o.ran {
				o.res.ReadThrough = readIndex(l.reads[o.res.Target])
				res.Tables = append(res.Tables, o.res)
				j++
			}
		}
		if err != nil {
			res.Elapsed = time.Since(start)
			if errors.Is(err, errTooManyRejects) {
				f := i + failed
				tr := outs[failed].res
				return res, &pipeline.TooManyRejectsError{
					Rejected: base + l.rejectedRun.Load(), Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath,
					Table: tables[f].Target, Acknowledged: tr.CheckpointPosition, SourceRows: tr.SourceRows, Counted: tr.Counted,
					NotLoaded: notDone(slices.Concat(tables[i:f], tables[f+1:]), cp),
				}
			}
			return res, err
		}
		// The tables that did not start were stopped before they could:
		// the check above says so.
		i = j
	}
	if err := l.saveCheckpoint(); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	if context.Cause(stopCtx) == errTooManyRejects {
		// A reject in the last batches of the last table passed the
		// limit after its reader had finished: every table is done, but
		// the load is over its limit all the same.
		return res, &pipeline.TooManyRejectsError{Rejected: base + l.rejectedRun.Load(), Max: opts.MaxRejects - planned, Planned: planned, Path: opts.RejectsPath}
	}
	return res, nil
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
func checkUnchanged(cp *Checkpoint, tables []plans.Table, prints []item.PlanFingerprint, streams []string) error {
	const how = "run again without --resume (with --recreate to start over)"
	targets := map[string]bool{}
	for i, t := range tables {
		targets[t.Target] = true
		tc := cp.Tables[t.Target]
		if tc == nil {
			continue
		}
		if d := prints[i].Diff(tc.Plan); d != "" {
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
		o.Retry = target.DefaultRetry
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
	if o.ChunkRows <= 0 {
		o.ChunkRows = defaultChunkRows
	}
}

// targetIn reports whether a target table is one of tables.
func targetIn(tables []plans.Table) func(string) bool {
	set := make(map[string]bool, len(tables))
	for _, t := range tables {
		set[t.Target] = true
	}
	return func(target string) bool { return set[target] }
}
