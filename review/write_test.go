package review

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

func TestWriteText(t *testing.T) {
	t.Parallel()
	r := goldenReport(t)
	var b strings.Builder
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	title := "Review of plans/pagila.yaml (database " + r.Database + "): dry run, nothing written"
	if !strings.HasPrefix(out, title+"\n"+strings.Repeat("=", len([]rune(title)))+"\n") {
		t.Errorf("text does not open with its underlined title:\n%.300s", out)
	}
	for what, n := range map[string]int{
		"\nSample items (DynamoDB JSON, from real rows)\n": len(r.Tables),
		"\nDistribution of partition keys\n":               len(r.Tables),
		"\nItem sizes\n":                                   len(r.Tables),
		"\nLoad estimate\n":                                len(r.Tables),
		"note: public.rental.<script>":                     1,
	} {
		if got := strings.Count(out, what); got != n {
			t.Errorf("%q %d times, want %d", what, got, n)
		}
	}
	if strings.Contains(out, "```") || strings.Contains(out, "\n# ") {
		t.Error("text holds markdown")
	}
}

func TestWriteMarkdown(t *testing.T) {
	t.Parallel()
	r := goldenReport(t)
	var b strings.Builder
	if err := WriteMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.HasPrefix(out, "# Review of plans/pagila.yaml") {
		t.Errorf("markdown does not open with its title:\n%.200s", out)
	}
	if n := strings.Count(out, "### Sample items"); n != len(r.Tables) {
		t.Errorf("%d sample sections for %d tables", n, len(r.Tables))
	}
	if n := strings.Count(out, "```json\n{"); n != len(r.Tables) {
		t.Errorf("%d JSON sample blocks for %d tables", n, len(r.Tables))
	}
	if strings.Count(out, "```")%2 != 0 {
		t.Error("unbalanced code fences")
	}
}

func TestWriteJSON(t *testing.T) {
	t.Parallel()
	r := goldenReport(t)
	var b strings.Builder
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Plan  string `json:"plan"`
		Drift []struct {
			Column string `json:"Column"`
		} `json:"drift"`
		Tables []struct {
			Design struct {
				Source string `json:"source"`
			} `json:"design"`
			Distribution struct {
				Rows int64 `json:"rows"`
			} `json:"distribution"`
			Heat *Heat `json:"partition_heat"`
		} `json:"tables"`
		Cost struct {
			WriteRate int64 `json:"write_rate"`
		} `json:"cost"`
	}
	if err := json.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatalf("%v\n%.300s", err, b.String())
	}
	if doc.Plan != r.Plan || len(doc.Drift) != 1 || doc.Drift[0].Column != r.Drift[0].Column || len(doc.Tables) != len(r.Tables) || doc.Cost.WriteRate != 4000 {
		t.Errorf("JSON review: plan %q, drift %v, %d tables, cost rate %d", doc.Plan, doc.Drift, len(doc.Tables), doc.Cost.WriteRate)
	}
	heats := 0
	for i, tb := range doc.Tables {
		if tb.Design.Source != r.Tables[i].Design.Source || tb.Distribution.Rows != 100 {
			t.Errorf("table %d: %s with %d rows", i, tb.Design.Source, tb.Distribution.Rows)
		}
		if tb.Heat != nil {
			heats++
		}
	}
	if heats != 1 {
		t.Errorf("%d tables with a heat simulation, want rental's", heats)
	}
}

// TestHistogram pins the text bars: the bucket with the most keys 40
// wide, the others in proportion, never less than one for a bucket with
// keys.
func TestHistogram(t *testing.T) {
	t.Parallel()
	got := histogram([]catalog.Bucket{{MinItems: 1, MaxItems: 1, Keys: 1000}, {MinItems: 2, MaxItems: 3, Keys: 500}, {MinItems: 4, MaxItems: 7, Keys: 1}})
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), got)
	}
	for i, want := range []struct {
		label string
		bars  int
		keys  string
	}{{"1", 40, "1,000 keys"}, {"2–3", 20, "500 keys"}, {"4–7", 1, "1 keys"}} {
		l := lines[i]
		if !strings.HasPrefix(strings.TrimLeft(l, " "), want.label+" items/key | ") || strings.Count(l, "█") != want.bars || !strings.HasSuffix(l, want.keys) {
			t.Errorf("line %d %q: want %s with %d bars and %s", i, l, want.label, want.bars, want.keys)
		}
	}
}
