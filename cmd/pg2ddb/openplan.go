package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// openedPlan is a plan checked against the live source: the snapshot every
// later read of the command comes from, and the differences found.
type openedPlan struct {
	plan *plans.Plan
	pool *pgxpool.Pool
	snap *extract.Snapshot
	// began is when the snapshot was taken (just before it was opened),
	// the origin of the snapshot age a load warns about.
	began time.Time
	// added lists harmless differences (new columns) to mention.
	added []plans.Difference
}

func (o *openedPlan) close(ctx context.Context) {
	if o.snap != nil {
		o.snap.Close(ctx)
	}
	if o.pool != nil {
		o.pool.Close()
	}
}

// openPlan reads and validates the plan file, connects to the source, opens
// a read-only snapshot and refuses the plan if its tables or columns were
// dropped or retyped since it was written. only, when not empty, keeps the
// plan's tables whose source or target is in it (unknown names are an error).
func (a *app) openPlan(ctx context.Context, path string, only []string) (*openedPlan, error) {
	p, err := plans.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if p.Tables, err = p.Select(only); err != nil {
		return nil, err
	}
	pool, err := a.source.connect(ctx)
	if err != nil {
		return nil, err
	}
	o := &openedPlan{plan: p, pool: pool, began: time.Now()}
	// The plan's tables are locked (ACCESS SHARE) for the whole run, so
	// a TRUNCATE by another session waits rather than empty a table not
	// yet read.
	sources := make([]string, len(p.Tables))
	for i, t := range p.Tables {
		sources[i] = t.Source
	}
	o.snap, err = extract.BeginLocked(ctx, pool, sources)
	if err != nil {
		o.close(ctx)
		return nil, err
	}
	diffs, err := checkLive(ctx, o.snap, p, path)
	if err != nil {
		o.close(ctx)
		return nil, err
	}
	o.added = diffs
	return o, nil
}

// checkLive compares the plan at path with the source's tables in the
// snapshot. A refusal names where the plan names what is missing, and when
// the plan was made on another database than the source's, both: a plan
// of staging pointed at production is told apart from a database that
// changed under the plan.
func checkLive(ctx context.Context, s *extract.Snapshot, p *plans.Plan, path string) ([]plans.Difference, error) {
	live, database, err := liveColumns(ctx, s, p)
	if err != nil {
		return nil, err
	}
	diffs, err := plans.CheckLive(p, live)
	var drift *plans.DriftError
	if !errors.As(err, &drift) {
		if err != nil {
			return nil, fmt.Errorf("plan %s: %w", path, err)
		}
		return diffs, nil
	}
	if data, rerr := os.ReadFile(path); rerr == nil {
		drift.Locate(plans.NewLocator(data))
	}
	if p.Source.Database != "" && p.Source.Database != database {
		msgs := make([]string, len(drift.Differences))
		for i, d := range drift.Differences {
			msgs[i] = d.String()
		}
		return nil, fmt.Errorf("plan %s was made on database %s, and the source is database %s, which does not have what it names: %s (point --source at %s, or make a plan of %s)",
			path, p.Source.Database, database, strings.Join(msgs, "; "), p.Source.Database, database)
	}
	return nil, fmt.Errorf("plan %s: %w", path, drift)
}

// liveColumns inspects the plan's source tables in the snapshot and returns
// their columns as plans.CheckLive takes them, and the database's name. A table that no longer
// exists is simply absent, which CheckLive reports as dropped.
func liveColumns(ctx context.Context, s *extract.Snapshot, p *plans.Plan) (map[plans.TableName][]plans.LiveColumn, string, error) {
	// The whole catalog is inspected rather than the plan's schemas, since a
	// schema dropped since the plan was made must show up as its tables
	// dropped, not as an error that hides the other differences.
	sc, err := extract.Inspect(ctx, s, extract.InspectOptions{})
	if err != nil {
		return nil, "", err
	}
	live := map[plans.TableName][]plans.LiveColumn{}
	for _, t := range sc.Tables {
		cols := make([]plans.LiveColumn, len(t.Columns))
		for i, c := range t.Columns {
			cols[i] = plans.LiveColumn{Name: c.Name, PGType: c.BaseType}
		}
		live[plans.TableName{Schema: t.Schema, Name: t.Name}] = cols
	}
	return live, sc.Database, nil
}
