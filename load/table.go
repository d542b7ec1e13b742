package load

import (
	"context"
	"errors"
	"fmt"
	"github.com/pg2ddb/pg2ddb/extract"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
	"golang.org/x/sync/errgroup"
)

// loader holds what the tables of one run share.
type loader struct {
	opts Options
	db   Client
	// sender sends the BatchWriteItem calls (NewSender of db).
	sender  Sender
	src     Source
	rejects *item.RejectsFile

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

	saveMu sync.Mutex // serialises checkpoint writes, so none overtakes a newer one
	mu     sync.Mutex // guards cp and running
	cp     *Checkpoint
	// digest is the row digest of cp's version (rowDigestOf), fixed for
	// the load.
	digest  rowDigest
	running map[string]*tableRun // by target: the tables being loaded
	// reads is how each table is read, by target (nil: a plain read).
	reads map[string]*extract.ReadPlan
	// largeAtOnce is how many large tables the running group loads at
	// once (set by group before it starts them): their write orders
	// share one table's memory bounds (order.Tuning.Shared).
	largeAtOnce int
}

// progress reports p; calls from the tables loading at once never overlap.
func (l *loader) progress(p pipeline.Progress) {
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

func (tr *tableRun) progress(done bool) pipeline.Progress {
	return pipeline.Progress{
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

// table loads t from src, read by readers connections, within its share
// of the write budget (shareBudget).
func (l *loader) table(ctx context.Context, src Source, t plans.Table, enc *item.Encoder, fp item.PlanFingerprint, stream string, readers int) (TableResult, error) {
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
	next := &TableCheckpoint{Source: t.Source, Plan: fp, Stream: stream}
	if l.opts.Resume && tc != nil {
		next.Position, next.Rejected, next.LastKey = tc.Position, tc.Rejected, tc.LastKey
		// The earlier claims stay: until they are verified and written
		// again, they cover what may be in DynamoDB.
		next.Chunks = slices.Clone(tc.Chunks)
	}
	keyOf := func(it *item.WireItem) map[string]string { return it.Key().Map(t) }
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
	final := tr.progress(true)
	final.Incomplete = !complete
	l.progress(final)
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
		err = fmt.Errorf("%w at table %s: %d of %s%d rows acknowledged; continue with --resume", pipeline.ErrInterrupted, t.Target, pos, plans.About(res.Counted), res.SourceRows)
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
	// bytes counts the bodies of b's items.
	bytes int
	// last is b's last item, bodiless; hasLast says there is one.
	last    item.WireItem
	hasLast bool
	// bufs are the buffers b's items' bodies are in, held until b is
	// written (itemBuf).
	bufs []*itemBuf
}

// written releases the buffers of j's items and the batch's slice of
// them once its batch is written: nothing reads them any more (a batch
// that fails is not written again, and its buffers are left to the
// collector).
func (j *job) written() {
	for _, ib := range j.bufs {
		ib.release()
	}
	j.bufs = nil
	if items := j.b.items[:cap(j.b.items)]; len(items) == MaxBatchItems {
		clear(items)
		batchItems.Put(&items)
	}
	j.b.items = nil
}

// batchItems recycles the batches' item slices (MaxBatchItems each): one
// a batch was a sixth of the bytes a load allocated.
var batchItems = sync.Pool{New: func() any { s := make([]item.WireItem, 0, MaxBatchItems); return &s }}

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
func (l *loader) pump(ctx context.Context, src Source, tr *tableRun, enc *item.Encoder) (spread float64, err error) {
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
	pk, sk := tr.t.PartitionKey.Attribute, ""
	if tr.t.SortKey != nil {
		sk = tr.t.SortKey.Attribute
	}
	quotedTable := ddbjson.AppendString(nil, tr.t.Target)
	for range l.opts.Workers {
		// write calls reject on this worker's goroutine, so the count of
		// one batch's rejects needs no lock.
		var batchRejects int64
		w := &writer{
			send: l.sender, table: tr.t.Target, quotedTable: quotedTable, limit: tr.limit, retry: l.opts.Retry, stats: &tr.stats,
			t: tr.t, pkAttr: pk, skAttr: sk,
			reject: func(it item.WireItem, reason string) error {
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
				j.written()
				tr.acks.done(j.b.lo, ackedRange{hi: j.b.hi, rejected: j.rejected + batchRejects, last: j.last, hasLast: j.hasLast})
			}
			return nil
		})
	}
	err = g.Wait()
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		// The drain timeout ran out after an interruption.
		err = fmt.Errorf("%w: in-flight batches did not finish within %s", pipeline.ErrInterrupted, l.opts.DrainTimeout)
	}
	return meter.share(), err
}
