package mapping

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// StrongWorkloadCalls is how many recorded calls of statements filtering on
// a column set make a proposed index enabled by default on workload
// evidence alone: below it, a lookup may be a one-off report.
const StrongWorkloadCalls = 100

// smallItemBytes is the largest average item whose index copies everything
// (projection ALL): such an item costs one write unit in the index either
// way, and a list of a parent's children then reads from the index alone.
const smallItemBytes = 1024

// The rules of the access paths that this file alone applies; each is
// described in docs/key-design.md under its name, and the why of the
// lookup or index it decides cites it.
const (
	// RuleSearchIndex: a gin, gist, sp-gist or brin index searches
	// inside values (trigrams, words, elements, ranges, shapes) or narrows
	// a scan; it looks no row up by a value, so no DynamoDB key serves it
	// and no index is proposed for it.
	RuleSearchIndex = "search-index"
	// RuleUniqueLead: an ordinary index of several columns led by a
	// one-column unique key finds at most one row by that column; the
	// key's own lookup serves it, the other columns only filter.
	RuleUniqueLead = "unique-lead"
	// RuleOneIndexPerPartitionKey: a proposal merges into another with
	// the same partition key that holds every item it holds and serves
	// each of its lookups as far (the partition key, then as many of the
	// lookup's columns in the sort key): one index per partition key.
	RuleOneIndexPerPartitionKey = "one-index-per-partition-key"
	// RuleUndeclaredHolders: a table that takes part in no declared
	// foreign key (it declares none, and none refers to it) keeps its
	// relationships in the application: a sequence-style one-column
	// primary key that is not the base key is served all the same, since
	// whatever holds it (a polymorphic entity_id, a URL) is invisible to
	// the schema, and nothing else finds the row by the value its holders
	// carry.
	RuleUndeclaredHolders = "undeclared-holders"
	// RuleInferredSurrogateOwner: within inferred-owner-list, an
	// inferred reference to a parent's sequence-style key is its owner's
	// list as a declared foreign key to it is: the child carries the
	// parent's values verbatim.
	RuleInferredSurrogateOwner = "inferred-surrogate-owner"
)

// AccessRules lists the access-path rules of this file, for the test that
// the documentation names each.
var AccessRules = []string{RuleSearchIndex, RuleUniqueLead, RuleOneIndexPerPartitionKey, RuleUndeclaredHolders, RuleInferredSurrogateOwner}

// lookup is one way the source reads a table, before it is judged.
type lookup struct {
	kind, source string
	cols         []string
	parent       string
	// indexed is true when the source keeps an index whose leading
	// columns are the lookup's: the application relies on it.
	indexed bool
	// oneToOne marks a foreign key with about one row per referenced row:
	// a link, not a parent's collection of children.
	oneToOne bool
	// classification marks a foreign key with fewer values than the
	// square root of the rows: it classifies rows rather than owning them.
	classification bool
	// appID marks an application-made id (a uuid without a default).
	appID bool
	// sorts marks an index led by a date or time: it orders rows, it
	// looks none up.
	sorts bool
	// leadClassifies marks a source index of several columns whose
	// leading column is a classification but whose columns together
	// have many values (a file by provider and name): the lookup is the
	// whole of them, and the classification cannot lead its index.
	leadClassifies bool
	// keyPrefix marks the leading two columns of a composite unique key
	// (rule unique-key-prefix): kept only when the base key does not
	// serve them.
	keyPrefix bool
	// inferred marks an owner's list from an undeclared reference (rule
	// inferred-owner-list).
	inferred bool
	// surrogate names a sequence-style column of the lookup, when it has
	// one: a key holding it is weak evidence of a real lookup.
	surrogate string
	// unusable says why the lookup cannot be a key at all (an expression
	// or partial index).
	unusable string
	// search says why a source index is no lookup by value at all (rule
	// search-index): not served, not even by the base key.
	search string
	// referencedBy lists the other tables' written columns that refer to
	// a one-column primary key or unique lookup: readers holding a child
	// item resolve its parent by that value, surrogate or not.
	referencedBy []string
	calls, rows  int64
}

// access lists every lookup the source supports on the table — primary key,
// unique constraints and indexes, foreign keys seen from the parent,
// ordinary indexes and the recorded workload — and marks each as served by
// the base key, by a proposed global secondary index, or by nothing with
// the reason. Proposed indexes pass the gates a base partition key passes
// (no sequence-style key, the throughput gate), since a throttled index
// throttles the writes of its base table, with two exceptions the target
// gives reasons for. A sequence-style key that other tables' written
// columns refer to is a link readers follow (a track's genre by its
// genre_id), so it gets an index, on by default. A foreign key whose index
// key is hot (a classification: 25 genres for 3,503 tracks) gets an index
// that is off, with what enabling it would cost the load: the throughput
// gate still decides what is enabled by default.
func (d *designer) access(pt *plans.Table) {
	ls := d.lookups()
	byCols := map[string]*plans.Index{}
	failed := map[string]string{}
	var indexes []*plans.Index
	calls := map[string]int64{} // workload calls per index, which rank them
	taken := map[string]bool{}  // index names in use
	for _, l := range ls {
		ap := plans.AccessPath{Name: d.lookupName(l), Kind: l.kind, Source: l.source, Columns: l.cols, Parent: l.parent, Calls: l.calls, Rows: l.rows}
		if l.calls > 0 {
			ap.Why = append(ap.Why, fmt.Sprintf("workload: %s calls returning %s rows filter on it", plans.Thousands(l.calls), plans.Thousands(l.rows)))
		}
		if l.search != "" {
			ap.ServedBy = plans.ServedByNone
			ap.Why = append(ap.Why, "not served: "+l.search)
			pt.AccessPaths = append(pt.AccessPaths, ap)
			continue
		}
		if key := d.uniqueLead(l); key != "" {
			// Rule unique-lead: one row at most, found by its key.
			what := fmt.Sprintf("led by %s, a one-column unique key (rule %s): at most one item, found by %s's own lookup; the other columns filter it", key, RuleUniqueLead, key)
			if why, ok := baseServes(pt, []string{key}); ok {
				ap.ServedBy = plans.ServedByBase
				ap.Why = append(ap.Why, why+"; "+what)
				pt.AccessPaths = append(pt.AccessPaths, ap)
				continue
			}
			if ix := byCols[colsKey([]string{key})]; ix != nil {
				ap.ServedBy = ix.Name
				ap.Why = append(ap.Why, "the index "+ix.Name+" of "+key+"; "+what)
				pt.AccessPaths = append(pt.AccessPaths, ap)
				continue
			}
			if why := failed[colsKey([]string{key})]; why != "" {
				ap.ServedBy = plans.ServedByNone
				ap.Why = append(ap.Why, "not served, a Scan after the migration: "+what+", and that lookup is not served: "+why)
				pt.AccessPaths = append(pt.AccessPaths, ap)
				continue
			}
		}
		why, ok := baseServes(pt, d.tenantImplied(pt, l.cols))
		if ok && l.kind == plans.AccessIndex && len(l.cols) > 1 && !l.leadClassifies && !l.classification && !l.sorts {
			// Rule index-leading-column: an ordinary index of several
			// columns is for its leading column's own list; the base
			// key serves it only when it serves that list too.
			if _, lead := baseServes(pt, l.cols[:1]); !lead {
				ok = false
			}
		}
		if ok {
			if l.keyPrefix {
				continue // the base key serves it: nothing to say
			}
			ap.ServedBy = plans.ServedByBase
			ap.Why = append(ap.Why, why)
			pt.AccessPaths = append(pt.AccessPaths, ap)
			continue
		}
		key := colsKey(l.cols)
		if ix := byCols[key]; ix != nil {
			ap.ServedBy = ix.Name
			ap.Why = append(ap.Why, "the index "+ix.Name+" proposed for the same columns")
			d.strengthen(ix, l)
			calls[ix.Name] += l.calls
			pt.AccessPaths = append(pt.AccessPaths, ap)
			continue
		}
		why = failed[key]
		if why == "" && l.unusable != "" {
			why = l.unusable
		}
		if why == "" {
			var ix *plans.Index
			ix, why = d.proposeIndex(pt, l, taken)
			if ix != nil {
				byCols[key] = ix
				indexes = append(indexes, ix)
				calls[ix.Name] += l.calls
				ap.ServedBy = ix.Name
				ap.Why = append(ap.Why, "a proposed global secondary index: "+ix.Rule)
				if strings.Contains(ix.Rule, ruleHot) {
					ap.Why = append(ap.Why, ix.Why[len(ix.Why)-1]) // the throughput consequence
				}
				pt.AccessPaths = append(pt.AccessPaths, ap)
				continue
			}
			failed[key] = why
		}
		if l.classification {
			why = fmt.Sprintf("a classification (%s values for %s rows), not a parent's collection of items: %s", plans.Thousands(d.distinctOf(l.cols[0])), plans.Thousands(d.rows()), why)
		}
		ap.ServedBy = plans.ServedByNone
		ap.Why = append(ap.Why, "not served, a Scan after the migration: "+why)
		pt.AccessPaths = append(pt.AccessPaths, ap)
	}
	indexes = d.mergeIndexes(pt, indexes, calls)
	// DynamoDB allows 20 indexes per table: the enabled and the most
	// called first; the rest are dropped and their lookups say so.
	slices.SortStableFunc(indexes, func(a, b *plans.Index) int {
		if a.Enabled != b.Enabled {
			if a.Enabled {
				return -1
			}
			return 1
		}
		return cmp.Compare(calls[b.Name], calls[a.Name])
	})
	for i, ix := range indexes {
		if i >= plans.MaxIndexes {
			for j := range pt.AccessPaths {
				if ap := &pt.AccessPaths[j]; ap.ServedBy == ix.Name {
					ap.ServedBy = plans.ServedByNone
					ap.Why = append(ap.Why, fmt.Sprintf("not served: over DynamoDB's %d global secondary indexes per table", plans.MaxIndexes))
				}
			}
			continue
		}
		pt.Indexes = append(pt.Indexes, *ix)
	}
	pt.Estimates.IndexWCU = IndexWCU(pt)
	if pt.Estimates.Partitions > 0 {
		pt.Estimates.LoadSeconds = round3(EstimateLoad(pt.Estimates, d.opts.WriteRate).Interleaved)
	}
}

// mergeIndexes folds a proposal into another with the same partition key
// (rule one-index-per-partition-key) when that one has a sort key as long
// or longer, serves every lookup the first serves as far (the partition
// key, then as many of the lookup's columns in its sort key: a proposal
// keyed on a team alone, filtering a display name, folds into the team's
// index sorted by type) and holds every item the first holds (its sort key
// is never missing where the first's keys are present): one index per
// partition key, enabled when either was, instead of two indexes written
// for one read.
func (d *designer) mergeIndexes(pt *plans.Table, indexes []*plans.Index, calls map[string]int64) []*plans.Index {
	keyCols := func(k *plans.Key) []string {
		if k == nil {
			return nil
		}
		var out []string
		for _, p := range k.Parts {
			out = append(out, p.Column)
		}
		return out
	}
	// reach is how many of a lookup's columns an index's keys take part
	// in: its partition key (all of it among them), then the leading
	// sort key parts among them; -1 when the index cannot serve the
	// lookup. The rest of the lookup's columns filter the items read.
	reach := func(ix *plans.Index, cols []string) int {
		pk, sk := keyCols(&ix.PartitionKey), keyCols(ix.SortKey)
		if len(pk) == 0 || !containsAll(cols, pk) {
			return -1
		}
		n := len(pk)
		for _, c := range sk {
			if !slices.Contains(cols, c) || slices.Contains(pk, c) {
				break
			}
			n++
		}
		return n
	}
	dropped := map[*plans.Index]bool{}
	for _, from := range indexes {
		for _, into := range indexes {
			if from == into || dropped[into] || dropped[from] || !slices.Equal(keyCols(&from.PartitionKey), keyCols(&into.PartitionKey)) ||
				len(keyCols(from.SortKey)) > len(keyCols(into.SortKey)) {
				continue
			}
			ok := d.holdsAll(pt, into, from)
			for _, ap := range pt.AccessPaths {
				if ap.ServedBy == from.Name && reach(into, ap.Columns) < reach(from, ap.Columns) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for j := range pt.AccessPaths {
				if ap := &pt.AccessPaths[j]; ap.ServedBy == from.Name {
					ap.ServedBy = into.Name
					ap.Why = append(ap.Why, fmt.Sprintf("merged into %s, which has the same partition key and serves the lookup as far (rule %s)", into.Name, RuleOneIndexPerPartitionKey))
				}
			}
			if from.Enabled && !into.Enabled {
				into.Enabled, into.Rule = true, from.Rule
			}
			calls[into.Name] += calls[from.Name]
			dropped[from] = true
		}
	}
	return slices.DeleteFunc(indexes, func(ix *plans.Index) bool { return dropped[ix] })
}

// holdsAll reports whether index into holds every item that index from
// holds: each column of into's keys that can be missing from an item (a
// NULL, or an empty value under a one-column derived key) is missing only
// where it leaves the item out of from too.
func (d *designer) holdsAll(pt *plans.Table, into, from *plans.Index) bool {
	type gap struct{ null, empty bool }
	gaps := func(ix *plans.Index) map[string]gap {
		out := map[string]gap{}
		for _, k := range []*plans.Key{&ix.PartitionKey, ix.SortKey} {
			if k == nil {
				continue
			}
			oneDerived := len(k.Parts) == 1 && pt.DerivedKey(k)
			for _, p := range k.Parts {
				cp := d.colProfile(p.Column)
				g := out[p.Column]
				g.null = g.null || cp == nil && !notNull(d.t.Column(p.Column)) || cp != nil && cp.Nulls > 0
				g.empty = g.empty || oneDerived && (cp == nil || cp.Empty > 0 || cp.Min == "")
				out[p.Column] = g
			}
		}
		return out
	}
	fg := gaps(from)
	for c, g := range gaps(into) {
		f, keyed := fg[c]
		if g.null && !keyed || g.empty && !f.empty {
			return false
		}
	}
	return true
}

func notNull(c *catalog.Column) bool { return c != nil && c.NotNull }

// IndexWCU is what the enabled indexes of t add to a load's writes: every
// item with an index's key attributes is written to the index too.
func IndexWCU(t *plans.Table) int64 {
	var n int64
	for _, ix := range t.Indexes {
		if ix.Enabled {
			n += ix.TotalWCU
		}
	}
	return n
}

// enabledIndexes counts the indexes of t a load creates.
func enabledIndexes(t *plans.Table) int {
	n := 0
	for _, ix := range t.Indexes {
		if ix.Enabled {
			n++
		}
	}
	return n
}

// lookups collects the table's lookups in the order review lists them.
func (d *designer) lookups() []lookup {
	t := d.t
	var out []lookup
	leading := func(cols []string) bool {
		all := append([]catalog.Index{}, t.Indexes...)
		all = append(all, t.Uniques...)
		if t.PrimaryKey != nil {
			all = append(all, *t.PrimaryKey)
		}
		for _, ix := range all {
			if ix.KeyCandidate() && len(ix.Columns) >= len(cols) && sameSet(ix.Columns[:len(cols)], cols) {
				return true
			}
		}
		return false
	}
	unusable := func(ix *catalog.Index) string {
		if len(ix.Expressions) > 0 && d.normalisedColumns(ix) == nil {
			return "an expression index (" + strings.Join(ix.Expressions, ", ") + "): a DynamoDB key holds column values, not expressions"
		}
		// A partial index's lookup is served by an index on its columns:
		// it holds every item with the key attributes (a sparse index),
		// a superset of the predicate's rows that readers filter.
		return ""
	}
	if pk := t.PrimaryKey; pk != nil {
		// Rule routing-key-part: a part that only routes the row is no
		// part of what readers find it by.
		cols, src := d.unrouted(pk.Columns), "primary key "+pk.Name
		if len(cols) < len(pk.Columns) {
			src += " (" + strings.Join(without(pk.Columns, cols), ", ") + " only routes the row, rule " + RuleRoutingKeyPart + ")"
		}
		out = append(out, lookup{kind: plans.AccessPrimaryKey, source: src, cols: cols, indexed: true, unusable: unusable(pk), referencedBy: d.referencers(cols)})
	}
	for i := range t.Uniques {
		u := &t.Uniques[i]
		src := "unique constraint " + u.Name
		if !u.Constraint {
			src = "unique index " + u.Name
		}
		cols := u.Columns
		if nc := d.normalisedColumns(u); nc != nil {
			cols, src = nc, src+" (over "+strings.Join(u.Expressions, ", ")+": keyed on the columns as stored; the source's normalisation is not applied, so readers look up the stored value)"
		}
		out = append(out, lookup{kind: plans.AccessUnique, source: src, cols: cols, indexed: true, unusable: unusable(u), referencedBy: d.referencers(cols)})
		if len(cols) > 2 && cols[0] == u.Columns[0] && d.classifies(cols[0], true) {
			// Rule unique-key-prefix: a unique key of several columns
			// led by a classification is read by its leading two
			// columns as well (the source's index serves that prefix):
			// the code with the next column finds the rows, in any
			// owner (a pusher by app and push key, whatever user holds
			// it).
			if n := d.distinctOver(cols[:2]); n > 0 && !classification(n, d.rows()) && unusable(u) == "" {
				out = append(out, lookup{kind: plans.AccessIndex, source: src + ", its leading columns (" + strings.Join(cols[:2], ", ") + ")" + " (rule " + RuleUniqueKeyPrefix + ")",
					cols: slices.Clone(cols[:2]), indexed: true, leadClassifies: true, keyPrefix: true})
			}
		}
	}
	for i := range t.ForeignKeys {
		fk := &t.ForeignKeys[i]
		rows := d.rows()
		n := d.distinctOf(fk.Columns[0])
		out = append(out, lookup{kind: plans.AccessForeignKey, source: "foreign key " + fk.Name, cols: fk.Columns,
			parent: qualified(fk.RefSchema, fk.RefTable), indexed: leading(fk.Columns),
			oneToOne:       len(fk.Columns) == 1 && n > 0 && n*10 >= rows*9 && rows > 1,
			classification: len(fk.Columns) == 1 && d.classifies(fk.Columns[0], leading(fk.Columns))})
	}
	if len(t.ForeignKeys) == 0 {
		// Rule inferred-owner-list: a table that declares no foreign
		// key keeps its references in the application; an inferred
		// reference to a natural key outside every declared key (no
		// classification, no 1:1 link, led by no source index) is its
		// owner's list all the same: nothing else reaches the parent's
		// rows. (Inside a composite key it is the key's other side,
		// read with its owner.)
		for _, r := range d.node().refs {
			// Rule inferred-surrogate-owner: a reference to a surrogate
			// is a list all the same.
			if r.fk != nil || len(r.columns) != 1 || r.surrogate && !d.g.ownSequenceKey(r) {
				continue
			}
			c := r.columns[0]
			rows, n := d.rows(), d.distinctOf(c)
			inKey := slices.ContainsFunc(d.node().keys, func(u uniqueIndex) bool { return slices.Contains(u.idx.Columns, c) })
			if n == 0 || n*10 >= rows*9 || d.classifies(c, false) || leading(r.columns) || inKey {
				continue
			}
			src := "inferred reference (rule " + RuleInferredOwnerList + "): " + r.evidence
			if r.surrogate {
				src += " (rule " + RuleInferredSurrogateOwner + ": the child carries the surrogate's values, so the parent's list is read by them)"
			}
			out = append(out, lookup{kind: plans.AccessForeignKey, source: src, cols: r.columns,
				parent: r.parent, inferred: true})
		}
	}
	for i := range t.Indexes {
		ix := &t.Indexes[i]
		src := "index " + ix.Name
		if ix.Predicate != "" {
			src += " (partial: WHERE " + ix.Predicate + "; the index holds every item with its key attributes, readers filter the rest)"
		}
		l := lookup{kind: plans.AccessIndex, source: src, cols: ix.Columns, indexed: true, unusable: unusable(ix), search: searchIndex(ix)}
		if nc := d.normalisedColumns(ix); nc != nil {
			l.cols, l.source = nc, src+" (over "+strings.Join(ix.Expressions, ", ")+": keyed on the columns as stored; the source's normalisation is not applied, so readers look up the stored value)"
		}
		if len(ix.Columns) > 0 {
			l.classification = d.classifies(ix.Columns[0], true) && !d.nameColumn(ix.Columns[0])
			if col := t.Column(ix.Columns[0]); col != nil {
				if kp, why := d.sortPart(col, d.colProfile(col.Name)); why == "" && kp.timeLike {
					l.sorts = true
				}
			}
			if l.classification && !l.sorts && len(l.cols) > 1 {
				// Rule index-whole-lookup: a code leading an index of
				// several columns qualifies the lookup; the columns
				// together say what it finds.
				if n := d.distinctOver(l.cols); n > 0 && !classification(n, d.rows()) {
					l.classification, l.leadClassifies = false, true
				}
			}
		}
		out = append(out, l)
	}
	// Application-made ids: a uuid with no database default, unique in
	// the data, is the identity clients hold even when no constraint
	// says so.
	for i := range t.Columns {
		col := &t.Columns[i]
		cp := d.colProfile(col.Name)
		if !d.appID(col, cp) || slices.ContainsFunc(out, func(l lookup) bool { return len(l.cols) == 1 && l.cols[0] == col.Name }) {
			continue
		}
		what := col.BaseType
		if col.BaseType != "uuid" {
			what += " holding uuids or ULIDs"
		}
		out = append(out, lookup{kind: plans.AccessUnique, source: "application-made id: " + what + " without a database default, unique in the data", cols: []string{col.Name}, appID: true})
	}
	known := map[string]bool{}
	for i := range out {
		for _, c := range out[i].cols {
			if col := t.Column(c); col != nil && out[i].surrogate == "" && sequenceEvidence(col, d.colProfile(c)) != "" && !appTimeOrdered(col, d.colProfile(c)) && (d.referencing(c) == "" || generated(col, d.colProfile(c))) {
				out[i].surrogate = c
			}
		}
		out[i].calls, out[i].rows = d.opts.Workload.Lookup(t.Schema, t.Name, out[i].cols)
		known[colsKey(out[i].cols)] = true
	}
	for _, wl := range d.opts.Workload.TableLookups(t.Schema, t.Name) {
		if known[colsKey(wl.Columns)] {
			continue
		}
		what := "statements filter on it"
		if wl.Join {
			what = "statements filter or join on it"
		}
		out = append(out, lookup{kind: plans.AccessWorkload, source: "pg_stat_statements: " + what, cols: wl.Columns, calls: wl.Calls, rows: wl.Rows})
	}
	return out
}

// uniqueLead returns the leading column of an ordinary source index of
// several columns when that column alone is a declared unique key of the
// table (primary key, unique constraint or unique index over the column,
// not partial): such an index finds at most one row by its leading column
// (rule unique-lead), or orders nothing a key lookup does not find. ""
// otherwise.
func (d *designer) uniqueLead(l lookup) string {
	if l.kind != plans.AccessIndex || len(l.cols) < 2 || l.unusable != "" {
		return ""
	}
	keys := []*catalog.Index{d.t.PrimaryKey}
	for i := range d.t.Uniques {
		keys = append(keys, &d.t.Uniques[i])
	}
	for _, k := range keys {
		if k != nil && k.KeyCandidate() && len(k.Columns) == 1 && k.Columns[0] == l.cols[0] {
			return l.cols[0]
		}
	}
	return ""
}

// searchIndex says why a source index searches rather than looks rows up
// (rule search-index), or "" for a btree or hash index. A gin index finds
// rows by the words, trigrams or elements inside a value (LIKE '%x%', text
// search, array containment), a gist or sp-gist index by overlap or
// distance (ranges, shapes, addresses in a network), a brin index narrows a
// scan by ranges of the table's physical order: none looks a row up by the
// value a reader holds, which is all a DynamoDB key does, and an index on
// the columns' exact values would be written for no reader the source has.
func searchIndex(ix *catalog.Index) string {
	switch ix.Method {
	case "", "btree", "hash":
		return ""
	case "brin":
		return fmt.Sprintf("a brin index (rule %s): it narrows a scan by ranges of the table's physical order and looks no row up by a value; no index proposed", RuleSearchIndex)
	}
	return fmt.Sprintf("a %s index (rule %s): it searches inside the values (words, trigrams, elements, ranges or shapes), which no DynamoDB key does; no index proposed (a search service serves such reads)", ix.Method, RuleSearchIndex)
}

// normalisingCall matches the functions and casts that normalise one value
// without mixing in another column: case folding, trimming, a NULL
// replaced by a constant, a cast.
var normalisingCall = regexp.MustCompile(`(?i)^(lower|upper|btrim|ltrim|rtrim|trim|coalesce)$`)

// exprWord finds the identifiers of an index expression, quoted or not,
// skipping string constants and the type names after a cast.
var exprWord = regexp.MustCompile(`'(?:[^']|'')*'|::\s*"?[a-zA-Z_][a-zA-Z0-9_ ]*"?|"(?:[^"]|"")+"|[a-zA-Z_][a-zA-Z0-9_]*`)

// normalisedColumns returns the columns of an index all of whose parts are
// a column or one column under normalising functions
// (lower((username)::text), COALESCE(lower((domain)::text), ”)), in the
// index's order; nil for any other index. Such an index looks rows up by
// their columns' values, normalised: an index keyed on the columns as
// stored serves the same lookup for readers that pass the stored value
// (rule expression-over-a-column).
func (d *designer) normalisedColumns(ix *catalog.Index) []string {
	if len(ix.Expressions) == 0 || len(ix.Columns) > 0 {
		return nil
	}
	var cols []string
	for _, e := range ix.Expressions {
		col := ""
		for _, w := range exprWord.FindAllString(e, -1) {
			switch {
			case strings.HasPrefix(w, "'") || strings.HasPrefix(w, "::"):
				continue
			case normalisingCall.MatchString(w):
				continue
			}
			name := strings.ReplaceAll(strings.Trim(w, `"`), `""`, `"`)
			if d.t.Column(name) == nil || col != "" && col != name {
				return nil
			}
			col = name
		}
		if col == "" || slices.Contains(cols, col) {
			return nil
		}
		cols = append(cols, col)
	}
	return cols
}

// classifies reports whether a lookup's leading column classifies the rows
// rather than listing a parent's items (rule lookup-classification): fewer
// values than the square root of the rows that have one. What the column
// is, from the structure, decides before the data:
//   - the rows counted are those with a value: a sparse reference (an
//     account's moved-to account, set on a few rows) lists those few, it
//     classifies nothing;
//   - a reference that is one side of a key made only of references (a
//     junction: partsupp (ps_partkey, ps_suppkey), dept_emp) is an owner
//     whatever its number of values: the key says each side holds a list
//     of the other;
//   - an indexed reference classifies only into a small domain: a parent
//     table with fewer rows than the square root of the rows that refer
//     to it (3 roles for 10 users, 25 genres for 3,503 tracks). Few of a
//     large parent's rows in use today (5 of 30 applications) is no
//     category: the source's index lists a parent's items by it;
//   - a reference declared ON DELETE CASCADE is an owner whatever its
//     number of values: deleting the parent deletes the rows, so they are
//     the parent's items (a project's transitions), never its category;
//   - a number that refers to nothing is a code or flag only over a
//     narrow range: few values spread over a range wider than the rows
//     (7 map tiles between 1.3 and 4.0 billion for 524 users) are
//     identifiers from a large domain of which few are in use today, and
//     the source's index looks rows up by them; a 0/1 flag or a count
//     from 1 to 10 stays a code.
func (d *designer) classifies(column string, indexed bool) bool {
	cp := d.colProfile(column)
	if cp == nil || cp.Distinct == 0 {
		return false
	}
	if d.junctionSide(column) || d.cascades(column) {
		return false
	}
	with := d.rows() - cp.Nulls
	if !classification(cp.Distinct, with) {
		return false
	}
	if n := d.parentRows(column); indexed && n > 0 && !classification(n, with) {
		return false
	}
	if col := d.t.Column(column); col != nil && col.Category == "N" && d.referencing(column) == "" && spread(cp) > float64(with) {
		return false
	}
	return true
}

// spread is the width of a number column's range of values, max − min, or
// 0 when unknown.
func spread(cp *catalog.ColumnProfile) float64 {
	lo, err1 := strconv.ParseFloat(cp.Min, 64)
	hi, err2 := strconv.ParseFloat(cp.Max, 64)
	if err1 != nil || err2 != nil || hi < lo {
		return 0
	}
	return hi - lo
}

// distinctOver is the number of distinct combinations of cols in the
// rows, or 0 when a column is unknown or the table is not profiled.
func (d *designer) distinctOver(cols []string) int64 {
	if !d.profiled() {
		return 0
	}
	var cs []*catalog.Column
	for _, c := range cols {
		col := d.t.Column(c)
		if col == nil {
			return 0
		}
		cs = append(cs, col)
	}
	n, _, _, _ := d.stats(cs)
	return n
}

// cascades reports whether column is a one-column foreign key declared
// ON DELETE CASCADE.
func (d *designer) cascades(column string) bool {
	return slices.ContainsFunc(d.t.ForeignKeys, func(fk catalog.ForeignKey) bool {
		return fk.OnDeleteCascade && len(fk.Columns) == 1 && fk.Columns[0] == column
	})
}

// parentRows is the number of rows of the table column refers to, from
// its key's profile, or 0 when unknown.
func (d *designer) parentRows(column string) int64 {
	var table, key string
	for _, fk := range d.t.ForeignKeys {
		if j := slices.Index(fk.Columns, column); j >= 0 && j < len(fk.RefColumns) {
			table, key = qualified(fk.RefSchema, fk.RefTable), fk.RefColumns[j]
		}
	}
	if table == "" {
		if col := d.t.Column(column); col != nil {
			if ref := d.impliedReference(col, d.colProfile(column)); ref != "" {
				k := strings.LastIndex(ref, ".")
				table, key = ref[:k], ref[k+1:]
			}
		}
	}
	for _, k := range d.graphKeys() {
		if qualified(k.schema, k.table) == table && k.column == key && k.profile != nil {
			return k.profile.Distinct
		}
	}
	return 0
}

// junctionSide reports whether a column is one of the references that make
// up a declared key of two or more columns, every one a reference.
func (d *designer) junctionSide(column string) bool {
	keys := []*catalog.Index{d.t.PrimaryKey}
	for i := range d.t.Uniques {
		keys = append(keys, &d.t.Uniques[i])
	}
	for _, k := range keys {
		if k == nil || !k.KeyCandidate() || len(k.Columns) < 2 || !slices.Contains(k.Columns, column) {
			continue
		}
		if !slices.ContainsFunc(k.Columns, func(c string) bool { return !d.t.IsForeignKeyColumn(c) }) {
			return true
		}
	}
	return false
}

// uuidText is a uuid's text form (any version: v4 random, v7 time-ordered);
// ulidText a ULID's, 26 characters of Crockford's base 32.
var (
	uuidText = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	ulidText = regexp.MustCompile(`^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$`)
)

// appID reports whether a column is an application-made id: a uuid (its
// type, or text whose smallest and largest values are uuids) or a ULID
// (text whose smallest and largest values are ULIDs) that the database does
// not generate, in every row and unique in the data.
func (d *designer) appID(col *catalog.Column, cp *catalog.ColumnProfile) bool {
	if cp == nil || d.rows() == 0 || cp.Nulls > 0 || cp.Distinct < d.rows() || cp.DistinctEstimated || generated(col, cp) {
		return false
	}
	if col.BaseType == "uuid" {
		return true
	}
	return col.Category == "S" && (uuidText.MatchString(cp.Min) && uuidText.MatchString(cp.Max) || ulidText.MatchString(cp.Min) && ulidText.MatchString(cp.Max))
}

// appTimeOrdered reports whether a column's sequence evidence is only that
// its values are time-ordered ids (uuid v7, ULID) which the database does
// not generate: the application made them, so a reload copies them rather
// than renumbering them.
func appTimeOrdered(col *catalog.Column, cp *catalog.ColumnProfile) bool {
	return cp != nil && cp.Sequence != nil && cp.Sequence.Kind == catalog.SeqTimeOrderedID && !generated(col, cp)
}

// generated reports whether the table itself generates the column's values
// (identity, a sequence default, a generated uuid): then it is the table's
// own surrogate even when another table's key is named like it.
func generated(col *catalog.Column, cp *catalog.ColumnProfile) bool {
	if col.Identity != "" || col.Sequence != "" || col.UUIDDefault != "" {
		return true
	}
	if cp != nil && cp.Sequence != nil {
		switch cp.Sequence.Kind {
		case catalog.SeqIdentity, catalog.SeqNextval, catalog.SeqOwnedSequence, catalog.SeqUUIDDefault:
			return true
		}
	}
	return false
}

// referencing names what column refers to — the table a foreign key takes
// it from, or an undeclared reference's key (named after it, values that
// fit) — or "".
func (d *designer) referencing(column string) string {
	for _, fk := range d.t.ForeignKeys {
		if slices.Contains(fk.Columns, column) {
			return qualified(fk.RefSchema, fk.RefTable)
		}
	}
	if col := d.t.Column(column); col != nil {
		return d.impliedReference(col, d.colProfile(column))
	}
	return ""
}

func qualified(schema, table string) string { return schema + "." + table }

func (d *designer) lookupName(l lookup) string {
	by := d.t.Name + " by " + strings.Join(l.cols, ", ")
	if l.parent != "" {
		by += " (items of " + l.parent + ")"
	}
	return by
}

func colsKey(cols []string) string {
	s := slices.Clone(cols)
	slices.Sort(s)
	return strings.Join(s, "\x00")
}

func sameSet(a, b []string) bool { return colsKey(a) == colsKey(b) }

// baseServes reports whether the base key serves a lookup on cols: every
// partition key part is among them, and the rest are a prefix of the sort
// key's parts (a Query with begins_with, or a GetItem on the whole key).
func baseServes(pt *plans.Table, cols []string) (string, bool) {
	var pk, sk []string
	for _, p := range pt.PartitionKey.Parts {
		pk = append(pk, p.Column)
	}
	if pt.SortKey != nil {
		for _, p := range pt.SortKey.Parts {
			sk = append(sk, p.Column)
		}
	}
	var rest []string
	for _, c := range cols {
		if !slices.Contains(pk, c) {
			rest = append(rest, c)
		}
	}
	for _, c := range pk {
		if !slices.Contains(cols, c) {
			return "", false
		}
	}
	if len(rest) > len(sk) || !sameSet(rest, sk[:len(rest)]) {
		return "", false
	}
	var why string
	switch {
	case len(rest) == len(sk) && len(sk) > 0 || len(sk) == 0:
		why = "the base table's whole key: one GetItem"
	case len(rest) == 0:
		why = "the base partition key (" + strings.Join(pk, ", ") + "): one Query"
	default:
		why = "the base partition key (" + strings.Join(pk, ", ") + ") and a sort key prefix (" + strings.Join(rest, ", ") + "): one Query with begins_with"
	}
	if pt.Sharding != nil {
		why += fmt.Sprintf("; the key is write-sharded, so a reader without the sort key runs %d queries", pt.Sharding.Shards)
	}
	return why, true
}

// indexName is DynamoDB's index name rule: 3 to 255 of [a-zA-Z0-9_.-].
var notIndexChar = regexp.MustCompile(`[^a-zA-Z0-9_.-]`)

// proposeIndex designs a global secondary index for lookup l, or says why
// none passes. Its keys are the columns' own attributes where they can be
// (no extra attribute is written): one column is the partition key; of two,
// the one that passes the gates is the partition key and the other the sort
// key. A column with empty strings keys on a derived attribute instead
// (indexKey); two columns of which one would, and more than two, key on
// one derived attribute joining them (proposeJoined).
func (d *designer) proposeIndex(pt *plans.Table, l lookup, taken map[string]bool) (*plans.Index, string) {
	if len(l.cols) > 2 {
		if ix := d.proposeLeading(pt, l, taken, ""); ix != nil {
			return ix, ""
		}
		return d.proposeJoined(pt, l, taken, "")
	}
	if len(l.cols) == 1 && l.kind != plans.AccessPrimaryKey && l.kind != plans.AccessUnique {
		pkKey, why, h := d.indexKey(pt, l.cols[0], true)
		switch {
		case why == "":
			return d.buildIndex(pt, l, pkKey, d.timeSortKey(pt, l.cols[0]), taken), ""
		case h != nil && (l.kind == plans.AccessForeignKey || l.kind == plans.AccessIndex):
			ix := d.buildIndex(pt, l, pkKey, d.timeSortKey(pt, l.cols[0]), taken)
			on := ix.Enabled && !l.classification
			d.hotOff(ix, l, h)
			if on {
				// The bulk load is not the workload: a hot list costs the
				// load time, which the plan states; leaving it unserved
				// costs every reader a Scan.
				ix.Enabled = true
				ix.Rule = "hot, enabled: " + decidedRule(d, l) + "; the hottest value slows the one-off load (below), which is load planning, not a reason to leave the lookup unserved"
			}
			return ix, ""
		}
	}
	orders := [][]string{l.cols}
	if len(l.cols) == 2 {
		orders = append(orders, []string{l.cols[1], l.cols[0]})
	}
	var firstWhy, sparse string
	if l.leadClassifies && len(l.cols) == 2 {
		// The classification cannot spread the index; the other column
		// leads, and the reversal is stated.
		orders[0], orders[1] = orders[1], orders[0]
		firstWhy = fmt.Sprintf("%s is a classification (%s values for %s rows), which cannot spread an index over partitions", l.cols[0], plans.Thousands(d.distinctOf(l.cols[0])), plans.Thousands(d.rows()))
	}
	for _, cols := range orders {
		pkKey, why, _ := d.indexKey(pt, cols[0], true)
		if why == "" {
			var skKey *plans.Key
			if len(cols) == 2 {
				k, w, _ := d.indexKey(pt, cols[1], false)
				if w != "" {
					why = w
				} else {
					skKey = &k
				}
			}
			if why == "" && len(cols) == 2 && (pkKey.Attribute == "" || skKey.Attribute == "") {
				// A part keyed on a derived attribute leaves the rows
				// with an empty value out of the index, although a
				// lookup of both columns finds them: the columns
				// joined into one key are never empty.
				why = "an empty value in " + strings.Join(cols, " or ") + " would leave its rows out of an index keyed on each column"
				sparse = why
			}
			if why == "" {
				if l.kind == plans.AccessIndex && len(cols) == 2 && l.surrogate == cols[1] && l.surrogate != cols[0] {
					// Rule index-leading-column, with two columns: the
					// sequence only orders the list, which readers look
					// up by the leading column (a project's jobs by id).
					pkKey.Why = append(pkKey.Why, l.surrogate+" is sequence-style but only in the sort key: it orders the list, which readers look up by "+cols[0])
					l.surrogate = ""
				}
				ix := d.buildIndex(pt, l, pkKey, skKey, taken)
				if firstWhy != "" && l.indexed {
					// Never reversed silently: the source's order is
					// named, with why it cannot lead.
					ix.Why = append(ix.Why, fmt.Sprintf("the source orders it (%s), but %s; proposed in the other order (%s), which serves the same equality lookup — range reads on %s need the source's order",
						strings.Join(l.cols, ", "), firstWhy, strings.Join(cols, ", "), l.cols[len(l.cols)-1]))
				}
				return ix, ""
			}
		}
		if firstWhy == "" {
			firstWhy = why
		}
	}
	if ix := d.proposeLeading(pt, l, taken, firstWhy); ix != nil {
		return ix, ""
	}
	if sparse != "" {
		return d.proposeJoined(pt, l, taken, sparse)
	}
	return nil, firstWhy
}

// proposeLeading designs the index of an ordinary source index of several
// columns as the source orders it (rule index-leading-column): its leading
// column is the partition key and the rest the sort key, so the index
// serves every prefix of the source's columns, above all the leading
// column's own list (a team's channels, a thread's replies, a user's
// channel memberships), which one attribute joining all the columns would
// not. The leading column keys on a derived attribute where it holds
// empty strings (those rows are not in the list: their value is no
// owner), and a hot one is served whatever its fan-out, as every list a
// source index backs is, the load's cost stated. The sort key is kept only
// where every row has it (a row without it would drop out of the leading
// column's list): the next column's own attribute, or the rest joined. A
// sequence-style column in the sort key only orders the list. nil when the
// lookup is not an ordinary index, the base key already serves the
// leading column, or the leading column cannot key an index. before says
// why the columns' own attributes could not key it, when they were tried.
func (d *designer) proposeLeading(pt *plans.Table, l lookup, taken map[string]bool, before string) *plans.Index {
	if l.kind != plans.AccessIndex || len(l.cols) < 2 || l.unusable != "" || l.leadClassifies {
		return nil
	}
	lead := l.cols[0]
	if _, ok := baseServes(pt, []string{lead}); ok {
		// The base key serves the leading column's list; it serves the
		// source's order too only when its sort key starts with the
		// next column (a project's pipelines by iid are no list by ref).
		if _, ok := baseServes(pt, l.cols[:2]); ok {
			return nil
		}
	}
	pkKey, why, h := d.indexKey(pt, lead, true)
	if why != "" && h == nil {
		return nil
	}
	if l.surrogate != "" && l.surrogate != lead {
		// The reload renumbers it on both sides of nothing: readers
		// look the list up by the leading column and only range on it.
		pkKey.Why = append(pkKey.Why, l.surrogate+" is sequence-style but only in the sort key: it orders the list, which readers look up by "+lead)
		l.surrogate = ""
	}
	sk := d.restSortKey(pt, l.cols[1:])
	ix := d.buildIndex(pt, l, pkKey, sk, taken)
	what := fmt.Sprintf("keyed as the source orders it (%s): %s the partition key, so every prefix of its columns is one Query", strings.Join(l.cols, ", "), lead)
	if sk == nil {
		what += "; no sort key (a row without one would drop out of " + lead + "'s list): the other columns filter"
	}
	if before != "" {
		what += "; its columns' own attributes could not key it: " + before
	}
	ix.Why = append(ix.Why, what)
	if h != nil {
		on := ix.Enabled && !l.classification
		d.hotOff(ix, l, h)
		if on {
			ix.Enabled = true
			ix.Rule = "hot, enabled: " + decidedRule(d, l) + "; the hottest value slows the one-off load (below), which is load planning, not a reason to leave the lookup unserved"
		}
	}
	return ix
}

// restSortKey is the sort key of an index led by one column of a source
// index: the next column's own attribute when it is the last, else the
// rest joined into a derived attribute, else the next column alone — each
// only when every row has it (no NULL, no empty string), or nil.
func (d *designer) restSortKey(pt *plans.Table, rest []string) *plans.Key {
	full := func(c string) bool {
		cp := d.colProfile(c)
		col := d.t.Column(c)
		return col != nil && (cp != nil && cp.Nulls == 0 || cp == nil && col.NotNull)
	}
	if len(rest) > 1 && !slices.ContainsFunc(rest, func(c string) bool { return !full(c) }) {
		k := plans.Key{Type: "S"}
		bytes := 0
		ok := true
		for _, c := range rest {
			attr := attributeOf(pt, c)
			kp, w := keyPartFor(d.t.Column(c), d.colProfile(c))
			if attr == nil || w != "" || !plans.Derivable(kp.part, attr, k.Type, len(rest)) {
				ok = false
				break
			}
			k.Parts = append(k.Parts, kp.part)
			bytes += kp.bytes + len(plans.Separator)
		}
		if ok && bytes <= plans.MaxSortKeyBytes {
			k.Why = append(k.Why, fmt.Sprintf("derived: %s joined with %s, written by the load as an attribute of its own: ordered as the source's index orders them", strings.Join(rest, ", "), plans.Separator))
			return &k
		}
	}
	if !full(rest[0]) {
		return nil
	}
	k, why, _ := d.indexKey(pt, rest[0], false)
	if why != "" || k.Attribute == "" {
		return nil
	}
	return &k
}

// proposeJoined designs an index for a lookup of several columns keyed on
// one derived attribute: the columns encoded and joined as a composite
// base key is (plans.Index), written by the load beside them. It serves
// the equality lookup of all the columns (no range on one of them), and an
// empty string in a part leaves the joined value non-empty, so every row
// with all its columns is in the index. It passes the gates a base
// partition key passes; why says why the columns were joined.
func (d *designer) proposeJoined(pt *plans.Table, l lookup, taken map[string]bool, why string) (*plans.Index, string) {
	k := plans.Key{Type: "S"}
	var cols []*catalog.Column
	var parts []keyPart
	bytes := 0
	var sparse []string
	for _, c := range l.cols {
		col, attr := d.t.Column(c), attributeOf(pt, c)
		if col == nil || attr == nil {
			return nil, c + ": not written (excluded), so no index can key on it"
		}
		cp := d.colProfile(c)
		kp, w := keyPartFor(col, cp)
		if w != "" {
			return nil, c + ": " + w
		}
		if !plans.Derivable(kp.part, attr, k.Type, len(l.cols)) {
			return nil, fmt.Sprintf("%s: written as %s (%s), which a joined key cannot be derived from", c, attr.Type, attr.Encoding)
		}
		if cp != nil && cp.Nulls > 0 {
			sparse = append(sparse, fmt.Sprintf("%s NULL in %s", plans.Thousands(cp.Nulls), c))
		}
		k.Parts = append(k.Parts, kp.part)
		cols, parts = append(cols, col), append(parts, kp)
		bytes += kp.bytes + len(plans.Separator)
	}
	if bytes > plans.MaxPartitionKeyBytes {
		return nil, fmt.Sprintf("%s joined: values up to %s bytes, over DynamoDB's %s-byte key limit", strings.Join(l.cols, ", "), plans.Thousands(int64(bytes)), plans.Thousands(int64(plans.MaxPartitionKeyBytes)))
	}
	if !d.profiled() {
		return nil, "table not profiled: the index key's cardinality is unknown"
	}
	c := &candidate{cols: cols, parts: parts}
	c.distinct, c.hot, c.hotValue, c.exact = d.stats(cols)
	d.throughput(c)
	if len(c.failures) > 0 || c.sharded {
		msg := strings.Join(l.cols, ", ") + " joined: too hot for an index partition key, and a throttled index throttles the base table's writes"
		if len(c.failures) > 0 {
			msg += " (" + c.failures[0] + ")"
		}
		return nil, msg
	}
	if why == "" {
		why = fmt.Sprintf("%d columns", len(l.cols))
	}
	k.Why = append(k.Why, fmt.Sprintf("derived: %s joined with %s as a composite key is, written by the load as an attribute of its own (%s); equality on all of them in one Query", strings.Join(l.cols, ", "), plans.Separator, why),
		fmt.Sprintf("%s distinct values, at most %s items per value", plans.Thousands(c.distinct), plans.Thousands(c.hot)))
	if len(sparse) > 0 {
		k.Why = append(k.Why, "sparse: the rows with "+strings.Join(sparse, ", ")+" are not in the index")
	}
	return d.buildIndex(pt, l, k, nil, taken), ""
}

// attributeOf is the attribute of pt that writes column, or nil.
func attributeOf(pt *plans.Table, column string) *plans.Attribute {
	for i := range pt.Attributes {
		if pt.Attributes[i].Column == column {
			return &pt.Attributes[i]
		}
	}
	return nil
}

// nameDerived gives a derived index key (one whose Attribute is still
// empty) the name index+suffix, or that with a number when an attribute
// or key of pt already has it.
func nameDerived(pt *plans.Table, k *plans.Key, index, suffix string) {
	if k == nil || k.Attribute != "" {
		return
	}
	used := func(n string) bool {
		if n == pt.PartitionKey.Attribute || pt.SortKey != nil && n == pt.SortKey.Attribute {
			return true
		}
		return slices.ContainsFunc(pt.Attributes, func(a plans.Attribute) bool { return a.Name == n })
	}
	name := index + suffix
	for i := 2; used(name); i++ {
		name = fmt.Sprintf("%s%s%d", index, suffix, i)
	}
	k.Attribute = name
}

// timeSortKey is the sort key of a one-column lookup's index: the table's
// date or time column with the most values, so a parent's items come in
// time order and a date range is one Query ("rentals of a customer this
// month"). Only a column every row has (an item without the sort key
// would be left out of the index) and that varies (half the rows at one
// value orders nothing). nil when there is none.
func (d *designer) timeSortKey(pt *plans.Table, lookup string) *plans.Key {
	var best *plans.Key
	var bestN int64
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		cp := d.colProfile(col.Name)
		if col.Name == lookup || cp == nil || cp.Nulls > 0 || cp.Distinct < 2 || cp.TopShare >= 0.5 || cp.Distinct <= bestN || changeStamp(col.Name) {
			continue
		}
		kp, why := keyPartFor(col, cp)
		if why != "" || !kp.timeLike {
			continue
		}
		k, why, _ := d.indexKey(pt, col.Name, false)
		if why != "" {
			continue
		}
		k.Why = append(k.Why, fmt.Sprintf("the table's date or time with the most values (%s): a parent's items in time order, a date range in one Query", plans.Thousands(cp.Distinct)))
		best, bestN = &k, cp.Distinct
	}
	return best
}

// indexKey makes the key of an index from a column's own attribute, gated
// like a base partition key when pk: sequence evidence and the throughput
// gate. NULLs are no failure, unlike in a base key: an item without the
// attribute is simply absent from the index (a sparse index). Where the
// attribute cannot be the key — the column holds empty strings, or NULLs
// are written as NULL values — the key comes back with no Attribute: a
// derived attribute, which buildIndex names and the load leaves out of
// those items. A
// sequence-style column other tables refer to passes the sequence gate. When
// the throughput gate alone refuses, the key comes back with the refusal
// and what the gate measured, so a foreign key can still be proposed, off.
func (d *designer) indexKey(pt *plans.Table, column string, pk bool) (plans.Key, string, *heat) {
	col := d.t.Column(column)
	var attr *plans.Attribute
	for i := range pt.Attributes {
		if pt.Attributes[i].Column == column {
			attr = &pt.Attributes[i]
		}
	}
	if col == nil || attr == nil {
		return plans.Key{}, column + ": not written (excluded), so no index can key on it", nil
	}
	enc, ok := indexEncoding(attr)
	if !ok {
		return plans.Key{}, fmt.Sprintf("%s: written as %s (%s), which cannot be a key attribute", column, attr.Type, attr.Encoding), nil
	}
	cp := d.colProfile(column)
	// NULLs written as NULL values (nulls: null) cannot be an index key
	// either: the index keys on a derived attribute that leaves them out.
	nullWritten := d.opts.Nulls == plans.NullsWrite && (cp == nil && !col.NotNull || cp != nil && cp.Nulls > 0)
	kp, why := keyPartFor(col, cp)
	if why != "" {
		return plans.Key{}, column + ": " + why, nil
	}
	empty := attr.Type != "N" && cp != nil && cp.Min == "" && cp.Nulls < d.rows()
	if empty && attr.Type != "S" {
		// The profile leaves Min out when it is the empty value: DynamoDB
		// refuses an item whose index key is empty, so every such row
		// would be rejected by the load.
		return plans.Key{}, column + ": holds empty values, which DynamoDB refuses as an index key: each such row would be rejected", nil
	}
	limit := plans.MaxSortKeyBytes
	if pk {
		limit = plans.MaxPartitionKeyBytes
	}
	if b := keyBytes([]keyPart{kp}); b > limit {
		return plans.Key{}, fmt.Sprintf("%s: values up to %s bytes, over DynamoDB's %s-byte key limit", column, plans.Thousands(int64(b)), plans.Thousands(int64(limit))), nil
	}
	k := plans.Key{Attribute: attr.Name, Type: attr.Type, Parts: []plans.KeyPart{{Column: column, Encoding: enc}}}
	if empty || nullWritten {
		// DynamoDB refuses an empty or NULL index key, and leaving the
		// column's attribute out would lose the value: the index keys on
		// a derived attribute (named by buildIndex) that the load leaves
		// out of those items, and the column keeps its value as an
		// ordinary attribute.
		k.Attribute = ""
	}
	if empty {
		k.Why = append(k.Why, fmt.Sprintf("sparse: %s holds the empty string in %s rows, which DynamoDB refuses as an index key; the index keys on a derived attribute that the load writes only where the value is not empty, so those rows are not in the index and keep '' in %s", column, emptyCount(cp), attr.Name))
	}
	if nullWritten {
		k.Why = append(k.Why, fmt.Sprintf("NULLs are written as NULL values (nulls: null), which an index key cannot hold: the index keys on a derived attribute that the load leaves out where %s is NULL", column))
	}
	if !pk {
		if cp != nil && cp.Nulls > 0 {
			k.Why = append(k.Why, fmt.Sprintf("sparse: the %s rows with NULL in %s are not in the index", plans.Thousands(cp.Nulls), column))
		}
		return k, "", nil
	}
	if ev := sequenceEvidence(col, cp); ev != "" {
		if appTimeOrdered(col, cp) {
			// A reload copies it: the application made it, and clients
			// hold it.
			k.Why = append(k.Why, column+" grows with time ("+ev+") but the application makes it (no database default): a reload copies it, and clients look items up by it")
		} else if refs := d.referencedBy[column]; len(refs) > 0 {
			// The children's items carry the value: it means something
			// in the target, as the link a reader follows to the parent.
			k.Why = append(k.Why, column+" is sequence-style ("+ev+") but referenced by "+strings.Join(refs, ", ")+", whose items carry it: a reader holding a child item resolves its parent by it; a reload renumbers both sides together")
		} else if d.undeclaredHolders(column) {
			k.Why = append(k.Why, fmt.Sprintf("%s is sequence-style (%s) but the table takes part in no declared foreign key, and the schema holds ids it does not say whose (%s): whatever holds the id is in the application, which finds the row by it (rule %s)", column, ev, d.g.unresolvedHolder(qualified(d.t.Schema, d.t.Name)), RuleUndeclaredHolders))
		} else if ref := d.referencing(column); ref == "" || generated(col, cp) {
			return plans.Key{}, column + ": sequence-style id (" + ev + "): refused as an index partition key as it is as a base key (a reload or merge renumbers it); if readers follow references to it, add an index on it by hand", nil
		} else {
			// A reference holds its parent's values: a reader who has
			// the parent item has them, so the index is a navigable
			// link even when those values are a surrogate's.
			k.Why = append(k.Why, column+" references "+ref+" and is sequence-style there ("+ev+"): kept as a link a reader of the parent item can follow; a reload renumbers both sides together")
		}
	}
	if !d.profiled() {
		return plans.Key{}, "table not profiled: the index key's cardinality is unknown", nil
	}
	c := &candidate{cols: []*catalog.Column{col}, parts: []keyPart{kp}}
	c.distinct, c.hot, c.hotValue, c.exact = d.stats(c.cols)
	if cp != nil && cp.Nulls > 0 && len(cp.TopValues) == 0 {
		c.hot = max(0, c.hot)
	}
	if empty {
		// The empty value's rows are not in the index: its hottest key
		// is the hottest other value.
		c.hot, c.hotValue = hottestNonEmpty(cp, d.rows())
		c.distinct = max(0, c.distinct-1)
	}
	d.throughput(c)
	if len(c.failures) > 0 || c.sharded {
		msg := column + ": too hot for an index partition key, and a throttled index throttles the base table's writes"
		if len(c.failures) > 0 {
			msg += " (" + c.failures[0] + ")"
		}
		k.Why = append(k.Why, fmt.Sprintf("%s distinct values, at most %s items per value: hot", plans.Thousands(c.distinct), plans.Thousands(c.hot)))
		return k, msg, &heat{hot: c.hot, hotValue: c.hotValue, rows: d.rows(), wcu: d.wcu}
	}
	k.Why = append(k.Why, fmt.Sprintf("%s distinct values, at most %s items per value", plans.Thousands(c.distinct), plans.Thousands(c.hot)))
	if cp != nil && cp.Nulls > 0 {
		k.Why = append(k.Why, fmt.Sprintf("sparse: the %s rows with NULL are not in the index", plans.Thousands(cp.Nulls)))
	}
	return k, "", nil
}

// emptyCount is the profile's count of empty values in words, "some" when
// it recorded none.
func emptyCount(cp *catalog.ColumnProfile) string {
	if cp == nil || cp.Empty == 0 {
		return "some"
	}
	return plans.Thousands(cp.Empty)
}

// hottestNonEmpty is the most items one non-empty value of a column has,
// and that value: the most common value that is not empty, else an even
// spread of the rows with a value over the values.
func hottestNonEmpty(cp *catalog.ColumnProfile, rows int64) (int64, string) {
	for _, tv := range cp.TopValues {
		if tv.Value != "" {
			return tv.Count, tv.Value
		}
	}
	left := rows - cp.Nulls - cp.Empty
	if left <= 0 {
		return 0, ""
	}
	return max(1, left/max(1, cp.Distinct-1)), ""
}

// indexEncoding is the key part encoding that says how an attribute holds
// its column, for the attributes that can be keys.
func indexEncoding(a *plans.Attribute) (string, bool) {
	switch {
	case a.Type == "N" && a.Encoding == plans.AttrNumber:
		return plans.EncNumber, true
	case a.Type == "B" && a.Encoding == plans.AttrBinary:
		return plans.EncBinary, true
	case a.Type != "S":
		return "", false
	}
	switch a.Encoding {
	case plans.AttrString:
		return plans.EncString, true
	case plans.AttrDate:
		return plans.EncDate, true
	case plans.AttrTimestamp:
		return plans.EncTimestamp, true
	case plans.AttrTimestampTZ:
		return plans.EncTimestampTZ, true
	}
	return "", false
}

// buildIndex names the index, chooses its projection, prices its writes
// and decides whether it is on by default.
func (d *designer) buildIndex(pt *plans.Table, l lookup, pk plans.Key, sk *plans.Key, taken map[string]bool) *plans.Index {
	name := "gsi_" + strings.Join(l.cols, "_")
	name = notIndexChar.ReplaceAllString(name, "_")
	if len(name) > 255 {
		name = name[:255]
	}
	for n := 2; taken[name]; n++ {
		// Two column sets that read alike once sanitised ("a b", a_b).
		name = fmt.Sprintf("gsi_%d", n)
	}
	taken[name] = true
	ix := &plans.Index{Name: name, PartitionKey: pk, SortKey: sk}
	nameDerived(pt, &ix.PartitionKey, name, "_pk")
	nameDerived(pt, ix.SortKey, name, "_sk")
	e := pt.Estimates
	switch {
	case (l.kind == plans.AccessPrimaryKey || l.kind == plans.AccessUnique) && e.AvgItemBytes > smallItemBytes:
		ix.Projection = plans.ProjectKeys
		ix.Why = append(ix.Why, fmt.Sprintf("KEYS_ONLY: a unique lookup finds one item of about %s B, and one GetItem on the base key it returns reads it; the index stays small", plans.Thousands(e.AvgItemBytes)))
	case e.AvgItemBytes <= smallItemBytes:
		ix.Projection = plans.ProjectAll
		ix.Why = append(ix.Why, fmt.Sprintf("ALL: a list of small items (about %s B, within one write unit), read from the index alone instead of one GetItem per item", plans.Thousands(e.AvgItemBytes)))
	default:
		ix.Projection = plans.ProjectKeys
		ix.Why = append(ix.Why, fmt.Sprintf("KEYS_ONLY: items of about %s B would be copied whole; readers fetch the few they need by their base key", plans.Thousands(e.AvgItemBytes)))
	}
	ix.WCUPerItem = 1
	if ix.Projection == plans.ProjectAll {
		ix.WCUPerItem = math.Max(1, e.WCUPerItem)
	}
	present := e.Items
	for _, c := range l.cols {
		if cp := d.colProfile(c); cp != nil {
			present = min(present, e.Items-cp.Nulls)
		}
	}
	for _, k := range []*plans.Key{&ix.PartitionKey, ix.SortKey} {
		if k != nil && len(k.Parts) == 1 && pt.DerivedKey(k) {
			if cp := d.colProfile(k.Parts[0].Column); cp != nil {
				// Empty values leave a one-column derived key out.
				present = min(present, max(0, e.Items-cp.Nulls-cp.Empty))
			}
		}
	}
	ix.TotalWCU = int64(math.Ceil(float64(present) * ix.WCUPerItem))
	ix.Why = append(ix.Why, fmt.Sprintf("write cost: %s items with the key × %g WCU = %s WCU added to the load when enabled", plans.Thousands(present), ix.WCUPerItem, plans.Thousands(ix.TotalWCU)))
	d.decide(ix, l)
	if present == 0 && e.Items > 0 && ix.Enabled {
		if l.indexed {
			// The source keeps an index on a column no row fills
			// today: the application reads by it, the index costs the
			// load nothing, and tomorrow's rows fill it.
			ix.Why = append(ix.Why, emptyIndexed)
		} else {
			// Every row has NULL there: the index would hold nothing.
			ix.Enabled, ix.Rule = false, "no row has a value for its key (all NULL): proposed, off"
		}
	}
	return ix
}

// emptyIndexed is why an index on a column no row fills today stays on
// when the source keeps an index on it.
const emptyIndexed = "no row has a value for its key today (all NULL): the index costs the load nothing, and the source's index says the application reads the rows that will have one"

// decide turns an index on by default only on strong evidence, and names
// the rule that decided. A key other tables refer to is strong evidence
// even when it is a surrogate: the children carry it. (A hot index is
// turned off after decide, by hotOff, whatever decide said.)
func (d *designer) decide(ix *plans.Index, l lookup) {
	switch {
	case len(l.referencedBy) > 0 && (l.kind == plans.AccessPrimaryKey || l.kind == plans.AccessUnique):
		ix.Enabled, ix.Rule = true, "referenced by foreign keys ("+strings.Join(l.referencedBy, ", ")+"): the children's items carry the value, so readers resolve the parent by it"
	case l.kind == plans.AccessPrimaryKey && len(l.cols) == 1 && d.undeclaredHolders(l.cols[0]):
		ix.Enabled, ix.Rule = true, "primary key of a table in no declared foreign key: its holders are in the application (rule "+RuleUndeclaredHolders+")"
	case l.surrogate != "" && l.calls < StrongWorkloadCalls:
		ix.Rule = "a key holding the surrogate " + l.surrogate + " (sequence-style, renumbered by a reload): proposed, off"
	case l.kind == plans.AccessPrimaryKey:
		ix.Enabled, ix.Rule = true, "primary key"
	case l.kind == plans.AccessUnique:
		ix.Enabled, ix.Rule = true, "unique constraint"
	case l.calls >= StrongWorkloadCalls:
		ix.Enabled, ix.Rule = true, fmt.Sprintf("workload calls ≥ %d", StrongWorkloadCalls)
	case l.appID:
		ix.Enabled, ix.Rule = true, "application-made id: clients hold it and look items up by it"
	case l.kind == plans.AccessForeignKey && l.classification:
		ix.Rule = "foreign key with fewer values than √rows: a classification, not an owner's list: proposed, off"
	case l.kind == plans.AccessForeignKey && !l.oneToOne && len(l.cols) == 1 && d.cascades(l.cols[0]):
		ix.Enabled, ix.Rule = true, "foreign key ON DELETE CASCADE: the parent owns the rows, so its list is served whatever its fan-out"
	case l.kind == plans.AccessForeignKey && l.indexed && !l.oneToOne:
		ix.Enabled, ix.Rule = true, "foreign key with an index on the child columns"
	case l.kind == plans.AccessForeignKey && l.oneToOne:
		ix.Rule = "foreign key of a 1:1 link: proposed, off — enable it if the parent's side is read"
	case l.inferred:
		ix.Enabled, ix.Rule = true, "inferred reference of a table that declares no foreign key: the owner's list (a parent's items by its reference), served whatever its fan-out"
	case l.kind == plans.AccessForeignKey:
		ix.Enabled, ix.Rule = true, "foreign key: the owner's list (a parent's items by its reference), served whatever its fan-out"
	case l.kind == plans.AccessIndex && (l.classification || l.sorts):
		ix.Rule = "ordinary index on a low-value column or led by a date (it orders or filters, it looks nothing up): proposed, off"
	case l.kind == plans.AccessIndex:
		ix.Enabled, ix.Rule = true, "source index: the application looks rows up by it"
	default:
		ix.Rule = fmt.Sprintf("workload calls < %d: proposed, off", StrongWorkloadCalls)
	}
}

// undeclaredHolders reports whether column is the one-column primary key
// of a table that takes part in no declared foreign key, and no written
// column of another table refers to it by name (rule undeclared-holders).
func (d *designer) undeclaredHolders(column string) bool {
	pk := d.t.PrimaryKey
	if pk == nil || len(pk.Columns) != 1 || pk.Columns[0] != column || len(d.t.ForeignKeys) > 0 || len(d.referencedBy[column]) > 0 {
		return false
	}
	if len(d.node().referencedBy) > 0 || d.g == nil {
		return false
	}
	return d.g.unresolvedHolder(qualified(d.t.Schema, d.t.Name)) != ""
}

// ownSequenceKey reports whether r's parent key is one column its own
// table numbers (a sequence or identity column): a surrogate the child
// copies, not a mirror of a third table's (rule inferred-surrogate-owner).
func (g *schemaGraph) ownSequenceKey(r *reference) bool {
	if g == nil || len(r.parentColumns) != 1 {
		return false
	}
	n := g.nodes[r.parent]
	if n == nil {
		return false
	}
	c := n.table.Column(r.parentColumns[0])
	return c != nil && (c.Sequence != "" || c.Identity != "" || strings.HasPrefix(c.Default, "nextval("))
}

// unresolvedHolder names a column of another table (schema.table.column)
// that is named as a row id (*_id), holds integers, is neither the
// primary key of its table nor a reference the schema declares or the
// graph infers: an id the schema does not say whose, which may hold the
// key of table (schema.table). "" when the schema has none.
func (g *schemaGraph) unresolvedHolder(table string) string {
	names := make([]string, 0, len(g.nodes))
	for name := range g.nodes {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		n := g.nodes[name]
		if name == table || !n.table.Migratable {
			continue
		}
		for _, c := range n.table.Columns {
			ws := words(c.Name)
			if c.Category != "N" || len(ws) < 2 || ws[len(ws)-1] != "id" {
				continue
			}
			if pk := n.table.PrimaryKey; pk != nil && slices.Contains(pk.Columns, c.Name) {
				continue
			}
			if slices.ContainsFunc(n.refs, func(r *reference) bool { return slices.Contains(r.columns, c.Name) }) {
				continue
			}
			return name + "." + c.Name
		}
	}
	return ""
}

// decidedRule is the rule decide gives l.
func decidedRule(d *designer, l lookup) string {
	var ix plans.Index
	d.decide(&ix, l)
	return ix.Rule
}

// strengthen lets a second lookup on the same columns turn an index on
// when its evidence is stronger.
func (d *designer) strengthen(ix *plans.Index, l lookup) {
	if ix.Enabled {
		return
	}
	try := *ix
	d.decide(&try, l)
	empty := strings.HasPrefix(ix.Rule, "no row has a value")
	if try.Enabled && (!empty || l.indexed) && !strings.Contains(ix.Rule, ruleHot) {
		ix.Enabled, ix.Rule = true, try.Rule
		if empty {
			ix.Why = append(ix.Why, emptyIndexed)
		}
	}
}

// workloadSummary is what the plan's source says about workload evidence.
func workloadSummary(w *catalog.Workload) string {
	if w == nil {
		return ""
	}
	return w.Summary
}

// ruleHot marks an index whose partition key fails the throughput gate: it
// is proposed so a reviewer sees the lookup and its price, and the gate
// still keeps it from being enabled by default, by any rule.
const ruleHot = "hot index key, off"

// heat is what the throughput gate measured on a hot index key.
type heat struct {
	hot, rows int64
	hotValue  string
	wcu       float64 // the base table's write units per item
}

// hotOff turns a foreign key's index with a hot partition key into a
// proposal that is off, and states what enabling it costs: every item of
// the hottest value lands in one index partition, which takes 1,000 WCU/s,
// and a throttled index throttles its base table — so the whole load runs
// at 1,000 WCU/s ÷ the hottest value's share of the items. A reviewer who
// needs "tracks of a genre" as a Query can pay that; by default the load's
// speed wins, as for a base key (the gate stays for enabling).
func (d *designer) hotOff(ix *plans.Index, l lookup, h *heat) {
	ix.Enabled = false
	ix.Rule = ruleHot + " — the throughput gate keeps a hot key from being enabled by default; enable it if the lookup is worth a slower load"
	if l.classification {
		ix.Rule = "classification: " + ix.Rule
	}
	share := float64(h.hot) / float64(max(1, h.rows))
	// Index writes per base write unit: with ALL an index item costs what
	// the base item costs, with KEYS_ONLY one unit.
	ratio := h.wcu / ix.WCUPerItem
	capped := partitionWCU / share * ratio
	atCap := float64(h.hot) * ix.WCUPerItem / partitionWCU
	rate := float64(d.opts.WriteRate)
	ideal := float64(h.rows) * h.wcu / rate
	factor := ""
	if math.Abs(ratio-1) > 1e-9 {
		factor = fmt.Sprintf(" × %.3g base per index write unit", ratio)
	}
	ix.Why = append(ix.Why, fmt.Sprintf("throughput if enabled: the hottest value (%s) holds %s of %s items (%.1f%%), all in one index partition of 1,000 WCU/s; a throttled index throttles the base table, so writes are capped at 1,000 WCU/s ÷ %.1f%%%s = %s WCU/s, and a load takes %s at that cap against the ideal %s at %s WCU/s",
		h.hotValue, plans.Thousands(h.hot), plans.Thousands(h.rows), share*100, share*100, factor,
		plans.Thousands(int64(math.Round(capped))), plans.Seconds(math.Max(atCap, ideal)), plans.Seconds(ideal), plans.Thousands(d.opts.WriteRate)))
}

// referencers lists the written columns of other tables that refer to a
// one-column key, or nil.
func (d *designer) referencers(cols []string) []string {
	if len(cols) != 1 {
		return nil
	}
	return d.referencedBy[cols[0]]
}

// references maps every table (schema.table) to its columns that other
// tables refer to, each with the referring columns (schema.table.column):
// declared foreign keys and undeclared references (named after the key,
// values that fit — evidence.go), counted only when the plan of the
// referring table writes the column, since only then does a reader of the
// target hold the value. A column its own table generates is no reference,
// however it is named.
func references(ds []*designer, pts []plans.Table) map[string]map[string][]string {
	out := map[string]map[string][]string{}
	add := func(table, column, from string) {
		if out[table] == nil {
			out[table] = map[string][]string{}
		}
		if !slices.Contains(out[table][column], from) {
			out[table][column] = append(out[table][column], from)
		}
	}
	for i, d := range ds {
		written := map[string]bool{}
		for _, a := range pts[i].Attributes {
			written[a.Column] = true
		}
		self := qualified(d.t.Schema, d.t.Name)
		declared := map[string]bool{}
		for _, fk := range d.t.ForeignKeys {
			for j, c := range fk.Columns {
				declared[c] = true
				if written[c] && j < len(fk.RefColumns) {
					add(qualified(fk.RefSchema, fk.RefTable), fk.RefColumns[j], self+"."+c)
				}
			}
		}
		for j := range d.t.Columns {
			col := &d.t.Columns[j]
			cp := d.colProfile(col.Name)
			if declared[col.Name] || !written[col.Name] || generated(col, cp) {
				continue
			}
			ref := d.impliedReference(col, cp)
			if ref == "" {
				ref = d.idReference(col, cp)
			}
			if ref != "" {
				k := strings.LastIndex(ref, ".")
				add(ref[:k], ref[k+1:], self+"."+col.Name)
			}
		}
	}
	for _, cols := range out {
		for _, from := range cols {
			slices.Sort(from)
		}
	}
	return out
}

// idReference finds, for the access paths only, the table whose generic
// integer key ("id") a number column holds although neither a foreign key
// nor the schema graph's inference says so (rule id-holder): the column is
// named as one row of the table without its prefix — category_id beside
// project_has_categories.id, access_token beside access_tokens.id — and
// its values fit the key's, 0 read as "none" (Kanboard's unset category).
// Such a key is read by the value its holders carry, so its lookup is
// served; the key decision does not see this evidence. "" when no table,
// or more than one, fits.
func (d *designer) idReference(col *catalog.Column, cp *catalog.ColumnProfile) string {
	if col.Category != "N" || cp == nil || cp.Distinct == 0 {
		return ""
	}
	ws := strings.Join(words(col.Name), "_")
	found := ""
	for _, k := range d.graphKeys() {
		if k.schema == d.t.Schema && k.table == d.t.Name || !k.numeric || k.column != "id" || k.profile == nil {
			continue
		}
		tw := words(k.table)
		last := singularOf(tw[len(tw)-1])
		whole := singularOf(strings.Join(tw, "_"))
		if ws != last+"_id" && ws != whole && (len(tw) < 2 || ws != last) {
			continue
		}
		lo := cp.Min
		distinct := cp.Distinct
		if lo == "0" && k.profile.Min != "0" {
			// 0 is no row: the reference is unset.
			lo, distinct = k.profile.Min, distinct-1
		}
		if distinct > k.profile.Distinct || !within(lo, cp.Max, k.profile.Min, k.profile.Max, "N") {
			continue
		}
		if found != "" {
			return ""
		}
		found = k.schema + "." + k.table + "." + k.column
	}
	return found
}
