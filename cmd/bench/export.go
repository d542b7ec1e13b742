package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/pg2ddb/pg2ddb/cmd/bench/gen"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/plans"
)

// figure6: `pg2ddb export` of the main table to a local S3 server
// (gofakes3, in memory, in this process) ÷ a plain binary COPY of the
// table, both run back to back, alternating which goes first. The export
// reads the rows through the load's row stream (extract.Stream with
// OrderInterleave): plain scans, no sort on the source.
func (b *bench) figure6(ctx context.Context) []Figure {
	f := Figure{ID: "6", Name: "export to S3 ÷ COPY of the table", Unit: "×", Op: "<=", Target: 2.0}
	// 6-stream, informational: the same export ÷ a COPY of the SELECT it
	// runs (per-row key and value expressions), which shows what is pg2ddb's.
	sel := Figure{ID: "6-stream", Name: "export to S3 ÷ COPY of its SELECT", Unit: "×"}
	if b.main == nil {
		d := &dataset{spec: b.spec(b.c.Rows)}
		url, _, err := gen.Ensure(ctx, b.c.server, d.spec, logf)
		if err == nil {
			d.url = url
			_, err = b.makePlan(ctx, d, "fig6")
		}
		if err != nil {
			f.Error = err.Error()
			return []Figure{f, sel}
		}
		b.main = d
	}
	d := b.main
	backend := s3mem.New()
	if err := backend.CreateBucket("bench"); err != nil {
		f.Error = err.Error()
		return []Figure{f, sel}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Error = err.Error()
		return []Figure{f, sel}
	}
	srv := &http.Server{Handler: gofakes3.New(backend).Server(), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln) //nolint:errcheck // ends with Close below
	defer srv.Close()
	// The simulator is not written to; export only needs a region.
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		f.Error = err.Error()
		return []Figure{f, sel}
	}
	defer sim.Close()
	from, _ := extract.SourceIdent(d.table().Source)
	q, err := extract.StreamSQL(d.table(), extract.OrderInterleave)
	if err != nil {
		f.Error = err.Error()
		return []Figure{f, sel}
	}
	var exports, copies, selects []float64
	for i := range b.c.Runs {
		var ex child
		var cp, cs time.Duration
		var eerr, cerr error
		doExport := func() {
			ex, eerr = runChild(ctx, b.c.work, nil, b.logPath(fmt.Sprintf("export-%d", i)), b.c.bin, "export", d.plan, "--source", d.url,
				"--to", fmt.Sprintf("s3://bench/run%d", i), "--s3-endpoint-url", "http://"+ln.Addr().String(), "--region", "us-east-1",
				"--progress", "none", "--max-rejects", "1000000000")
		}
		doCopy := func() {
			if cp, _, cerr = copyTable(ctx, d.url, from); cerr == nil {
				cs, _, cerr = copyOut(ctx, d.url, q)
			}
		}
		if i%2 == 0 {
			doExport()
			doCopy()
		} else {
			doCopy()
			doExport()
		}
		if err := firstErr(eerr, cerr); err != nil {
			f.Error = err.Error()
			break
		}
		f.Samples = append(f.Samples, sec(ex.Wall)/sec(cp))
		sel.Samples = append(sel.Samples, sec(ex.Wall)/sec(cs))
		exports, copies, selects = append(exports, sec(ex.Wall)), append(copies, sec(cp)), append(selects, sec(cs))
		f.Runs = append(f.Runs, map[string]float64{"export_s": sec(ex.Wall), "copy_s": sec(cp), "copy_select_s": sec(cs), "export_user_s": sec(ex.User), "export_maxrss_mb": float64(ex.MaxRSS) / (1 << 20)})
		logf("figure 6 run %d: export %.2fs, COPY of the table %.2fs, COPY of its SELECT %.2fs", i+1, sec(ex.Wall), sec(cp), sec(cs))
	}
	sel.Detail = fmt.Sprintf("export %.2f s vs COPY %.2f s of the SELECT it runs (per-row key and value expressions, no sort)", median(exports), median(selects))
	f.Detail = fmt.Sprintf("export (gzip, local S3) %.2f s vs COPY %.2f s of %s rows", median(exports), median(copies), plans.Thousands(d.spec.Rows))
	return []Figure{f, sel}
}
