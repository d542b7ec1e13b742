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
}

// The kinds of Difference.
const (
	TableDropped  = "table dropped"
	ColumnDropped = "column dropped"
	ColumnRetyped = "column retyped"
	ColumnAdded   = "column added"
)

func (d Difference) String() string {
	switch d.Kind {
	case TableDropped:
		return d.Table + ": table no longer exists"
	case ColumnDropped:
		return fmt.Sprintf("%s.%s: column dropped (planned as %s)", d.Table, d.Column, d.Planned)
	case ColumnRetyped:
		return fmt.Sprintf("%s.%s: planned as %s, now %s", d.Table, d.Column, d.Planned, d.Live)
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
	return "the database changed since the plan was written: " + strings.Join(msgs, "; ") + " (make a new plan)"
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
		cols, ok := live[name]
		if !ok {
			d := Difference{Table: t.Source, Kind: TableDropped}
			all, fatal = append(all, d), append(fatal, d)
			continue
		}
		byName := make(map[string]string, len(cols))
		for _, c := range cols {
			byName[c.Name] = c.PGType
		}
		planned := map[string]bool{}
		check := func(column, pgType string) {
			planned[column] = true
			liveType, ok := byName[column]
			var d Difference
			switch {
			case !ok:
				d = Difference{Table: t.Source, Column: column, Kind: ColumnDropped, Planned: pgType}
			case liveType != pgType:
				d = Difference{Table: t.Source, Column: column, Kind: ColumnRetyped, Planned: pgType, Live: liveType}
			default:
				return
			}
			all, fatal = append(all, d), append(fatal, d)
		}
		for _, a := range t.Attributes {
			check(a.Column, a.PGType)
		}
		for _, e := range t.Excluded {
			// An excluded column is not loaded, but a key may still be
			// built from it, so it must still exist.
			if keyUses(t, e.Column) {
				check(e.Column, e.PGType)
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
