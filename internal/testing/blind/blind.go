// Package blind is a blind test corpus for pg2ddb's key design: public
// PostgreSQL schemas (AdventureWorks, the airlines demo, Harbor, Kanboard, Lemmy, listmonk,
// Mastodon, Mattermost, miniflux, MusicBrainz, OpenStreetMap, Synapse, Temporal, TPC-DS,
// TPC-H, Umami), cut down to realistic subsets, with
// deterministic generated data and, for every table, the key design a
// DynamoDB data-modelling expert expects. The verdicts were written from the
// schemas and the meaning of their data before any planner run, by someone
// who had not seen the planner's output; they measure the planner's judgement
// on schemas nobody tuned its rules for.
//
// Each schema lives in a directory of its own: schema.sql (types and tables),
// data.sql (INSERT … SELECT over generate_series; every value a function of
// the row number, no random()), keys.sql (primary keys, unique constraints,
// foreign keys and indexes, added after the data as the sources do),
// expected.yaml (the verdicts) and SOURCE.md (where the DDL comes from and how
// it was cut down). README.md describes the corpus, the
// tune/holdout/holdout2/holdout3/holdout4/holdout5/holdout6 split and the verdict format.
//
// Score grades a plan's tables against the verdicts (right, acceptable,
// wrong, lookups unserved); TestScores plans every schema as `pg2ddb plan`
// does and compares the grades with testdata/scores. NewDatabase gives a
// test a database holding one schema, copied from a template built once;
// cmd/pg2ddb's TestBlindEndToEnd takes every schema through the CLI with it.
//
// It is test machinery: pg2ddb itself never imports it.
package blind

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.yaml.in/yaml/v3"
)

//go:embed common.sql common_end.sql */schema.sql */data.sql */keys.sql */expected.yaml
var files embed.FS

// Splits are the values of Expectation.Split.
const (
	// SplitTune marks a schema whose results may be looked at while the
	// planner's rules are changed.
	SplitTune = "tune"
	// SplitHoldout marks a schema kept back to measure the rules on schemas
	// they were not tuned on.
	SplitHoldout = "holdout"
	// SplitHoldout2 marks a schema added as a fresh holdout after the first
	// holdout had been looked at during tuning: its results are only measured.
	SplitHoldout2 = "holdout2"
	// SplitHoldout3 marks a schema added as a third fresh holdout, its
	// verdicts committed before any planner run on it: its results are only
	// measured.
	SplitHoldout3 = "holdout3"
	// SplitHoldout4 marks a schema added as a fourth fresh holdout (miniflux,
	// temporal, harbor, umami), its verdicts committed before any planner run
	// on it: its results are only measured.
	SplitHoldout4 = "holdout4"
	// SplitHoldout5 marks a schema added as a fifth fresh holdout, its
	// verdicts committed before any planner run on it: its results are only
	// measured.
	SplitHoldout5 = "holdout5"
	// SplitHoldout6 marks a schema added as a sixth fresh holdout, its
	// verdicts committed before any planner run on it: its results are only
	// measured.
	SplitHoldout6 = "holdout6"
)

// Splits lists every split, in the order they were added.
var Splits = []string{SplitTune, SplitHoldout, SplitHoldout2, SplitHoldout3, SplitHoldout4, SplitHoldout5, SplitHoldout6}

// Expectation is the expected design of every table of one corpus schema
// (expected.yaml).
type Expectation struct {
	// Schema is the corpus schema's name (its directory).
	Schema string `yaml:"schema"`
	// Split is one of Splits.
	Split string `yaml:"split"`
	// Tables holds one verdict per table of the built database.
	Tables []TableVerdict `yaml:"tables"`
}

// TableVerdict is the expert's design of one table.
type TableVerdict struct {
	// Table is schema.table as PostgreSQL names it (lower case unless the
	// source quotes it).
	Table string `yaml:"table"`
	// PartitionKey lists the partition key's columns in order.
	PartitionKey []string `yaml:"partition_key"`
	// SortKey lists the leading columns of the sort key; more columns may
	// follow as a tiebreak. Empty: the partition key alone identifies a row.
	SortKey []string `yaml:"sort_key"`
	// Acceptable lists other designs an expert would accept.
	Acceptable []Design `yaml:"acceptable"`
	// NeverPartitionKey lists columns that must never be (part of) the
	// partition key: sequence-style ids and surrogates of other tables.
	NeverPartitionKey []string `yaml:"never_partition_key"`
	// Lookups lists access paths that must be served, by the base key or
	// an index: each the columns of an equality lookup.
	Lookups [][]string `yaml:"lookups"`
	// Skip says the table cannot or should not be migrated.
	Skip bool `yaml:"skip"`
	// Rule names the expert rule the verdict follows.
	Rule string `yaml:"rule"`
	// Why is the reasoning, with its evidence.
	Why string `yaml:"why"`
}

// Design is a partition key and the leading columns of a sort key.
type Design struct {
	PartitionKey []string `yaml:"partition_key"`
	SortKey      []string `yaml:"sort_key"`
}

// Columns returns every column the verdict names, once each, sorted.
func (v TableVerdict) Columns() []string {
	seen := map[string]bool{}
	add := func(cols []string) {
		for _, c := range cols {
			seen[c] = true
		}
	}
	add(v.PartitionKey)
	add(v.SortKey)
	for _, d := range v.Acceptable {
		add(d.PartitionKey)
		add(d.SortKey)
	}
	add(v.NeverPartitionKey)
	for _, l := range v.Lookups {
		add(l)
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Schemas returns the names of the corpus schemas, sorted.
func Schemas() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

func known(schema string) bool {
	for _, s := range Schemas() {
		if s == schema {
			return true
		}
	}
	return false
}

// Build creates the schema's types, tables and data in the database pool
// points at, which should be empty: schema.sql, then data.sql in one session
// (its helpers live in pg_temp), then keys.sql, then ANALYZE.
func Build(ctx context.Context, pool *pgxpool.Pool, schema string) error {
	if !known(schema) {
		return fmt.Errorf("blind: unknown schema %q (have %s)", schema, strings.Join(Schemas(), ", "))
	}
	read := func(name string) (string, error) {
		b, err := files.ReadFile(name)
		if err != nil {
			return "", fmt.Errorf("blind: %w", err)
		}
		return string(b), nil
	}
	steps := []struct {
		what  string
		files []string
	}{
		{"schema", []string{path.Join(schema, "schema.sql")}},
		{"data", []string{"common.sql", path.Join(schema, "data.sql"), "common_end.sql"}},
		{"keys", []string{path.Join(schema, "keys.sql")}},
	}
	for _, step := range steps {
		var sql strings.Builder
		for _, f := range step.files {
			s, err := read(f)
			if err != nil {
				return err
			}
			sql.WriteString(s)
			sql.WriteString("\n")
		}
		// No arguments: pgx sends the file with the simple protocol, so one
		// Exec runs all its statements, in one session and one implicit
		// transaction.
		if _, err := pool.Exec(ctx, sql.String()); err != nil {
			return fmt.Errorf("blind: build %s (%s): %w", schema, step.what, err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		return fmt.Errorf("blind: build %s (analyze): %w", schema, err)
	}
	return nil
}

// Expected returns the expected designs of the schema's tables.
func Expected(schema string) (*Expectation, error) {
	if !known(schema) {
		return nil, fmt.Errorf("blind: unknown schema %q (have %s)", schema, strings.Join(Schemas(), ", "))
	}
	b, err := files.ReadFile(path.Join(schema, "expected.yaml"))
	if err != nil {
		return nil, fmt.Errorf("blind: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var e Expectation
	if err := dec.Decode(&e); err != nil {
		return nil, fmt.Errorf("blind: %s/expected.yaml: %w", schema, err)
	}
	if err := e.validate(schema); err != nil {
		return nil, fmt.Errorf("blind: %s/expected.yaml: %w", schema, err)
	}
	return &e, nil
}

func (e *Expectation) validate(schema string) error {
	var errs []error
	if e.Schema != schema {
		errs = append(errs, fmt.Errorf("schema is %q, want %q", e.Schema, schema))
	}
	if !slices.Contains(Splits, e.Split) {
		errs = append(errs, fmt.Errorf("split is %q, want one of %s", e.Split, strings.Join(Splits, ", ")))
	}
	if len(e.Tables) == 0 {
		errs = append(errs, errors.New("no tables"))
	}
	seen := map[string]bool{}
	for _, v := range e.Tables {
		if !strings.Contains(v.Table, ".") {
			errs = append(errs, fmt.Errorf("table %q is not schema.table", v.Table))
		}
		if seen[v.Table] {
			errs = append(errs, fmt.Errorf("table %s listed twice", v.Table))
		}
		seen[v.Table] = true
		if !v.Skip && len(v.PartitionKey) == 0 {
			errs = append(errs, fmt.Errorf("%s: no partition key and not skipped", v.Table))
		}
		if v.Rule == "" || v.Why == "" {
			errs = append(errs, fmt.Errorf("%s: rule and why are required", v.Table))
		}
		for _, c := range v.PartitionKey {
			for _, n := range v.NeverPartitionKey {
				if c == n {
					errs = append(errs, fmt.Errorf("%s: partition key column %s is listed as never a partition key", v.Table, c))
				}
			}
		}
		for _, d := range v.Acceptable {
			if len(d.PartitionKey) == 0 {
				errs = append(errs, fmt.Errorf("%s: an acceptable design has no partition key", v.Table))
			}
			for _, c := range d.PartitionKey {
				for _, n := range v.NeverPartitionKey {
					if c == n {
						errs = append(errs, fmt.Errorf("%s: acceptable partition key column %s is listed as never a partition key", v.Table, c))
					}
				}
			}
		}
	}
	return errors.Join(errs...)
}

// Table returns the verdict of the named table, or nil.
func (e *Expectation) Table(name string) *TableVerdict {
	for i := range e.Tables {
		if e.Tables[i].Table == name {
			return &e.Tables[i]
		}
	}
	return nil
}
