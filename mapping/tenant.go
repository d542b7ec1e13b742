package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Rule tenant-prefix: in a multi-tenant schema one small table (the
// tenants: networks, accounts) is referenced from most of the schema's
// tables, and its reference is part of their unique keys (unique (tenant,
// type, value)): the identity of a row is within its tenant. Such a
// reference is a prefix of identity, never the owner of a table alone: a
// random-id table listed by the tenant is not the tenant's (the id stays
// its key), and a table owned by a finer owner that lives in one tenant
// (an identity, itself carrying the tenant) takes the rest of a unique key
// that names the tenant as its sort key: the owner implies the tenant, so
// (owner, rest) is unique by the declaration. Among scored candidates
// the tenant yields to a finer owner, a name unique only by today's data
// in a tenant's table is no identity, and the tenant table itself is
// keyed by the key every referring table holds.

// tenantParent reports whether the table parent (schema.table) is the
// schema's tenant table: at least three other tables, and more than half
// of the schema's other tables, hold a one-column reference to it; in at
// least two of them that reference is part of a composite unique key
// (primary key, unique constraint or unique index, nullable or not); and
// it holds fewer rows than the square root of all the referring tables'
// rows together (25 networks beside 40,000 rows of identities, sessions
// and flows).
func (g *schemaGraph) tenantParent(parent string) bool {
	return g != nil && g.tenants[parent]
}

// findTenants fills g.tenants once the graph's references are built.
func (g *schemaGraph) findTenants() {
	g.tenants = map[string]bool{}
	for parent := range g.nodes {
		g.tenants[parent] = g.isTenantParent(parent)
	}
}

// isTenantParent is tenantParent's count over the graph.
func (g *schemaGraph) isTenantParent(parent string) bool {
	p := g.nodes[parent]
	if p == nil || p.profile == nil || p.profile.Rows <= 0 {
		return false
	}
	carriers, keyed := 0, 0
	var rows int64
	for name, n := range g.nodes {
		if name == parent {
			continue
		}
		col := ""
		for _, r := range n.refs {
			if len(r.columns) == 1 && r.parent == parent {
				col = r.columns[0]
				break
			}
		}
		if col == "" {
			continue
		}
		carriers++
		if n.profile != nil {
			rows += n.profile.Rows
		}
		if inCompositeUnique(n.table, col) {
			keyed++
		}
	}
	others := len(g.nodes) - 1
	return carriers >= 3 && carriers*2 > others && keyed >= 2 && classification(p.profile.Rows, rows)
}

// inCompositeUnique reports whether column is part of a unique key of two
// or more columns of t, declared NOT NULL or not.
func inCompositeUnique(t *catalog.Table, column string) bool {
	in := func(ix *catalog.Index) bool {
		return ix != nil && len(ix.Columns) > 1 && slices.Contains(ix.Columns, column)
	}
	if in(t.PrimaryKey) {
		return true
	}
	for i := range t.Uniques {
		if in(&t.Uniques[i]) {
			return true
		}
	}
	return false
}

// tenant returns the reference of column when it is a tenant reference
// of the table (rule tenant-prefix): a one-column reference to the
// schema's tenant table (tenantParent). nil otherwise.
func (d *designer) tenant(column string) *reference {
	if d.g == nil {
		return nil
	}
	for _, r := range d.node().refs {
		if len(r.columns) != 1 || r.columns[0] != column || r.parent == qualified(d.t.Schema, d.t.Name) {
			continue
		}
		if !d.g.tenantParent(r.parent) {
			return nil
		}
		return r
	}
	return nil
}

// tenantScoped proposes, for a table whose rows owner (a finer reference
// than the tenant) owns, the rest of a unique key that names the tenant
// as the sort key (rule tenant-prefix): the owner's table carries the
// same tenant, so an owner lives in one tenant and (owner, rest) is unique
// by the declaration. The rest must hold no NULL today, and the key must
// not name the owner. nil when no such key.
func (d *designer) tenantScoped(owner *reference) *proposal {
	if d.g == nil || owner == nil || d.tenant(owner.columns[0]) != nil || d.g.nodes[owner.parent] == nil {
		return nil
	}
	keys := []*catalog.Index{d.t.PrimaryKey}
	for i := range d.t.Uniques {
		keys = append(keys, &d.t.Uniques[i])
	}
	for _, ix := range keys {
		if ix == nil || len(ix.Columns) < 2 || len(ix.Expressions) > 0 || ix.Predicate != "" || slices.Contains(ix.Columns, owner.columns[0]) {
			continue
		}
		var t *reference
		for _, c := range ix.Columns {
			if r := d.tenant(c); r != nil {
				t = r
				break
			}
		}
		if t == nil || !d.impliedTenant(owner, t.columns[0]) {
			continue
		}
		var rest []string
		ok := true
		for _, c := range ix.Columns {
			if c == t.columns[0] {
				continue
			}
			cp := d.colProfile(c)
			if cp == nil || cp.Nulls > 0 {
				ok = false
				break
			}
			rest = append(rest, c)
		}
		if !ok || len(rest) == 0 {
			continue
		}
		kind := "unique constraint"
		if !ix.Constraint {
			kind = "unique index"
		}
		if ix == d.t.PrimaryKey {
			kind = "primary key"
		}
		label := fmt.Sprintf("%s %s (%s) within the tenant", kind, ix.Name, strings.Join(ix.Columns, ", "))
		return &proposal{rule: RuleTenantPrefix, pk: owner.columns, rest: rest, label: label, ordered: true,
			why: fmt.Sprintf("%s is the schema's tenant (a reference to %s, which most tables carry in their unique keys, with fewer rows than the square root of theirs together): a prefix of identity, not an owner; %s lives in one tenant (%s carries it), so %s with %s is unique by %s %s (rule %s)",
				t.columns[0], t.parent, owner.columns[0], owner.parent, owner.columns[0], strings.Join(rest, ", "), kind, ix.Name, RuleTenantPrefix)}
	}
	return nil
}

// impliedTenant reports whether column is a tenant reference (rule
// tenant-prefix) that owner implies: owner is no tenant and its table
// carries the same tenant, so within one owner the tenant is one value
// and orders nothing.
func (d *designer) impliedTenant(owner *reference, column string) bool {
	if d.g == nil || owner == nil || d.tenant(owner.columns[0]) != nil {
		return false
	}
	t := d.tenant(column)
	p := d.g.nodes[owner.parent]
	return t != nil && p != nil && slices.ContainsFunc(p.refs, func(pr *reference) bool { return pr.parent == t.parent })
}

// tenantImplied is a lookup's columns without the tenant references the
// base partition key's owner implies (rule tenant-prefix): a lookup by
// (owner, tenant, name) is the owner's Query for the name, the tenant
// being the owner's own. cols itself when none is.
func (d *designer) tenantImplied(pt *plans.Table, cols []string) []string {
	if len(pt.PartitionKey.Parts) != 1 || !slices.Contains(cols, pt.PartitionKey.Parts[0].Column) {
		return cols
	}
	pk := pt.PartitionKey.Parts[0].Column
	var owner *reference
	for _, r := range d.node().refs {
		if len(r.columns) == 1 && r.columns[0] == pk {
			owner = r
			break
		}
	}
	if owner == nil {
		return cols
	}
	out := slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return d.impliedTenant(owner, c) })
	return out
}

// tenantYields fails a one-column candidate that is the table's tenant
// when a finer owner holds the rows (rule tenant-prefix): another
// reference, never NULL, with at least the square root of the rows in
// values, whose own table carries the same tenant (an attachment's
// message, beside the account every message belongs to). The tenant
// stays a lookup; a declared key that names it still proposes it.
func (d *designer) tenantYields(c *candidate) {
	if len(c.cols) != 1 || len(c.failures) > 0 {
		return
	}
	if d.scopedName(c) {
		return
	}
	t := d.tenant(c.cols[0].Name)
	if t == nil {
		return
	}
	for _, r := range d.node().refs {
		if len(r.columns) != 1 || r == t || r.columns[0] == t.columns[0] || r.parent == qualified(d.t.Schema, d.t.Name) {
			continue
		}
		cp := d.colProfile(r.columns[0])
		if col := d.t.Column(r.columns[0]); col == nil || !d.usable(col) || cp == nil || cp.Nulls > 0 || classification(cp.Distinct, d.rows()) || !d.impliedTenant(r, t.columns[0]) {
			continue
		}
		c.failures = append(c.failures, fmt.Sprintf("%s: the schema's tenant (a reference to %s, which most tables carry in their unique keys, with fewer rows than the square root of theirs together), a prefix of identity: the finer owner %s (a reference to %s, which carries the same tenant) holds the rows (rule %s)",
			t.columns[0], t.parent, r.columns[0], r.parent, RuleTenantPrefix))
		c.category = true
		return
	}
}

// scopedName fails a one-column candidate that is a name or title, unique
// only by today's data (no declared key names it), in a table that
// carries the schema's tenant in every row (rule tenant-prefix): each
// tenant names its own rows, and 'Support' in one account repeats in the
// next, so the name is no identity of the table. It reports whether it
// failed c.
func (d *designer) scopedName(c *candidate) bool {
	name := c.cols[0].Name
	if c.role != roleName || c.fk != nil || d.node().inDeclaredKey(name) || d.t.IsForeignKeyColumn(name) {
		return false
	}
	for _, r := range d.node().refs {
		if len(r.columns) != 1 || r.columns[0] == name {
			continue
		}
		if cp := d.colProfile(r.columns[0]); cp == nil || cp.Nulls > 0 || d.tenant(r.columns[0]) == nil {
			continue
		}
		c.failures = append(c.failures, fmt.Sprintf("%s: a name unique only by today's data, in a table whose every row carries the schema's tenant %s (a reference to %s): each tenant names its own rows and names repeat across tenants, and no key declares it unique, so it is no identity (rule %s)",
			name, r.columns[0], r.parent, RuleTenantPrefix))
		c.category = true
		return true
	}
	return false
}

// tenantTableKey proposes the tenant table's own one-column primary key
// as its partition key (rule tenant-prefix): every tenant's row is found
// by the key that most of the schema's tables hold, even a surrogate, and
// a name of its few rows (an account's, not unique) identifies nothing.
// It ranks after the other structural rules, before the scored
// candidates.
func (d *designer) tenantTableKey() []proposal {
	pk := d.t.PrimaryKey
	if d.g == nil || pk == nil || len(pk.Columns) != 1 || !d.g.tenantParent(qualified(d.t.Schema, d.t.Name)) {
		return nil
	}
	return []proposal{{rule: RuleTenantPrefix, pk: pk.Columns, label: "primary key " + pk.Name,
		why: fmt.Sprintf("the table is the schema's tenant: most tables hold its primary key %s (%s) in a reference, and in their unique keys; each tenant is found by it, whatever makes its values", pk.Name, pk.Columns[0])}}
}
