package mapping

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
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

// surrogateListedOwner applies rule listed-owner to a table keyed by its
// own sequence (a one-column surrogate primary key) whose declared keys
// decided nothing: the column the source lists the rows by in more of its
// ordinary indexes than any other column, and in at least two — an
// identifier or a reference, never NULL, no time, no classification, no
// sequence of the table's own — owns the rows (a user's to-do items,
// listed pending and done). When every index it leads also holds one text
// kind of the rows (fewer values than √rows, no reference), the pair is a
// polymorphic reference, the owner (rule polymorphic-owner: an issue's or
// a merge request's notes by (noteable_id, noteable_type)). The sort key is
// the rest of the longest such index that a check proves unique and that
// holds no time and no sequence of the table's own (a sequence makes any
// check pass; a last-activity time changes), else the owner's ordering as
// the scoring picks it. Indexes that differ only in the time or sequence
// that orders them are one list read in two orders, and count once (a
// user's comments by (author_id, created_at) and (author_id, id)).
func (d *designer) surrogateListedOwner() ([]proposal, error) {
	pk := d.t.PrimaryKey
	if pk == nil || len(pk.Columns) != 1 || d.t.Column(pk.Columns[0]) == nil || !d.ownSequence(d.t.Column(pk.Columns[0])) {
		return nil, nil
	}
	rows := d.rows()
	if !d.profiled() || rows < minStatRows {
		return nil, nil
	}
	// Two indexes that differ only in the time or the sequence that
	// orders them are one list read in two orders: they count once.
	lists := map[string]map[string]bool{}
	for _, ix := range d.t.Indexes {
		if len(ix.Columns) == 0 || len(ix.Expressions) > 0 {
			continue
		}
		sig := []string{ix.Predicate}
		for _, c := range ix.Columns[1:] {
			if col := d.t.Column(c); col != nil && !d.ordersOnly(col) {
				sig = append(sig, c)
			}
		}
		slices.Sort(sig[1:])
		if lists[ix.Columns[0]] == nil {
			lists[ix.Columns[0]] = map[string]bool{}
		}
		lists[ix.Columns[0]][strings.Join(sig, "\x00")] = true
	}
	lead := map[string]int{}
	for c, l := range lists {
		lead[c] = len(l)
	}
	name, best, second := "", 0, 0
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		n := lead[col.Name]
		if n == 0 || !d.usable(col) || d.ownSequence(col) || anyWord(words(col.Name), timeWords) {
			continue
		}
		if r := roleOf(d.t.Name, col); r == roleTime || r != roleIdentifier && d.referenceOf(col.Name) == nil {
			continue
		}
		if dn := d.distinctOf(col.Name); dn == 0 || classification(dn, rows) {
			continue
		}
		switch {
		case n > best:
			name, best, second = col.Name, n, best
		case n > second:
			second = n
		}
	}
	if best < 2 || second >= best {
		return nil, nil
	}
	var ixs []*catalog.Index
	var names []string
	for i := range d.t.Indexes {
		if ix := &d.t.Indexes[i]; len(ix.Columns) > 0 && len(ix.Expressions) == 0 && ix.Columns[0] == name {
			ixs, names = append(ixs, ix), append(names, ix.Name)
		}
	}
	owner := []string{name}
	why := fmt.Sprintf("primary key %s (%s) is the table's own sequence, and the source lists the rows by %s in %d lists (indexes %s), more than by any other column: the owner of its rows (rule %s)",
		pk.Name, pk.Columns[0], name, best, strings.Join(names, ", "), RuleListedOwner)
	if kind := d.polymorphicKind(name, ixs); kind != "" {
		owner = append(owner, kind)
		why += fmt.Sprintf("; every one of them holds %s too, a kind of %s values: (%s, %s) is a polymorphic reference, the owner (rule %s)", kind, plans.Thousands(d.distinctOf(kind)), name, kind, RulePolymorphicOwner)
	}
	slices.SortStableFunc(ixs, func(a, b *catalog.Index) int { return cmp.Compare(len(b.Columns), len(a.Columns)) })
	for _, ix := range ixs {
		rest := without(ix.Columns[1:], owner)
		seq := slices.ContainsFunc(rest, func(c string) bool { col := d.t.Column(c); return col == nil || d.ordersOnly(col) })
		nulls := slices.ContainsFunc(rest, func(c string) bool { cp := d.colProfile(c); return cp == nil || cp.Nulls > 0 })
		if len(rest) == 0 || seq || nulls || d.checks >= d.opts.MaxChecks {
			continue
		}
		res, err := d.check(append(slices.Clone(owner), rest...))
		if err != nil {
			return nil, err
		}
		if res.Unique {
			return []proposal{{rule: RuleListedOwner, pk: owner, rest: rest, label: "checked",
				why: why + "; the rest of " + ix.Name + " orders them (" + res.Proof + ")"}}, nil
		}
	}
	return []proposal{{rule: RuleListedOwner, pk: owner, why: why}}, nil
}

// polymorphicKind is the text column, a kind of the rows (fewer values
// than √rows, no reference, NULL in no row), that every one of ixs — the
// indexes column leads — holds too: with column it names a row of one of
// several tables (rule polymorphic-owner). "" when none does.
func (d *designer) polymorphicKind(column string, ixs []*catalog.Index) string {
	if len(ixs) == 0 {
		return ""
	}
	for _, c := range ixs[0].Columns[1:] {
		col := d.t.Column(c)
		if col == nil || col.Category != "S" || d.referenceOf(c) != nil || !d.usable(col) {
			continue
		}
		if n := d.distinctOf(c); n == 0 || !classification(n, d.rows()) {
			continue
		}
		if !slices.ContainsFunc(ixs, func(ix *catalog.Index) bool { return !slices.Contains(ix.Columns, c) }) {
			return c
		}
	}
	return ""
}

// ordersOnly reports whether a column only orders an index's rows: a time
// (by type, role or name) or a sequence of the table's own.
func (d *designer) ordersOnly(col *catalog.Column) bool {
	return col.Category == "D" || roleOf(d.t.Name, col) == roleTime || anyWord(words(col.Name), timeWords) || d.ownSequence(col)
}

// routingColumns are the columns of rule routing-key-part: a part of a
// composite declared key with fewer values than √rows, that leads no
// index and no declared key, that no one-column foreign key holds, that
// references nothing by itself and is named after no table — a number —
// beside a sequence of the table's own, which identifies the rows alone.
// Such a column adds nothing to the key's
// uniqueness: it routes the row to a storage partition or shard (a
// partitioned table's partition_id, which PostgreSQL makes every unique
// index hold) and owns nothing.
func (d *designer) routingColumns() []string {
	rows := d.rows()
	if !d.profiled() || rows < minStatRows {
		return nil
	}
	keys := []*catalog.Index{d.t.PrimaryKey}
	for i := range d.t.Uniques {
		keys = append(keys, &d.t.Uniques[i])
	}
	var out []string
	for _, k := range keys {
		if k == nil || len(k.Columns) < 2 || len(k.Expressions) > 0 {
			continue
		}
		for _, c := range k.Columns {
			if !slices.Contains(out, c) && d.routes(k.Columns, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// routes reports whether column name of key cols is a routing part (rule
// routing-key-part).
func (d *designer) routes(cols []string, name string) bool {
	rows := d.rows()
	cp := d.colProfile(name)
	if col := d.t.Column(name); col == nil || col.Category != "N" || cp == nil || cp.Nulls > 0 || cp.Distinct == 0 || !classification(cp.Distinct, rows) || d.referenceOf(name) != nil || d.namesTable(name) {
		return false
	}
	leads := func(ix *catalog.Index) bool { return ix != nil && len(ix.Columns) > 0 && ix.Columns[0] == name }
	if leads(d.t.PrimaryKey) || slices.ContainsFunc(d.t.Uniques, func(ix catalog.Index) bool { return leads(&ix) }) ||
		slices.ContainsFunc(d.t.Indexes, func(ix catalog.Index) bool { return leads(&ix) }) ||
		slices.ContainsFunc(d.t.ForeignKeys, func(fk catalog.ForeignKey) bool { return slices.Equal(fk.Columns, []string{name}) }) {
		return false
	}
	return slices.ContainsFunc(cols, func(c string) bool {
		if c == name {
			return false
		}
		col := d.t.Column(c)
		return col != nil && d.ownSequence(col)
	})
}

// unrouted is cols without the table's routing columns (rule
// routing-key-part), or cols when nothing else would remain.
func (d *designer) unrouted(cols []string) []string {
	rest := without(cols, d.routingColumns())
	if len(rest) == 0 {
		return cols
	}
	return rest
}

// notNullPartialKeys proposes the owners of composite unique indexes whose
// predicate only leaves out rows where a column of the index is NULL
// (WHERE iid IS NOT NULL), as rule nullable-key-parts does for whole
// ones: NULLs are distinct in a unique index anyway, and a row with a NULL
// key part could be no item, so the index proves the same as a whole one
// for every row the profile shows holding no NULL in its columns.
func (d *designer) notNullPartialKeys() []proposal {
	var out []proposal
	for i := range d.t.Uniques {
		ix := d.t.Uniques[i]
		if ix.Predicate == "" || len(ix.Expressions) > 0 || !notNullPredicate(ix.Predicate, ix.Columns) {
			continue
		}
		pred := ix.Predicate
		ix.Predicate = ""
		kind := "unique index"
		if ix.Constraint {
			kind = "unique constraint"
		}
		for _, p := range d.compositeOwners(&ix, kind) {
			p.rule = RuleNullableKeyParts
			p.label += " (partial: WHERE " + pred + ", which leaves out only rows no item could hold)"
			out = append(out, p)
		}
	}
	return out
}

// notNullPredicate reports whether a partial index's predicate is only
// "c IS NOT NULL" conditions, joined by AND, on columns of the index.
func notNullPredicate(pred string, cols []string) bool {
	terms := strings.Split(strings.ToLower(pred), " and ")
	for _, term := range terms {
		term = strings.TrimSpace(strings.Trim(strings.TrimSpace(term), "()"))
		name, ok := strings.CutSuffix(term, " is not null")
		if !ok {
			return false
		}
		name = strings.Trim(strings.TrimSpace(name), `"()`)
		if !slices.ContainsFunc(cols, func(c string) bool { return strings.ToLower(c) == name }) {
			return false
		}
	}
	return len(terms) > 0
}

// listedOrder is the sort key of rule listed-order: when no time alone
// makes the partition key's rows unique, an ordinary source index (whole,
// no expressions) that begins with the partition key lists the owner's
// rows in the order the application reads them (a pipeline's jobs by
// stage): its next columns up to the first that is NULL in some row, a
// time (tried already), a sequence of the table's own or a reference (a
// second parent filters the rows, it orders nothing) lead the sort key, before any column unique only by chance (a
// job's token), and the primary key completes it when a check does not
// prove them unique. Lists that end in a time (read in order) come before
// lists of codes (filtered), and the longest first. nil when no such index
// exists, or when one continues the partition key with a time: the source
// lists the owner's rows in time order, and the time is the order.
func (d *designer) listedOrder(c *candidate) (*sortKey, error) {
	pk := c.columns()
	var ixs []catalog.Index
	for _, ix := range d.t.Indexes {
		if len(ix.Expressions) > 0 || ix.Predicate != "" || len(ix.Columns) <= len(pk) || !slices.Equal(ix.Columns[:len(pk)], pk) {
			continue
		}
		if col := d.t.Column(ix.Columns[len(pk)]); col != nil && d.ordersOnly(col) {
			// The source lists the owner's rows in time order: the
			// time, which the scoring completes, is the order.
			return nil, nil
		}
		ixs = append(ixs, ix)
	}
	// A list that ends in a time is read in order; a list of codes is
	// filtered. Ordered lists first, then the longest.
	timed := func(ix catalog.Index) int {
		if col := d.t.Column(ix.Columns[len(ix.Columns)-1]); col != nil && d.ordersOnly(col) {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(ixs, func(a, b catalog.Index) int {
		if c := cmp.Compare(timed(a), timed(b)); c != 0 {
			return c
		}
		return cmp.Compare(len(b.Columns), len(a.Columns))
	})
	for _, ix := range ixs {
		var rest []string
		for _, name := range ix.Columns[len(pk):] {
			col, cp := d.t.Column(name), d.colProfile(name)
			if col == nil || cp == nil || cp.Nulls > 0 || d.ordersOnly(col) || d.refersTo(name) {
				break
			}
			rest = append(rest, name)
		}
		if len(rest) == 0 || d.checks >= d.opts.MaxChecks {
			continue
		}
		why := fmt.Sprintf("rule %s: index %s (%s) lists %s's rows in this order", RuleListedOrder, ix.Name, strings.Join(ix.Columns, ", "), strings.Join(pk, ", "))
		r, err := d.check(append(slices.Clone(pk), rest...))
		if err != nil {
			return nil, err
		}
		if r.Unique {
			if sk, _ := d.sortKeyFromOrdered(rest, r.Proof); sk != nil {
				sk = d.holdTomorrow(c, sk)
				sk.why = append(sk.why, why)
				return sk, nil
			}
			continue
		}
		if key := d.t.PrimaryKey; key != nil && key.KeyCandidate() {
			if sk, _ := d.sortKeyFromOrdered(append(slices.Clone(rest), without(key.Columns, rest)...), "unique by primary key "+key.Name+" ("+strings.Join(key.Columns, ", ")+")"); sk != nil {
				sk.why = append(sk.why, why+"; the primary key completes it")
				return sk, nil
			}
		}
	}
	return nil, nil
}

// refersTo reports whether a column leads a reference of the table,
// declared or inferred.
func (d *designer) refersTo(name string) bool {
	return slices.ContainsFunc(d.node().refs, func(r *reference) bool { return len(r.columns) > 0 && r.columns[0] == name })
}

// nullableOneColumnKeys proposes, after the keys the declaration proves,
// a one-column unique constraint or index on a column declared nullable
// that holds no NULL in any row of the profile (rule nullable-key-parts,
// as alternate-natural-key reads a declared NOT NULL one): an identifier,
// a name or a plain column with no sequence evidence and no random id.
// With no rows to judge, the declaration decides and the key is skipped.
func (d *designer) nullableOneColumnKeys() []proposal {
	if d.rows() == 0 {
		return nil
	}
	var out []proposal
	for i := range d.t.Uniques {
		ix := &d.t.Uniques[i]
		if len(ix.Columns) != 1 || len(ix.Expressions) > 0 || ix.Predicate != "" && !notNullPredicate(ix.Predicate, ix.Columns) {
			continue
		}
		col := d.t.Column(ix.Columns[0])
		cp := d.colProfile(ix.Columns[0])
		if col == nil || col.NotNull || cp == nil || cp.Nulls > 0 || d.appID(col, cp) {
			continue
		}
		// A reference keys the rows only as alternate-natural-key lets
		// it: one row per parent, its dense values the parent's
		// numbering (a 1:1 extension found by its parent's key).
		inherited := d.inheritedDensity(col)
		if sequenceEvidence(col, cp) != "" && !inherited || d.referenceOf(col.Name) != nil && !inherited {
			continue
		}
		switch roleOf(d.t.Name, col) {
		case roleIdentifier, roleName, roleDescriptive, roleOther:
		default:
			continue
		}
		kind := "unique index"
		if ix.Constraint {
			kind = "unique constraint"
		}
		label := fmt.Sprintf("%s %s (%s)", kind, ix.Name, col.Name)
		why := label + " is the natural identity beside the table's surrogate: " + col.Name + " is declared nullable but holds no NULL in any row"
		if inherited {
			why = label + " makes the row one per " + d.referenceOf(col.Name).parent + ": a 1:1 extension found by its parent's key (" + col.Name + " is declared nullable but holds no NULL in any row, and its dense values are the parent's numbering)"
		}
		out = append(out, proposal{rule: RuleNullableKeyParts, pk: ix.Columns, label: label + ", whose nullable " + col.Name + " holds no NULL in any row", why: why})
	}
	return out
}
