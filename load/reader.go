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
		return &job{b: &batch{lo: pos, hi: pos, items: make([]item.WireItem, 0, MaxBatchItems), buf: make([]byte, 0, bufSize)}}
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
func (l *loader) readRow(tr *tableRun, enc *item.Encoder, row *order.Row, meter *spreadMeter, curp **job, closeJob func()) error {
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
		if dup = o.ID == it.ID; dup {
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
