package blind

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.yaml.in/yaml/v3"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

var update = flag.Bool("update", false, "rewrite the recorded scores under testdata/scores")

// TestScores plans every corpus schema as `pg2ddb plan` does (inspect,
// profile, read the workload, mapping.Design) and grades every table
// against its verdict: right, acceptable or wrong, and the verdict's
// lookups that neither the base key nor an enabled index serves. It fails
// when a table scores worse than testdata/scores/<schema>.txt records, or
// a recorded served lookup is now unserved; an improvement asks for the
// file to be rewritten with -update.
func TestScores(t *testing.T) {
	var tune, holdout Tally
	var summary []string
	for _, schema := range Schemas() {
		e, err := Expected(schema)
		if err != nil {
			t.Fatal(err)
		}
		p := planSchema(t, schema)
		s := Score(e, p)
		if show := os.Getenv("PG2DDB_BLIND_SHOW"); show != "" {
			// Debugging aid: the planned tables named, as YAML.
			for i := range p.Tables {
				if strings.Contains(","+show+",", ","+p.Tables[i].Source+",") {
					b, _ := yaml.Marshal(p.Tables[i])
					t.Logf("%s", b)
				}
			}
		}
		var buf bytes.Buffer
		if err := WriteScores(&buf, s); err != nil {
			t.Fatal(err)
		}
		t.Logf("\n%s", buf.String())
		tally := s.Tally()
		summary = append(summary, fmt.Sprintf("%-15s %-7s %s", schema, e.Split, tally))
		if e.Split == SplitTune {
			tune.Add(tally)
		} else {
			holdout.Add(tally)
		}

		file := filepath.Join("testdata", "scores", schema+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			t.Errorf("%s: %v (run with -update to record the scores)", schema, err)
			continue
		}
		recorded, err := ReadScores(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		regressions, improvements := Compare(recorded, s)
		for _, r := range regressions {
			t.Errorf("%s: regression: %s", schema, r)
		}
		if len(improvements) > 0 {
			t.Logf("%s: %d improvements; record them with `go test ./internal/testing/blind -run TestScores -update`:\n  %s",
				schema, len(improvements), strings.Join(improvements, "\n  "))
		}
	}
	whole := tune
	whole.Add(holdout)
	summary = append(summary,
		fmt.Sprintf("%-15s %-7s %s", "tune", "", tune),
		fmt.Sprintf("%-15s %-7s %s", "holdout", "", holdout),
		fmt.Sprintf("%-15s %-7s %s", "whole", "", whole))
	t.Logf("scores:\n%s", strings.Join(summary, "\n"))
}

// planSchema builds the schema into a fresh database (copied from a
// template built once per content) and plans it as the CLI does.
func planSchema(t *testing.T, schema string) *plans.Plan {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	db := testenv.NewDatabase(t, "")
	if err := copyTemplate(ctx, t, db, schema); err != nil {
		t.Fatal(err)
	}
	snap, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(ctx)
	cat, err := extract.Inspect(ctx, snap, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	profile, err := extract.ProfileTables(ctx, snap, cat, extract.ProfileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	workload, err := extract.ReadWorkload(ctx, snap, cat)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mapping.Design(ctx, cat, profile, snap, mapping.Options{Database: schema, Workload: workload})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range plans.Validate(p) {
		t.Errorf("%s: the plan does not validate: %v", schema, pr)
	}
	return p
}

// copyTemplate fills db with the schema: it builds the schema once per
// server into a template database named after the hash of its files, and
// replaces db's content by a copy of it.
func copyTemplate(ctx context.Context, t *testing.T, db *testenv.Database, schema string) error {
	t.Helper()
	h := sha256.New()
	for _, f := range []string{"common.sql", "common_end.sql", schema + "/schema.sql", schema + "/data.sql", schema + "/keys.sql"} {
		b, err := files.ReadFile(f)
		if err != nil {
			return err
		}
		h.Write(b)
	}
	tpl := "pg2ddb_tpl_blind_" + schema + "_" + hex.EncodeToString(h.Sum(nil))[:10]
	server := testenv.ServerURL()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1))", tpl); err != nil {
		return err
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtext($1))", tpl) //nolint:errcheck
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)", tpl).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		loading := tpl + "_loading"
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{loading}.Sanitize()+" WITH (FORCE)"); err != nil {
			return err
		}
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{loading}.Sanitize()+" TEMPLATE template0 ENCODING 'UTF8'"); err != nil {
			return err
		}
		u, err := testenv.WithDatabase(server, loading)
		if err != nil {
			return err
		}
		pool, err := pgxpool.New(ctx, u)
		if err != nil {
			return err
		}
		err = Build(ctx, pool, schema)
		pool.Close()
		if err != nil {
			return err
		}
		for _, sql := range []string{
			"ALTER DATABASE " + pgx.Identifier{loading}.Sanitize() + " RENAME TO " + pgx.Identifier{tpl}.Sanitize(),
			"ALTER DATABASE " + pgx.Identifier{tpl}.Sanitize() + " WITH IS_TEMPLATE true",
		} {
			if _, err := admin.Exec(ctx, sql); err != nil {
				return err
			}
		}
	}
	// db is the test's own empty database: recreate it from the template.
	db.Pool.Close()
	if _, err := admin.Exec(ctx, "DROP DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" WITH (FORCE)"); err != nil {
		return err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tpl}.Sanitize()); err != nil {
		return err
	}
	pool, err := pgxpool.New(ctx, db.URL)
	if err != nil {
		return err
	}
	db.Pool = pool
	t.Cleanup(pool.Close)
	return nil
}
