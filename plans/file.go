package plans

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// header opens every plan file. It is written by Write and skipped by Read,
// so Write → Read → Write stays byte-identical.
const header = `# pg2ddb plan: the DynamoDB design of a PostgreSQL database.
# Review it, edit it (keys, shards, target names, excluded columns) and commit it;
# pg2ddb review and pg2ddb load validate it again before using it.
# Each decision carries its reasons ("why"); warnings come first in review.
`

// Write encodes p as YAML with the file header and a comment above each
// table summarising its keys. It does not validate p: the designer may write
// a plan whose problems it reports in the plan itself, and Read will refuse
// it.
func Write(w io.Writer, p *Plan) error {
	var doc yaml.Node
	if err := doc.Encode(p); err != nil {
		return fmt.Errorf("encode plan: %w", err)
	}
	annotate(&doc, p)
	var buf bytes.Buffer
	buf.WriteString(header)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return fmt.Errorf("encode plan: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("encode plan: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("write plan: %w", err)
	}
	return nil
}

// annotate puts a one-line summary above every table of the encoded plan,
// derived from the plan alone so that rewriting a read plan reproduces it.
func annotate(doc *yaml.Node, p *Plan) {
	if doc.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != "tables" || doc.Content[i+1].Kind != yaml.SequenceNode {
			continue
		}
		for j, item := range doc.Content[i+1].Content {
			if j < len(p.Tables) {
				item.HeadComment = KeySummary(&p.Tables[j])
			}
		}
	}
}

// KeySummary is a one-line description of a table's key design:
// "public.rental → rental: pk customer_id | sk rental_date#inventory_id".
func KeySummary(t *Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s → %s: pk %s", t.Source, t.Target, partColumns(t.PartitionKey.Parts))
	if t.Sharding != nil && t.Sharding.Shards > 1 {
		fmt.Fprintf(&b, "#shard(0..%d)", t.Sharding.Shards-1)
	}
	if t.SortKey != nil {
		fmt.Fprintf(&b, " | sk %s", partColumns(t.SortKey.Parts))
	}
	if n := len(t.Warnings); n > 0 {
		fmt.Fprintf(&b, " | %d warning(s)", n)
	}
	return b.String()
}

func partColumns(parts []KeyPart) string {
	cols := make([]string, len(parts))
	for i, p := range parts {
		cols[i] = p.Column
	}
	return strings.Join(cols, Separator)
}

// Read decodes and validates a plan. Unknown fields, a wrong version and
// every semantic problem are reported together in one *ValidationError, so
// a person fixing a hand-edited plan sees all of them at once.
func Read(r io.Reader) (*Plan, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read plan: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &ValidationError{Problems: []Problem{{Path: "plan", Message: "empty file"}}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var p Plan
	var problems []Problem
	if err := dec.Decode(&p); err != nil {
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			// A syntax error leaves nothing to validate.
			return nil, &ValidationError{Problems: []Problem{{Path: "plan", Message: strings.TrimPrefix(err.Error(), "yaml: ")}}}
		}
		for _, e := range te.Errors {
			problems = append(problems, Problem{Path: "plan", Message: e})
		}
	}
	// A second document (two plans pasted together, a merge gone wrong)
	// would otherwise be ignored: the plan that loads would not be all
	// that the file says.
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		problems = append(problems, Problem{Path: "plan", Message: "after the plan: " + strings.TrimPrefix(err.Error(), "yaml: ")})
	default:
		problems = append(problems, Problem{Path: "plan", Message: fmt.Sprintf("a plan file holds one YAML document; a second one starts at line %d", next.Line)})
	}
	problems = append(problems, checkNumbers(&p)...)
	problems = append(problems, Validate(&p)...)
	if len(problems) > 0 {
		loc := NewLocator(data)
		for i := range problems {
			if problems[i].Path != "plan" {
				problems[i].Line, problems[i].Column = loc.Locate(problems[i].Path)
			}
		}
		return nil, &ValidationError{Problems: problems}
	}
	return &p, nil
}

// checkNumbers reports the scores and estimates of a hand-edited plan that
// are not finite numbers (YAML's .nan and .inf): the designer never writes
// them, review cannot show them, and a NaN never equals itself, so such a
// plan does not even read back as itself. A negative zero becomes zero,
// since it is written as "-0", which reads back as the integer 0.
func checkNumbers(p *Plan) []Problem {
	var out []Problem
	check := func(path string, f *float64) {
		switch {
		case math.IsNaN(*f) || math.IsInf(*f, 0):
			out = append(out, Problem{Path: path, Message: fmt.Sprintf("must be a finite number, got %v", *f)})
		case *f == 0:
			*f = 0
		}
	}
	for i := range p.Tables {
		t := &p.Tables[i]
		at := fmt.Sprintf("tables[%d]", i)
		check(at+".partition_key.score", &t.PartitionKey.Score)
		if t.SortKey != nil {
			check(at+".sort_key.score", &t.SortKey.Score)
		}
		for j := range t.Rejected {
			check(fmt.Sprintf("%s.rejected[%d].score", at, j), &t.Rejected[j].Score)
		}
		check(at+".estimates.wcu_per_item", &t.Estimates.WCUPerItem)
		check(at+".estimates.ideal_load_seconds", &t.Estimates.IdealLoadSeconds)
		check(at+".estimates.hot_key_floor_seconds", &t.Estimates.HotKeyFloorSeconds)
		check(at+".estimates.load_seconds", &t.Estimates.LoadSeconds)
	}
	return out
}

// ReadFile reads and validates the plan file at path.
func ReadFile(path string) (*Plan, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open plan: %w", err)
	}
	defer f.Close()
	p, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("plan %s: %w", path, err)
	}
	return p, nil
}

// WriteFile writes p to path through a temporary file renamed into place,
// so an interrupted write never leaves half a plan behind.
func WriteFile(path string, p *Plan) error {
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".plan-*.yaml")
	if err != nil {
		return fmt.Errorf("write plan %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after a successful rename
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return fmt.Errorf("write plan %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write plan %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write plan %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write plan %s: %w", path, err)
	}
	return nil
}
