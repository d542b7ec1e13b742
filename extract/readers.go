package extract

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// Parallel readers: a table of at least StreamOptions.MinSplitBlocks heap blocks is split
// into n ranges of blocks, read with TID range scans (`ctid >= '(a,0)' AND
// ctid < '(b,0)'`, PostgreSQL 14 and later) by n connections that joined
// the run's exported snapshot, so every reader sees the same data. The
// first range is read by the snapshot's own connection and handed to the
// interleave as it arrives; the others are read at the same time and
// spooled to local files, which the interleave takes in range order once
// the range before is consumed. Block ranges in order are the heap's
// physical order, the order of the one plain scan they replace: the rows
// come in the same order whatever the number of readers, so a resume may
// use another --readers. A server that cannot export snapshots, a server
// before 14 and a small table get one stream; a range whose connection
// cannot join the snapshot is read on the snapshot's own connection in its
// turn.
const defaultMinSplitBlocks int64 = 1024 // 8 MiB of 8 KiB blocks

// rangeSet is the readers of ranges 1..n-1 of one table; it is owned by the
// Rows that reads range 0, whose Close ends it.
type rangeSet struct {
	s      *Snapshot
	t      plans.Table
	cancel context.CancelFunc
	wg     sync.WaitGroup
	ranges []*spoolRange
	next   int           // the range the interleave reads after the current one
	reader *spill.Reader // the spooled range being read
	live   *Rows         // or a range read on the snapshot's own connection
	// query is the SELECT of the rows where a condition holds (the plain
	// read's, or the read through an index), and set the SET LOCAL a
	// reader runs first.
	query func(where string) (string, error)
	set   string
}

// spoolRange is one range's spool file, complete when done is closed.
// unjoined says its reader could not join the snapshot: the range is then
// read on the snapshot's own connection when its turn comes.
type spoolRange struct {
	where    string
	done     chan struct{}
	err      error
	unjoined bool
	w        *spill.Writer
}

// splitBlocks returns the first block of each of n ranges of t's heap, or
// nil when the table should be read by one stream: fewer than n readers
// possible, no exported snapshot, a server before PostgreSQL 14, or a small
// table.
func splitBlocks(ctx context.Context, s *Snapshot, t plans.Table, n int, minBlocks int64) ([]int64, error) {
	if minBlocks <= 0 {
		minBlocks = defaultMinSplitBlocks
	}
	if s.pool != nil {
		// Joining waits for a free connection of the pool: ask only for
		// those that are free now, so a read never waits on itself.
		st := s.pool.Stat()
		n = min(n, 1+int(st.MaxConns()-st.AcquiredConns()))
	}
	if n < 2 || s.ID == "" || s.pool == nil {
		return nil, nil
	}
	from, err := SourceIdent(t.Source)
	if err != nil {
		return nil, err
	}
	var version int
	var blocks int64
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT current_setting('server_version_num')::int, pg_relation_size($1::regclass) / current_setting('block_size')::bigint", from).Scan(&version, &blocks)
	})
	if err != nil {
		return nil, fmt.Errorf("size of %s: %w", t.Source, err)
	}
	if version < 140000 || blocks < minBlocks {
		return nil, nil
	}
	starts := make([]int64, n)
	for i := range starts {
		starts[i] = blocks * int64(i) / int64(n)
	}
	return starts, nil
}

// ctidRange is the WHERE condition of the blocks from lo to hi (hi < 0: to
// the end, which also covers blocks added since the size was read; their
// rows are not in the snapshot anyway).
func ctidRange(lo, hi int64) string {
	tid := func(b int64) string { return "'(" + strconv.FormatInt(b, 10) + ",0)'::tid" }
	switch {
	case lo == 0 && hi >= 0:
		return "ctid < " + tid(hi)
	case hi < 0:
		return "ctid >= " + tid(lo)
	}
	return "ctid >= " + tid(lo) + " AND ctid < " + tid(hi)
}

// ctidRanges are the conditions of the block ranges that start at starts.
func ctidRanges(starts []int64) []string {
	out := make([]string, len(starts))
	for i := range starts {
		hi := int64(-1)
		if i+1 < len(starts) {
			hi = starts[i+1]
		}
		out[i] = ctidRange(starts[i], hi)
	}
	return out
}

// startRanges starts reading the ranges after the first (wheres[1:], read
// with query, after set) into spool files, each on a connection that joins
// s's snapshot. The joins run while the first range is read (a join may
// open a connection, and the first write should not wait for it); a range
// whose reader cannot join is read on s's own connection in its turn.
// join opens a reader's connection (Join, unless a test replaces it).
func startRanges(ctx context.Context, s *Snapshot, t plans.Table, wheres []string, query func(string) (string, error), set string, join func(context.Context, *pgxpool.Pool, string) (*Snapshot, error), spillDir string) (*rangeSet, error) {
	if join == nil {
		join = Join
	}
	rctx, cancel := context.WithCancel(ctx)
	rs := &rangeSet{s: s, t: t, cancel: cancel, query: query, set: set}
	for i := 1; i < len(wheres); i++ {
		sr := &spoolRange{where: wheres[i], done: make(chan struct{})}
		rs.ranges = append(rs.ranges, sr)
		rs.wg.Add(1)
		go func() {
			defer rs.wg.Done()
			defer close(sr.done)
			j, err := join(rctx, s.pool, s.ID)
			if err != nil {
				sr.unjoined = rctx.Err() == nil
				sr.err = err
				return
			}
			defer j.Close(rctx)
			sr.err = rs.spool(rctx, j, i, sr, spillDir)
		}()
	}
	return rs, nil
}

// spool reads one range in its own snapshot connection into a spool file.
func (rs *rangeSet) spool(ctx context.Context, s *Snapshot, n int, sr *spoolRange, spillDir string) error {
	t := rs.t
	q, err := rs.query(sr.where)
	if err != nil {
		return err
	}
	if _, err := s.Tx().Exec(ctx, rs.set); err != nil {
		return fmt.Errorf("read %s, range %d: %w", t.Source, n, err)
	}
	rows, err := s.Tx().Query(ctx, q, plainFormats(t))
	if err != nil {
		return fmt.Errorf("read %s, range %d: %w", t.Source, n, err)
	}
	r := newRows(rows, len(t.Attributes))
	r.decodeRaw(t)
	defer r.Close()
	w, err := spill.Create(spillDir)
	if err != nil {
		return err
	}
	sr.w = w
	for {
		rec, ok, err := r.rawRecord()
		if err != nil {
			return fmt.Errorf("read %s, range %d: %w", t.Source, n, err)
		}
		if !ok {
			return nil
		}
		if _, err := w.Write(rec); err != nil {
			return err
		}
	}
}

// nextRecord reads the spooled ranges in order, waiting for each to be
// complete; ok is false after the last.
func (rs *rangeSet) nextRecord(ctx context.Context) (spill.Record, bool, error) {
	for {
		if rs.live != nil {
			rec, ok, err := rs.live.rawRecord()
			if ok || err != nil {
				return rec, ok, err
			}
			rs.live.Close()
			if err := rs.live.Err(); err != nil {
				return spill.Record{}, false, err
			}
			rs.live = nil
		}
		if rs.reader != nil {
			rec, ok, err := rs.reader.Next()
			if ok || err != nil {
				return rec, ok, err
			}
			rs.reader.Close()
			rs.reader = nil
		}
		if rs.next >= len(rs.ranges) {
			return spill.Record{}, false, nil
		}
		sr := rs.ranges[rs.next]
		select {
		case <-sr.done:
		case <-ctx.Done():
			return spill.Record{}, false, ctx.Err()
		}
		rs.next++
		if sr.unjoined {
			// Read in turn on the snapshot's own connection, inside the
			// read's savepoint, whose first range is finished.
			q, err := rs.query(sr.where)
			if err != nil {
				return spill.Record{}, false, err
			}
			rows, err := rs.s.Tx().Query(ctx, q, plainFormats(rs.t))
			if err != nil {
				return spill.Record{}, false, fmt.Errorf("read %s: %w", rs.t.Source, err)
			}
			rs.live = newRows(rows, len(rs.t.Attributes))
			rs.live.decodeRaw(rs.t)
			continue
		}
		if sr.err != nil {
			return spill.Record{}, false, sr.err
		}
		rd, err := sr.w.Reader()
		if err != nil {
			return spill.Record{}, false, err
		}
		sr.w = nil
		rs.reader = rd
	}
}

// close stops the readers, waits for them and closes the spool files
// (unlinked when created).
func (rs *rangeSet) close() error {
	rs.cancel()
	rs.wg.Wait()
	if rs.live != nil {
		rs.live.Close()
	}
	if rs.reader != nil {
		rs.reader.Close()
	}
	for _, sr := range rs.ranges {
		if sr.w != nil {
			sr.w.Close()
		}
	}
	return nil
}
