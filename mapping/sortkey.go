package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// sortKey is the chosen sort key (no parts: the partition key alone is
// unique) with the proof that (partition key, sort key) identifies a row.
type sortKey struct {
	parts  []keyPart
	proof  string
	why    []string
	proven bool
	// warnings go to the table's warnings (whole-row duplicates, …).
	warnings []string
}

// sortKeyFor finds the sort key that makes (c, sort key) unique, in this
// order of preference: the rest of a constraint that contains c's columns
// (without a sequence-style column); one other column proven unique by the
// exact check — time-like first so range reads are natural, a person's
// other name first when c is a name — with the table's own key appended
// when that column is no identifier, so the key stays unique tomorrow; the
// best ordering column and then the table's own key (a surrogate only as
// the tiebreak). It returns nil when none is proven.
func (d *designer) sortKeyFor(c *candidate) (*sortKey, error) {
	pk := c.columns()
	var withSequence [][]string
	for _, u := range d.uniqueIndexes() {
		if !containsAll(u.idx.Columns, pk) {
			continue
		}
		rest := without(u.idx.Columns, pk)
		sk, seq := d.sortKeyFrom(rest, "unique by "+u.label)
		switch {
		case sk == nil:
		case !seq:
			return sk, nil
		default:
			withSequence = append(withSequence, rest)
		}
	}
	if sk := d.unstorableScope(c); sk != nil {
		return sk, nil
	}
	sk, err := d.searchSortKey(c)
	if sk != nil || err != nil {
		if sk != nil {
			sk = d.holdTomorrow(c, sk)
		}
		return sk, err
	}
	lead := d.leadColumns(c)
	for _, rest := range withSequence {
		if sk := d.completed(lead, rest, "unique by the constraint it contains"); sk != nil {
			return sk, nil
		}
	}
	for _, u := range d.uniqueIndexes() {
		if sk := d.completed(lead, without(u.idx.Columns, pk), "unique because it contains "+u.label); sk != nil {
			return sk, nil
		}
	}
	return nil, nil
}

// unstorableScope applies rule declared-scope-tiebreak: a unique
// constraint or index declares the partition key unique within columns
// that cannot be key attributes (NULL in some rows: custom emojis unique by
// (shortcode, domain), the domain NULL for local ones). The declared scope
// says what identifies a row; a column the data happens to make unique (a
// creation time) does not, so the table's primary key completes the sort
// key. nil when the rule does not apply.
func (d *designer) unstorableScope(c *candidate) *sortKey {
	pk := d.t.PrimaryKey
	if pk == nil || !pk.KeyCandidate() || slices.ContainsFunc(pk.Columns, func(col string) bool { return slices.Contains(c.columns(), col) }) {
		return nil
	}
	for i := range d.t.Uniques {
		u := &d.t.Uniques[i]
		if u.Predicate != "" || !u.KeyCandidate() || len(u.Columns) <= len(c.cols) || !containsAll(u.Columns, c.columns()) {
			continue
		}
		rest := without(u.Columns, c.columns())
		if slices.ContainsFunc(rest, func(name string) bool { col := d.t.Column(name); return col != nil && d.usable(col) }) {
			continue // a storable scope is the constraint's own completion
		}
		sk, _ := d.sortKeyFrom(pk.Columns, "unique by primary key "+pk.Name+" ("+strings.Join(pk.Columns, ", ")+")")
		if sk == nil {
			return nil
		}
		sk.why = append(sk.why, fmt.Sprintf("rule %s: %s (%s) makes %s unique only within %s, which is NULL in some rows and cannot be a key attribute; the primary key stands in for it rather than a column unique only by today's data",
			RuleDeclaredScopeTiebreak, u.Name, strings.Join(u.Columns, ", "), strings.Join(c.columns(), ", "), strings.Join(rest, ", ")))
		return sk
	}
	return nil
}

// completed is a sort key made of the lead columns (the order readers
// want) and then a constraint's columns (what makes it unique), or the
// constraint's columns alone when the lead cannot join them.
func (d *designer) completed(lead, key []string, proof string) *sortKey {
	lead = without(lead, key)
	if len(lead) > 0 {
		if sk, _ := d.sortKeyFromOrdered(append(slices.Clone(lead), key...), proof); sk != nil {
			return sk
		}
	}
	sk, _ := d.sortKeyFrom(key, proof)
	return sk
}

// leadColumns are the columns a sort key completed by the table's key
// starts with: a person's other names when the partition key is a name
// (last_name → first_name), else the time-like column with the most
// distinct values (orders of a customer by date). A column that is NULL
// anywhere, or holds one value in every row, orders nothing.
func (d *designer) leadColumns(c *candidate) []string {
	if !d.profiled() || d.rows() == 0 {
		return nil
	}
	usable := func(col *catalog.Column) bool {
		cp := d.colProfile(col.Name)
		return cp != nil && cp.Nulls == 0 && cp.Distinct > 1 && !slices.Contains(c.columns(), col.Name)
	}
	if c.role == roleFamilyName || c.role == roleGivenName {
		for i := range d.t.Columns {
			col := &d.t.Columns[i]
			if r := roleOf(d.t.Name, col); (r == roleGivenName || r == roleFamilyName) && usable(col) {
				return []string{col.Name}
			}
		}
	}
	best, bestN := "", int64(0)
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		if kp, why := d.sortPart(col, d.colProfile(col.Name)); why == "" && kp.timeLike && usable(col) && !changeStamp(col.Name) && d.distinctOf(col.Name) > bestN {
			best, bestN = col.Name, d.distinctOf(col.Name)
		}
	}
	if best == "" {
		return nil
	}
	return []string{best}
}

// sortPart is a column's key part for a sort key: keyPartFor, with an
// integer that holds a time (epochTime) ordering like one.
func (d *designer) sortPart(col *catalog.Column, cp *catalog.ColumnProfile) (keyPart, string) {
	kp, why := keyPartFor(col, cp)
	if why == "" && !kp.timeLike && epochTime(d.t.Name, col, cp) {
		kp.timeLike = true
	}
	return kp, why
}

// epochTime reports whether an integer column holds a time as seconds
// (or milliseconds) since 1970 (rule epoch-time): named as a date or time
// (date, date_creation, created_time), no identifier by its name (a date
// dimension's surrogate, d_date_sk, is one), and every value in the
// profile after 1973 in seconds. Kanboard-style schemas keep every date so.
func epochTime(table string, col *catalog.Column, cp *catalog.ColumnProfile) bool {
	if col.Category != "N" || cp == nil || cp.Min == "" || !anyWord(words(col.Name), timeWords) || roleOf(table, col) == roleIdentifier || rowIDName(col.Name) {
		return false
	}
	switch col.BaseType {
	case "bigint", "integer", "int8", "int4":
	default:
		return false
	}
	var lo int64
	if _, err := fmt.Sscan(cp.Min, &lo); err != nil {
		return false
	}
	return lo >= 100_000_000
}

// changeStamp reports whether a column is named as the time of the row's
// last change (modifieddate, updated_at, last_update): it changes with
// every update, and a key attribute cannot be updated in place.
func changeStamp(name string) bool {
	ws := words(name)
	j := strings.Join(ws, "")
	return anyWord(ws, set("modified", "updated", "changed", "modification")) ||
		slices.Contains(ws, "last") && anyWord(ws, set("update", "change", "modified")) ||
		strings.HasPrefix(j, "modified") || strings.HasPrefix(j, "lastupdate") || strings.HasPrefix(j, "updated")
}

// holdTomorrow appends the table's own key to a sort key that only a data
// check proves unique when its columns are no identifiers (names, dates,
// measures): today's data may be unique by coincidence, tomorrow's not.
func (d *designer) holdTomorrow(c *candidate, sk *sortKey) *sortKey {
	if len(sk.parts) == 0 || !strings.HasPrefix(sk.proof, "checked:") {
		return sk
	}
	var cols []string
	identifiers := true
	for _, p := range sk.parts {
		cols = append(cols, p.part.Column)
		if !d.identifier(p.part.Column) {
			identifiers = false
		}
	}
	if identifiers {
		return sk
	}
	for _, u := range d.uniqueIndexes() {
		key := without(without(u.idx.Columns, c.columns()), cols)
		if len(key) == 0 {
			continue
		}
		if more, _ := d.sortKeyFromOrdered(append(slices.Clone(cols), key...), "unique by "+u.label+", and "+sk.proof); more != nil {
			more.why = append(more.why, fmt.Sprintf("%s appended: (%s) is unique only by a check of today's data, and %s no identifier, so the table's own key keeps the item key unique tomorrow",
				strings.Join(key, ", "), strings.Join(append(c.columns(), cols...), ", "), isAre(cols)))
			return more
		}
	}
	sk.why = append(sk.why, fmt.Sprintf("unique only by a check of today's data (%s), and no constraint of the table can be appended to keep it so: a later row may collide", sk.proof))
	return sk
}

func isAre(cols []string) string {
	if len(cols) == 1 {
		return cols[0] + " is"
	}
	return strings.Join(cols, ", ") + " are"
}

// identifier reports whether a column identifies something: a reference
// (declared or not), a column of a constraint or an identifier by name.
func (d *designer) identifier(name string) bool {
	col := d.t.Column(name)
	if col == nil {
		return false
	}
	if d.t.IsForeignKeyColumn(name) || roleOf(d.t.Name, col) == roleIdentifier || d.impliedReference(col, d.colProfile(name)) != "" {
		return true
	}
	for _, u := range d.uniqueIndexes() {
		if len(u.idx.Columns) == 1 && u.idx.Columns[0] == name {
			return true
		}
	}
	return false
}

// sortKeyFromOrdered is sortKeyFrom keeping the given order but for
// sequence-style columns, which go last.
func (d *designer) sortKeyFromOrdered(columns []string, proof string) (*sortKey, bool) {
	return d.sortKeyOrder(columns, proof, false)
}

// sortKeyFrom orders columns into a sort key — time-like first, sequence-style
// ids last, the constraint's order otherwise — and reports whether it holds a
// sequence-style id. It returns nil when a column cannot be a key part or the
// key would exceed DynamoDB's 1,024 bytes.
func (d *designer) sortKeyFrom(columns []string, proof string) (*sortKey, bool) {
	return d.sortKeyOrder(columns, proof, true)
}

func (d *designer) sortKeyOrder(columns []string, proof string, timeFirst bool) (*sortKey, bool) {
	sk := &sortKey{proof: proof, proven: true}
	if len(columns) == 0 {
		if proof != "" {
			sk.why = []string{"none needed: the partition key alone is " + proof}
		}
		return sk, false
	}
	type ranked struct {
		kp   keyPart
		rank int
	}
	var rs []ranked
	var mirrored []string
	seq := false
	kinds := d.kindsBeforeTime(columns, proof, timeFirst)
	for _, name := range columns {
		col := d.t.Column(name)
		if col == nil {
			return nil, false
		}
		cp := d.colProfile(name)
		kp, why := d.sortPart(col, cp)
		if why != "" || cp != nil && cp.Nulls > 0 || len(columns) == 1 && d.holdsEmpty(col, cp) {
			return nil, false
		}
		r := 1
		switch {
		case kp.timeLike && timeFirst, slices.Contains(kinds, name):
			r = 0
		case sequenceEvidence(col, cp) != "" && d.referenceOf(name) == nil:
			r, seq = 2, true
		case sequenceEvidence(col, cp) != "" && len(columns) > 1:
			// Rule mirrored-reference-order: a reference whose values
			// are dense carries its parent's numbering, no sequence of
			// this table: it keeps its place in the key.
			mirrored = append(mirrored, name)
		}
		rs = append(rs, ranked{kp, r})
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return a.rank - b.rank })
	for _, r := range rs {
		sk.parts = append(sk.parts, r.kp)
	}
	if len(sk.parts) > 1 && slices.ContainsFunc(sk.parts, func(p keyPart) bool {
		return p.part.Encoding == plans.EncNumber
	}) {
		return nil, false
	}
	if keyBytes(sk.parts) > plans.MaxSortKeyBytes {
		return nil, false
	}
	sk.why = append(sk.why, d.sortKeyWhy(sk.parts, seq)...)
	if len(kinds) > 0 {
		sk.why = append(sk.why, fmt.Sprintf("%s keeps its place before the time (rule %s): a kind of the rows that the declared key puts first, so each kind's items form one queue in time order", strings.Join(kinds, ", "), RuleKindBeforeTime))
	}
	if len(mirrored) > 0 {
		sk.why = append(sk.why, fmt.Sprintf("%s keeps its place in the key (rule %s): a reference whose dense values are its parent's numbering, no sequence of this table's, so it is not moved last as a surrogate tiebreak", strings.Join(mirrored, ", "), RuleMirroredReferenceOrder))
	}
	return sk, seq
}

// kindsBeforeTime are the columns of a declared key (columns in its order,
// proof a declared key's) that the key places before its first time-like
// column and that are kinds of the rows: fewer values than √rows, no
// sequence, each holding at least two of an owner's rows on average (rule
// kind-before-time). They keep their place ahead of the time.
func (d *designer) kindsBeforeTime(columns []string, proof string, timeFirst bool) []string {
	if !timeFirst || !strings.HasPrefix(proof, "unique by ") || len(columns) < 2 {
		return nil
	}
	// The owner is the rest of the primary key: the kinds must group
	// several of its rows each (a queue per kind), not one row per
	// owner and kind (an employee's titles over time, which the time
	// leads).
	pk := d.t.PrimaryKey
	if pk == nil || slices.ContainsFunc(columns, func(c string) bool { return !slices.Contains(pk.Columns, c) }) {
		return nil
	}
	pairs := int64(1)
	for _, c := range without(pk.Columns, columns) {
		pairs *= max(1, d.distinctOf(c))
	}
	var kinds []string
	for _, name := range columns {
		col := d.t.Column(name)
		if col == nil {
			return nil
		}
		cp := d.colProfile(name)
		if kp, why := keyPartFor(col, cp); why == "" && kp.timeLike {
			if len(kinds) > 0 && 2*pairs > d.rows() {
				return nil
			}
			return kinds
		}
		pairs *= max(1, d.distinctOf(name))
		if n := d.distinctOf(name); n == 0 || !classification(n, d.rows()) || sequenceEvidence(col, cp) != "" {
			return nil
		}
		kinds = append(kinds, name)
	}
	return nil
}

func (d *designer) sortKeyWhy(parts []keyPart, seq bool) []string {
	var why []string
	if len(parts) > 0 && parts[0].timeLike {
		why = append(why, parts[0].part.Column+" leads: items of one partition key come back in time order, so range reads are natural")
		if col := d.t.Column(parts[0].part.Column); col != nil && col.Category == "N" {
			why[len(why)-1] += " (rule " + RuleEpochTime + ": an integer named as a time, holding seconds since 1970)"
		}
	}
	if len(parts) > 0 && !parts[0].timeLike {
		if col := d.t.Column(parts[0].part.Column); col != nil && ordinalColumn(col) {
			why = append(why, parts[0].part.Column+" leads (rule "+RuleOrdinalPosition+"): it numbers the rows' places in their owner's list, so a partition's items come back in the order the application shows them")
		}
	}
	if seq {
		why = append(why, "a surrogate id comes last, only because it makes the key unique (a sequence inside a sort key is harmless)")
	}
	return why
}

// searchSortKey looks for a sort key among the table's other columns and
// proves it with the exact check: none at all when the partition key alone
// is unique, then one column, then two, within Options.MaxChecks.
func (d *designer) searchSortKey(c *candidate) (*sortKey, error) {
	pk := c.columns()
	rows := d.rows()
	// A person's name unique today is a coincidence (names repeat): it
	// needs a sort key like any other name.
	person := c.role == roleFamilyName || c.role == roleGivenName
	if d.profiled() && rows > 0 && c.distinct >= rows && !person {
		if r, err := d.check(pk); err != nil || r.Unique {
			if err != nil {
				return nil, err
			}
			if sk := d.oneToOneToday(c, r.Proof); sk != nil {
				return sk, nil
			}
			return &sortKey{proof: r.Proof, proven: true, why: []string{"none needed: the partition key alone is unique (" + r.Proof + ")"}}, nil
		}
	}
	if !d.profiled() || rows == 0 && len(d.uniqueIndexes()) > 0 {
		// An empty table proves nothing: a constraint completes the key.
		return nil, nil
	}
	type option struct {
		kp       keyPart
		distinct int64
	}
	var timeLike, others []option
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		if slices.Contains(pk, col.Name) {
			continue
		}
		cp := d.colProfile(col.Name)
		if cp == nil || cp.Nulls > 0 || rows == 0 && !col.NotNull || sequenceEvidence(col, cp) != "" || changeStamp(col.Name) {
			continue
		}
		kp, why := d.sortPart(col, cp)
		if why != "" || kp.part.Encoding == plans.EncNumber || rawBytes(kp) || kp.bytes > plans.MaxSortKeyBytes/2 {
			continue
		}
		// Measures (amounts, sizes, counts) make poor sort keys even when
		// unique by chance: only time-like, text and foreign key columns are
		// tried.
		o := option{kp, cp.Distinct}
		switch {
		case kp.timeLike:
			timeLike = append(timeLike, o)
		case col.Category == "S" || col.Category == "E" || d.t.IsForeignKeyColumn(col.Name):
			others = append(others, o)
		case ordinalColumn(col):
			// Rule ordinal-position: an integer named as the row's
			// place in a list is how the owner's rows are shown.
			others = append(others, o)
		}
	}
	byDistinct := func(a, b option) int {
		switch {
		case a.distinct > b.distinct:
			return -1
		case a.distinct < b.distinct:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(timeLike, byDistinct)
	slices.SortStableFunc(others, byDistinct)
	ordered := append(slices.Clone(timeLike), others...)
	if person {
		// A person is sorted by the rest of their name first; when that
		// is not unique and a constraint exists, the table's key breaks
		// the tie rather than a birth date unique by coincidence.
		lead := d.leadColumns(c)
		if len(d.uniqueIndexes()) > 0 {
			ordered = slices.DeleteFunc(ordered, func(o option) bool { return !slices.Contains(lead, o.kp.part.Column) })
		}
		slices.SortStableFunc(ordered, func(a, b option) int {
			ia, ib := slices.Contains(lead, a.kp.part.Column), slices.Contains(lead, b.kp.part.Column)
			switch {
			case ia && !ib:
				return -1
			case ib && !ia:
				return 1
			}
			return 0
		})
	}
	// Too few combinations cannot be unique: skip them without a query.
	possible := func(opts ...option) bool {
		n := max(c.distinct, 1)
		for _, o := range opts {
			n *= max(o.distinct, 1)
			if n >= rows {
				return true
			}
		}
		return n >= rows
	}
	try := func(opts ...option) (*sortKey, error) {
		if !possible(opts...) || d.checks >= d.opts.MaxChecks {
			return nil, nil
		}
		cols := slices.Clone(pk)
		var parts []keyPart
		for _, o := range opts {
			cols = append(cols, o.kp.part.Column)
			parts = append(parts, o.kp)
		}
		r, err := d.check(cols)
		if err != nil || !r.Unique {
			return nil, err
		}
		sk := &sortKey{parts: parts, proof: r.Proof, proven: true}
		sk.why = d.sortKeyWhy(parts, false)
		return sk, nil
	}
	for i, o := range ordered {
		if i == len(timeLike) && !person {
			// Rule listed-order: no time orders the owner's rows alone;
			// the source's own list of them does, before a column
			// unique by chance.
			if sk, err := d.listedOrder(c); sk != nil || err != nil {
				return sk, err
			}
		}
		if sk, err := try(o); sk != nil || err != nil {
			if sk != nil && !person {
				sk = d.placeFirst(c, sk)
			}
			return sk, err
		}
	}
	if len(d.uniqueIndexes()) > 0 {
		// A constraint can complete the key: better the table's own key
		// than two columns unique by coincidence.
		return nil, nil
	}
	for i, a := range ordered {
		for _, b := range ordered[i+1:] {
			if sk, err := try(a, b); sk != nil || err != nil {
				return sk, err
			}
		}
	}
	return nil, nil
}

// check asks the checker, once per column set.
func (d *designer) check(cols []string) (catalog.UniqueResult, error) {
	key := strings.Join(cols, "\x00")
	if r, ok := d.proofs[key]; ok {
		return r, nil
	}
	d.checks++
	r, err := d.checker.Unique(d.ctx, d.t.Schema, d.t.Name, cols)
	if err != nil {
		return r, fmt.Errorf("prove (%s) unique: %w", strings.Join(cols, ", "), err)
	}
	if d.proofs == nil {
		d.proofs = map[string]catalog.UniqueResult{}
	}
	d.proofs[key] = r
	return r, nil
}

func containsAll(set, sub []string) bool {
	for _, s := range sub {
		if !slices.Contains(set, s) {
			return false
		}
	}
	return true
}

func without(set, drop []string) []string {
	var out []string
	for _, s := range set {
		if !slices.Contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}

// placeFirst puts a place before a text sort key the data proved unique:
// within one owner, rows are read coarse to fine (a state's addresses by
// city, then street line), so a place name of the table with fewer values
// than the proven column leads it and a begins_with on the place lists its
// rows. The proof still holds: the columns are a superset. sk unchanged
// when the proven column is a time, an identifier or a place itself, or
// no place column fits.
func (d *designer) placeFirst(c *candidate, sk *sortKey) *sortKey {
	if len(sk.parts) != 1 || sk.parts[0].timeLike {
		return sk
	}
	lead := d.t.Column(sk.parts[0].part.Column)
	if lead == nil || lead.Category != "S" {
		return sk
	}
	if r := roleOf(d.t.Name, lead); r == roleIdentifier || r == rolePlace || r == roleTime {
		return sk
	}
	n := d.distinctOf(lead.Name)
	best, bestN := "", int64(1)
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		cp := d.colProfile(col.Name)
		if slices.Contains(c.columns(), col.Name) || roleOf(d.t.Name, col) != rolePlace || cp == nil || cp.Nulls > 0 ||
			cp.Distinct >= n || cp.Distinct <= bestN || d.t.IsForeignKeyColumn(col.Name) {
			continue
		}
		if _, why := keyPartFor(col, cp); why != "" {
			continue
		}
		best, bestN = col.Name, cp.Distinct
	}
	if best == "" {
		return sk
	}
	placed, _ := d.sortKeyFromOrdered([]string{best, lead.Name}, sk.proof)
	if placed == nil {
		return sk
	}
	placed.why = append(placed.why, fmt.Sprintf("%s (%s values) leads %s (%s values): a place before the text it groups, so the rows of one %s come coarse to fine and a begins_with on %s lists a place's rows",
		best, plans.Thousands(bestN), lead.Name, plans.Thousands(n), strings.Join(c.columns(), ", "), best))
	return placed
}

// ordinalColumn reports whether an integer column is named as a row's place
// in an ordered list (rule ordinal-position): position, ordinal,
// sort_order, display_order. Among a partition's items it orders the rows
// as the application shows them (a task's subtasks in their order), so the
// sort key search tries it after the times, like a text column; a count or
// an amount is never tried.
func ordinalColumn(col *catalog.Column) bool {
	if col.Category != "N" || !col.Codec().IsInteger() {
		return false
	}
	ws := words(col.Name)
	j := strings.Join(ws, "")
	return anyWord(ws, set("position", "ordinal")) || j == "sortorder" || j == "displayorder"
}

// oneToOneToday applies rule reference-tiebreak: a partition key that is
// one reference to another table (declared or inferred), unique in today's
// data but by no declared key, is one row per parent only by coincidence
// (a status has one poll today; nothing says it cannot have two): the
// table's primary key follows it as the sort key, so the item key stays
// unique tomorrow. nil when the rule does not apply.
func (d *designer) oneToOneToday(c *candidate, proof string) *sortKey {
	pk := d.t.PrimaryKey
	if len(c.cols) != 1 || pk == nil || !pk.KeyCandidate() || slices.Contains(pk.Columns, c.cols[0].Name) {
		return nil
	}
	name := c.cols[0].Name
	if !d.t.IsForeignKeyColumn(name) && d.impliedReference(c.cols[0], d.colProfile(name)) == "" {
		return nil
	}
	for _, u := range d.uniqueIndexes() {
		if slices.Equal(u.idx.Columns, []string{name}) {
			return nil
		}
	}
	sk, _ := d.sortKeyFrom(pk.Columns, "unique by primary key "+pk.Name+" ("+strings.Join(pk.Columns, ", ")+")")
	if sk == nil {
		return nil
	}
	sk.why = append(sk.why, fmt.Sprintf("rule %s: %s is a reference, unique only by a check of today's data (%s) and by no declared key: one row per parent is a coincidence a later row may end, so the primary key follows it", RuleReferenceTiebreak, name, proof))
	return sk
}
