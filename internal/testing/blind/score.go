package blind

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Grades of a table's planned key against its verdict, best first.
const (
	// GradeRight: the plan's partition key is the verdict's and its sort
	// key starts with the verdict's sort key.
	GradeRight = "right"
	// GradeAcceptable: the plan matches one of the verdict's acceptable
	// designs.
	GradeAcceptable = "acceptable"
	// GradeWrong: anything else, or a never_partition_key column in the
	// partition key, or the table missing from the plan.
	GradeWrong = "wrong"
)

// gradeRank orders grades: a higher rank is better.
func gradeRank(g string) int {
	switch g {
	case GradeRight:
		return 2
	case GradeAcceptable:
		return 1
	}
	return 0
}

// TableScore is how one planned table meets its verdict.
type TableScore struct {
	Table string
	Grade string
	// Plan is the planned key, "pk / sk" by column names.
	Plan string
	// Unserved lists the verdict's lookups that neither the base key nor
	// an enabled index serves, each as its columns joined by ",".
	Unserved []string
}

// SchemaScore is the score of one corpus schema.
type SchemaScore struct {
	Schema string
	Split  string
	Tables []TableScore
}

// Tally counts grades and unserved lookups.
type Tally struct {
	Tables, Right, Acceptable, Wrong, Unserved int
}

// Add adds another tally.
func (t *Tally) Add(o Tally) {
	t.Tables += o.Tables
	t.Right += o.Right
	t.Acceptable += o.Acceptable
	t.Wrong += o.Wrong
	t.Unserved += o.Unserved
}

// String is "right/acceptable/wrong of tables, unserved lookups".
func (t Tally) String() string {
	pct := 0.0
	if t.Tables > 0 {
		pct = 100 * float64(t.Right) / float64(t.Tables)
	}
	return fmt.Sprintf("%3d tables: %3d right (%5.1f%%) %3d acceptable %3d wrong, %2d lookups unserved",
		t.Tables, t.Right, pct, t.Acceptable, t.Wrong, t.Unserved)
}

// Tally counts the schema's grades.
func (s *SchemaScore) Tally() Tally {
	var t Tally
	for _, ts := range s.Tables {
		t.Tables++
		switch ts.Grade {
		case GradeRight:
			t.Right++
		case GradeAcceptable:
			t.Acceptable++
		default:
			t.Wrong++
		}
		t.Unserved += len(ts.Unserved)
	}
	return t
}

func keyColumns(k *plans.Key) []string {
	if k == nil {
		return nil
	}
	out := make([]string, 0, len(k.Parts))
	for _, p := range k.Parts {
		out = append(out, p.Column)
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

// matches says whether a planned (pk, sk) meets a design: the same
// partition key columns (in any order: they are hashed together) and a
// sort key that starts with the design's.
func matches(pk, sk []string, d Design) bool {
	if !sameSet(pk, d.PartitionKey) {
		return false
	}
	return len(sk) >= len(d.SortKey) && slices.Equal(sk[:len(d.SortKey)], d.SortKey)
}

// serves says whether a key (pk, sk) answers an equality lookup on cols:
// the partition key's columns are all among cols and the rest of cols are
// the sort key's leading columns.
func serves(pk, sk, cols []string) bool {
	if len(pk) == 0 {
		return false
	}
	rest := slices.Clone(cols)
	for _, c := range pk {
		i := slices.Index(rest, c)
		if i < 0 {
			return false
		}
		rest = slices.Delete(rest, i, i+1)
	}
	if len(rest) > len(sk) {
		return false
	}
	return sameSet(rest, sk[:len(rest)])
}

// Score grades every verdict of e against the plan p.
func Score(e *Expectation, p *plans.Plan) *SchemaScore {
	byName := map[string]*plans.Table{}
	for i := range p.Tables {
		byName[p.Tables[i].Source] = &p.Tables[i]
	}
	s := &SchemaScore{Schema: e.Schema, Split: e.Split}
	for _, v := range e.Tables {
		s.Tables = append(s.Tables, scoreTable(v, byName[v.Table]))
	}
	return s
}

func scoreTable(v TableVerdict, t *plans.Table) TableScore {
	ts := TableScore{Table: v.Table, Grade: GradeWrong}
	if t == nil {
		ts.Plan = "(not planned)"
		if v.Skip {
			ts.Grade = GradeRight
		}
		return ts
	}
	pk, sk := keyColumns(&t.PartitionKey), keyColumns(t.SortKey)
	ts.Plan = strings.Join(pk, "+")
	if len(sk) > 0 {
		ts.Plan += " / " + strings.Join(sk, "+")
	}
	never := slices.ContainsFunc(pk, func(c string) bool { return slices.Contains(v.NeverPartitionKey, c) })
	switch {
	case v.Skip || never:
	case matches(pk, sk, Design{PartitionKey: v.PartitionKey, SortKey: v.SortKey}):
		ts.Grade = GradeRight
	case slices.ContainsFunc(v.Acceptable, func(d Design) bool { return matches(pk, sk, d) }):
		ts.Grade = GradeAcceptable
	}
	for _, l := range v.Lookups {
		served := serves(pk, sk, l)
		for i := range t.Indexes {
			ix := &t.Indexes[i]
			if ix.Enabled && serves(keyColumns(&ix.PartitionKey), keyColumns(ix.SortKey), l) {
				served = true
			}
		}
		if !served {
			ts.Unserved = append(ts.Unserved, strings.Join(l, ","))
		}
	}
	return ts
}

// WriteScores writes a schema's score file: one line per table,
// "table grade plan [unserved: a,b; c]".
func WriteScores(w io.Writer, s *SchemaScore) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s (%s): %s\n", s.Schema, s.Split, s.Tally())
	for _, ts := range s.Tables {
		fmt.Fprintf(bw, "%s\t%s\t%s", ts.Table, ts.Grade, ts.Plan)
		if len(ts.Unserved) > 0 {
			fmt.Fprintf(bw, "\tunserved: %s", strings.Join(ts.Unserved, "; "))
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// ReadScores reads a score file WriteScores wrote.
func ReadScores(r io.Reader) (map[string]TableScore, error) {
	out := map[string]TableScore{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			return nil, fmt.Errorf("score line %q: want table, grade and plan", line)
		}
		ts := TableScore{Table: f[0], Grade: f[1], Plan: f[2]}
		if len(f) > 3 {
			ts.Unserved = strings.Split(strings.TrimPrefix(f[3], "unserved: "), "; ")
		}
		out[ts.Table] = ts
	}
	return out, sc.Err()
}

// Compare lists regressions (a grade worse than recorded, a lookup served
// before and now not) and improvements of s over the recorded scores.
func Compare(recorded map[string]TableScore, s *SchemaScore) (regressions, improvements []string) {
	for _, ts := range s.Tables {
		old, ok := recorded[ts.Table]
		if !ok {
			improvements = append(improvements, ts.Table+": not recorded")
			continue
		}
		switch r, o := gradeRank(ts.Grade), gradeRank(old.Grade); {
		case r < o:
			regressions = append(regressions, fmt.Sprintf("%s: %s (%s), recorded %s (%s)", ts.Table, ts.Grade, ts.Plan, old.Grade, old.Plan))
		case r > o:
			improvements = append(improvements, fmt.Sprintf("%s: %s (%s), recorded %s (%s)", ts.Table, ts.Grade, ts.Plan, old.Grade, old.Plan))
		}
		for _, u := range ts.Unserved {
			if !slices.Contains(old.Unserved, u) {
				regressions = append(regressions, fmt.Sprintf("%s: lookup %s unserved, recorded served", ts.Table, u))
			}
		}
		for _, u := range old.Unserved {
			if !slices.Contains(ts.Unserved, u) {
				improvements = append(improvements, fmt.Sprintf("%s: lookup %s now served", ts.Table, u))
			}
		}
	}
	return regressions, improvements
}
