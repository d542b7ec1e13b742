package load

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
)

// RejectRecord is one line of the rejects file (JSON lines).
type RejectRecord struct {
	Table  string `json:"table"`
	Source string `json:"source"`
	// Position is the row's position in the load order, so a resume can
	// drop the lines it is about to produce again.
	Position int64             `json:"position"`
	Key      map[string]string `json:"key,omitempty"`
	Reason   string            `json:"reason"`
	// Item is the row as far as it could be encoded, in DynamoDB JSON:
	// every column is there, so the source row can be found.
	Item json.RawMessage `json:"item"`
}

// rejectsFile appends reject records; workers and the reader share it.
type rejectsFile struct {
	mu   sync.Mutex
	f    *os.File
	w    *bufio.Writer
	path string
}

// openRejects opens path for a load. A fresh load truncates it. A resume
// keeps the lines below each table's checkpoint position (lines of tables
// not in the checkpoint are dropped), since rows from the position on are
// read, and rejected, again.
func openRejects(path string, resume *Checkpoint) (*rejectsFile, error) {
	var keep [][]byte
	if resume != nil {
		old, err := ReadRejects(path)
		if err != nil {
			return nil, err
		}
		for _, r := range old {
			tc := resume.Tables[r.Table]
			if tc != nil && (tc.Done || r.Position < tc.Position) {
				b, _ := json.Marshal(r)
				keep = append(keep, b)
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("open rejects file: %w", err)
	}
	rf := &rejectsFile{f: f, w: bufio.NewWriter(f), path: path}
	for _, b := range keep {
		rf.w.Write(b)
		rf.w.WriteByte('\n')
	}
	return rf, nil
}

func (r *rejectsFile) add(rec RejectRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("rejects file: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.w.Write(b)
	if err := r.w.WriteByte('\n'); err != nil {
		return fmt.Errorf("write rejects file %s: %w", r.path, err)
	}
	return nil
}

// flush makes the lines written so far durable before a checkpoint claims
// their positions.
func (r *rejectsFile) flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("write rejects file %s: %w", r.path, err)
	}
	return r.f.Sync()
}

func (r *rejectsFile) close() error {
	err := r.flush()
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadRejects reads a rejects file; a missing file holds no rejects.
func ReadRejects(path string) ([]RejectRecord, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read rejects: %w", err)
	}
	defer f.Close()
	var out []RejectRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 8*MaxItemBytes)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var r RejectRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("read rejects %s line %d: %w", path, line, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read rejects %s: %w", path, err)
	}
	return out, nil
}
