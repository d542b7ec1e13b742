package mapping

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// sortKey is the chosen sort key (no parts: the partition key alone is
// unique) with the proof that (partition key, sort key) identifies a row.
type sortKey struct {
	parts  []keyPart
	proof  string
	why    []string
	proven bool
}

// sortKeyFor finds the sort key that makes (c, sort key) unique, in this
// order of preference: the rest of a constraint that contains c's columns
// (without a sequence-style column); other columns proven unique by the
// exact check, time-like first so range reads are natural; the rest of a
// constraint that contains c's columns with a surrogate id, last; the
// columns of any constraint, which with c form a superset of it. It returns
// nil when none is proven.
func (d *designer) sortKeyFor(c *candidate) (*sortKey, error) {
	pk := c.columns()
	var withSequence []*sortKey
	for _, u := range d.uniqueIndexes() {
		if !containsAll(u.idx.Columns, pk) {
			continue
		}
		sk, seq := d.sortKeyFrom(without(u.idx.Columns, pk), "unique by "+u.label)
		switch {
		case sk == nil:
		case !seq:
			return sk, nil
		default:
			withSequence = append(withSequence, sk)
		}
	}
	sk, err := d.searchSortKey(c)
	if sk != nil || err != nil {
		return sk, err
	}
	if len(withSequence) > 0 {
		return withSequence[0], nil
	}
	for _, u := range d.uniqueIndexes() {
		if sk, _ := d.sortKeyFrom(without(u.idx.Columns, pk), "unique because it contains "+u.label); sk != nil {
			return sk, nil
		}
	}
	return nil, nil
}

// sortKeyFrom orders columns into a sort key — time-like first, sequence-style
// ids last, the constraint's order otherwise — and reports whether it holds a
// sequence-style id. It returns nil when a column cannot be a key part or the
// key would exceed DynamoDB's 1,024 bytes.
func (d *designer) sortKeyFrom(columns []string, proof string) (*sortKey, bool) {
	sk := &sortKey{proof: proof, proven: true}
	if len(columns) == 0 {
		sk.why = []string{"none needed: the partition key alone is " + proof}
		return sk, false
	}
	type ranked struct {
		kp   keyPart
		rank int
	}
	var rs []ranked
	seq := false
	for _, name := range columns {
		col := d.t.Column(name)
		if col == nil {
			return nil, false
		}
		cp := d.colProfile(name)
		kp, why := keyPartFor(col, cp)
		if why != "" || cp != nil && cp.Nulls > 0 {
			return nil, false
		}
		r := 1
		switch {
		case kp.timeLike:
			r = 0
		case sequenceEvidence(col, cp) != "":
			r, seq = 2, true
		}
		rs = append(rs, ranked{kp, r})
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return a.rank - b.rank })
	for _, r := range rs {
		sk.parts = append(sk.parts, r.kp)
	}
	if len(sk.parts) > 1 && slices.ContainsFunc(sk.parts, func(p keyPart) bool {
		return p.part.Encoding == plans.EncNumber || p.part.Encoding == plans.EncBinary
	}) {
		return nil, false
	}
	if keyBytes(sk.parts) > plans.MaxSortKeyBytes {
		return nil, false
	}
	sk.why = append(sk.why, d.sortKeyWhy(sk.parts, seq)...)
	return sk, seq
}

func (d *designer) sortKeyWhy(parts []keyPart, seq bool) []string {
	var why []string
	if len(parts) > 0 && parts[0].timeLike {
		why = append(why, parts[0].part.Column+" leads: items of one partition key come back in time order, so range reads are natural")
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
	if d.profiled() && rows > 0 && c.distinct >= rows {
		if r, err := d.check(pk); err != nil || r.Unique {
			if err != nil {
				return nil, err
			}
			return &sortKey{proof: r.Proof, proven: true, why: []string{"none needed: the partition key alone is unique (" + r.Proof + ")"}}, nil
		}
	}
	if !d.profiled() {
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
		if cp == nil || cp.Nulls > 0 || sequenceEvidence(col, cp) != "" {
			continue
		}
		kp, why := keyPartFor(col, cp)
		if why != "" || kp.part.Encoding == plans.EncNumber || kp.part.Encoding == plans.EncBinary || kp.bytes > plans.MaxSortKeyBytes/2 {
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
	for _, o := range ordered {
		if sk, err := try(o); sk != nil || err != nil {
			return sk, err
		}
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
func (d *designer) check(cols []string) (extract.UniqueResult, error) {
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
		d.proofs = map[string]extract.UniqueResult{}
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
