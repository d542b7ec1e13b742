package extract

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

// SetSpill sets the interleave's spill sizes for a test and returns a
// function that restores them.
func SetSpill(rounds int, tail int64) (restore func()) {
	r, m := spillRounds, memTail
	spillRounds, memTail = rounds, tail
	return func() { spillRounds, memTail = r, m }
}

// SetCollisionMemory sets how many key hashes a collision count keeps in
// memory before it spills, for a test; it returns the restore function.
func SetCollisionMemory(n int) (restore func()) {
	old := collisionMemory
	collisionMemory = n
	return func() { collisionMemory = old }
}

// Scanning reports whether rows' plain scan of the source is still
// running: true after a row was returned means the row was emitted before
// the scan ended.
func Scanning(rows *Rows) bool { return rows.il != nil && rows.il.src != nil }

// SourceRowsRead is the number of source rows rows' scan has read so far.
func SourceRowsRead(rows *Rows) int64 { return rows.il.scanned }

// SetMinSplitBlocks sets the table size from which reads are split.
func SetMinSplitBlocks(n int64) (restore func()) {
	old := minSplitBlocks
	minSplitBlocks = n
	return func() { minSplitBlocks = old }
}

// Readers is the number of connections reading rows' table.
func Readers(rows *Rows) int {
	if rows.ranges == nil {
		return 1
	}
	return 1 + len(rows.ranges.ranges)
}

// FailJoins makes every reader's join fail until restore is called.
func FailJoins() (restore func()) {
	old := joinReader
	joinReader = func(context.Context, *pgxpool.Pool, string) (*Snapshot, error) {
		return nil, errors.New("join refused (test)")
	}
	return func() { joinReader = old }
}
