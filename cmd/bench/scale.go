package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/pg2ddb/pg2ddb/cmd/bench/gen"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/plans"
)

// scaleRows are the table sizes of the scale curve (figure 8).
var scaleRows = []int64{1_000_000, 4_000_000, 10_000_000}

// figure8 is the scale curve, off by default (-scale): one load of tables
// of 1M, 4M and 10M rows (the main table's schema and distribution, loaded
// with its plan) into the count-only simulator; 8a is the time per row at
// 10M ÷ at 1M (a read path without an n log n sort on the source scales
// linearly), 8b the peak RSS at 10M ÷ at 1M (the memory bounds: spill
// files, not memory, hold the rounds), with every point in the detail.
// Generating the 10M-row table (about 2.2 GB) and loading it takes the
// bench well past 15 minutes on a 2-core machine.
func (b *bench) figure8(ctx context.Context) []Figure {
	perRow := Figure{ID: "8a", Name: "scale: load time per row, 10M rows ÷ 1M rows", Unit: "×", Op: "<=", Target: 1.2}
	mem := Figure{ID: "8b", Name: "scale: loader peak RSS, 10M rows ÷ 1M rows", Unit: "×", Op: "<=", Target: 1.2}
	fail := func(err error) []Figure {
		perRow.Error, mem.Error = err.Error(), err.Error()
		return []Figure{perRow, mem}
	}
	if b.main == nil || b.main.p == nil {
		return fail(fmt.Errorf("the scale curve needs the main table's plan (figure 1, 3 or 5)"))
	}
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return fail(err)
	}
	defer sim.Close()
	var us, mbs []float64
	var parts []string
	run := map[string]float64{}
	for _, rows := range scaleRows {
		d := &dataset{spec: b.spec(rows)}
		url, _, err := gen.Ensure(ctx, b.c.server, d.spec, logf)
		if err != nil {
			return fail(err)
		}
		d.url, d.plan, d.p = url, b.main.plan, b.main.p
		ld, err := b.load(ctx, d, sim.URL(), fmt.Sprintf("fig8-%d", rows))
		if err != nil {
			return fail(err)
		}
		u := sec(ld.Wall) / float64(rows) * 1e6
		mb := float64(ld.MaxRSS) / (1 << 20)
		us, mbs = append(us, u), append(mbs, mb)
		parts = append(parts, fmt.Sprintf("%s rows %.2f µs/row, %.0f MB", plans.Thousands(rows), u, mb))
		run[fmt.Sprintf("us_per_row_%d", rows)] = u
		run[fmt.Sprintf("maxrss_mb_%d", rows)] = mb
		logf("figure 8: %s rows in %.1fs (%.2f µs/row), peak RSS %.0f MB", plans.Thousands(rows), sec(ld.Wall), u, mb)
	}
	n := len(us) - 1
	perRow.Samples, mem.Samples = []float64{us[n] / us[0]}, []float64{mbs[n] / mbs[0]}
	perRow.Runs = []map[string]float64{run}
	perRow.Detail = strings.Join(parts, "; ")
	mem.Detail = perRow.Detail
	return []Figure{perRow, mem}
}
