package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/cmd/bench/gen"
	"github.com/pg2ddb/pg2ddb/follow"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/plans"
)

// figure7 measures sync (issue 23), side by side in each run, against a
// PostgreSQL server with wal_level=logical (PG2DDB_TEST_LOGICAL_DATABASE)
// and the count-only simulator:
//
//   - 7: changes applied per second ÷ the rate a generator produces, at a
//     steady SyncRate changes/s for SyncFor (updates of random rows in
//     transactions of a hundredth of a second's changes); applied is the
//     generated count over the time until the slot confirmed the last one;
//   - 7-burst: the catch-up time after a burst of SyncBurst changes written
//     as fast as the server takes them (transactions of 1,000): from the
//     burst's last commit to the slot's confirmation of it;
//   - 7-max: changes per second applied through the burst (its changes
//     over the time from its first write to its confirmation).
func (b *bench) figure7(ctx context.Context) []Figure {
	f := Figure{ID: "7", Name: fmt.Sprintf("sync: applied ÷ generated, %s changes/s", plans.Thousands(int64(b.c.SyncRate))), Unit: "×", Op: ">=", Target: 0.95}
	burst := Figure{ID: "7-burst", Name: fmt.Sprintf("sync: catch-up after a burst of %s changes", plans.Thousands(int64(b.c.SyncBurst))), Unit: "s"}
	peak := Figure{ID: "7-max", Name: "sync: changes/s applied through the burst", Unit: " changes/s"}
	fail := func(err error) []Figure {
		f.Error = err.Error()
		return []Figure{f, burst, peak}
	}
	server := os.Getenv("PG2DDB_TEST_LOGICAL_DATABASE")
	if server == "" {
		return fail(errors.New("figure 7 needs PostgreSQL with wal_level=logical: set PG2DDB_TEST_LOGICAL_DATABASE (scripts/services.sh does)"))
	}
	for i := range b.c.Runs {
		r, err := b.syncRun(ctx, server, i)
		if err != nil {
			return fail(err)
		}
		f.Samples = append(f.Samples, r["applied_per_s"]/r["generated_per_s"])
		burst.Samples = append(burst.Samples, r["catch_up_s"])
		peak.Samples = append(peak.Samples, r["burst_applied_per_s"])
		f.Runs = append(f.Runs, r)
		f.Detail = fmt.Sprintf("%.0f changes/s applied, %.0f/s generated (%.0f changes, %.0f puts); after the steady run the slot was %.2f s behind",
			r["applied_per_s"], r["generated_per_s"], r["generated"], r["steady_puts"], r["steady_residual_s"])
		burst.Detail = fmt.Sprintf("burst written in %.2f s (%.0f changes/s), applied %.2f s after its last commit", r["burst_write_s"], r["burst"]/r["burst_write_s"], r["catch_up_s"])
		peak.Detail = fmt.Sprintf("%.0f changes over %.2f s, written as %.0f puts (one per item per window)", r["burst"], r["burst_write_s"]+r["catch_up_s"], r["burst_puts"])
	}
	return []Figure{f, burst, peak}
}

// syncRun is one run of figure 7: a fresh database, a sync that loads it
// and then follows the generator.
func (b *bench) syncRun(ctx context.Context, server string, run int) (map[string]float64, error) {
	const rows = 20000
	name := "pg2ddb_bench_sync"
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		return nil, err
	}
	defer admin.Close(context.WithoutCancel(ctx))
	// A slot left by an interrupted run keeps the database from being
	// dropped.
	if _, err := admin.Exec(ctx, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = $1 AND NOT active", name); err != nil {
		return nil, err
	}
	for _, q := range []string{"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)", "CREATE DATABASE " + name} {
		if _, err := admin.Exec(ctx, q); err != nil {
			return nil, err
		}
	}
	url, err := gen.WithDatabase(server, name)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	for _, q := range []string{
		`CREATE TABLE events (id bigint PRIMARY KEY, kind text NOT NULL, n bigint NOT NULL, note text)`,
		`ALTER TABLE events REPLICA IDENTITY FULL`,
		fmt.Sprintf(`INSERT INTO events SELECT i, 'k' || (i %% 7), 0, md5(i::text) FROM generate_series(1, %d) i`, rows),
		`ANALYZE events`,
	} {
		if _, err := pool.Exec(ctx, q); err != nil {
			return nil, err
		}
	}
	plan := filepath.Join(b.c.work, fmt.Sprintf("sync-%d.yaml", run))
	if _, err := runChild(ctx, b.c.work, nil, b.logPath("plan-sync"), b.c.bin, "plan", "--source", url, "-o", plan); err != nil {
		return nil, err
	}
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return nil, err
	}
	defer sim.Close()
	logf("figure 7 run %d: sync of %s rows, then %s changes/s for %s, then a burst of %s", run, plans.Thousands(rows), plans.Thousands(int64(b.c.SyncRate)), b.c.SyncFor, plans.Thousands(int64(b.c.SyncBurst)))
	logFile, err := os.Create(b.logPath(fmt.Sprintf("sync-%d", run)))
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	cmd := exec.CommandContext(ctx, b.c.bin, "sync", plan, "--source", url, "--endpoint-url", sim.URL(), "--workers", strconv.Itoa(b.c.Workers), "--progress", "log", "--progress-every", "1s")
	cmd.Env = baseEnv()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)                                                                                              //nolint:errcheck
		cmd.Wait()                                                                                                                    //nolint:errcheck
		runChild(context.WithoutCancel(ctx), b.c.work, nil, b.logPath("sync-drop"), b.c.bin, "sync", plan, "--source", url, "--drop") //nolint:errcheck
		admin.Exec(context.WithoutCancel(ctx), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")                                       //nolint:errcheck
	}()
	deadline := time.Now().Add(5 * time.Minute)
	for st, _ := follow.ReadState(plan + ".sync.json"); st == nil || !st.Loaded; st, _ = follow.ReadState(plan + ".sync.json") {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("figure 7: the initial load did not finish (log in %s)", logFile.Name())
		}
		time.Sleep(50 * time.Millisecond)
	}
	out := map[string]float64{}
	puts := func() float64 {
		var n int64
		for _, t := range sim.Stats().Tables {
			n += t.AcceptedPuts
		}
		return float64(n)
	}
	loaded := puts()
	rng := rand.New(rand.NewPCG(uint64(run), 7))
	update := func(n int) error {
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = 1 + rng.Int64N(rows)
		}
		_, err := pool.Exec(ctx, "UPDATE events SET n = n + 1 WHERE id = ANY($1)", ids)
		return err
	}
	// Steady: a hundredth of a second's changes every 10 ms.
	per := max(1, b.c.SyncRate/100)
	start := time.Now()
	var generated int
	for tick := time.NewTicker(10 * time.Millisecond); time.Since(start) < b.c.SyncFor; <-tick.C {
		if err := update(per); err != nil {
			return nil, err
		}
		generated += per
	}
	genTime := time.Since(start)
	residual, err := waitConfirmed(ctx, pool, name)
	if err != nil {
		return nil, err
	}
	out["generated"] = float64(generated)
	out["generated_per_s"] = float64(generated) / genTime.Seconds()
	out["applied_per_s"] = float64(generated) / (genTime + residual).Seconds()
	out["steady_residual_s"] = residual.Seconds()
	steadyPuts := puts()
	out["steady_puts"] = steadyPuts - loaded
	// Burst: as fast as the server takes them.
	start = time.Now()
	for done := 0; done < b.c.SyncBurst; done += 1000 {
		if err := update(min(1000, b.c.SyncBurst-done)); err != nil {
			return nil, err
		}
	}
	burstWrite := time.Since(start)
	catchUp, err := waitConfirmed(ctx, pool, name)
	if err != nil {
		return nil, err
	}
	out["burst"] = float64(b.c.SyncBurst)
	out["burst_write_s"] = burstWrite.Seconds()
	out["catch_up_s"] = catchUp.Seconds()
	out["burst_applied_per_s"] = float64(b.c.SyncBurst) / (burstWrite + catchUp).Seconds()
	// Updates of the same row within one window are one write: the puts
	// say how many writes the burst's changes came to.
	out["burst_puts"] = puts() - steadyPuts
	return out, nil
}

// waitConfirmed waits until the database's slot confirmed the current WAL
// position and returns how long that took.
func waitConfirmed(ctx context.Context, pool *pgxpool.Pool, db string) (time.Duration, error) {
	start := time.Now()
	var target string
	if err := pool.QueryRow(ctx, "SELECT pg_current_wal_lsn()::text").Scan(&target); err != nil {
		return 0, err
	}
	for time.Since(start) < 10*time.Minute {
		var done bool
		err := pool.QueryRow(ctx, "SELECT coalesce(bool_and(confirmed_flush_lsn >= $1::pg_lsn), false) FROM pg_replication_slots WHERE database = $2", target, db).Scan(&done)
		if err != nil {
			return 0, err
		}
		if done {
			return time.Since(start), nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return 0, fmt.Errorf("figure 7: the slot did not confirm %s within 10 minutes", target)
}
