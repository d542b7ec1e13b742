// Command pg2ddb-bench measures pg2ddb against the physical limit and the
// alternatives, as ratios measured side by side in one run, and prints one
// table (also written as JSON):
//
//  1. loader ÷ COPY: `pg2ddb load` into the simulator's count-only mode ÷
//     a plain binary COPY of the table and, beside it (1-old), ÷ a binary
//     COPY of the server-side interleave SELECT loads ran before
//     (extract.SortedStreamSQL), with the time from the load's start to its
//     first write (1b), the temporary bytes the source wrote during the
//     load (1c), and the time per row at 4× the rows ÷ at 1× (1d);
//  2. spread: write time against a simulated table of P partitions with
//     per-partition budgets ÷ the ideal (total WCU ÷ table capacity), in
//     interleaved order and, beside it, in table order;
//  3. profiling: `pg2ddb plan` ÷ one binary COPY of the table, and the
//     distinct-count error of the profile against exact count(DISTINCT);
//  4. dynalite: `pg2ddb load` items/s ÷ a bare BatchWriteItem loop writing
//     the same items with the same concurrency;
//  5. memory: the loader's peak RSS at 4× the rows ÷ at 1× (and both under
//     300 MB);
//  6. export: `pg2ddb export` to a local S3 server ÷ a plain binary COPY of
//     the table (cmd/bench/export.go);
//  7. sync (not in the default list): changes applied per second ÷ the rate
//     a generator produces, and the catch-up time after a burst
//     (cmd/bench/sync.go; needs PG2DDB_TEST_LOGICAL_DATABASE).
//
// It needs PostgreSQL (PG2DDB_TEST_DATABASE, a server URL whose role may
// CREATE DATABASE) and dynalite (PG2DDB_TEST_DYNAMODB_ENDPOINT), which
// scripts/services.sh provides: run it as `make bench`. The simulator runs
// in-process (package internal/testing/ddbsim). The generated databases are kept on the
// server between runs (named pg2ddb_bench_*) and rebuilt when the generator
// changes.
//
// With -markdown it measures nothing and needs no service: it renders a
// JSON report as the Markdown table that docs/performance.md shows, on
// stdout or, with -docs, into that document between its markers:
//
//	go run ./cmd/bench -markdown bench/out/latest.json -docs docs/performance.md
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/pg2ddb/pg2ddb/cmd/bench/gen"
	"github.com/pg2ddb/pg2ddb/load"
)

type config struct {
	Rows         int64   `json:"rows"`
	BigRows      int64   `json:"big_rows"`
	DynaliteRows int64   `json:"dynalite_rows"`
	SpreadRows   int64   `json:"spread_rows"`
	Customers    int64   `json:"customers"`
	Zipf         float64 `json:"zipf"`
	Seed         int64   `json:"seed"`
	Runs         int     `json:"runs"`
	Workers      int     `json:"workers"`
	Partitions   int     `json:"partitions"`
	PartitionWCU float64 `json:"partition_wcu"`
	TimeScale    float64 `json:"time_scale"`
	Figures      string  `json:"figures"`
	SpreadBudget bool    `json:"spread_budget"`
	// SyncRate, SyncFor and SyncBurst shape figure 7.
	SyncRate  int           `json:"sync_rate"`
	SyncFor   time.Duration `json:"sync_for"`
	SyncBurst int           `json:"sync_burst"`
	// Scale adds the scale curve (figure 8).
	Scale bool `json:"scale"`

	bin, out, work, server, dynalite string
	keepWork                         bool
}

func main() {
	var c config
	def := gen.DefaultSpec()
	flag.Int64Var(&c.Rows, "rows", def.Rows, "rows of the main table (figures 1, 3, and 5 at 1×)")
	flag.Int64Var(&c.BigRows, "big-rows", 4*def.Rows, "rows of the large table (figure 5 at 4×)")
	flag.Int64Var(&c.SpreadRows, "spread-rows", def.Rows/10, "rows of the table loaded against the partitioned simulator (figure 2)")
	flag.Int64Var(&c.DynaliteRows, "dynalite-rows", 50_000, "rows of the table loaded into dynalite (figure 4)")
	flag.Int64Var(&c.Customers, "customers", def.Customers, "customer ids (Zipf-distributed over the orders)")
	flag.Float64Var(&c.Zipf, "zipf", def.Zipf, "Zipf exponent of the customers' order counts")
	flag.Int64Var(&c.Seed, "seed", def.Seed, "generator seed")
	flag.IntVar(&c.Runs, "runs", 3, "runs per figure (the median is reported)")
	flag.IntVar(&c.Workers, "workers", 8, "loader --workers, and the bare loop's concurrency")
	flag.IntVar(&c.Partitions, "partitions", 8, "partitions of the simulated table (figure 2)")
	flag.Float64Var(&c.PartitionWCU, "partition-wcu", 1000, "simulated WCU/s per partition (figure 2)")
	flag.Float64Var(&c.TimeScale, "time-scale", 0, "simulated seconds per wall second (figure 2); 0: 2, lowered only if the table's capacity would exceed 40% of the loader's write rate in figure 1")
	flag.BoolVar(&c.SpreadBudget, "spread-budget", true, "figure 2 passes --max-wcu equal to the simulated table's capacity")
	flag.IntVar(&c.SyncRate, "sync-rate", 1000, "changes per second the generator produces while sync follows (figure 7)")
	flag.DurationVar(&c.SyncFor, "sync-seconds", 10*time.Second, "how long the generator runs at -sync-rate (figure 7)")
	flag.IntVar(&c.SyncBurst, "sync-burst", 50000, "changes of the burst sync catches up with (figure 7)")
	flag.StringVar(&c.Figures, "figures", "1,2,3,4,5,6", "figures to measure (7, sync, is off the default list: it needs PostgreSQL with wal_level=logical)")
	flag.StringVar(&c.bin, "pg2ddb", "bin/pg2ddb", "the pg2ddb binary to measure")
	flag.StringVar(&c.out, "o", "bench/out/latest.json", "JSON report")
	flag.BoolVar(&c.keepWork, "keep", false, "keep the work directory (plans, logs)")
	markdown := flag.String("markdown", "", "measure nothing: render this JSON report as a Markdown table on stdout (or into -docs)")
	docs := flag.String("docs", "", "with -markdown: replace the generated table in this Markdown file, e.g. docs/performance.md")
	floorChild := flag.String("floor-child", "", "internal: send the request bodies in this file as the write floor (figure 1-cpu)")
	floorEndpoint := flag.String("floor-endpoint", "", "internal: with -floor-child, the endpoint")
	floorTable := flag.String("floor-table", "", "internal: with -floor-child, the table")
	floorClient := flag.String("floor-client", "lean", "internal: with -floor-child, the write client (pg2ddb load --write-client)")
	replay := flag.String("replay", "", "internal: replay this captured COPY through the load's pipeline into a null sink (figure 1-par)")
	replayPlan := flag.String("replay-plan", "", "internal: with -replay, the plan")
	replayOrder := flag.String("replay-order", "interleave", "internal: with -replay, the load's --order")
	replayProfile := flag.String("replay-profile", "", "with -replay: write a CPU profile of the replay to this file")
	replayMemProfile := flag.String("replay-mem-profile", "", "with -replay: write an allocation profile of the replay to this file")
	flag.BoolVar(&c.Scale, "scale", false, "add the scale curve (figure 8; also -figures 8): time per row and peak memory at 1M, 4M and 10M rows; takes the bench well past 15 minutes on a small machine")
	flag.Parse()

	if *floorChild != "" || *replay != "" {
		var err error
		if *floorChild != "" {
			var wc load.WriteClient
			if wc, err = load.ParseWriteClient(*floorClient); err == nil {
				err = runFloorChild(context.Background(), *floorChild, *floorEndpoint, *floorTable, c.Workers, wc)
			}
		} else {
			err = runReplay(context.Background(), *replay, *replayPlan, *replayOrder, *replayProfile, *replayMemProfile)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: "+err.Error())
			os.Exit(1)
		}
		return
	}

	if *markdown != "" {
		if err := renderMarkdown(*markdown, *docs, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "bench: "+err.Error())
			os.Exit(1)
		}
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, &c); err != nil {
		fmt.Fprintln(os.Stderr, "bench: "+err.Error())
		os.Exit(1)
	}
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s  %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

func run(ctx context.Context, c *config) error {
	c.server = os.Getenv("PG2DDB_TEST_DATABASE")
	if c.server == "" {
		c.server = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	c.dynalite = os.Getenv("PG2DDB_TEST_DYNAMODB_ENDPOINT")
	bin, err := filepath.Abs(c.bin)
	if err != nil {
		return err
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("pg2ddb binary: %w (run make build)", err)
	}
	c.bin = bin
	if c.work, err = os.MkdirTemp("", "pg2ddb-bench-"); err != nil {
		return err
	}
	if c.keepWork {
		logf("work directory %s", c.work)
	} else {
		defer os.RemoveAll(c.work)
	}
	want := map[string]bool{}
	for _, f := range strings.Split(c.Figures, ",") {
		want[strings.TrimSpace(f)] = true
	}
	if c.Scale {
		want["8"] = true
	}
	if want["1"] {
		// Figure 1 measures 1-par among its own figures; 1-index, the
		// load through the key's index against the scan and client sort,
		// comes beside it.
		delete(want, "1-par")
		want["1-index"] = true
	}
	for _, id := range figure1Parts {
		// A figure that figure 1 measures among its own, asked for by
		// name (-figures 1-cpu,1-floor), runs figure 1 without 1-index.
		if want[id] {
			want["1"] = true
			delete(want, "1-par")
		}
	}
	if want["4"] && c.dynalite == "" {
		return fmt.Errorf("figure 4 needs dynalite: set PG2DDB_TEST_DYNAMODB_ENDPOINT (scripts/services.sh does)")
	}

	start := time.Now()
	rep := &Report{Started: start, Machine: machine(ctx, c.server)}
	b := &bench{c: c, rep: rep}
	if err := b.prepare(ctx, want); err != nil {
		return err
	}
	steps := []struct {
		id string
		fn func(context.Context) []Figure
	}{
		{"3", b.figure3}, {"1", b.figure1}, {"1-par", b.figurePar}, {"1-index", b.figureIndex}, {"5", b.figure5}, {"2", b.figure2}, {"4", b.figure4}, {"6", b.figure6}, {"7", b.figure7}, {"8", b.figure8},
	}
	for _, s := range steps {
		if !want[s.id] {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		figs := s.fn(ctx)
		for i := range figs {
			figs[i].finish()
			logf("figure %s %s: %s (%s)", figs[i].ID, figs[i].Name, fmtNum(figs[i].Measured, figs[i].Unit), figs[i].result())
		}
		rep.Figures = append(rep.Figures, figs...)
	}
	sortFigures(rep.Figures)
	rep.Config = map[string]any{
		"rows": c.Rows, "big_rows": c.BigRows, "spread_rows": c.SpreadRows, "dynalite_rows": c.DynaliteRows, "customers": c.Customers,
		"zipf": c.Zipf, "seed": c.Seed, "runs": c.Runs, "workers": c.Workers, "partitions": c.Partitions,
		"partition_wcu": c.PartitionWCU, "time_scale": c.TimeScale, "spread_budget": c.SpreadBudget, "figures": c.Figures,
		"sync_rate": c.SyncRate, "sync_seconds": c.SyncFor.Seconds(), "sync_burst": c.SyncBurst,
		"write_rate": b.writeRate(),
	}
	rep.AllPass = true
	for _, f := range rep.Figures {
		if f.Pass != nil && !*f.Pass {
			rep.AllPass = false
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	fmt.Println()
	rep.WriteTable(os.Stdout)
	if err := rep.WriteJSON(c.out); err != nil {
		return err
	}
	fmt.Printf("JSON: %s\n", c.out)
	return nil
}

func sortFigures(fs []Figure) {
	// Stable by ID so the table reads 1, 2, 3, 4, 5 whatever the run order.
	for i := 1; i < len(fs); i++ {
		for j := i; j > 0 && fs[j].ID < fs[j-1].ID; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}

func machine(ctx context.Context, server string) Machine {
	m := Machine{Cores: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, Go: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int64
		if _, err := fmt.Sscanf(string(b), "MemTotal: %d kB", &kb); err == nil {
			m.MemoryMB = kb >> 10
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		m.LoadAvg = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	if out, err := exec.CommandContext(ctx, "git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		m.GitCommit = strings.TrimSpace(string(out))
	}
	m.Postgres = serverVersion(ctx, server)
	return m
}
