package item

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/pg2ddb/pg2ddb/plans"
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

// RejectOf is the record of the row at pos of t, encoded as far as it
// could be into av, that cannot be written for reason.
func RejectOf(t plans.Table, pos int64, av map[string]types.AttributeValue, reason string) RejectRecord {
	return RejectRecord{Table: t.Target, Source: t.Source, Position: pos, Key: KeyOf(t, av).Map(t), Reason: reason, Item: MarshalItem(av)}
}

// RejectsFile appends reject records; workers and the reader share it.
//
// The file is only ever appended to during a run, and sync makes what was
// appended durable; the loader syncs it after reading the acknowledged
// frontier and before writing a checkpoint that names it. Every row below
// the frontier had its line appended before its batch was acknowledged, so
// a checkpoint never claims a rejected row whose line could be lost.
type RejectsFile struct {
	mu    sync.Mutex
	f     *os.File
	w     *bufio.Writer
	path  string
	dirty bool
}

// OpenedRejects is what opening the rejects file did.
type OpenedRejects struct {
	// MovedTo is where a fresh load moved an earlier load's rejects file.
	MovedTo string
	// Kept counts, per target table, the lines a resume kept.
	Kept map[string]int64
}

// OpenRejects opens path for a load; earlier lines are never lost.
//
// A fresh load (keep nil) moves an existing non-empty file aside to the
// next free numbered name (PLAN.rejects.1.jsonl, …) and starts an empty
// one. A resume keeps the lines keep accepts (those below each table's
// acknowledged frontier, all lines of a table that is done) and drops the
// others, since rows from the frontier on are read, and rejected, again;
// it rewrites the file through a temporary file and a rename, so a crash
// leaves the old file or the new one.
func OpenRejects(path string, keep func(RejectRecord) bool) (*RejectsFile, OpenedRejects, error) {
	var res OpenedRejects
	if keep == nil {
		st, err := os.Stat(path)
		switch {
		case err == nil && st.Size() > 0:
			to, err := freeNumberedName(path)
			if err != nil {
				return nil, res, err
			}
			if err := os.Rename(path, to); err != nil {
				return nil, res, fmt.Errorf("move the earlier rejects file aside: %w", err)
			}
			res.MovedTo = to
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return nil, res, fmt.Errorf("open rejects file: %w", err)
		}
		if err := WriteFileAtomic(path, nil); err != nil {
			return nil, res, fmt.Errorf("create rejects file: %w", err)
		}
	} else {
		res.Kept = map[string]int64{}
		var kept bytes.Buffer
		err := ScanRejects(path, func(r RejectRecord, line []byte) {
			if keep(r) {
				kept.Write(line)
				kept.WriteByte('\n')
				res.Kept[r.Table]++
			}
		})
		if err != nil {
			return nil, res, err
		}
		if err := WriteFileAtomic(path, kept.Bytes()); err != nil {
			return nil, res, fmt.Errorf("rewrite rejects file: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, res, fmt.Errorf("open rejects file: %w", err)
	}
	return &RejectsFile{f: f, w: bufio.NewWriter(f), path: path}, res, nil
}

// OpenRejectsFor opens path for a fresh run over some tables (loading
// says whether a target table is one of them): their earlier lines are
// moved aside to the next free numbered name (PLAN.rejects.1.jsonl, …),
// and the lines of every other table stay in path, so that a partial
// reload (load --tables X) never changes what verify counts for a table
// it did not touch. The numbered file is written before path is
// rewritten, so a crash between the two leaves a line in both, never in
// neither.
func OpenRejectsFor(path string, loading func(table string) bool) (*RejectsFile, OpenedRejects, error) {
	var res OpenedRejects
	var moved, kept bytes.Buffer
	err := ScanRejects(path, func(r RejectRecord, line []byte) {
		b := &kept
		if loading(r.Table) {
			b = &moved
		}
		b.Write(line)
		b.WriteByte('\n')
	})
	if err != nil {
		return nil, res, err
	}
	if moved.Len() > 0 {
		to, err := freeNumberedName(path)
		if err != nil {
			return nil, res, err
		}
		if err := WriteFileAtomic(to, moved.Bytes()); err != nil {
			return nil, res, fmt.Errorf("move the earlier rejects aside: %w", err)
		}
		res.MovedTo = to
	}
	if err := WriteFileAtomic(path, kept.Bytes()); err != nil {
		return nil, res, fmt.Errorf("rewrite rejects file: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, res, fmt.Errorf("open rejects file: %w", err)
	}
	return &RejectsFile{f: f, w: bufio.NewWriter(f), path: path}, res, nil
}

// freeNumberedName returns path with the first free number before its
// extension: rejects.jsonl → rejects.1.jsonl, rejects.2.jsonl, …
func freeNumberedName(path string) (string, error) {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 1; ; n++ {
		p := base + "." + strconv.Itoa(n) + ext
		_, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", fmt.Errorf("move the earlier rejects file aside: %w", err)
		}
	}
}

func (r *RejectsFile) Add(rec RejectRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("rejects file: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dirty = true
	r.w.Write(b)
	if err := r.w.WriteByte('\n'); err != nil {
		return fmt.Errorf("write rejects file %s: %w", r.path, err)
	}
	return nil
}

// Sync makes the lines added so far durable.
func (r *RejectsFile) Sync() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.dirty {
		return nil
	}
	if err := r.w.Flush(); err != nil {
		return fmt.Errorf("write rejects file %s: %w", r.path, err)
	}
	if err := r.f.Sync(); err != nil {
		return fmt.Errorf("write rejects file %s: %w", r.path, err)
	}
	r.dirty = false
	return nil
}

func (r *RejectsFile) Close() error {
	err := r.Sync()
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadRejects reads a rejects file; a missing file holds no rejects.
func ReadRejects(path string) ([]RejectRecord, error) {
	var out []RejectRecord
	err := ScanRejects(path, func(r RejectRecord, _ []byte) { out = append(out, r) })
	return out, err
}

// ScanRejects calls fn with every record of the file and its line. A line
// may be as long as its item needs (a rejected row can be far over 400 KB).
// An unterminated last line that is not a record is the tail of a write
// cut short by a crash, and is ignored.
func ScanRejects(path string, fn func(RejectRecord, []byte)) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read rejects: %w", err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("read rejects %s: %w", path, err)
		}
		terminated := bytes.HasSuffix(b, []byte{'\n'})
		b = bytes.TrimRight(b, "\r\n")
		if len(b) > 0 {
			var r RejectRecord
			uerr := json.Unmarshal(b, &r)
			if uerr != nil && !terminated {
				// The unfinished last line of a load that was killed
				// while appending; no checkpoint claims its row.
				return nil
			}
			if uerr != nil {
				return fmt.Errorf("read rejects %s line %d: %w", path, line, uerr)
			}
			fn(r, b)
		}
		if err == io.EOF {
			return nil
		}
	}
}
