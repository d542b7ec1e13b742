package load

import (
	"bytes"
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// reject records a row that cannot be written.
func (l *loader) reject(t plans.Table, pos int64, av map[string]types.AttributeValue, reason string) error {
	if l.rejects == nil {
		return nil
	}
	return l.rejects.Add(item.RejectOf(t, pos, av, reason))
}

// rejectWire records an item DynamoDB refused.
func (l *loader) rejectWire(t plans.Table, it item.WireItem, reason string) error {
	if l.rejects == nil {
		return nil
	}
	return l.rejects.Add(item.RejectRecord{
		Table: t.Target, Source: t.Source, Position: it.Pos, Key: it.Key().Map(t), Reason: reason, Item: bytes.Clone(it.Body),
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
func (l *loader) read(stop, ctx context.Context, src Source, tr *tableRun, enc *item.Encoder, meter *spreadMeter, out chan<- *chunk) error {
	qctx, cancelQuery := context.WithCancel(ctx)
	defer cancelQuery()
	rows, err := src.Rows(qctx, tr.t, extract.StreamOptions{Order: l.opts.Order, Readers: tr.readers, MinSplitBlocks: l.opts.MinSplitBlocks, Read: l.reads[tr.t.Target],
		Tuning: order.Tuning{}.Shared(l.largeAtOnce)})
	if err != nil {
		return err
	}
	frontier := tr.skipped
	stage := newEncodeStage(qctx, rows, enc, frontier, l.digest, l.opts.Encoders)
	finished := false
	defer func() {
		if !finished {
			// Abandon the rest of the result instead of reading it to
			// the end, which Close would otherwise do.
			cancelQuery()
		}
		stage.stop()
		rows.Close()
	}()
	hasher := newRowHasher()
	newJob := func(pos int64) *job {
		return &job{b: &batch{lo: pos, hi: pos, items: (*batchItems.Get().(*[]item.WireItem))[:0]}}
	}
	cur := newJob(frontier)
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
		chunkBuf += j.bytes
		cur = newJob(j.b.hi)
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
	for blk := stage.next(); blk != nil; blk = stage.next() {
		if blk.err != nil {
			return fmt.Errorf("read %s: %w", tr.t.Source, blk.err)
		}
		for i := range blk.rows {
			row := &blk.rows[i]
			pos := row.Pos
			if pos != expect {
				return fmt.Errorf("read %s: row position %d, want %d", tr.t.Source, pos, expect)
			}
			expect++
			hasher.add(blk.digests[i])
			if pos < frontier {
				tr.rechecked.Add(1)
			} else if err := l.readRow(tr, row, blk.items[i], blk.rejs[i], blk.pkHashes[i], blk.ibuf, meter, &cur, closeJob); err != nil {
				return err
			}
			end := pos + 1
			var full bool
			if nChunks < len(tr.claimed) {
				full = end == tr.claimed[nChunks].End
			} else {
				full = end-chunkStart >= chunkLimit(nChunks, l.opts.ChunkRows) || chunkBuf+cur.bytes >= chunkBytes
			}
			if full {
				if stopped, err := closeChunk(end); stopped || err != nil {
					return err
				}
			} else if end%256 == 0 && stop.Err() != nil {
				return nil
			}
		}
		blk.release()
	}
	if err := stage.Err(); err != nil {
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
// times more per chunk up to chunkRows (Options.ChunkRows). No row is sent
// before its chunk is claimed, so the first write waits for the first
// chunk to be read; a small first chunk keeps that wait short (the
// interleave emits round 1 at the pace distinct keys are found, which on
// a table stored key by key is a fraction of the scan's pace). The
// checkpoint records every chunk's end, so a resume cuts at the same
// places.
func chunkLimit(n int, chunkRows int64) int64 {
	limit := int64(256)
	for range n {
		if limit >= chunkRows {
			break
		}
		limit *= 4
	}
	return min(limit, chunkRows)
}

// readRow takes one row from the frontier on, encoded (it, its partition
// key's spreadHash pkHash, its body in ib) or rejected (rej), into the
// current batch, and closes the batch when it is full.
func (l *loader) readRow(tr *tableRun, row *order.Row, it item.WireItem, rej *item.Reject, pkHash uint64, ib *itemBuf, meter *spreadMeter, curp **job, closeJob func()) error {
	cur := *curp
	tr.stats.read.Add(1)
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
	for k := range cur.b.items {
		// By index: a copy of each item was most of this loop's time.
		if cur.b.items[k].ID == it.ID {
			// Never two writes of one key in one call (DynamoDB refuses
			// the call); collisions are rejected above, so this is a
			// guard, not a path.
			closeJob()
			cur = *curp
			break
		}
	}
	cur.b.items = append(cur.b.items, it)
	if n := len(cur.bufs); n == 0 || cur.bufs[n-1] != ib {
		// The batch's items come from consecutive blocks: each block's
		// buffer is held once.
		ib.hold()
		cur.bufs = append(cur.bufs, ib)
	}
	cur.bytes += len(it.Body)
	cur.b.hi = row.Pos + 1
	meter.add(pkHash)
	if len(cur.b.items) == MaxBatchItems {
		closeJob()
	}
	return nil
}
