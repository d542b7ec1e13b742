package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/load"
)

// loadFlags are the settings of pg2ddb load.
type loadFlags struct {
	workers    int
	readers    int
	maxWCU     float64
	order      string
	read       string
	appendTo   bool
	recreate   bool
	yes        bool
	resume     bool
	checkpoint string
	rejects    string
	maxRejects int64
	tables     []string
	capacity   capacityFlags
	progress   string
	// writeClient is --write-client (load.ParseWriteClient).
	writeClient string
	// snapshotWarning is how often to warn about the age of the source
	// snapshot (0: never).
	snapshotWarning time.Duration
	// via, stage and s3 are load --via import|bulk-put (loadvia.go).
	via, stage string
	s3         s3Flags
}

func (a *app) loadCommand() *cobra.Command {
	var f loadFlags
	c := &cobra.Command{
		Use:   "load PLAN",
		Short: "Bulk-load a reviewed plan into DynamoDB in interleaved order",
		Long: `load creates the plan's tables and writes every source row from one consistent
snapshot, one item of every partition key per round, with retries, a write budget,
a rejects file for rows DynamoDB cannot take, and a checkpoint to resume from.

The first Ctrl-C stops cleanly: batches in flight finish and the checkpoint is
written, so --resume continues where the load stopped. A second Ctrl-C exits at once.

--resume refuses a plan table or a source that changed under the load: it reads
the rows the interrupted load may have written again, compares them with the
checkpoint's hashes, and names the first rows that differ. A fresh load moves the
earlier rejects of the tables it loads aside (PLAN.rejects.1.jsonl, ...) and keeps
the other tables'; a resume keeps its lines.
More rejected rows than --max-rejects, over all runs of a load, stop it at once
with exit status 3; when the plan's own counts (refused_values) already predict
more, the load is refused with exit status 3 before it creates anything.`,
		Example: `  pg2ddb load plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb load plans/shop.yaml --recreate --yes --max-wcu 4000
  pg2ddb load plans/shop.yaml --resume`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runLoad(cmd, args[0], &f) },
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	fs := c.Flags()
	fs.IntVar(&f.workers, "workers", 8, "concurrent BatchWriteItem writers")
	registerWriteClient(fs, &f.writeClient)
	fs.IntVar(&f.readers, "readers", 0, "source connections of the load: the tables loading side by side (up to this many) and the ctid ranges of one snapshot a large table is read in (PostgreSQL 14+), all within it (default 4 within --source-max-connections, and at most half the cores when the source runs on this machine)")
	fs.Float64Var(&f.maxWCU, "max-wcu", 0, "write budget in WCU/s over all writers (default: none; the rate still backs off on throttling)")
	fs.StringVar(&f.order, "order", string(extract.OrderInterleave), "write order: interleave (round r holds every partition key's r-th item in sort-key order), interleave-arrival (the same rounds, each key's items in read order) or table (key order, for comparison)")
	fs.StringVar(&f.read, "read", string(extract.ReadAuto), "how --order interleave reads a table: auto (through an index on the partition- and sort-key columns, rounds by arrival and no client sort, where the source's statistics and plan say it is not slower), index (through such an index wherever one gives the rounds' order) or scan (a plain scan and a client sort)")
	fs.BoolVar(&f.appendTo, "append", false, "write into target tables that already hold items")
	fs.BoolVar(&f.recreate, "recreate", false, "delete and recreate target tables that exist (lists them first): a staging reload")
	registerYes(fs, &f.yes)
	fs.BoolVar(&f.resume, "resume", false, "continue an interrupted load from its checkpoint")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "checkpoint file (default: PLAN.checkpoint.json)")
	fs.StringVar(&f.rejects, "rejects", "", "rejects file, JSON lines (default: PLAN.rejects.jsonl)")
	fs.Int64Var(&f.maxRejects, "max-rejects", 0, "rejected rows allowed, counting earlier runs of a resumed load; one more stops the load with exit status 3")
	fs.StringSliceVar(&f.tables, "tables", nil, "load only these tables (source schema.name, name or target), comma-separated")
	f.capacity.register(fs, true)
	fs.DurationVar(&f.snapshotWarning, "warn-snapshot-age", defaultSnapshotWarning, "warn each time the source snapshot has been held this long again, since it holds back VACUUM on the source (0: never)")
	fs.StringVar(&f.progress, "progress", "auto", "progress display: auto (bars on a terminal, else log lines), bar, log, json (one JSON object per event, see docs/progress-json.md) or none")
	f.registerVia(fs)
	return c
}

func (a *app) runLoad(cmd *cobra.Command, planPath string, f *loadFlags) error {
	if f.via != "" {
		return a.runLoadVia(cmd.Context(), planPath, f)
	}
	tuneGC()
	order, err := extract.ParseOrder(f.order)
	if err != nil {
		return fmt.Errorf("load: --order: %w", err)
	}
	read, err := extract.ParseReadMode(f.read)
	if err != nil {
		return fmt.Errorf("load: --read: %w", err)
	}
	writeClient, err := load.ParseWriteClient(f.writeClient)
	if err != nil {
		return fmt.Errorf("load: --write-client: %w", err)
	}
	existing, err := existingTables(f.appendTo, f.recreate)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	if f.resume && f.recreate {
		return errors.New("load: --resume continues a load; --recreate would delete what it wrote")
	}
	readers := f.readers
	if readers == 0 {
		readers = a.source.defaultReaders()
	}
	// A --source-max-connections below 1 is refused when connecting, by
	// its own message.
	if a.source.maxConns >= 1 && (readers < 1 || readers > a.source.maxConns) {
		return fmt.Errorf("load: --readers must be between 1 and --source-max-connections (%d), got %d", a.source.maxConns, readers)
	}
	opts := load.Options{
		Readers: readers,
		// Small tables load side by side on as many connections as a
		// large table reads with: the same share of the source budget.
		SideBySide: readers,
		Workers:    f.workers, MaxWCU: f.maxWCU, Order: order, Read: read, Resume: f.resume,
		CheckpointPath: or(f.checkpoint, planPath+".checkpoint.json"),
		PlanPath:       absPath(planPath),
		RejectsPath:    or(f.rejects, planPath+".rejects.jsonl"),
		LimitRejects:   true,
		MaxRejects:     f.maxRejects,
		Existing:       existing,
		WriteClient:    writeClient,
	}
	if opts.Capacity, err = f.capacity.capacity(); err != nil {
		return fmt.Errorf("load: %w", err)
	}
	if err := checkOutputs("--checkpoint", opts.CheckpointPath, "--rejects", opts.RejectsPath); err != nil {
		return fmt.Errorf("load: %w", err)
	}
	ctx := cmd.Context()
	op, err := a.openPlan(ctx, planPath, f.tables)
	if err != nil {
		return err
	}
	defer op.close(ctx)
	if err := checkPredictedRejects("load", op.plan, f.maxRejects, f.resume); err != nil {
		return err
	}
	db, err := a.target.client(ctx)
	if err != nil {
		return err
	}
	if f.recreate {
		if err := a.confirmRecreate(ctx, "load", db, op.plan.Tables, f.yes); err != nil {
			return err
		}
	}
	ui, err := newProgressUI(a.stderr, f.progress)
	if err != nil {
		return err
	}
	opts.Progress = ui.update
	// Messages go through the display's lock: the snapshot warning below
	// writes from its own goroutine.
	opts.Logf = ui.logf
	watchCtx, stopWatch := context.WithCancel(ctx)
	var watch sync.WaitGroup
	watch.Go(func() {
		newSnapshotWatch(op.began, f.snapshotWarning, func(msg string) { ui.note("pg2ddb: warning: " + msg) }).run(watchCtx)
	})
	res, err := load.Run(ctx, op.plan, load.SnapshotSource{Snapshot: op.snap}, db, opts)
	stopWatch()
	watch.Wait()
	ui.finish()
	if res != nil {
		printSummary(a.stdout, res, loadEstimates(op.plan, f.maxWCU))
	}
	return err
}

// registerWriteClient adds --write-client, what sends a load's
// BatchWriteItem calls.
func registerWriteClient(fs *pflag.FlagSet, v *string) {
	fs.StringVar(v, "write-client", string(load.WriteLean), "what sends the BatchWriteItem calls: lean (the SDK's credentials, signer, endpoint rules and HTTP client without its per-call middleware; see docs/load.md) or sdk (the SDK client's BatchWriteItem)")
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// percent renders a ratio as a percentage with one decimal, "12.5%", "40%".
func percent(x float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", 100*x), ".0") + "%"
}

// tuneGC trades memory for CPU during a load, unless the user set GOGC: a
// load allocates an item map per row, and at the default GOGC the collector
// took a quarter of the CPU (pprof of a 300k-row load into ddbsim's
// count-only mode); GOGC=400 made the load about 15% faster. The soft memory
// limit keeps the heap well under the 300 MB the benchmarks hold it to,
// since the loader's live memory is bounded (a few batches per worker) and
// does not grow with the table.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(192 << 20)
}

// absPath is path made absolute, or path itself when it cannot be.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}
