package plans

import (
	"fmt"
	"path"
)

// Select returns the plan's tables that names choose, in plan order: each
// name is a path.Match pattern (a plain name matches only itself) over a
// table's source (schema.name), its source table's bare name and its target.
// No names chooses every table; a name that matches no table is an error.
func (p *Plan) Select(names []string) ([]Table, error) {
	if len(names) == 0 {
		return p.Tables, nil
	}
	used := make([]bool, len(names))
	var out []Table
	for _, t := range p.Tables {
		src, _ := t.SourceTable()
		for i, n := range names {
			hit := false
			for _, s := range []string{t.Source, src.Name, t.Target} {
				ok, err := path.Match(n, s)
				if err != nil {
					return nil, fmt.Errorf("--tables %q: %w", n, err)
				}
				hit = hit || ok
			}
			if hit {
				used[i] = true
				out = append(out, t)
				break
			}
		}
	}
	for i, u := range used {
		if !u {
			return nil, fmt.Errorf("--tables %q matches no table of the plan", names[i])
		}
	}
	return out, nil
}

// PlannedDrops sums the repeats that the keep-one duplicates choices of
// tables drop, as counted when the plan was made.
func PlannedDrops(tables []Table) int64 {
	var n int64
	for _, t := range tables {
		if d := t.Duplicates; d != nil && d.Action == DuplicatesKeepOne {
			n += d.Repeats
		}
	}
	return n
}
