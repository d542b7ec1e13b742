package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// schemaGraph is the schema as one graph, built once per Design from the
// catalog and the profile, before any table is designed: the tables, each
// with its declared keys (primary key, unique constraints, unique
// indexes), and the references between them — declared foreign keys and
// references inferred from a column's name and its values, each with its
// evidence. The key design reads a table's candidate keys from it
// (candidateKeys, in the order of the decision list); the data only gates
// and ranks them. It is a pure model: no I/O, no checker.
type schemaGraph struct {
	nodes map[string]*tableNode // by schema.table, unquoted
	// keys are every table's one-column primary key: what an undeclared
	// reference can be named after.
	keys []schemaKey
	// tenants marks the schema's tenant tables (rule tenant-prefix).
	tenants map[string]bool
}

// tableNode is one table of the graph.
type tableNode struct {
	table *catalog.Table
	// profile is the table's profile when it was profiled without error,
	// else nil.
	profile *catalog.TableProfile
	// keys are the declared keys that prove their columns unique in every
	// row, primary key first (uniqueIndexes).
	keys []uniqueIndex
	// refs are the table's references to other tables' keys: declared
	// foreign keys in catalog order, then the inferred ones.
	refs []*reference
	// referencedBy are the declared foreign keys of other tables to this
	// one.
	referencedBy []*reference
	// singleKeys names, per column, the one-column declared key that
	// makes it unique; leadingKeys the first declared key of several
	// columns, else ordinary index, that the column leads.
	singleKeys, leadingKeys map[string]string
}

// reference is a column's reference to another table's key, with the
// evidence for it.
type reference struct {
	// fk is the declared foreign key; nil for an inferred reference.
	fk *catalog.ForeignKey
	// from names the referring table (schema.table), columns its columns.
	from    string
	columns []string
	// parent names the referenced table (schema.table), parentColumns its
	// key columns.
	parent        string
	parentColumns []string
	// surrogate: the referenced column is sequence-style in its table (or
	// an integer named as a row id, or a mirror of another surrogate).
	surrogate bool
	// evidence says why the reference counts: the foreign key's name, or
	// the name and the values of an inferred one.
	evidence string
}

// declared reports whether the schema declares the reference.
func (r *reference) declared() bool { return r.fk != nil }

// target is the referenced key column, "schema.table.column".
func (r *reference) target() string { return r.parent + "." + r.parentColumns[0] }

// newSchemaGraph builds the graph of schema with the profile's evidence
// (profile may be nil, or lack tables).
func newSchemaGraph(schema *catalog.Schema, profile *catalog.Profile) *schemaGraph {
	g := &schemaGraph{nodes: map[string]*tableNode{}, keys: keysOf(schema, profile)}
	for i := range schema.Tables {
		t := &schema.Tables[i]
		n := &tableNode{table: t}
		if profile != nil {
			if tp := profile.Table(t.Schema, t.Name); tp != nil && tp.Error == "" {
				n.profile = tp
			}
		}
		n.keys = declaredKeys(t)
		n.indexEvidence()
		g.nodes[qualified(t.Schema, t.Name)] = n
	}
	// References need every node's keys and profile: a second pass.
	for i := range schema.Tables {
		t := &schema.Tables[i]
		n := g.nodes[qualified(t.Schema, t.Name)]
		self := qualified(t.Schema, t.Name)
		for j := range t.ForeignKeys {
			fk := &t.ForeignKeys[j]
			r := &reference{fk: fk, from: self, columns: fk.Columns, parent: qualified(fk.RefSchema, fk.RefTable), parentColumns: fk.RefColumns,
				evidence: "foreign key " + fk.Name}
			if len(fk.RefColumns) > 0 {
				r.surrogate = g.surrogateKey(r.target(), 0)
			}
			n.refs = append(n.refs, r)
			if p := g.nodes[r.parent]; p != nil && p != n {
				p.referencedBy = append(p.referencedBy, r)
			}
		}
		for j := range t.Columns {
			col := &t.Columns[j]
			if r := g.inferReference(n, col); r != nil {
				n.refs = append(n.refs, r)
			}
		}
	}
	g.findTenants()
	return g
}

// candidateKeys lists the table's candidate keys from the graph in the
// decision list's order (rules.go): a declared one-column natural key; the
// ownership pairs (owner, the rest) of a composite primary key, in either
// column order; a surrogate primary key's alternate natural key; the
// ownership pairs of composite unique constraints and indexes; columns
// named as identifiers that the data proves unique; codes the data proves
// unique within an owning reference; business keys with versions. The
// owning reference with the best ordering column, and every other column,
// follow as the scored candidates (candidates). Only the data-proven ones
// ask the checker.
func (d *designer) candidateKeys() ([]proposal, error) {
	var props []proposal
	listed, err := d.listedOwner()
	if err != nil {
		return nil, err
	}
	if d.randomIDPrimaryKey() != "" {
		props, listed = append(props, listed...), nil
	}
	props = append(props, d.randomPKYields()...)
	props = append(props, d.declaredNaturalKey()...)
	props = append(props, d.assignedOwnerNumber()...)
	props = append(props, d.sharedKeyPart()...)
	props = append(props, d.parentKeyPrefix()...)
	props = append(props, d.compositeOwners(d.t.PrimaryKey, "primary key")...)
	// Rule keyless-owner-first: without a primary key, a composite
	// unique key that names an owner ranks before the one-column unique
	// keys, which stay lookups.
	alternates := d.alternateNaturalKeys()
	keyless := d.t.PrimaryKey == nil && len(alternates) > 0
	// Rule random-id-yields: a one-column unique key on an
	// application-made random id (a uuid no default makes) says how one
	// row is found, not how the rows are grouped: a composite unique key
	// that names an owner ranks before it, and it stays a lookup.
	var random []proposal
	if !keyless {
		for _, p := range alternates {
			if col := d.t.Column(p.pk[0]); col != nil && d.appID(col, d.colProfile(col.Name)) {
				random = append(random, p)
				continue
			}
			props = append(props, p)
		}
	}
	for _, u := range d.uniqueIndexes() {
		if u.idx != d.t.PrimaryKey {
			kind := "unique constraint"
			if !u.idx.Constraint {
				kind = "unique index"
			}
			for _, p := range d.compositeOwners(u.idx, kind) {
				if keyless {
					p.why += "; the table has no primary key, so this composite key, which names an owner, ranks before its one-column unique keys (rule " + RuleKeylessOwnerFirst + ")"
				}
				if len(random) > 0 {
					p.why += "; it ranks before the unique random id " + random[0].pk[0] + ", which finds one row but groups none and stays a lookup (rule " + RuleRandomIDYields + ")"
				}
				props = append(props, p)
			}
		}
	}
	if keyless {
		props = append(props, alternates...)
	}
	props = append(props, random...)
	// Rule nullable-key-parts: a composite unique constraint or index
	// whose nullable parts hold no NULL in any row names its owner after
	// the keys the declaration proves.
	for i := range d.t.Uniques {
		ix := &d.t.Uniques[i]
		if slices.ContainsFunc(d.uniqueIndexes(), func(u uniqueIndex) bool { return u.idx.Name == ix.Name }) {
			continue
		}
		kind := "unique constraint"
		if !ix.Constraint {
			kind = "unique index"
		}
		for _, p := range d.compositeOwners(ix, kind) {
			p.rule = RuleNullableKeyParts
			props = append(props, p)
		}
	}
	props = append(props, d.notNullPartialKeys()...)
	props = append(props, d.madeIDOwner()...)
	props = append(props, d.calendarDate()...)
	props = append(props, d.nullableOneColumnKeys()...)
	props = append(props, d.dataUniqueNatural(true)...)
	owned, err := d.ownedCodes()
	if err != nil {
		return nil, err
	}
	props = append(props, owned...)
	props = append(props, listed...)
	if listed, err = d.surrogateListedOwner(); err != nil {
		return nil, err
	}
	props = append(props, listed...)
	props = append(props, d.dataUniqueNatural(false)...)
	props = append(props, d.tenantTableKey()...)
	return props, nil
}

// node is the graph's node of t; a table the graph was not built from
// (a unit test's designer) gets a node of its own, without references in.
func (g *schemaGraph) node(t *catalog.Table, tp *catalog.TableProfile) *tableNode {
	if g != nil {
		if n := g.nodes[qualified(t.Schema, t.Name)]; n != nil && n.table == t {
			return n
		}
	}
	n := &tableNode{table: t, keys: declaredKeys(t)}
	if tp != nil && tp.Error == "" {
		n.profile = tp
	}
	n.indexEvidence()
	return n
}

// indexEvidence fills singleKeys and leadingKeys from the declared keys and
// the ordinary indexes.
func (n *tableNode) indexEvidence() {
	n.singleKeys, n.leadingKeys = map[string]string{}, map[string]string{}
	for _, ix := range n.keys {
		if len(ix.idx.Columns) == 1 {
			n.singleKeys[ix.idx.Columns[0]] = ix.label
		} else if _, ok := n.leadingKeys[ix.idx.Columns[0]]; !ok {
			n.leadingKeys[ix.idx.Columns[0]] = ix.label
		}
	}
	for i := range n.table.Indexes {
		ix := &n.table.Indexes[i]
		if ix.KeyCandidate() && len(ix.Columns) > 0 {
			if _, ok := n.leadingKeys[ix.Columns[0]]; !ok {
				n.leadingKeys[ix.Columns[0]] = "index " + ix.Name + " (" + strings.Join(ix.Columns, ", ") + ")"
			}
		}
	}
}

// inDeclaredKey reports whether a declared key (primary key, unique
// constraint or index) that proves its columns unique names column: a
// part of the rows' identity, whatever its number of values (the pk of a
// PRIMARY KEY (pk, sk) export, the room of a booking by room and day).
func (n *tableNode) inDeclaredKey(column string) bool {
	return slices.ContainsFunc(n.keys, func(k uniqueIndex) bool { return slices.Contains(k.idx.Columns, column) })
}

// listsBy names an ordinary source index of two or more columns led by
// column — a parent's rows listed in an order (notifications by account,
// newest first) — or "".
func (n *tableNode) listsBy(column string) string {
	for _, ix := range n.table.Indexes {
		if len(ix.Columns) >= 2 && ix.Columns[0] == column && len(ix.Expressions) == 0 {
			return "index " + ix.Name + " (" + strings.Join(ix.Columns, ", ") + ")"
		}
	}
	return ""
}

// colProfile is a column's profile, nil when the table was not profiled.
func (n *tableNode) colProfile(name string) *catalog.ColumnProfile {
	if n.profile == nil {
		return nil
	}
	return n.profile.Column(name)
}

// declaredReference returns the declared reference a column leads, or nil.
func (n *tableNode) declaredReference(column string) *reference {
	for _, r := range n.refs {
		if r.declared() && r.columns[0] == column {
			return r
		}
	}
	return nil
}

// inferredReference returns the undeclared reference of a column, or nil.
// A column a foreign key declares may also carry one: callers that want
// only undeclared evidence check the foreign keys first.
func (n *tableNode) inferredReference(column string) *reference {
	for _, r := range n.refs {
		if !r.declared() && r.columns[0] == column {
			return r
		}
	}
	return nil
}

// unindexed reports whether a column is in no declared key and no source
// index while the source indexes other columns of the table: the
// application reads no rows by it. A table the source indexes nowhere
// says nothing either way.
func (n *tableNode) unindexed(column string) bool {
	return len(n.table.Indexes) > 0 && !keyedOrIndexed(n.table, column)
}

// keyedOrIndexed reports whether column is part of t's primary key, a
// unique constraint or a source index.
func keyedOrIndexed(t *catalog.Table, column string) bool {
	in := func(ix *catalog.Index) bool { return ix != nil && slices.Contains(ix.Columns, column) }
	if in(t.PrimaryKey) {
		return true
	}
	for i := range t.Uniques {
		if in(&t.Uniques[i]) {
			return true
		}
	}
	for i := range t.Indexes {
		if in(&t.Indexes[i]) {
			return true
		}
	}
	return false
}

// coarserOwner returns another declared one-column reference of n whose
// parent is owned by r's parent (ownedBy) (tasks.column_id → columns,
// columns.project_id → projects, beside tasks.project_id → projects): the
// finer reference, or nil when there is none.
func (g *schemaGraph) coarserOwner(n *tableNode, r *reference) *reference {
	if !r.declared() || len(r.columns) != 1 {
		return nil
	}
	for _, o := range n.refs {
		if o == r || !o.declared() || len(o.columns) != 1 || o.parent == r.parent || o.parent == o.from {
			continue
		}
		q := g.nodes[o.parent]
		if q == nil {
			continue
		}
		for _, qr := range q.refs {
			if qr.declared() && qr.parent == r.parent && q.ownedBy(qr) {
				return o
			}
		}
	}
	return nil
}

// partOf returns the parent's reference back to n's table when r is a
// mandatory one-column reference (NOT NULL) and the parent's reference back
// is optional (a nullable column): the row is an optional part of the
// parent. nil otherwise.
func (g *schemaGraph) partOf(n *tableNode, r *reference) *reference {
	if !r.declared() || len(r.columns) != 1 {
		return nil
	}
	if c := n.table.Column(r.columns[0]); c == nil || !c.NotNull {
		return nil
	}
	p := g.nodes[r.parent]
	if p == nil || p == n {
		return nil
	}
	self := qualified(n.table.Schema, n.table.Name)
	for _, back := range p.refs {
		if back.parent != self || len(back.columns) != 1 {
			continue
		}
		if c := p.table.Column(back.columns[0]); c != nil && !c.NotNull {
			return back
		}
	}
	return nil
}

// ownedBy reports whether a one-column reference is part of a composite
// declared key of its table: the key says the rest is unique only within
// the parent, which owns the rows (columns' UNIQUE(title, project_id)).
func (n *tableNode) ownedBy(r *reference) bool {
	if len(r.columns) != 1 {
		return false
	}
	for _, k := range n.keys {
		if len(k.idx.Columns) > 1 && slices.Contains(k.idx.Columns, r.columns[0]) {
			return true
		}
	}
	return false
}

// referencedByOthers names a foreign key of another table to the table's
// one-column primary key ("schema.table.column" of the referring column,
// the first in catalog order), or "".
func (g *schemaGraph) referencedByOthers(n *tableNode) string {
	pk := n.table.PrimaryKey
	if pk == nil || len(pk.Columns) != 1 {
		return ""
	}
	for _, r := range n.referencedBy {
		if len(r.parentColumns) == 1 && r.parentColumns[0] == pk.Columns[0] {
			if from := g.nodes[r.from]; from != nil {
				return from.table.QualifiedName() + "." + r.columns[0]
			}
		}
	}
	return ""
}

// surrogateKey reports whether the key column ("schema.table.column") is a
// surrogate: sequence-style in its table, an integer named as a row id
// (id, *_id, *_sk, *_key), or a mirror of another table's surrogate.
func (g *schemaGraph) surrogateKey(ref string, depth int) bool {
	for _, k := range g.keys {
		if k.schema+"."+k.table+"."+k.column != ref {
			continue
		}
		if k.profile != nil && k.profile.Sequence != nil {
			return true
		}
		if k.ref != "" && depth < 8 {
			return g.surrogateKey(k.ref, depth+1)
		}
		return k.numeric && rowIDName(k.column)
	}
	return false
}

// inferReference finds the table whose key column col is named after
// (customer_ref beside customer.customer_ref, manager_staff_id beside
// staff.staff_id, conversation_id beside conversations.id) with values that
// fit in it: as many distinct values or fewer, and a range inside the
// key's. A generic key name ("id") counts only with its table's name.
func (g *schemaGraph) inferReference(n *tableNode, col *catalog.Column) *reference {
	t := n.table
	cp := n.colProfile(col.Name)
	ws := strings.Join(words(col.Name), "_")
	for _, k := range g.keys {
		if k.schema == t.Schema && k.table == t.Name {
			continue
		}
		kw := strings.Join(words(k.column), "_")
		name := "named after its key"
		if kw == "id" {
			// A generic key is named by its table: conversation_id
			// beside conversations.id (the Rails and Django convention).
			tw := strings.Join(words(k.table), "_")
			if ws != singularOf(tw)+"_id" && ws != tw+"_id" {
				continue
			}
			name = "named after its table"
		} else if len(kw) < 3 || ws != kw && !strings.HasSuffix(ws, "_"+kw) {
			continue
		}
		values := "no values to compare (an empty or unprofiled table): the name alone"
		if col.Category == "S" && (cp == nil || k.profile == nil || cp.Distinct == 0) {
			// Text fits a text key by its values or not at all: any
			// text column would fit by its type.
			continue
		}
		if cp != nil && k.profile != nil && cp.Distinct > 0 {
			if !valuesFit(cp, k.profile, col.Category) {
				continue
			}
			values = "its " + plans.Thousands(cp.Distinct) + " values fit the key's (no more of them, a range inside its)"
		}
		target := k.schema + "." + k.table + "." + k.column
		return &reference{from: qualified(t.Schema, t.Name), columns: []string{col.Name}, parent: qualified(k.schema, k.table), parentColumns: []string{k.column},
			surrogate: g.surrogateKey(target, 0), evidence: "undeclared reference to " + target + ": " + name + ", " + values}
	}
	return nil
}

// declaredKeys are the primary key and unique constraints/indexes that
// prove uniqueness of their columns for every row: not partial, no
// expressions but a normalising function of one column, and no nullable
// column (NULLs are distinct in a unique index unless it says otherwise,
// and a key cannot hold them anyway).
func declaredKeys(t *catalog.Table) []uniqueIndex {
	// normalisedColumns reads only the table.
	norm := &designer{t: t}
	var out []uniqueIndex
	consider := func(ix *catalog.Index, kind string) {
		if ix != nil && ix.Predicate == "" && !ix.KeyCandidate() {
			// A unique index over a function of one column
			// (lower(name)) proves the column unique as stored too:
			// equal values have equal images.
			cols := norm.normalisedColumns(ix)
			if cols == nil {
				return
			}
			over := *ix
			over.Columns, over.Expressions = cols, nil
			over.Name = ix.Name + " over " + strings.Join(ix.Expressions, ", ")
			ix = &over
		}
		if ix == nil || !ix.KeyCandidate() {
			return
		}
		for _, c := range ix.Columns {
			col := t.Column(c)
			if col == nil || !col.NotNull && !ix.NullsNotDistinct {
				return
			}
		}
		out = append(out, uniqueIndex{idx: ix, label: fmt.Sprintf("%s %s (%s)", kind, ix.Name, strings.Join(ix.Columns, ", "))})
	}
	consider(t.PrimaryKey, "primary key")
	for i := range t.Uniques {
		kind := "unique constraint"
		if !t.Uniques[i].Constraint {
			kind = "unique index"
		}
		consider(&t.Uniques[i], kind)
	}
	return out
}

// graphKeys are the one-column primary keys of the schema's tables; none
// for a designer built without a graph (a unit test's).
func (d *designer) graphKeys() []schemaKey {
	if d.g == nil {
		return nil
	}
	return d.g.keys
}
