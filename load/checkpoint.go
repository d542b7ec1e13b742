package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Checkpoint records how far a load got: per target table, the position in
// the load order below which every row is acknowledged (written, or in the
// rejects file). A resume reads the same deterministic order from a new
// snapshot and skips that many rows; puts are idempotent, so the batches
// that were in flight at a crash are simply written again.
type Checkpoint struct {
	Version int    `json:"version"`
	Order   string `json:"order"`
	// Tables are keyed by target table name.
	Tables map[string]*TableCheckpoint `json:"tables"`
}

// TableCheckpoint is one table's progress.
type TableCheckpoint struct {
	Source string `json:"source"`
	// SourceRows is the table's row count in the snapshot the load began
	// with; a resume refuses a source whose count has changed, since its
	// positions would no longer name the same rows.
	SourceRows int64 `json:"source_rows"`
	Position   int64 `json:"position"`
	Done       bool  `json:"done"`
}

const checkpointVersion = 1

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
	if c.Version != checkpointVersion {
		return nil, fmt.Errorf("checkpoint %s has version %d, want %d", path, c.Version, checkpointVersion)
	}
	if c.Tables == nil {
		c.Tables = map[string]*TableCheckpoint{}
	}
	return &c, nil
}

// write saves c atomically: a temporary file in the same directory, synced,
// then renamed over the old one, so a crash leaves the old or the new
// checkpoint, never half of one.
func (c *Checkpoint) write(path string) error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("write checkpoint: %w", err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write checkpoint: %w", err)
	}
	return nil
}

// acks tracks the contiguous acknowledged prefix of one table's positions
// while workers finish batches out of order. Batches cover contiguous
// ranges [lo, hi) that together tile the positions, so the frontier moves
// over finished ranges and the map holds only ranges finished ahead of it:
// at most the batches in flight.
type acks struct {
	mu       sync.Mutex
	frontier int64
	ahead    map[int64]int64 // lo → hi of finished ranges beyond frontier
}

func newAcks(start int64) *acks { return &acks{frontier: start, ahead: map[int64]int64{}} }

func (a *acks) done(lo, hi int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if lo != a.frontier {
		a.ahead[lo] = hi
		return
	}
	a.frontier = hi
	for {
		next, ok := a.ahead[a.frontier]
		if !ok {
			return
		}
		delete(a.ahead, a.frontier)
		a.frontier = next
	}
}

func (a *acks) position() int64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.frontier
}
