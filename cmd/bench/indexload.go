package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/plans"
)

// figureIndex measures figure 1-index: the load in sort-key order as
// pg2ddb chooses to read the bench table (--read auto: through the index
// on (customer_id, order_no), which the table's statistics and plan
// favour, its rows being inserted in that order) ÷ the same load with a
// plain scan and the client sort (--read scan), side by side in each run
// with the load in arrival order (--order interleave-arrival) for scale,
// each into its own count-only simulator, the order of the three rotated
// from run to run. The detail gives each load's wall and CPU time per
// million rows, its first write, and the load average around the figure.
func (b *bench) figureIndex(ctx context.Context) []Figure {
	f := Figure{ID: "1-index", Name: "load through the key's index (--read auto) ÷ plain scan + client sort (--read scan)", Unit: "×", Op: "<=", Target: 1.0}
	cpu := Figure{ID: "1-index-cpu", Name: "load CPU through the key's index ÷ with scan + client sort (pg2ddb process, user + system)", Unit: "×"}
	figs := func() []Figure { return []Figure{f, cpu} }
	d := b.main
	type variant struct {
		name        string
		extra       []string
		wall, cpu   []float64
		first, rsss []float64
		read        string
	}
	vs := []*variant{
		{name: "index", extra: []string{"--read", string(extract.ReadAuto)}},
		{name: "scan", extra: []string{"--read", string(extract.ReadScan)}},
		{name: "arrival", extra: []string{"--order", string(extract.OrderInterleaveArrival)}},
	}
	before := loadAverage()
	perM := 1e6 / float64(d.spec.Rows)
	for i := range b.c.Runs {
		for k := range vs {
			v := vs[(i+k)%len(vs)]
			sim, err := startSim(unlimited(ddbsim.ModeCount))
			if err != nil {
				f.Error, cpu.Error = err.Error(), err.Error()
				return figs()
			}
			ld, err := b.load(ctx, d, sim.URL(), fmt.Sprintf("fig1-index-%s-%d", v.name, i), v.extra...)
			ts, _ := sim.TableStats(d.table().Target)
			sim.Close()
			if err != nil {
				f.Error, cpu.Error = err.Error(), err.Error()
				return figs()
			}
			if ts.AcceptedItems != d.spec.Rows {
				f.Error = fmt.Sprintf("run %d, %s: the simulator accepted %d items, want %d", i, v.name, ts.AcceptedItems, d.spec.Rows)
			}
			first, _ := summaryFirstWrite(ld.Stdout, d.table().Target)
			v.wall = append(v.wall, sec(ld.Wall))
			v.cpu = append(v.cpu, sec(ld.User+ld.Sys)*perM)
			v.first = append(v.first, sec(first))
			v.rsss = append(v.rsss, float64(ld.MaxRSS)/(1<<20))
			v.read = readChoice(ld.Stderr)
			logf("figure 1-index run %d, %s: load %.2fs, %.2f CPU-s per 1M rows, first write %.2fs after the read began; %s",
				i+1, v.name, sec(ld.Wall), sec(ld.User+ld.Sys)*perM, sec(first), v.read)
		}
		idx, scan := vs[0], vs[1]
		f.Samples = append(f.Samples, idx.wall[i]/scan.wall[i])
		cpu.Samples = append(cpu.Samples, idx.cpu[i]/scan.cpu[i])
		f.Runs = append(f.Runs, map[string]float64{"index_load_s": idx.wall[i], "scan_load_s": scan.wall[i], "arrival_load_s": vs[2].wall[i],
			"index_cpu_per_1m_s": idx.cpu[i], "scan_cpu_per_1m_s": scan.cpu[i], "arrival_cpu_per_1m_s": vs[2].cpu[i],
			"index_first_write_s": idx.first[i], "scan_first_write_s": scan.first[i], "arrival_first_write_s": vs[2].first[i],
			"index_maxrss_mb": idx.rsss[i], "scan_maxrss_mb": scan.rsss[i]})
	}
	after := loadAverage()
	if !strings.Contains(vs[0].read, "through index") && f.Error == "" {
		f.Error = "--read auto did not read through the index: " + vs[0].read
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprintf("%s %.2f s (%.2f CPU-s per 1M rows, first write %.2f s after the read began, peak RSS %.0f MB)",
			v.name, median(v.wall), median(v.cpu), median(v.first), median(v.rsss))
	}
	f.Detail = fmt.Sprintf("%s rows in sort-key order: %s; arrival order for scale: %s. %s. Load average %s before, %s after",
		plans.Thousands(d.spec.Rows), strings.Join(parts[:2], " vs "), parts[2], vs[0].read, before, after)
	cpu.Detail = fmt.Sprintf("%.2f vs %.2f CPU-s per 1M rows (arrival order %.2f): less sensitive than wall time to other work on the machine",
		median(vs[0].cpu), median(vs[1].cpu), median(vs[2].cpu))
	return figs()
}

// readChoice is the load's message about how it read the table ("" when
// it printed none: a plain read with no ordering index found).
func readChoice(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, ": read ") && strings.Contains(l, "table ") {
			return strings.TrimPrefix(strings.TrimSpace(l), "pg2ddb: ")
		}
	}
	return "no read message (a plain scan)"
}

// loadAverage is /proc/loadavg's 1, 5 and 15 minute averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
