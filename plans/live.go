package plans

import (
	"fmt"
	"strings"
)

// LiveColumn is a column of a table as the live database has it now.
// PGType is its base type as the plan records it (Attribute.PGType).
type LiveColumn struct {
	Name   string
	PGType string
}

// Difference is one way the live database departs from a plan.
type Difference struct {
	Table  string // schema.name
	Column string // empty for a missing table
	// Kind is "table dropped", "column dropped", "column retyped" or
	// "column added"; only "column added" is harmless (the new column is
	// not loaded).
	Kind    string
	Planned string // the type in the plan
	Live    string // the type in the database
	// Path is where the plan names the table or column
	// ("tables[3].attributes[2].column"); Line is its line in the file
	// when the caller located it (Locator), else 0.
	Path string
	Line int
}

// The kinds of Difference.
const (
	TableDropped  = "table dropped"
	ColumnDropped = "column dropped"
	ColumnRetyped = "column retyped"
	ColumnAdded   = "column added"
)

func (d Difference) String() string {
	at := ""
	if d.Line > 0 {
		at = fmt.Sprintf(" (plan line %d)", d.Line)
	}
	switch d.Kind {
	case TableDropped:
		return d.Table + ": no such table in the database" + at
	case ColumnDropped:
		return fmt.Sprintf("%s.%s: no such column in the database%s (planned as %s)", d.Table, d.Column, at, d.Planned)
	case ColumnRetyped:
		return fmt.Sprintf("%s.%s: planned as %s, the database has %s%s", d.Table, d.Column, d.Planned, d.Live, at)
	default:
		return fmt.Sprintf("%s.%s: new column of type %s, not in the plan (it will not be loaded)", d.Table, d.Column, d.Live)
	}
}

// DriftError refuses a plan whose tables or columns were dropped or retyped
// since it was written, listing every such difference.
type DriftError struct {
	Differences []Difference
}

func (e *DriftError) Error() string {
	msgs := make([]string, len(e.Differences))
	for i, d := range e.Differences {
		msgs[i] = d.String()
	}
	return "the plan does not match the database: " + strings.Join(msgs, "; ") +
		" (a name mistyped in the plan: fix it at that line; the database changed since the plan was made: make a new plan and carry your edits over)"
}

// Locate sets each difference's Line from where the plan file names it.
func (e *DriftError) Locate(l *Locator) {
	for i := range e.Differences {
		e.Differences[i].Line, _ = l.Locate(e.Differences[i].Path)
	}
}

// CheckLive compares p with the live columns of its source tables, keyed by
// their (schema, name). It returns every difference in plan order; the error is a
// *DriftError listing the ones that make the plan unsafe to load (a dropped
// table or column, a changed type), and nil when only columns were added.
func CheckLive(p *Plan, live map[TableName][]LiveColumn) ([]Difference, error) {
	var all, fatal []Difference
	for i := range p.Tables {
		t := &p.Tables[i]
		name, err := t.SourceTable()
		if err != nil {
			return nil, err
		}
		at := fmt.Sprintf("tables[%d]", i)
		cols, ok := live[name]
		if !ok {
			d := Difference{Table: t.Source, Kind: TableDropped, Path: at + ".source"}
			all, fatal = append(all, d), append(fatal, d)
			continue
		}
		byName := make(map[string]string, len(cols))
		for _, c := range cols {
			byName[c.Name] = c.PGType
		}
		planned := map[string]bool{}
		check := func(column, pgType, path string) {
			planned[column] = true
			liveType, ok := byName[column]
			var d Difference
			switch {
			case !ok:
				d = Difference{Table: t.Source, Column: column, Kind: ColumnDropped, Planned: pgType, Path: path + ".column"}
			case liveType != pgType:
				d = Difference{Table: t.Source, Column: column, Kind: ColumnRetyped, Planned: pgType, Live: liveType, Path: path + ".pg_type"}
			default:
				return
			}
			all, fatal = append(all, d), append(fatal, d)
		}
		for j, a := range t.Attributes {
			check(a.Column, a.PGType, fmt.Sprintf("%s.attributes[%d]", at, j))
		}
		for j, e := range t.Excluded {
			// An excluded column is not loaded, but a key may still be
			// built from it, so it must still exist.
			if keyUses(t, e.Column) {
				check(e.Column, e.PGType, fmt.Sprintf("%s.excluded[%d]", at, j))
			} else {
				planned[e.Column] = true
			}
		}
		for _, c := range cols {
			if !planned[c.Name] {
				all = append(all, Difference{Table: t.Source, Column: c.Name, Kind: ColumnAdded, Live: c.PGType})
			}
		}
	}
	if len(fatal) > 0 {
		return all, &DriftError{Differences: fatal}
	}
	return all, nil
}

// keyUses reports whether column is a part of t's partition or sort key.
func keyUses(t *Table, column string) bool {
	for _, p := range t.PartitionKey.Parts {
		if p.Column == column {
			return true
		}
	}
	if t.SortKey != nil {
		for _, p := range t.SortKey.Parts {
			if p.Column == column {
				return true
			}
		}
	}
	return false
}
