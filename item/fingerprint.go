package item

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/plans"
)

// PlanFingerprint identifies a plan table by what decides the items a load
// writes. Table hashes the whole canonical form; the parts say which part
// changed, and Attributes lists the attribute names so a refusal can name
// the one that was added or dropped.
type PlanFingerprint struct {
	Table      string            `json:"table"`
	Parts      map[string]string `json:"parts"`
	Attributes []string          `json:"attributes"`
}

// Fingerprint is the fingerprint of t loaded under the plan options o.
// The canonical form is the JSON of the table with the fields that only
// describe (reasons, scores, warnings, estimates, rejected candidates,
// capacity, which applies only when a table is created) cleared, and the
// plan options that shape items. Clearing known descriptive fields rather
// than picking the meaningful ones means a field added to plans.Table later
// counts as meaningful until proven otherwise.
func Fingerprint(t plans.Table, o plans.Options) PlanFingerprint {
	c := t
	c.Warnings, c.Unique, c.Excluded, c.Rejected, c.Estimates, c.Capacity = nil, "", nil, nil, plans.Estimates{}, plans.Capacity{}
	stripKey := func(k *plans.Key) *plans.Key {
		if k == nil {
			return nil
		}
		kk := *k
		kk.Score, kk.Why = 0, nil
		return &kk
	}
	c.PartitionKey = *stripKey(&c.PartitionKey)
	c.SortKey = stripKey(c.SortKey)
	if c.Sharding != nil {
		s := *c.Sharding
		s.Why, s.ReadCost = nil, ""
		c.Sharding = &s
	}
	c.Attributes = slices.Clone(c.Attributes)
	names := make([]string, len(c.Attributes))
	for i := range c.Attributes {
		c.Attributes[i].Note = ""
		names[i] = c.Attributes[i].Name
	}
	o.WriteRate, o.MinDistinct, o.MaxShards, o.TablePrefix = 0, 0, 0, ""
	h := func(v any) string {
		b, err := json.Marshal(v)
		if err != nil {
			// Plan types are plain data; Marshal cannot fail on them.
			panic(err)
		}
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:8])
	}
	return PlanFingerprint{
		Table: h(struct {
			T plans.Table
			O plans.Options
		}{c, o}),
		Parts: map[string]string{
			"source":        h(c.Source),
			"target":        h(c.Target),
			"partition key": h(c.PartitionKey),
			"sort key":      h(c.SortKey),
			"sharding":      h(c.Sharding),
			"duplicates":    h(c.Duplicates),
			"attributes":    h(c.Attributes),
			"options":       h(o),
		},
		Attributes: names,
	}
}

// Diff says what changed from old to f, in words; "" when nothing did.
func (f PlanFingerprint) Diff(old PlanFingerprint) string {
	if f.Table == old.Table {
		return ""
	}
	var what []string
	for _, part := range []string{"source", "target", "partition key", "sort key", "sharding", "duplicates", "options"} {
		if f.Parts[part] != old.Parts[part] {
			what = append(what, "the "+part+" changed")
		}
	}
	if f.Parts["attributes"] != old.Parts["attributes"] {
		var added, dropped []string
		for _, n := range f.Attributes {
			if !slices.Contains(old.Attributes, n) {
				added = append(added, strconv.Quote(n))
			}
		}
		for _, n := range old.Attributes {
			if !slices.Contains(f.Attributes, n) {
				dropped = append(dropped, strconv.Quote(n))
			}
		}
		if len(dropped) > 0 {
			what = append(what, "attribute "+strings.Join(dropped, ", ")+" dropped")
		}
		if len(added) > 0 {
			what = append(what, "attribute "+strings.Join(added, ", ")+" added")
		}
		if len(added) == 0 && len(dropped) == 0 {
			what = append(what, "the attributes changed")
		}
	}
	if len(what) == 0 {
		what = append(what, "the table's definition changed")
	}
	return strings.Join(what, "; ")
}

// WriteFileAtomic replaces path with b through a synced temporary file in
// the same directory and a rename, then syncs the directory so the rename
// itself survives a power cut.
func WriteFileAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
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
		return err
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
