package review

import (
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// A snapshot is what Build reads.
var _ Source = (*extract.Snapshot)(nil)

// TestBuildMeasuresTheSource reviews two of pagila's tables from its
// golden plan (mapping.Design's) and checks the measurements against the
// data: every row counted, as many rows encoded as asked, as many
// samples, the plan's write rate when none is given, and the heat only
// when asked for.
func TestBuildMeasuresTheSource(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	p, err := plans.ReadFile("../mapping/testdata/golden/pagila.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if p.Tables, err = p.Select([]string{"rental", "language"}); err != nil {
		t.Fatal(err)
	}
	s := fixture.Snapshot(t, db.Pool)
	drift := []plans.Difference{{Table: "public.rental", Column: "note", Kind: plans.ColumnAdded, Live: "text"}}

	r, err := Build(t.Context(), p, s, Options{Path: "pagila.yaml", Drift: drift, Samples: 2, SizeRows: 500})
	if err != nil {
		t.Fatal(err)
	}
	if r.Plan != "pagila.yaml" || r.Database != p.Source.Database || len(r.Drift) != 1 || r.Cost == nil {
		t.Errorf("report: plan %q, database %q, %d drift, cost %v", r.Plan, r.Database, len(r.Drift), r.Cost)
	}
	if r.WriteRate != p.Options.WriteRate || r.WriteRate <= 0 {
		t.Errorf("write rate %d, want the plan's %d", r.WriteRate, p.Options.WriteRate)
	}
	if len(r.Tables) != 2 {
		t.Fatalf("%d tables reviewed, want 2", len(r.Tables))
	}
	for _, tb := range r.Tables {
		rows := map[string]int64{"public.rental": 16044, "public.language": 6}[tb.Design.Source]
		if tb.Distribution.Rows != rows {
			t.Errorf("%s: %d rows counted, want %d", tb.Design.Source, tb.Distribution.Rows, rows)
		}
		if want := min(rows, 500); tb.Sizes.RowsEncoded != want || tb.Sizes.Rejected != 0 {
			t.Errorf("%s: %d rows encoded, %d rejected; want %d, none", tb.Design.Source, tb.Sizes.RowsEncoded, tb.Sizes.Rejected, want)
		}
		if len(tb.Samples) != 2 || tb.Sizes.AvgBytes <= 0 || tb.Sizes.MaxBytes < int(tb.Sizes.AvgBytes) {
			t.Errorf("%s: %d samples, average %.0f B, largest %d B", tb.Design.Source, len(tb.Samples), tb.Sizes.AvgBytes, tb.Sizes.MaxBytes)
		}
		if tb.Load.WriteRate != r.WriteRate || tb.Load.TotalWCU < rows || tb.Load.InterleavedSeconds <= 0 {
			t.Errorf("%s: load estimate %+v", tb.Design.Source, tb.Load)
		}
		if tb.Heat != nil {
			t.Errorf("%s: a heat simulation nobody asked for", tb.Design.Source)
		}
	}

	r, err = Build(t.Context(), p, s, Options{WriteRate: 1000, Heat: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		if tb.Load.WriteRate != 1000 || tb.Sizes.RowsEncoded != tb.Distribution.Rows || len(tb.Samples) != 0 {
			t.Errorf("%s: rate %d, %d of %d rows encoded, %d samples; want 1000, every row, none", tb.Design.Source,
				tb.Load.WriteRate, tb.Sizes.RowsEncoded, tb.Distribution.Rows, len(tb.Samples))
		}
		if tb.Heat == nil || int64(tb.Heat.Keys) != tb.Distribution.Keys || tb.Heat.Window != HeatWindow {
			t.Errorf("%s: heat %+v for %d keys", tb.Design.Source, tb.Heat, tb.Distribution.Keys)
		}
	}
}
