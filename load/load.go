// Package load writes a plan's rows into DynamoDB: item encoding, the
// interleaved order, batching, concurrency, a write budget that adapts to
// throttling, retries, rejects, checkpoints, table lifecycle, and
// verification.
//
// A load reads each table from one consistent snapshot in a deterministic
// order computed by PostgreSQL (extract.Stream), encodes rows into items in
// one reader goroutine, groups them into batches of contiguous positions,
// and hands the batches to --workers writers. A batch is acknowledged when
// every item of it is written; the contiguous acknowledged prefix is the
// checkpoint a resume starts from.
package load

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"path"
	"sync"
	"sync/atomic"
	"time"

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
	Row() *extract.Row
	Err() error
	Close()
}

// Source is where a load reads rows: every call must see the same
// consistent data (one snapshot).
type Source interface {
	Count(ctx context.Context, t plans.Table) (int64, error)
	Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (RowIterator, error)
}

// SnapshotSource reads from an extract.Snapshot.
type SnapshotSource struct{ Snapshot *extract.Snapshot }

// Count counts t's source rows in the snapshot.
func (s SnapshotSource) Count(ctx context.Context, t plans.Table) (int64, error) {
	return extract.Count(ctx, s.Snapshot, t)
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
	MaxWCU   float64
	Order    extract.Order
	Existing Existing
	// Resume continues from CheckpointPath, which must exist.
	Resume bool
	// CheckpointPath and RejectsPath are files the load writes; empty
	// means none (then rejects are only counted and a load cannot resume).
	CheckpointPath string
	RejectsPath    string
	// Tables restricts the load to tables whose source or target matches
	// one of these path.Match patterns.
	Tables []string
	// Capacity overrides the plan's capacity for tables the load creates.
	Capacity *plans.Capacity
	Retry    Retry
	// Progress is called every ProgressEvery (default 500 ms) and once at
	// the end of each table, from one goroutine.
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
	// earlier run (resume).
	Total, Skipped                              int64
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
	// Skipped rows were acknowledged by an earlier run and not read again.
	Skipped                        int64
	Read, Written, Rejected        int64
	Retries, Throttles, Calls, WCU int64
	Elapsed                        time.Duration
	Spread                         float64
	Complete                       bool
	AlreadyDone                    bool
	CheckpointPosition             int64
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

// Run loads the plan's tables, one after another, from src into db.
func Run(ctx context.Context, plan *plans.Plan, src Source, db Client, opts Options) (*Result, error) {
	start := time.Now()
	opts.defaults()
	tables, err := selectTables(plan, opts.Tables)
	if err != nil {
		return nil, err
	}
	encoders := make([]*Encoder, len(tables))
	for i, t := range tables {
		if encoders[i], err = NewEncoder(t, plan.Options); err != nil {
			return nil, err
		}
		if _, err := extract.StreamSQL(t, opts.Order); err != nil {
			return nil, err
		}
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
		cp = old
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
		if rejects, err = openRejects(opts.RejectsPath, resumeFrom); err != nil {
			return nil, err
		}
		defer rejects.close()
	}
	l := &loader{opts: opts, db: db, src: src, cp: cp, rejects: rejects}
	res := &Result{}
	for i, t := range tables {
		tr, err := l.table(ctx, t, encoders[i])
		res.Tables = append(res.Tables, tr)
		if err != nil {
			res.Elapsed = time.Since(start)
			return res, err
		}
	}
	if err := l.saveCheckpoint(); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
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
	if len(toDelete) > 0 {
		opts.Logf("--recreate: deleting %d existing tables: %v", len(toDelete), toDelete)
		for _, name := range toDelete {
			if err := deleteTable(ctx, db, name); err != nil {
				return err
			}
		}
	}
	for _, t := range toCreate {
		c := t.Capacity
		if opts.Capacity != nil {
			c = *opts.Capacity
		}
		opts.Logf("creating table %s (%s)", t.Target, capacityText(c))
		if err := createTable(ctx, db, t, c); err != nil {
			return err
		}
	}
	return nil
}

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

	mu  sync.Mutex // guards cp and cur
	cp  *Checkpoint
	cur *tableRun
}

// tableRun is the live state of the table being loaded.
type tableRun struct {
	t       plans.Table
	total   int64
	skipped int64
	start   time.Time
	stats   counters
	acks    *acks
	limit   *limiter
}

func (tr *tableRun) progress(done bool) Progress {
	return Progress{
		Source: tr.t.Source, Target: tr.t.Target, Total: tr.total, Skipped: tr.skipped,
		Read: tr.stats.read.Load(), Written: tr.stats.written.Load(), Rejected: tr.stats.rejected.Load(),
		Retries: tr.stats.retries.Load(), Throttles: tr.stats.throttles.Load(), WCU: tr.stats.wcu.Load(),
		Elapsed: time.Since(tr.start), Rate: tr.limit.current(), Done: done,
	}
}

// saveCheckpoint flushes the rejects file, then records the current
// table's acknowledged position.
func (l *loader) saveCheckpoint() error {
	if l.opts.CheckpointPath == "" {
		return nil
	}
	if l.rejects != nil {
		if err := l.rejects.flush(); err != nil {
			return err
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cur != nil {
		l.cp.Tables[l.cur.t.Target].Position = l.cur.acks.position()
	}
	return l.cp.write(l.opts.CheckpointPath)
}

func (l *loader) table(ctx context.Context, t plans.Table, enc *Encoder) (TableResult, error) {
	res := TableResult{Source: t.Source, Target: t.Target}
	tc := l.cp.Tables[t.Target]
	if tc != nil && tc.Done && l.opts.Resume {
		res.AlreadyDone, res.Complete, res.SourceRows, res.CheckpointPosition = true, true, tc.SourceRows, tc.Position
		return res, nil
	}
	total, err := l.src.Count(ctx, t)
	if err != nil {
		return res, err
	}
	res.SourceRows = total
	var skip int64
	if l.opts.Resume && tc != nil {
		if tc.SourceRows != total {
			return res, fmt.Errorf("resume %s: the source had %d rows when the load began and has %d now; positions no longer name the same rows, so load again with --recreate", t.Source, tc.SourceRows, total)
		}
		skip = tc.Position
	}
	tr := &tableRun{t: t, total: total, skipped: skip, start: time.Now(), acks: newAcks(skip), limit: newLimiter(l.opts.MaxWCU)}
	l.mu.Lock()
	l.cp.Tables[t.Target] = &TableCheckpoint{Source: t.Source, SourceRows: total, Position: skip}
	l.cur = tr
	l.mu.Unlock()
	if err := l.saveCheckpoint(); err != nil {
		return res, err
	}

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
				if l.opts.Progress != nil {
					l.opts.Progress(tr.progress(false))
				}
			case <-ct.C:
				if err := l.saveCheckpoint(); err != nil {
					tickErr.Store(err)
				}
			}
		}
	}()

	spread, stopped, err := l.pump(ctx, tr, enc)
	close(tickDone)
	tickWG.Wait()

	pos := tr.acks.position()
	complete := err == nil && !stopped && pos == skip+tr.stats.read.Load()
	l.mu.Lock()
	l.cp.Tables[t.Target].Done = complete
	l.mu.Unlock()
	if cerr := l.saveCheckpoint(); err == nil {
		err = cerr
	}
	if e, ok := tickErr.Load().(error); ok && err == nil {
		err = e
	}
	l.mu.Lock()
	l.cur = nil
	l.mu.Unlock()
	if l.opts.Progress != nil {
		l.opts.Progress(tr.progress(true))
	}
	res.Skipped = skip
	res.Read = tr.stats.read.Load()
	res.Written = tr.stats.written.Load()
	res.Rejected = tr.stats.rejected.Load()
	res.Retries = tr.stats.retries.Load()
	res.Throttles = tr.stats.throttles.Load()
	res.Calls = tr.stats.calls.Load()
	res.WCU = tr.stats.wcu.Load()
	res.Elapsed = time.Since(tr.start)
	res.Spread = spread
	res.Complete = complete
	res.CheckpointPosition = pos
	if err == nil && stopped {
		err = fmt.Errorf("%w at table %s: %d of %d rows acknowledged; continue with --resume", ErrInterrupted, t.Target, pos, total)
	}
	if err == nil && !complete {
		err = fmt.Errorf("load %s: %d rows read but only %d acknowledged", t.Target, skip+res.Read, pos)
	}
	return res, err
}

// pump runs the reader and the writers of one table. The reader stops at
// the first cancellation of ctx (a user's Ctrl-C); the writers finish the
// batches already handed to them, bounded by DrainTimeout, so the
// checkpoint covers everything that was sent. A writer's error cancels
// everything at once.
func (l *loader) pump(ctx context.Context, tr *tableRun, enc *Encoder) (spread float64, stopped bool, err error) {
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	stopDrain := context.AfterFunc(ctx, func() {
		t := time.AfterFunc(l.opts.DrainTimeout, cancelWork)
		context.AfterFunc(work, func() { t.Stop() })
	})
	defer stopDrain()

	g, gctx := errgroup.WithContext(work)
	batches := make(chan *batch, l.opts.Workers)
	meter := newSpreadMeter()
	var wasStopped atomic.Bool

	g.Go(func() error {
		defer close(batches)
		stop, err := l.read(ctx, gctx, tr, enc, meter, batches)
		wasStopped.Store(stop)
		return err
	})
	pk, sk, pkType, skType := tr.t.PartitionKey.Attribute, "", tr.t.PartitionKey.Type, ""
	if tr.t.SortKey != nil {
		sk, skType = tr.t.SortKey.Attribute, tr.t.SortKey.Type
	}
	quotedTable := ddbjson.AppendString(nil, tr.t.Target)
	for range l.opts.Workers {
		w := &writer{
			client: l.db, table: tr.t.Target, quotedTable: quotedTable, limit: tr.limit, retry: l.opts.Retry, stats: &tr.stats,
			pkAttr: pk, skAttr: sk, pkType: pkType, skType: skType, noRetry: noSDKRetries,
			reject: func(it WireItem, reason string) error {
				tr.stats.rejected.Add(1)
				return l.rejectWire(tr.t, it, reason)
			},
		}
		g.Go(func() error {
			for b := range batches {
				if err := w.write(gctx, b); err != nil {
					return err
				}
				tr.acks.done(b.lo, b.hi)
			}
			return nil
		})
	}
	err = g.Wait()
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// The drain timeout ran out after an interruption.
		err = fmt.Errorf("%w: in-flight batches did not finish within %s", ErrInterrupted, l.opts.DrainTimeout)
	}
	return meter.share(), wasStopped.Load(), err
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
	return l.rejects.add(RejectRecord{
		Table: t.Target, Source: t.Source, Position: it.Pos, Key: key, Reason: reason, Item: bytes.Clone(it.Body),
	})
}

// read streams the table's rows from its resume position, encodes them,
// writes rejects, and sends batches of contiguous positions to the
// writers. It stops early, reporting stopped, when stop ends; it fails
// when ctx ends (a writer failed).
func (l *loader) read(stop, ctx context.Context, tr *tableRun, enc *Encoder, meter *spreadMeter, out chan<- *batch) (stopped bool, err error) {
	qctx, cancelQuery := context.WithCancel(ctx)
	defer cancelQuery()
	rows, err := l.src.Rows(qctx, tr.t, extract.StreamOptions{Order: l.opts.Order, Skip: tr.skipped})
	if err != nil {
		return false, err
	}
	defer func() {
		if stopped || err != nil {
			// Abandon the rest of the result instead of reading it to
			// the end, which Close would otherwise do.
			cancelQuery()
		}
		rows.Close()
	}()
	// Each batch's bodies go into one buffer sized from the batch before.
	newBatch := func(pos int64, bufSize int) *batch {
		return &batch{lo: pos, hi: pos, items: make([]WireItem, 0, MaxBatchItems), buf: make([]byte, 0, bufSize)}
	}
	cur := newBatch(tr.skipped, 8<<10)
	send := func() (bool, error) {
		b := cur
		cur = newBatch(b.hi, len(b.buf)+len(b.buf)/8)
		if stop.Err() != nil {
			return true, nil
		}
		select {
		case out <- b:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		case <-stop.Done():
			return true, nil
		}
	}
	for rows.Next() {
		row := rows.Row()
		tr.stats.read.Add(1)
		if row.Pos != cur.hi {
			return false, fmt.Errorf("read %s: row position %d, want %d", tr.t.Source, row.Pos, cur.hi)
		}
		buf, it, rej := enc.AppendWire(cur.buf, row)
		if rej != nil {
			tr.stats.rejected.Add(1)
			if err := l.reject(tr.t, row.Pos, rej.Item, rej.Reason); err != nil {
				return false, err
			}
			cur.hi = row.Pos + 1
			continue
		}
		dup := false
		for _, o := range cur.items {
			if dup = o.Key == it.Key; dup {
				break
			}
		}
		if dup {
			// Never two writes of one key in one call (DynamoDB refuses
			// the call); collisions are rejected above, so this is a
			// guard, not a path. The item's body stays past the end of
			// the sent batch's buffer, where nothing writes any more.
			if stopped, err := send(); stopped || err != nil {
				return stopped, err
			}
		} else {
			cur.buf = buf
		}
		cur.items = append(cur.items, it)
		cur.hi = row.Pos + 1
		meter.add(row.PK)
		if len(cur.items) == MaxBatchItems {
			if stopped, err := send(); stopped || err != nil {
				return stopped, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("read %s: %w", tr.t.Source, err)
	}
	if cur.hi > cur.lo {
		return send()
	}
	return false, nil
}
