package load

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Checkpoint records how far a load got, so that --resume can continue it
// without skipping a row or writing one under a stale key.
//
// The design is a write-ahead claim with a verified prefix:
//
//   - The reader hashes every row it reads (pk, sk, problem, copies and the
//     values, in stream order) into chunks of consecutive positions. Before
//     any row of a chunk goes to a writer, the checkpoint durably records
//     the chunk's end and hash (a claim). So the checkpoint always covers
//     every position that may have reached DynamoDB: the claimed horizon.
//     Claims are written by their own goroutine one chunk ahead of the
//     writers, so the fsync does not stall them.
//   - Next to the claims the checkpoint holds the acknowledged frontier:
//     every row below it is written or in the rejects file (whose lines
//     are fsynced before a checkpoint naming the frontier is written), how
//     many of those rows were rejected, and the last acknowledged key.
//   - It also records, per table, a fingerprint of the plan table and of the
//     row stream's SQL. A resume refuses a table whose plan or stream SQL
//     changed, naming what changed.
//   - A resume opens a new snapshot, reads the same deterministic order from
//     position 0 up to the claimed horizon without writing, and compares
//     each chunk's hash with its claim. Equal hashes mean every row that
//     may have been written is identical in the new snapshot, so it writes
//     on from the acknowledged frontier (rows between frontier and horizon
//     are written again: puts are idempotent). A differing chunk refuses the
//     resume with the chunk's row range. The row count is compared as well.
//
// Only rows that were never claimed may differ between the runs, and those
// were never sent; so a resume either writes exactly what a fresh load of
// the new snapshot would, or refuses.
type Checkpoint struct {
	Version int    `json:"version"`
	Order   string `json:"order"`
	// PlanFile is the plan whose load wrote the checkpoint (its absolute
	// path, Options.PlanPath): a resume with another plan is refused.
	PlanFile string `json:"plan_file,omitempty"`
	// Tables are keyed by target table name.
	Tables map[string]*TableCheckpoint `json:"tables"`
}

// TableCheckpoint is one table's progress.
type TableCheckpoint struct {
	Source string `json:"source"`
	// SourceRows is the table's row count in the load's snapshot, set
	// when the table is done (the load counts rows as it reads them). A
	// resume does not compare counts: it compares the claimed chunks'
	// rows, which is what matters for what was sent.
	SourceRows int64 `json:"source_rows,omitempty"`
	// Plan and Stream fingerprint the plan table and the row stream's SQL.
	Plan   item.PlanFingerprint `json:"plan"`
	Stream string               `json:"stream_sql"`
	// Position is the acknowledged frontier: every row below it is written
	// or rejected (and its reject line is durable).
	Position int64 `json:"position"`
	// Rejected counts the rejected rows below Position.
	Rejected int64 `json:"rejected"`
	// LastKey is the key of the last item written below Position, as the
	// rejects file spells keys (base64 for binary); for people reading the
	// checkpoint.
	LastKey map[string]string `json:"last_key,omitempty"`
	// Chunks are the claimed chunks, contiguous from position 0; the end of
	// the last is the claimed horizon. Dropped once the table is done.
	Chunks []Chunk `json:"chunks,omitempty"`
	Done   bool    `json:"done"`
}

// Horizon is the end of the claimed positions: no row at or beyond it was
// sent to DynamoDB.
func (tc *TableCheckpoint) Horizon() int64 {
	if len(tc.Chunks) == 0 {
		return 0
	}
	return tc.Chunks[len(tc.Chunks)-1].End
}

// written is the number of rows the checkpoint records as written to the
// table: those below the frontier less their rejects (of a done table,
// its rows less its rejects). Rows claimed beyond the frontier are sent
// again by a resume, so they do not count.
func (tc *TableCheckpoint) written() int64 {
	n := tc.Position - tc.Rejected
	if tc.Done && tc.SourceRows > 0 {
		n = tc.SourceRows - tc.Rejected
	}
	return max(n, 0)
}

// Chunk is one claimed range of positions, from the previous chunk's End
// (or 0) to End, and the hash of its rows.
type Chunk struct {
	End  int64
	Hash string
}

// MarshalJSON writes a chunk as "END:HASH", one short line per chunk.
func (c Chunk) MarshalJSON() ([]byte, error) {
	return json.Marshal(strconv.FormatInt(c.End, 10) + ":" + c.Hash)
}

// UnmarshalJSON reads "END:HASH".
func (c *Chunk) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	end, h, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(end, 10, 64)
	if !ok || err != nil || h == "" {
		return fmt.Errorf("chunk %q is not END:HASH", s)
	}
	c.End, c.Hash = n, h
	return nil
}

// defaultChunkRows (Options.ChunkRows) and chunkBytes bound a chunk: it
// ends at whichever comes first. Rows of a chunk wait in memory until its
// claim is durable, so the byte bound keeps tables of large items from
// holding many megabytes; the row bound makes a refusal's range precise.
// The checkpoint records each chunk's end, so a resume cuts at the same
// places whatever the bounds.
const (
	defaultChunkRows int64 = 10000
	chunkBytes             = 4 << 20
)

// checkpointVersion is the version of the checkpoints a fresh load
// writes. Version 4 digests each row with XXH3 (digestXXH3); version 3,
// which a resume still reads and continues as version 3, with SHA-256
// (digestSHA256). Everything else is the same in both.
const checkpointVersion = 4

// rowDigestOf is the row digest of checkpoint version v; nil for a
// version this pg2ddb cannot resume.
func rowDigestOf(v int) rowDigest {
	switch v {
	case 3:
		return digestSHA256
	case 4:
		return digestXXH3
	}
	return nil
}

// streamFingerprint hashes the SQL that streams t's rows in order, read as
// read says (nil: a plain read).
func streamFingerprint(t plans.Table, order extract.Order, read *extract.ReadPlan) (string, error) {
	q, err := extract.ReadSQL(t, order, read)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256([]byte(q))
	return hex.EncodeToString(s[:8]), nil
}

// rowHasher hashes the rows of one chunk as the stream returns them: the
// hash of their digests (appendRowHashInput), in order.
type rowHasher struct {
	h hash.Hash
	// d holds the digest being written: a slice of the argument would
	// escape through the interface and cost an allocation a row.
	d [16]byte
}

func newRowHasher() *rowHasher { return &rowHasher{h: sha256.New()} }

func (r *rowHasher) add(digest [16]byte) {
	r.d = digest
	r.h.Write(r.d[:])
}

// sum returns the chunk's hash and starts the next chunk.
func (r *rowHasher) sum() string {
	s := r.h.Sum(nil)
	r.h.Reset()
	return hex.EncodeToString(s[:16])
}

// ReadCheckpoint reads a checkpoint file; a missing file is (nil, nil).
func ReadCheckpoint(path string) (*Checkpoint, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read checkpoint: %w", err)
	}
	var c Checkpoint
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("read checkpoint %s: %w", path, err)
	}
	if rowDigestOf(c.Version) == nil {
		return nil, fmt.Errorf("checkpoint %s has version %d, want 3 or %d: it was written by another version of pg2ddb, which cannot be resumed safely; load again without --resume", path, c.Version, checkpointVersion)
	}
	if c.Tables == nil {
		c.Tables = map[string]*TableCheckpoint{}
	}
	return &c, nil
}

// acks tracks the contiguous acknowledged prefix of one table's positions
// while workers finish batches out of order. Batches cover contiguous
// ranges [lo, hi) that together tile the positions, so the frontier moves
// over finished ranges and the map holds only ranges finished ahead of it:
// at most the batches in flight. With the frontier it keeps the number of
// rejected rows below it and the last item below it.
type acks struct {
	mu       sync.Mutex
	frontier int64
	rejected int64
	lastKey  map[string]string // from the checkpoint, until an item is acknowledged
	last     item.WireItem
	hasLast  bool
	keyOf    func(*item.WireItem) map[string]string
	ahead    map[int64]ackedRange // by lo, ranges finished beyond frontier
}

// ackedRange is a finished batch: its end, its rejected rows, its last item.
type ackedRange struct {
	hi       int64
	rejected int64
	last     item.WireItem
	hasLast  bool
}

func newAcks(start, rejected int64, lastKey map[string]string, keyOf func(*item.WireItem) map[string]string) *acks {
	return &acks{frontier: start, rejected: rejected, lastKey: lastKey, keyOf: keyOf, ahead: map[int64]ackedRange{}}
}

func (a *acks) done(lo int64, r ackedRange) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if lo != a.frontier {
		a.ahead[lo] = r
		return
	}
	for {
		a.frontier = r.hi
		a.rejected += r.rejected
		if r.hasLast {
			a.last, a.hasLast = r.last, true
		}
		next, ok := a.ahead[a.frontier]
		if !ok {
			return
		}
		delete(a.ahead, a.frontier)
		r = next
	}
}

// state returns the frontier, the rejected rows below it and the key of
// the last item below it.
func (a *acks) state() (frontier, rejected int64, lastKey map[string]string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.hasLast {
		a.lastKey, a.hasLast = a.keyOf(&a.last), false
	}
	return a.frontier, a.rejected, a.lastKey
}

func (a *acks) position() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.frontier
}

// acknowledged reports whether the rejected row r lies below its table's
// acknowledged frontier (every row of a table that is done): a resume keeps
// its line, since the row is not read again.
func (cp *Checkpoint) acknowledged(r item.RejectRecord) bool {
	tc := cp.Tables[r.Table]
	return tc != nil && (tc.Done || r.Position < tc.Position)
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
		if err := l.rejects.Sync(); err != nil {
			return err
		}
	}
	l.mu.Lock()
	b, err := json.MarshalIndent(l.cp, "", "  ")
	l.mu.Unlock()
	if err != nil {
		return fmt.Errorf("write checkpoint: %w", err)
	}
	if err := item.WriteFileAtomic(l.opts.CheckpointPath, append(b, '\n')); err != nil {
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
