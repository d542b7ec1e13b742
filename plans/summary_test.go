package plans

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSummaryShortensWarningsAtAWord: the summary line's warning is cut to
// fit, at a word and never inside a character (a byte cut split "é" and
// left half a word), marked with "…".
func TestSummaryShortensWarningsAtAWord(t *testing.T) {
	p := samplePlan()
	warning := strings.Repeat("é", 29) + " une clé très chaude qui ralentit le chargement de la table"
	p.Tables[0].Warnings = []string{warning}
	var b strings.Builder
	if err := Summarize(&b, p); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !utf8.ValidString(out) {
		t.Fatalf("the summary is not valid UTF-8:\n%q", out)
	}
	line := strings.Split(out, "\n")[1]
	shown, ok := strings.CutSuffix(line, "…")
	i := strings.Index(shown, "éé")
	if !ok || i < 0 || !strings.HasPrefix(warning, shown[i:]+" ") {
		t.Fatalf("the warning is not cut at a word: %q", line)
	}
}
