package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/cmd/bench/gen"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/target"
)

// dataset is one generated table and its plan.
type dataset struct {
	spec gen.Spec
	url  string // database URL
	plan string // plan file
	p    *plans.Plan
}

func (d *dataset) table() plans.Table { return d.p.Tables[0] }

type bench struct {
	c   *config
	rep *Report

	main, big, dyn, spread *dataset

	loadRate float64 // items/s of the write phase in figure 1
	rss1M    []float64
	// load1M are figure 1's (or figure 5's) load times at 1× rows, for 1d.
	load1M []float64
}

func (b *bench) writeRate() int64 { return int64(float64(b.c.Partitions) * b.c.PartitionWCU) }

func (b *bench) spec(rows int64) gen.Spec {
	return gen.Spec{Rows: rows, Customers: b.c.Customers, Zipf: b.c.Zipf, Seed: b.c.Seed}
}

// prepare generates the tables the chosen figures need and plans them.
func (b *bench) prepare(ctx context.Context, want map[string]bool) error {
	need := func(rows int64) (*dataset, error) {
		d := &dataset{spec: b.spec(rows)}
		url, built, err := gen.Ensure(ctx, b.c.server, d.spec, logf)
		if err != nil {
			return nil, err
		}
		if !built {
			logf("using kept %s", d.spec.Database())
		}
		d.url = url
		return d, nil
	}
	var err error
	if want["2"] {
		if b.spread, err = need(b.c.SpreadRows); err != nil {
			return err
		}
	}
	if want["1"] || want["1-par"] || want["1-index"] || want["3"] || want["5"] || want["8"] {
		if b.main, err = need(b.c.Rows); err != nil {
			return err
		}
	}
	if want["5"] {
		if b.big, err = need(b.c.BigRows); err != nil {
			return err
		}
	}
	if want["4"] {
		if b.dyn, err = need(b.c.DynaliteRows); err != nil {
			return err
		}
	}
	for _, d := range []*dataset{b.main, b.dyn, b.spread} {
		if d == nil {
			continue
		}
		if _, err := b.makePlan(ctx, d, "prepare"); err != nil {
			return err
		}
	}
	if b.big != nil {
		// The large table has the main one's schema and distribution: its
		// load uses the main plan (a plan names tables and columns, not a
		// database), which spares profiling 4M rows that no figure times.
		b.big.plan, b.big.p = b.main.plan, b.main.p
	}
	return nil
}

// makePlan runs `pg2ddb plan` on d and reads the plan.
func (b *bench) makePlan(ctx context.Context, d *dataset, tag string) (child, error) {
	d.plan = filepath.Join(b.c.work, d.spec.Database()+".yaml")
	ch, err := runChild(ctx, b.c.work, nil, b.logPath("plan-"+d.spec.Database()+"-"+tag), b.c.bin,
		"plan", "--source", d.url, "--schema", "public", "--tables", gen.Table,
		"--write-rate", strconv.FormatInt(b.writeRate(), 10), "-o", d.plan)
	if err != nil {
		return ch, err
	}
	if d.p, err = plans.ReadFile(d.plan); err != nil {
		return ch, err
	}
	if len(d.p.Tables) != 1 {
		return ch, fmt.Errorf("plan %s: %d tables, want 1", d.plan, len(d.p.Tables))
	}
	return ch, nil
}

func (b *bench) logPath(name string) string {
	return filepath.Join(b.c.work, "logs", time.Now().Format("150405.000")+"-"+name+".log")
}

// load runs `pg2ddb load` of d into endpoint.
func (b *bench) load(ctx context.Context, d *dataset, endpoint, tag string, extra ...string) (child, error) {
	args := []string{"load", d.plan, "--source", d.url, "--endpoint-url", endpoint,
		"--workers", strconv.Itoa(b.c.Workers), "--recreate", "--yes", "--progress", "none"}
	args = append(args, extra...)
	return runChild(ctx, b.c.work, nil, b.logPath("load-"+tag), b.c.bin, args...)
}

func startSim(opts ddbsim.Options) (*ddbsim.Server, error) {
	return ddbsim.Start("127.0.0.1:0", opts)
}

// unlimited is a simulator that never throttles: the fastest sink.
func unlimited(m ddbsim.Mode) ddbsim.Options {
	return ddbsim.Options{Mode: m, Partitions: 4, PartitionWCU: 1e12}
}

func sec(d time.Duration) float64 { return d.Seconds() }

// figure1Parts are the figures figure1 measures beside figure 1 itself:
// asking for any of them runs figure 1.
var figure1Parts = []string{"1-old", "1b", "1c", "1-floor", "1-floor-sdk", "1-write", "1-cpu", "1-cpu-floor", "1-cpu-floor-sdk", "1-sum", "1-order", "1-index-copy"}

// figure1 measures the loader's read path against what PostgreSQL can hand
// out, all side by side in each run:
//
//   - 1: `pg2ddb load` into the count-only simulator ÷ a plain binary COPY of
//     the table, the honest bound (issue 13: ≤ 3.0×);
//   - 1-old: the same load ÷ a binary COPY of the server-side interleave
//     SELECT that loads read before pg2ddb interleaved rows itself
//     (extract.SortedStreamSQL: window functions and a sort), the figure
//     the table showed before, its old target kept;
//   - 1b: time from starting the pg2ddb process to the simulator's first
//     accepted write (connecting, checking the plan and recreating the table
//     included): round 1 is written while the plain scan runs;
//   - 1c: temporary bytes the source server wrote during the load
//     (pg_stat_database.temp_bytes before and after; a sort's spill).
func (b *bench) figure1(ctx context.Context) []Figure {
	f := Figure{ID: "1", Name: "loader ÷ COPY of the table", Unit: "×", Op: "<=", Target: 3.0}
	old := Figure{ID: "1-old", Name: "loader ÷ COPY of the old sorted SELECT (old figure 1)", Unit: "×", Op: "<=", Target: 2.0}
	first := Figure{ID: "1b", Name: "time to first write, from process start", Unit: "s", Op: "<=", Target: 1.0}
	temp := Figure{ID: "1c", Name: "source temp bytes written by the load", Unit: "B", Op: "<=", Target: 0}
	floor := Figure{ID: "1-floor", Name: "write floor: the load's bodies through its sender alone ÷ COPY of the table", Unit: "×"}
	floorSDK := Figure{ID: "1-floor-sdk", Name: "write floor through the SDK's BatchWriteItem (--write-client sdk) ÷ COPY of the table", Unit: "×"}
	write := Figure{ID: "1-write", Name: "loader ÷ write floor", Unit: "×"}
	cpu := Figure{ID: "1-cpu", Name: "loader CPU ÷ PostgreSQL backend CPU of the COPY", Unit: "×", Op: "<=", Target: 3.0}
	cpuFloor := Figure{ID: "1-cpu-floor", Name: "write floor CPU (the load's sender alone) ÷ PostgreSQL backend CPU of the COPY", Unit: "×"}
	cpuFloorSDK := Figure{ID: "1-cpu-floor-sdk", Name: "write floor CPU through the SDK's BatchWriteItem ÷ PostgreSQL backend CPU of the COPY", Unit: "×"}
	sum := Figure{ID: "1-sum", Name: "loader ÷ (COPY + write floor)", Unit: "×", Op: "<=", Target: 1.0}
	par := Figure{ID: "1-par", Name: "pipeline alone (replayed COPY → null sink): all cores ÷ GOMAXPROCS=1", Unit: "×", Op: ">=", Target: 1.8}
	byOrder := Figure{ID: "1-order", Name: "loader in sort-key order ÷ in arrival order (--order interleave-arrival)", Unit: "×"}
	byIndex := Figure{ID: "1-index-copy", Name: "COPY of the rows in key order through the index ÷ plain COPY of the table", Unit: "×"}
	all := []*Figure{&f, &old, &first, &temp, &floor, &floorSDK, &write, &cpu, &cpuFloor, &cpuFloorSDK, &sum, &par, &byOrder, &byIndex}
	figs := func() []Figure {
		out := make([]Figure, len(all))
		for i, x := range all {
			out[i] = *x
		}
		return out
	}
	fail := func(err error) []Figure {
		for _, x := range all {
			x.Error = err.Error()
		}
		return figs()
	}
	d := b.main
	q, err := extract.SortedStreamSQL(d.table(), extract.OrderInterleave)
	if err != nil {
		return fail(err)
	}
	from, err := extract.SourceIdent(d.table().Source)
	if err != nil {
		return fail(err)
	}
	indexed, indexURL, err := indexOrderedRead(d, from)
	if err != nil {
		return fail(err)
	}
	// The simulator's clock counts from its start (time scale 1): simStart,
	// taken just before, turns its first-write time into wall-clock time.
	simStart := time.Now()
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return fail(err)
	}
	defer sim.Close()
	bodies, err := b.captureBodies(ctx, d)
	if err != nil {
		return fail(fmt.Errorf("capture the load's requests: %w", err))
	}
	bodiesPath := filepath.Join(b.c.work, "bodies.bin")
	if err := writeBodies(bodiesPath, bodies); err != nil {
		return fail(err)
	}
	nBodies := len(bodies)
	bodies = nil
	replayPath, err := b.captureReplay(ctx, d)
	if err != nil {
		return fail(fmt.Errorf("capture the load's rows: %w", err))
	}
	var loads, tableCopies, selectCopies, rates, firsts, readFirsts, temps, floors, floorsSDK, floorSDKCPUs []float64
	var loadSimCPUs, floorSimCPUs []float64
	var loadCPUs, copyCPUs, floorCPUs, arrivals, arrivalCPUs, arrivalFirsts, rates1, ratesAll, indexCopies []float64
	for i := range b.c.Runs {
		var ld child
		var cpTable, cpSelect time.Duration
		var tempBefore, tempAfter int64
		var loadSimCPU time.Duration // the bench process's CPU during the load: the simulator's
		var lerr, cerr error
		doLoad := func() {
			// Settled before and after, so that neither the COPYs' spill
			// (the SELECT's sort writes temp files too) nor a lagging
			// statistics flush is counted as the load's.
			if tempBefore, lerr = tempBytes(ctx, d.url, 1200*time.Millisecond, 10*time.Second); lerr != nil {
				return
			}
			cpu0 := selfCPU()
			ld, lerr = b.load(ctx, d, sim.URL(), fmt.Sprintf("fig1-%d", i))
			loadSimCPU = selfCPU() - cpu0
			if lerr != nil {
				return
			}
			tempAfter, lerr = tempBytes(ctx, d.url, 1200*time.Millisecond, 10*time.Second)
		}
		var bare time.Duration
		var cpRes, cpIndex copyResult
		var fl, flSDK floorResult
		doCopy := func() {
			if cpRes, cerr = copyMeasured(ctx, d.url, "COPY "+from+" TO STDOUT (FORMAT binary)", nil); cerr == nil {
				cpTable = cpRes.wall
				if cpIndex, cerr = copyMeasured(ctx, indexURL, "COPY ("+indexed+") TO STDOUT (FORMAT binary)", nil); cerr != nil {
					return
				}
				if cpSelect, _, cerr = copyOut(ctx, d.url, q); cerr != nil {
					return
				}
				// The load's own sender and, for reference, the SDK's
				// BatchWriteItem, alternating which goes first.
				floors := []struct {
					wc  load.WriteClient
					res *floorResult
				}{{load.WriteLean, &fl}, {load.WriteSDK, &flSDK}}
				if i%2 == 1 {
					floors[0], floors[1] = floors[1], floors[0]
				}
				for _, x := range floors {
					if *x.res, cerr = b.bareWriteChild(ctx, d.table(), bodiesPath, d.spec.Rows, x.wc); cerr != nil {
						return
					}
				}
				bare = time.Duration(fl.Seconds * float64(time.Second))
			}
		}
		var arr child
		var aerr error
		doArrival := func() {
			// Its own simulator: the main load's statistics stay intact.
			asim, err := startSim(unlimited(ddbsim.ModeCount))
			if err != nil {
				aerr = err
				return
			}
			defer asim.Close()
			arr, aerr = b.load(ctx, d, asim.URL(), fmt.Sprintf("fig1-arrival-%d", i), "--order", string(extract.OrderInterleaveArrival))
		}
		var rp1, rpAll replayResult
		var rerr error
		doReplay := func() {
			if rp1, rerr = b.replay(ctx, d, replayPath, 1); rerr == nil {
				rpAll, rerr = b.replay(ctx, d, replayPath, 0)
			}
		}
		if i%2 == 0 {
			doLoad()
			doArrival()
			doCopy()
			doReplay()
		} else {
			doReplay()
			doCopy()
			doArrival()
			doLoad()
		}
		if err := firstErr(lerr, cerr, aerr, rerr); err != nil {
			for _, x := range all {
				x.Error = err.Error()
			}
			break
		}
		ts, _ := sim.TableStats(d.table().Target)
		if ts.AcceptedItems != d.spec.Rows {
			f.Error = fmt.Sprintf("run %d: the simulator accepted %d items, want %d", i, ts.AcceptedItems, d.spec.Rows)
		}
		writeSpan := ts.LastWrite - ts.FirstWrite
		if writeSpan > 0 {
			rates = append(rates, float64(ts.AcceptedItems)/writeSpan)
		}
		firstWrite := simStart.Add(time.Duration(ts.FirstWrite * float64(time.Second))).Sub(ld.Started)
		readFirst, _ := summaryFirstWrite(ld.Stdout, d.table().Target)
		tempLoad := tempAfter - tempBefore
		f.Samples = append(f.Samples, sec(ld.Wall)/sec(cpTable))
		old.Samples = append(old.Samples, sec(ld.Wall)/sec(cpSelect))
		first.Samples = append(first.Samples, sec(firstWrite))
		temp.Samples = append(temp.Samples, float64(tempLoad))
		floor.Samples = append(floor.Samples, sec(bare)/sec(cpTable))
		floorSDK.Samples = append(floorSDK.Samples, flSDK.Seconds/sec(cpTable))
		floorsSDK = append(floorsSDK, flSDK.Seconds)
		write.Samples = append(write.Samples, sec(ld.Wall)/sec(bare))
		floors = append(floors, sec(bare))
		perM := 1e6 / float64(d.spec.Rows)
		loadCPU := sec(ld.User+ld.Sys) * perM
		copyCPU := sec(cpRes.backendCPU) * perM
		if copyCPU > 0 {
			cpu.Samples = append(cpu.Samples, loadCPU/copyCPU)
			cpuFloor.Samples = append(cpuFloor.Samples, fl.CPU*perM/copyCPU)
			cpuFloorSDK.Samples = append(cpuFloorSDK.Samples, flSDK.CPU*perM/copyCPU)
		}
		sum.Samples = append(sum.Samples, sec(ld.Wall)/(sec(cpTable)+sec(bare)))
		byOrder.Samples = append(byOrder.Samples, sec(ld.Wall)/sec(arr.Wall))
		byIndex.Samples = append(byIndex.Samples, sec(cpIndex.wall)/sec(cpTable))
		indexCopies = append(indexCopies, sec(cpIndex.wall))
		if rp1.Seconds > 0 && rpAll.Seconds > 0 {
			r1, ra := float64(rp1.Rows)/rp1.Seconds, float64(rpAll.Rows)/rpAll.Seconds
			par.Samples = append(par.Samples, ra/r1)
			rates1, ratesAll = append(rates1, r1), append(ratesAll, ra)
		}
		arrFirst, _ := summaryFirstWrite(arr.Stdout, d.table().Target)
		loadCPUs, copyCPUs, floorCPUs = append(loadCPUs, loadCPU), append(copyCPUs, copyCPU), append(floorCPUs, fl.CPU*perM)
		floorSDKCPUs = append(floorSDKCPUs, flSDK.CPU*perM)
		loadSimCPUs, floorSimCPUs = append(loadSimCPUs, sec(loadSimCPU)*perM), append(floorSimCPUs, fl.SimCPU*perM)
		arrivals, arrivalCPUs, arrivalFirsts = append(arrivals, sec(arr.Wall)), append(arrivalCPUs, sec(arr.User+arr.Sys)*perM), append(arrivalFirsts, sec(arrFirst))
		loads, tableCopies, selectCopies = append(loads, sec(ld.Wall)), append(tableCopies, sec(cpTable)), append(selectCopies, sec(cpSelect))
		firsts, readFirsts, temps = append(firsts, sec(firstWrite)), append(readFirsts, sec(readFirst)), append(temps, float64(tempLoad))
		b.rss1M = append(b.rss1M, float64(ld.MaxRSS)/(1<<20))
		b.load1M = append(b.load1M, sec(ld.Wall))
		f.Runs = append(f.Runs, map[string]float64{"load_s": sec(ld.Wall), "copy_table_s": sec(cpTable), "copy_select_s": sec(cpSelect),
			"load_user_s": sec(ld.User), "load_sys_s": sec(ld.Sys), "load_maxrss_mb": float64(ld.MaxRSS) / (1 << 20),
			"write_span_s": writeSpan, "floor_s": sec(bare), "floor_sdk_s": flSDK.Seconds, "floor_sdk_cpu_s": flSDK.CPU, "first_write_s": sec(firstWrite), "first_write_from_read_s": sec(readFirst), "temp_bytes": float64(tempLoad),
			"copy_backend_cpu_s": sec(cpRes.backendCPU), "floor_cpu_s": fl.CPU, "load_sim_cpu_s": sec(loadSimCPU), "floor_sim_cpu_s": fl.SimCPU, "arrival_load_s": sec(arr.Wall), "arrival_cpu_s": sec(arr.User + arr.Sys),
			"copy_index_s": sec(cpIndex.wall), "replay_1_s": rp1.Seconds, "replay_all_s": rpAll.Seconds, "replay_all_procs": float64(rpAll.Procs), "replay_1_cpu_s": rp1.CPU, "replay_all_cpu_s": rpAll.CPU})
		logf("figure 1 run %d: load %.2fs (first write at %.2fs, writing %.2fs, %s temp bytes on the source), COPY of the table %.2fs, COPY of its SELECT %.2fs, write floor %.2fs (%.2f CPU-s; through the SDK %.2fs, %.2f CPU-s)",
			i+1, sec(ld.Wall), sec(firstWrite), writeSpan, plans.Thousands(tempLoad), sec(cpTable), sec(cpSelect), sec(bare), fl.CPU, flSDK.Seconds, flSDK.CPU)
	}
	b.loadRate = median(rates)
	f.Detail = fmt.Sprintf("load %.2f s vs COPY %.2f s of the table's %s rows; write phase %.0f items/s",
		median(loads), median(tableCopies), plans.Thousands(d.spec.Rows), b.loadRate)
	old.Detail = fmt.Sprintf("load %.2f s vs COPY %.2f s of the old server-side interleave SELECT (window functions and sort)",
		median(loads), median(selectCopies))
	first.Detail = fmt.Sprintf("first accepted write %.2f s after the load process started (%.2f s after its read began, by the load's summary), of a %.2f s load",
		median(firsts), median(readFirsts), median(loads))
	temp.Detail = fmt.Sprintf("pg_stat_database.temp_bytes after − before the load: %s", fmtNum(median(temps), "B"))
	floor.Detail = fmt.Sprintf("the load's %s BatchWriteItem bodies, captured beforehand, sent by %d goroutines of a child process through the load's sender (lean: its own SigV4 signer where a probe shows it signs as the SDK's, the SDK's credentials, endpoint rules and HTTP client) into a count-only simulator: %.2f s, no PostgreSQL or pg2ddb; vs COPY %.2f s",
		plans.Thousands(int64(nBodies)), b.c.Workers, median(floors), median(tableCopies))
	floorSDK.Detail = fmt.Sprintf("the same bodies through the SDK's BatchWriteItem and its middleware stack (--write-client sdk): %.2f s vs COPY %.2f s; the load's sender %.2f s",
		median(floorsSDK), median(tableCopies), median(floors))
	write.Detail = fmt.Sprintf("load %.2f s vs the write floor %.2f s", median(loads), median(floors))
	cpu.Detail = fmt.Sprintf("pg2ddb load process %.2f CPU-s per 1M rows (user + system) vs the PostgreSQL backend's %.2f CPU-s per 1M rows for the binary COPY (/proc/PID/stat of pg_backend_pid())",
		median(loadCPUs), median(copyCPUs))
	cpuFloor.Detail = fmt.Sprintf("the write floor's own process (the load's sender signing and sending its bodies; the simulator runs elsewhere) %.2f CPU-s per 1M rows vs the backend's %.2f",
		median(floorCPUs), median(copyCPUs))
	cpuFloorSDK.Detail = fmt.Sprintf("the same through the SDK's BatchWriteItem: %.2f CPU-s per 1M rows vs the backend's %.2f (the load's sender %.2f)",
		median(floorSDKCPUs), median(copyCPUs), median(floorCPUs))
	sum.Detail = fmt.Sprintf("load %.2f s vs COPY %.2f s + write floor %.2f s, every part on the same %d cores; CPU-s per 1M rows: load %.2f + its simulator %.2f (+ the backend's read) vs COPY backend %.2f, floor sender %.2f + its simulator %.2f",
		median(loads), median(tableCopies), median(floors), runtime.NumCPU(), median(loadCPUs), median(loadSimCPUs), median(copyCPUs), median(floorCPUs), median(floorSimCPUs))
	par.Detail = fmt.Sprintf("captured COPY output replayed through decode → key → rounds → encode → batches into a null sink: %.0f rows/s at GOMAXPROCS=1, %.0f rows/s at %d",
		median(rates1), median(ratesAll), runtime.NumCPU())
	byOrder.Detail = fmt.Sprintf("sort-key rounds %.2f s (%.2f CPU-s per 1M rows, first write %.2f s after the read began) vs arrival rounds %.2f s (%.2f CPU-s, first write %.2f s)",
		median(loads), median(loadCPUs), median(readFirsts), median(arrivals), median(arrivalCPUs), median(arrivalFirsts))
	byIndex.Detail = fmt.Sprintf("COPY of the rows in the order the rounds want (partition key, then sort key), through the source's index with sorting disabled: %.2f s vs the plain COPY %.2f s (%+.2f s of read); figure 1-index times the loads themselves",
		median(indexCopies), median(tableCopies), median(indexCopies)-median(tableCopies))
	return figs()
}

// indexOrderedRead is the SELECT that hands out the table's rows in the
// rounds' order within each key — partition-key columns, then sort-key
// columns — and the database URL whose session forbids an explicit sort
// (enable_sort=off), so that PostgreSQL reads through an index on those
// columns when it has one: the read figure 1-index-copy compares with a plain
// scan plus the client's sort.
func indexOrderedRead(d *dataset, from string) (query, dbURL string, err error) {
	t := d.table()
	var cols []string
	parts := t.PartitionKey.Parts
	if t.SortKey != nil {
		parts = append(append([]plans.KeyPart(nil), parts...), t.SortKey.Parts...)
	}
	for _, p := range parts {
		cols = append(cols, pgx.Identifier{p.Column}.Sanitize())
	}
	if len(cols) == 0 {
		return "", "", fmt.Errorf("figure 1-index-copy: %s has no key columns", t.Source)
	}
	u, err := url.Parse(d.url)
	if err != nil {
		return "", "", fmt.Errorf("figure 1-index-copy: database URL: %w", err)
	}
	v := u.Query()
	v.Set("enable_sort", "off")
	u.RawQuery = v.Encode()
	return "SELECT * FROM " + from + " ORDER BY " + strings.Join(cols, ", "), u.String(), nil
}

// figurePar measures figure 1-par alone (-figures 1-par), without the
// rest of figure 1: the replays only, at GOMAXPROCS=1 and at every core,
// the two alternating which goes first.
func (b *bench) figurePar(ctx context.Context) []Figure {
	par := Figure{ID: "1-par", Name: "pipeline alone (replayed COPY → null sink): all cores ÷ GOMAXPROCS=1", Unit: "×", Op: ">=", Target: 1.8}
	d := b.main
	replayPath, err := b.captureReplay(ctx, d)
	if err != nil {
		par.Error = fmt.Sprintf("capture the load's rows: %v", err)
		return []Figure{par}
	}
	var rates1, ratesAll, cpus1, cpusAll []float64
	for i := range b.c.Runs {
		var rp1, rpAll replayResult
		var err1, errAll error
		if i%2 == 0 {
			rp1, err1 = b.replay(ctx, d, replayPath, 1)
			rpAll, errAll = b.replay(ctx, d, replayPath, 0)
		} else {
			rpAll, errAll = b.replay(ctx, d, replayPath, 0)
			rp1, err1 = b.replay(ctx, d, replayPath, 1)
		}
		if err := firstErr(err1, errAll); err != nil {
			par.Error = err.Error()
			break
		}
		r1, ra := float64(rp1.Rows)/rp1.Seconds, float64(rpAll.Rows)/rpAll.Seconds
		par.Samples = append(par.Samples, ra/r1)
		perM := 1e6 / float64(rp1.Rows)
		rates1, ratesAll = append(rates1, r1), append(ratesAll, ra)
		cpus1, cpusAll = append(cpus1, rp1.CPU*perM), append(cpusAll, rpAll.CPU*perM)
		par.Runs = append(par.Runs, map[string]float64{"replay_1_s": rp1.Seconds, "replay_all_s": rpAll.Seconds, "replay_all_procs": float64(rpAll.Procs),
			"replay_1_cpu_s": rp1.CPU, "replay_all_cpu_s": rpAll.CPU})
		logf("figure 1-par run %d: %.0f rows/s at GOMAXPROCS=1 (%.2f CPU-s), %.0f rows/s at %d (%.2f CPU-s)", i+1, r1, rp1.CPU, ra, rpAll.Procs, rpAll.CPU)
	}
	par.Detail = fmt.Sprintf("captured COPY output replayed through decode → key → rounds → encode → batches into a null sink: %.0f rows/s at GOMAXPROCS=1, %.0f rows/s at %d; %.2f and %.2f CPU-s per 1M rows",
		median(rates1), median(ratesAll), runtime.NumCPU(), median(cpus1), median(cpusAll))
	return []Figure{par}
}

// summaryFirstWrite reads the "first write" column (the last) of table's
// line in the summary `pg2ddb load` prints.
func summaryFirstWrite(stdout, table string) (time.Duration, bool) {
	for _, l := range strings.Split(stdout, "\n") {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == table {
			d, err := time.ParseDuration(f[len(f)-1])
			return d, err == nil
		}
	}
	return 0, false
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// figure5: peak RSS of the loader at 4× the rows ÷ at 1×, and the larger;
// and from the same loads figure 1d, the scale curve: time per row at 4×
// the rows ÷ at 1× (issue 13: within 1.2×, the read path has no n log n
// sort). The 10M-row point of the issue is not measured by default: its
// table (about 2.2 GB) and load would take the bench past 15 minutes on a
// small machine; -big-rows 10000000 measures it in place of 4×.
func (b *bench) figure5(ctx context.Context) (out []Figure) {
	ratio := Figure{ID: "5a", Name: "loader peak RSS, 4× rows ÷ 1× rows", Unit: "×", Op: "<=", Target: 1.2}
	peak := Figure{ID: "5b", Name: "loader peak RSS (largest)", Unit: "MB", Op: "<", Target: 300}
	scale := Figure{ID: "1d", Name: "load time per row, big table ÷ main table", Unit: "×", Op: "<=", Target: 1.2}
	defer func() {
		defer func() { out = append(out, scale) }()
		var bigs []float64
		for _, r := range ratio.Runs {
			if s, ok := r["load_4x_s"]; ok && len(b.load1M) > 0 {
				bigs = append(bigs, s)
			}
		}
		if len(bigs) == 0 {
			scale.Error = "no loads of the big table"
			return
		}
		per1 := median(b.load1M) / float64(b.main.spec.Rows)
		for _, s := range bigs {
			scale.Samples = append(scale.Samples, s/float64(b.big.spec.Rows)/per1)
		}
		scale.Detail = fmt.Sprintf("%.2f µs/row at %s rows vs %.2f µs/row at %s rows (10M point: -big-rows 10000000)",
			median(bigs)/float64(b.big.spec.Rows)*1e6, plans.Thousands(b.big.spec.Rows), per1*1e6, plans.Thousands(b.main.spec.Rows))
	}()
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		ratio.Error = err.Error()
		return []Figure{ratio, peak}
	}
	defer sim.Close()
	if len(b.rss1M) == 0 { // figure 1 not run: measure 1× here
		for i := range b.c.Runs {
			ld, err := b.load(ctx, b.main, sim.URL(), fmt.Sprintf("fig5-1x-%d", i))
			if err != nil {
				ratio.Error = err.Error()
				return []Figure{ratio, peak}
			}
			b.rss1M = append(b.rss1M, float64(ld.MaxRSS)/(1<<20))
			b.load1M = append(b.load1M, sec(ld.Wall))
		}
	}
	var big []float64
	for i := range b.c.Runs {
		ld, err := b.load(ctx, b.big, sim.URL(), fmt.Sprintf("fig5-4x-%d", i))
		if err != nil {
			ratio.Error = err.Error()
			break
		}
		mb := float64(ld.MaxRSS) / (1 << 20)
		big = append(big, mb)
		one := b.rss1M[min(i, len(b.rss1M)-1)]
		ratio.Samples = append(ratio.Samples, mb/one)
		peak.Samples = append(peak.Samples, max(mb, one))
		ratio.Runs = append(ratio.Runs, map[string]float64{"rss_1x_mb": one, "rss_4x_mb": mb, "load_4x_s": sec(ld.Wall)})
		logf("figure 5 run %d: %s rows %.0f MB (%.1fs), %s rows %.0f MB", i+1, plans.Thousands(b.big.spec.Rows), mb, sec(ld.Wall), plans.Thousands(b.main.spec.Rows), one)
	}
	ratio.Detail = fmt.Sprintf("%.0f MB at %s rows vs %.0f MB at %s rows", median(big), plans.Thousands(b.big.spec.Rows), median(b.rss1M), plans.Thousands(b.main.spec.Rows))
	peak.Detail = "VmHWM of the pg2ddb load process, loading into the count-only simulator"
	return []Figure{ratio, peak}
}

// figure3: plan (profiling included) ÷ one binary COPY of the table, and
// the profile's distinct counts against exact ones.
func (b *bench) figure3(ctx context.Context) []Figure {
	f := Figure{ID: "3a", Name: "plan ÷ COPY of the table", Unit: "×", Op: "<=", Target: 3.0}
	e := Figure{ID: "3b", Name: "distinct-count error (worst column)", Unit: "%", Op: "<=", Target: 2.0}
	d := b.main
	from, _ := extract.SourceIdent(d.table().Source)
	var plansS, copies []float64
	for i := range b.c.Runs {
		var pl child
		var cp time.Duration
		var perr, cerr error
		doPlan := func() { pl, perr = b.makePlan(ctx, d, fmt.Sprintf("fig3-%d", i)) }
		doCopy := func() { cp, _, cerr = copyOut(ctx, d.url, "SELECT * FROM "+from) }
		if i%2 == 0 {
			doPlan()
			doCopy()
		} else {
			doCopy()
			doPlan()
		}
		if err := firstErr(perr, cerr); err != nil {
			f.Error = err.Error()
			break
		}
		f.Samples = append(f.Samples, sec(pl.Wall)/sec(cp))
		plansS, copies = append(plansS, sec(pl.Wall)), append(copies, sec(cp))
		f.Runs = append(f.Runs, map[string]float64{"plan_s": sec(pl.Wall), "copy_s": sec(cp), "plan_user_s": sec(pl.User), "plan_maxrss_mb": float64(pl.MaxRSS) / (1 << 20)})
		logf("figure 3 run %d: plan %.2fs, COPY %.2fs", i+1, sec(pl.Wall), sec(cp))
	}
	f.Detail = fmt.Sprintf("plan %.2f s vs COPY %.2f s of %s rows", median(plansS), median(copies), plans.Thousands(d.spec.Rows))

	// Distinct counts: the profile as `pg2ddb inspect --format json` shows
	// it, against exact count(DISTINCT) per column.
	worst, detail, err := b.distinctError(ctx, d)
	if err != nil {
		e.Error = err.Error()
	} else {
		e.Samples = []float64{worst}
		e.Detail = detail
	}
	return []Figure{f, e}
}

func (b *bench) distinctError(ctx context.Context, d *dataset) (float64, string, error) {
	ch, err := runChild(ctx, b.c.work, nil, b.logPath("inspect"), b.c.bin,
		"inspect", "--source", d.url, "--schema", "public", "--tables", gen.Table, "--format", "json")
	if err != nil {
		return 0, "", err
	}
	var doc any
	if err := json.Unmarshal([]byte(ch.Stdout), &doc); err != nil {
		return 0, "", fmt.Errorf("inspect --format json: %w", err)
	}
	got := map[string]float64{}
	collectDistinct(doc, got)
	if len(got) == 0 {
		return 0, "", fmt.Errorf("inspect --format json shows no distinct counts")
	}
	conn, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return 0, "", err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	worst, worstCol := 0.0, ""
	var parts []string
	for _, col := range []string{"order_id", "customer_id", "order_no", "created_at", "amount", "status", "items", "note"} {
		est, ok := got[col]
		if !ok {
			return 0, "", fmt.Errorf("inspect shows no distinct count for column %s", col)
		}
		var exact int64
		if err := conn.QueryRow(ctx, "SELECT count(DISTINCT "+pgx.Identifier{col}.Sanitize()+") FROM "+gen.Table).Scan(&exact); err != nil {
			return 0, "", err
		}
		rel := 0.0
		if exact > 0 {
			rel = 100 * math.Abs(est-float64(exact)) / float64(exact)
		}
		if rel >= worst {
			worst, worstCol = rel, col
		}
		parts = append(parts, fmt.Sprintf("%s %.0f/%d", col, est, exact))
	}
	return worst, fmt.Sprintf("worst %s; profile/exact: %s", worstCol, strings.Join(parts, ", ")), nil
}

// collectDistinct finds column profiles ({"name": …, "distinct": …}) in a
// decoded JSON document, wherever the inspect output nests them.
func collectDistinct(v any, out map[string]float64) {
	switch x := v.(type) {
	case map[string]any:
		name, okN := x["name"].(string)
		dist, okD := x["distinct"].(float64)
		if okN && okD {
			out[name] = dist
		}
		for _, c := range x {
			collectDistinct(c, out)
		}
	case []any:
		for _, c := range x {
			collectDistinct(c, out)
		}
	}
}

// spreadTimeScaleMax is figure 2's time scale: simulated seconds per wall
// second. The simulated table's budgets run on the scaled clock, but the
// loader's own control loop does not: its write budget cuts within windows
// of at least 200 ms and regrows over 2 s, its retries back off from 50 ms,
// and its scheduling jitter, all in wall time. A scale s stretches each of
// them s times against the table, so a large scale measures how those wall
// times compare with a load of a few wall seconds, not how the writes spread
// over the partitions. Measured on the bench's 2-core machine (3 runs
// each, 2a interleaved / 2b table order): s = 1 (real time) 1.15–1.18 /
// 3.26–3.37, s = 2 1.15–1.21 / 2.95–2.99, s = 4 1.15–1.17 / 3.59–3.76;
// s = 8 1.21 on a quiet machine (2c 1.34–1.46) and 1.46–2.18 on a busy
// one, s = 12 1.44–1.61: flat up to 4, then the loader's wall clock
// shows. On a busier machine (load average 5–8) the plateau ends sooner:
// s = 4 1.23–1.50, s = 2 1.16–1.18. 2 keeps the figure on it with room for
// other work on the machine, at half the real-time cost.
const spreadTimeScaleMax = 2

// spreadLoaderShare is the most of the loader's unthrottled write rate
// (figure 1's) that the simulated table's capacity, in wall-clock terms,
// may be: the table and not the loader must be the bottleneck.
const spreadLoaderShare = 0.4

// spreadTimeScale chooses figure 2's time scale and says why. A positive
// flag is taken as given. Otherwise the scale is fixed at
// spreadTimeScaleMax, whatever the loader's speed: a faster loader must
// not shorten the simulated seconds and so amplify wall-clock jitter into
// the figure (the scale was once 40% of figure 1's write rate, ×11.9 when
// the loader reached 238,000 items/s). Only a loader too slow to keep the
// table the bottleneck (figure 1's write rate, when measured, below
// capacity ÷ spreadLoaderShare in wall-clock terms) lowers it, toward
// real time. tableWCU is the table's capacity in simulated WCU/s.
func spreadTimeScale(flag, loadRate, tableWCU float64) (float64, string) {
	if flag > 0 {
		return flag, "-time-scale"
	}
	scale := float64(spreadTimeScaleMax)
	if loadRate <= 0 || tableWCU <= 0 {
		return scale, "fixed"
	}
	if limit := loadRate * spreadLoaderShare / tableWCU; limit < scale {
		scale = max(math.Floor(10*limit)/10, 0.1)
		return scale, fmt.Sprintf("lowered from %d: the table's capacity is %.0f%% of the loader's write rate in figure 1", spreadTimeScaleMax, 100*spreadLoaderShare)
	}
	return scale, fmt.Sprintf("fixed; the table's capacity is %.0f%% of the loader's write rate in figure 1", 100*tableWCU*scale/loadRate)
}

// figure2: write time against a table of P partitions with per-partition
// budgets ÷ the ideal, interleaved and in table order.
func (b *bench) figure2(ctx context.Context) []Figure {
	inter := Figure{ID: "2a", Name: "spread: interleaved load ÷ ideal", Unit: "×", Op: "<=", Target: 1.25}
	table := Figure{ID: "2b", Name: "spread: table-order load ÷ ideal", Unit: "×"}
	arrival := Figure{ID: "2c", Name: "spread: interleaved load in arrival order (--order interleave-arrival) ÷ ideal", Unit: "×"}
	d := b.spread
	scale, basis := spreadTimeScale(b.c.TimeScale, b.loadRate, float64(b.writeRate()))
	b.c.TimeScale = scale
	tableWCU := float64(b.writeRate())
	maxWCU := strconv.FormatFloat(tableWCU*scale, 'f', 0, 64)
	for _, fig := range []*Figure{&inter, &table, &arrival} {
		order := "interleave"
		switch fig {
		case &table:
			order = "table"
		case &arrival:
			order = string(extract.OrderInterleaveArrival)
		}
		var walls, spans, ideals, floors []float64
		for i := range b.c.Runs {
			sim, err := startSim(ddbsim.Options{Mode: ddbsim.ModeCount, Partitions: b.c.Partitions,
				PartitionWCU: b.c.PartitionWCU, TimeScale: scale})
			if err != nil {
				fig.Error = err.Error()
				break
			}
			args := []string{"--order", order}
			if b.c.SpreadBudget {
				args = append(args, "--max-wcu", maxWCU)
			}
			ld, err := b.load(ctx, d, sim.URL(), fmt.Sprintf("fig2-%s-%d", order, i), args...)
			ts, _ := sim.TableStats(d.table().Target)
			sim.Close()
			if js, jerr := json.MarshalIndent(ts, "", " "); jerr == nil {
				_ = os.WriteFile(b.logPath(fmt.Sprintf("fig2-%s-%d-sim", order, i))+".json", js, 0o644)
			}
			if err != nil {
				fig.Error = err.Error()
				break
			}
			ideal := float64(ts.AcceptedWCU) / tableWCU // simulated seconds
			span := ts.LastWrite - ts.FirstWrite
			var maxPart int64
			for _, p := range ts.Partitions {
				maxPart = max(maxPart, p.AcceptedWCU)
			}
			floor := float64(maxPart) / b.c.PartitionWCU / ideal
			fig.Samples = append(fig.Samples, span/ideal)
			walls, spans, ideals, floors = append(walls, sec(ld.Wall)*scale/ideal), append(spans, span), append(ideals, ideal), append(floors, floor)
			fig.Runs = append(fig.Runs, map[string]float64{"time_scale": scale, "write_span_sim_s": span, "ideal_sim_s": ideal, "wall_s": sec(ld.Wall),
				"wall_ratio": sec(ld.Wall) * scale / ideal, "partition_floor": floor, "throttled_items": float64(ts.ThrottledItems),
				"accepted_items": float64(ts.AcceptedItems)})
			logf("figure 2 %s run %d: writes %.1f s simulated vs ideal %.1f s (%.2f×; partition floor %.2f×), wall %.1fs, %d throttled",
				order, i+1, span, ideal, span/ideal, floor, sec(ld.Wall), ts.ThrottledItems)
		}
		fig.Detail = fmt.Sprintf("%.0f s vs ideal %.0f s simulated (%d partitions × %.0f WCU/s, time ×%.1f: %s); fullest partition %.2f× ideal; wall incl. reading %.2f×",
			median(spans), median(ideals), b.c.Partitions, b.c.PartitionWCU, scale, basis, median(floors), median(walls))
	}
	return []Figure{inter, table, arrival}
}

// figure4: pg2ddb load into dynalite ÷ a bare BatchWriteItem loop writing
// the same items with the same concurrency.
func (b *bench) figure4(ctx context.Context) []Figure {
	f := Figure{ID: "4", Name: "dynalite: loader items/s ÷ bare BatchWriteItem loop", Unit: "×", Op: ">=", Target: 0.9}
	d := b.dyn
	t := d.table()
	// The same items: load them into a storing simulator and scan them back.
	sim, err := startSim(unlimited(ddbsim.ModeStore))
	if err != nil {
		f.Error = err.Error()
		return []Figure{f}
	}
	if _, err := b.load(ctx, d, sim.URL(), "fig4-capture"); err != nil {
		sim.Close()
		f.Error = err.Error()
		return []Figure{f}
	}
	items, err := scanAll(ctx, ddbClient(sim.URL()), t.Target, 4)
	sim.Close()
	if err != nil || int64(len(items)) != d.spec.Rows {
		f.Error = fmt.Sprintf("capture items: %d of %d: %v", len(items), d.spec.Rows, err)
		return []Figure{f}
	}
	skAttr := ""
	if t.SortKey != nil {
		skAttr = t.SortKey.Attribute
	}
	q, err := extract.SortedStreamSQL(t, extract.OrderInterleave)
	if err == nil {
		items, err = loadOrder(ctx, d.url, q, t.PartitionKey.Attribute, skAttr, items)
	}
	if err != nil {
		f.Error = err.Error()
		return []Figure{f}
	}
	db := ddbClient(b.c.dynalite)
	var loaders, bares []float64
	n := float64(len(items))
	for i := range b.c.Runs {
		var ld child
		var bare time.Duration
		var lerr, berr error
		// Each side starts with no table (deleted untimed) and creates it
		// in its timed part, as a first load does: the loader's wall time
		// covers its table creation, reading PostgreSQL and writing, the
		// bare loop's its table creation and writing.
		doLoad := func() {
			if lerr = target.Delete(ctx, db, t.Target); lerr == nil {
				ld, lerr = b.load(ctx, d, b.c.dynalite, fmt.Sprintf("fig4-%d", i))
			}
		}
		doBare := func() {
			if berr = target.Delete(ctx, db, t.Target); berr != nil {
				return
			}
			start := time.Now()
			if berr = createRawTable(ctx, db, t); berr == nil {
				_, berr = bareLoad(ctx, db, t.Target, items, b.c.Workers)
			}
			bare = time.Since(start)
		}
		if i%2 == 0 {
			doBare()
			doLoad()
		} else {
			doLoad()
			doBare()
		}
		if err := firstErr(lerr, berr); err != nil {
			f.Error = err.Error()
			break
		}
		lr, br := n/sec(ld.Wall), n/sec(bare)
		f.Samples = append(f.Samples, lr/br)
		loaders, bares = append(loaders, lr), append(bares, br)
		f.Runs = append(f.Runs, map[string]float64{"loader_items_per_s": lr, "bare_items_per_s": br, "load_s": sec(ld.Wall), "bare_s": sec(bare)})
		logf("figure 4 run %d: loader %.0f items/s (%.2fs), bare loop %.0f items/s (%.2fs)", i+1, lr, sec(ld.Wall), br, sec(bare))
	}
	f.Detail = fmt.Sprintf("%.0f vs %.0f items/s, %s items, %d workers (wall time from no table to all written)", median(loaders), median(bares), plans.Thousands(d.spec.Rows), b.c.Workers)
	return []Figure{f}
}

func serverVersion(ctx context.Context, server string) string {
	conn, err := pgx.Connect(ctx, server)
	if err != nil {
		return "unknown"
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var v string
	if err := conn.QueryRow(ctx, "SHOW server_version").Scan(&v); err != nil {
		return "unknown"
	}
	return strings.Fields(v)[0]
}

// replay runs a replay child at GOMAXPROCS procs (0: every core).
func (b *bench) replay(ctx context.Context, d *dataset, path string, procs int) (replayResult, error) {
	self, err := os.Executable()
	if err != nil {
		return replayResult{}, err
	}
	var env []string
	if procs > 0 {
		env = append(env, "GOMAXPROCS="+strconv.Itoa(procs))
	}
	ch, err := runChild(ctx, b.c.work, env, b.logPath(fmt.Sprintf("replay-%d", procs)), self, "-replay", path, "-replay-plan", d.plan)
	if err != nil {
		return replayResult{}, err
	}
	var r replayResult
	if err := json.Unmarshal([]byte(ch.Stdout), &r); err != nil {
		return replayResult{}, fmt.Errorf("replay child: %w", err)
	}
	if r.Rows != d.spec.Rows {
		return r, fmt.Errorf("replay child: %d rows, want %d", r.Rows, d.spec.Rows)
	}
	return r, nil
}
