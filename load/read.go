package load

import (
	"context"
	"fmt"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// ReadChooser is a Source that can read a table in sort-key order through
// an index of the source instead of a plain scan and a client sort
// (extract.Snapshot.ChooseRead). A Source that is not one always scans.
type ReadChooser interface {
	ChooseRead(ctx context.Context, t plans.Table, o extract.Order, mode extract.ReadMode) (extract.ReadPlan, error)
}

// chooseReads decides how each table is read (nil: a plain read). It is
// decided once, before the load, so the checkpoint's stream fingerprint
// records the read a table used.
func chooseReads(ctx context.Context, src Source, tables []plans.Table, opts Options) ([]*extract.ReadPlan, error) {
	reads := make([]*extract.ReadPlan, len(tables))
	rc, ok := src.(ReadChooser)
	if !ok {
		return reads, nil
	}
	for i, t := range tables {
		p, err := rc.ChooseRead(ctx, t, opts.Order, opts.Read)
		if err != nil {
			return nil, err
		}
		reads[i] = &p
	}
	return reads, nil
}

// pinReads makes a resume read each table as the interrupted load did,
// where that is the other of its two reads (the statistics the choice
// rests on may have changed since): with --read auto only; a forced read
// that differs is refused, saying which read the interrupted load used.
func pinReads(old *Checkpoint, tables []plans.Table, reads []*extract.ReadPlan, streams []string, opts Options) error {
	auto := opts.Read == extract.ReadAuto || opts.Read == ""
	for i, t := range tables {
		tc := old.Tables[t.Target]
		if tc == nil || reads[i] == nil || tc.Stream == streams[i] {
			continue
		}
		flip, ok := reads[i].Flip()
		if !ok {
			continue
		}
		fp, err := streamFingerprint(t, opts.Order, &flip)
		if err != nil {
			return err
		}
		switch {
		case fp != tc.Stream:
		case auto:
			reads[i], streams[i] = &flip, fp
		case flip.Use:
			return fmt.Errorf("resume: the interrupted load read %s through index %s; resume with --read auto or index", t.Source, flip.Index)
		default:
			return fmt.Errorf("resume: the interrupted load read %s with a plain scan; resume with --read auto or scan", t.Source)
		}
	}
	return nil
}

// logReads says how each table is read where there was a choice: an
// ordering index was found (used or not), or --read index found none.
func logReads(tables []plans.Table, reads []*extract.ReadPlan, opts Options) {
	for i, t := range tables {
		if p := reads[i]; p != nil && p.Why != "" && opts.Read != extract.ReadScan && (p.Index != "" || opts.Read == extract.ReadIndex) {
			opts.Logf("%s", p.Describe(t))
		}
	}
}

// readIndex is the index a table was read through ("" for a plain read).
func readIndex(p *extract.ReadPlan) string {
	if p != nil && p.Use {
		return p.Index
	}
	return ""
}
