package plans

import (
	"strings"
	"testing"
)

// TestDuplicatesChoice: the whole-row duplicates choice is a plan field
// that a person edits, that Read checks and that review shows.
func TestDuplicatesChoice(t *testing.T) {
	p := samplePlan()
	p.Tables[0].Duplicates = &Duplicates{Action: DuplicatesNumber, Groups: 18, Repeats: 20, Why: []string{"checked: 18 values"}}
	got, err := Read(strings.NewReader(write(t, p)))
	if err != nil {
		t.Fatal(err)
	}
	if d := got.Tables[0].Duplicates; d == nil || d.Action != DuplicatesNumber || d.Groups != 18 || d.Repeats != 20 || len(d.Why) != 1 {
		t.Fatalf("duplicates read back as %+v", d)
	}
	for _, f := range []Format{FormatText, FormatMarkdown} {
		var b strings.Builder
		if err := Render(&b, p, f); err != nil {
			t.Fatal(err)
		}
		if want := "Whole-row duplicates: 18 sets of identical rows (20 repeats), action number: every copy is kept"; !strings.Contains(b.String(), want) {
			t.Errorf("%s: missing %q:\n%s", f, want, b.String())
		}
	}
	// The person's edit to keep-one is honoured.
	p.Tables[0].Duplicates.Action = DuplicatesKeepOne
	if got, err = Read(strings.NewReader(write(t, p))); err != nil || got.Tables[0].Duplicates.Action != DuplicatesKeepOne {
		t.Fatalf("keep-one edit: %v, %+v", err, got)
	}
	var b strings.Builder
	if err := Render(&b, p, FormatText); err != nil || !strings.Contains(b.String(), "one copy is written, each repeat goes to the rejects file") {
		t.Errorf("keep-one not rendered (%v):\n%s", err, b.String())
	}
	// An unknown action, negative counts, and number on a key that
	// cannot take "#<n>" are refused.
	p.Tables[0].Duplicates = &Duplicates{Action: "merge", Groups: -1}
	wantProblems(t, problems(t, write(t, p)),
		`tables[0].duplicates.action: must be "number" or "keep-one", got "merge"`,
		"tables[0].duplicates: groups and repeats must not be negative")
	p.Tables[0].Duplicates = &Duplicates{Action: DuplicatesNumber, Groups: 1}
	p.Tables[0].SortKey.Type, p.Tables[0].SortKey.Parts = "N", []KeyPart{{Column: "rental_id", Encoding: EncNumber}}
	p.Tables[0].Sharding = nil
	wantProblems(t, problems(t, write(t, p)), `tables[0].duplicates.action: "number" appends #<n> to the sort key, which must then be of type S, not "N"`)
	p.Tables[0].Duplicates.Action = DuplicatesKeepOne
	if probs := Validate(p); len(probs) > 0 {
		t.Errorf("keep-one on a number sort key refused: %v", probs)
	}
}
