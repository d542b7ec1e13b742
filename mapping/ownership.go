package mapping

import (
	"fmt"
	"slices"

	"github.com/pg2ddb/pg2ddb/plans"
)

// This file holds the rules that tell an owner from a column that only
// routes, names or finds a row: a random per-row primary key yields to a
// composite unique key that names an owner (random-id-yields, on the
// primary key); a name that repeats does not displace a primary key other
// tables reference (repeated-name-yields).

// randomPKYields applies rule random-id-yields to the primary key: a
// one-column primary key on an application-made random id finds one row
// but groups none, so a composite unique constraint or index whose owner
// (by composite-key-owner's classes) is a declared reference ranks before
// it (a user's two-factor methods, one per type, beside the method's
// uuid); the id stays a lookup. nil when the primary key is no random id
// or no composite key names a referenced owner.
func (d *designer) randomPKYields() []proposal {
	id := d.randomIDPrimaryKey()
	if id == "" {
		return nil
	}
	var out []proposal
	for _, u := range d.uniqueIndexes() {
		if u.idx == d.t.PrimaryKey || len(u.idx.Columns) < 2 {
			continue
		}
		kind := "unique constraint"
		if !u.idx.Constraint {
			kind = "unique index"
		}
		ps := d.compositeOwners(u.idx, kind)
		if len(ps) == 0 || d.referenceOf(ps[0].pk[0]) == nil {
			continue
		}
		for _, p := range ps {
			if d.referenceOf(p.pk[0]) == nil || slices.Contains(p.pk, id) {
				continue
			}
			p.why += "; it ranks before primary key " + d.t.PrimaryKey.Name + " (" + id + "), an application-made random id that finds one row but groups none and stays a lookup (rule " + RuleRandomIDYields + ")"
			out = append(out, p)
		}
	}
	return out
}

// repeatedName reports whether a scored choice is a name or title of the
// row that repeats in the data, in a table whose owner may be missing
// (rule repeated-name-yields): one column of the name role, fewer values
// than rows, and a declared reference of the table NULL in some rows. Such
// names are unique at most within an owner some rows lack (a project's
// label, a group's label), repeat across owners and change; in a table
// whose primary key other tables reference, that key, which the children
// carry, stays the identity and the name a lookup. A table with no
// optional owner (playlists by name) keeps its name.
func (d *designer) repeatedName(c *candidate) bool {
	if c == nil || len(c.cols) != 1 || c.role != roleName || c.fk != nil || c.distinct <= 0 || c.distinct >= d.rows() {
		return false
	}
	return d.optionalOwner() != ""
}

// optionalOwner is a one-column declared reference of the table that is
// NULL in some rows, "" when none is.
func (d *designer) optionalOwner() string {
	for _, r := range d.node().refs {
		if !r.declared() || len(r.columns) != 1 {
			continue
		}
		if cp := d.colProfile(r.columns[0]); cp != nil && cp.Nulls > 0 {
			return r.columns[0]
		}
	}
	return ""
}

// repeatedNameWhy is the why line of rule repeated-name-yields.
func (d *designer) repeatedNameWhy(c *candidate) string {
	return fmt.Sprintf(" — rule %s: %s is a name that repeats (%s values in %s rows) and changes, unique at most within an owner some rows lack (%s is NULL in some): no identity, and the children carry the primary key", RuleRepeatedNameYields, c.cols[0].Name, plans.Thousands(c.distinct), plans.Thousands(d.rows()), d.optionalOwner())
}

// nameColumn reports whether a column is a name or title of the row: an
// index it leads looks rows up by name (a label filter), however few its
// values, and is served like any lookup (rule repeated-name-yields: the
// name stays a lookup).
func (d *designer) nameColumn(column string) bool {
	col := d.t.Column(column)
	return col != nil && col.Category == "S" && roleOf(d.t.Name, col) == roleName
}
