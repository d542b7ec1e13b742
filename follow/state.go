package follow

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/pg2ddb/pg2ddb/item"
)

// State is what a sync records beside the load's checkpoint (PLAN.sync.json):
// the slot and publication it created, whether the initial load finished,
// and the position confirmed to the slot, with per-table counts.
type State struct {
	Version     int    `json:"version"`
	Slot        string `json:"slot"`
	Publication string `json:"publication"`
	// Consistent is the slot's consistent point (the load's snapshot).
	Consistent string `json:"consistent_lsn"`
	// Loaded says the initial load finished: a resume follows the slot.
	Loaded bool `json:"loaded"`
	// Confirmed is the last position confirmed to the slot: every change
	// before it is in DynamoDB. The slot's own confirmed_flush_lsn is the
	// authority; this copy is for people and for --resume's report.
	Confirmed string `json:"confirmed_lsn,omitempty"`
	// Tables counts the changes applied per target table, over all runs.
	Tables map[string]*Counts `json:"tables,omitempty"`
}

// Counts are the changes applied to one table.
type Counts struct {
	Inserts  int64 `json:"inserts"`
	Updates  int64 `json:"updates"`
	Deletes  int64 `json:"deletes"`
	Rejected int64 `json:"rejected"`
}

const stateVersion = 1

// ReadState reads a state file; a missing file is (nil, nil).
func ReadState(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read sync state: %w", err)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("read sync state %s: %w", path, err)
	}
	if s.Version != stateVersion {
		return nil, fmt.Errorf("sync state %s has version %d, want %d", path, s.Version, stateVersion)
	}
	if s.Tables == nil {
		s.Tables = map[string]*Counts{}
	}
	return &s, nil
}

// NewState is the state of a sync that created slot and publication.
func NewState(slot, publication, consistent string) *State {
	return &State{Version: stateVersion, Slot: slot, Publication: publication, Consistent: consistent, Tables: map[string]*Counts{}}
}

// Write replaces the file at path with s, atomically and durably.
func (s *State) Write(path string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("write sync state: %w", err)
	}
	if err := item.WriteFileAtomic(path, append(b, '\n')); err != nil {
		return fmt.Errorf("write sync state: %w", err)
	}
	return nil
}
