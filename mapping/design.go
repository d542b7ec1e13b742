// Package mapping is where pg2ddb's judgement lives: from a schema and a
// profile of the data it designs the DynamoDB table for every source table —
// a natural partition key chosen by scoring gated candidates, a sort key
// proven to make every item unique, write sharding when one key would hold a
// load back, the type of every attribute and the estimates that justify it.
//
// It does no I/O of its own. The one question statistics cannot answer —
// whether a set of columns is exactly unique — goes through the
// UniquenessChecker the caller passes (extract.Snapshot in production, a
// fake in unit tests).
package mapping

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// UniquenessChecker proves or refutes that columns identify every row of
// schema.table (no duplicates, no NULLs). extract.Snapshot satisfies it.
type UniquenessChecker interface {
	Unique(ctx context.Context, schema, table string, columns []string) (extract.UniqueResult, error)
}

// Options are the settings of a design. The zero value means the defaults.
type Options struct {
	// WriteRate is the planned load rate in WCU/s (default 4,000, a new
	// on-demand table's starting rate): it sizes write sharding.
	WriteRate int64
	// TablePrefix is prepended to every target table name.
	TablePrefix string
	// Nulls is plans.NullsOmit (default) or plans.NullsWrite.
	Nulls string
	// FloatSpecials is plans.FloatSpecialsReject (default) or
	// plans.FloatSpecialsString.
	FloatSpecials string
	// MinDistinct is the fewest distinct values a partition key needs
	// (default 100); a table with fewer rows needs one value per row.
	MinDistinct int64
	// MaxShards caps the write-sharding suffix range (default 100).
	MaxShards int
	// MaxChecks bounds the exact uniqueness checks per table (default 12):
	// each one is a GROUP BY over the whole table.
	MaxChecks int
	// Database, Schemas and Tables are recorded in the plan's source;
	// Database defaults to the schema's.
	Database string
	Schemas  []string
	Tables   []string
}

// The defaults of Options.
const (
	DefaultWriteRate   = 4000
	DefaultMinDistinct = 100
	DefaultMaxShards   = 100
	DefaultMaxChecks   = 12
	// partitionWCU is what one partition key value can absorb per second.
	partitionWCU = 1000
	// shardHeadroom multiplies the computed shard count: the seed warns
	// that a suffix range cannot easily grow later, so leave a buffer.
	shardHeadroom = 1.5
	// minHoldBackSeconds is how long the hottest key must take on its own
	// before sharding is worth its read cost: below a second, a load is
	// held back more by its ramp-up than by any key.
	minHoldBackSeconds = 1.0
)

func (o *Options) defaults() {
	if o.WriteRate <= 0 {
		o.WriteRate = DefaultWriteRate
	}
	if o.Nulls == "" {
		o.Nulls = plans.NullsOmit
	}
	if o.FloatSpecials == "" {
		o.FloatSpecials = plans.FloatSpecialsReject
	}
	if o.MinDistinct <= 0 {
		o.MinDistinct = DefaultMinDistinct
	}
	if o.MaxShards <= 0 {
		o.MaxShards = DefaultMaxShards
	}
	if o.MaxChecks <= 0 {
		o.MaxChecks = DefaultMaxChecks
	}
}

// Design returns the plan for every table of schema: migratable tables get
// a table design, views and other relations are listed as skipped with the
// reason. profile may lack a table (or be nil): that table is designed from
// its constraints alone, with a warning. A table with no key-able column is
// skipped with the reason. Errors come only from the checker and from a
// table prefix DynamoDB would refuse.
func Design(ctx context.Context, schema *extract.Schema, profile *extract.Profile, checker UniquenessChecker, opts Options) (*plans.Plan, error) {
	if schema == nil {
		return nil, errors.New("design: no schema")
	}
	if checker == nil {
		return nil, errors.New("design: no uniqueness checker")
	}
	opts.defaults()
	db := opts.Database
	if db == "" {
		db = schema.Database
	}
	p := &plans.Plan{
		Version: plans.FormatVersion,
		Source:  plans.Source{Database: db, Schemas: opts.Schemas, Tables: opts.Tables},
		Options: plans.Options{
			TablePrefix: opts.TablePrefix, WriteRate: opts.WriteRate, Nulls: opts.Nulls,
			FloatSpecials: opts.FloatSpecials, MinDistinct: opts.MinDistinct, MaxShards: opts.MaxShards,
		},
	}
	targets, err := targetNames(schema.Tables, opts.TablePrefix)
	if err != nil {
		return nil, fmt.Errorf("design: %w", err)
	}
	for i := range schema.Tables {
		t := &schema.Tables[i]
		if !t.Migratable || (t.Kind != extract.KindTable && t.Kind != extract.KindPartitioned) {
			p.Skipped = append(p.Skipped, plans.Skipped{Source: t.QualifiedName(), Why: skipReason(t)})
			continue
		}
		var tp *extract.TableProfile
		if profile != nil {
			tp = profile.Table(t.Schema, t.Name)
		}
		if why := unplannable(t, tp); why != "" {
			p.Skipped = append(p.Skipped, plans.Skipped{Source: t.QualifiedName(), Why: why})
			continue
		}
		d := &designer{ctx: ctx, t: t, tp: tp, checker: checker, opts: &opts}
		pt, err := d.design()
		if err != nil {
			return nil, fmt.Errorf("design %s: %w", t.QualifiedName(), err)
		}
		pt.Target = targets[t.QualifiedName()]
		giveWayKeyAttributes(pt)
		p.Tables = append(p.Tables, *pt)
	}
	return p, nil
}

func skipReason(t *extract.Table) string {
	switch t.Kind {
	case extract.KindView:
		return "view: it stores no rows of its own; its base tables are migrated"
	case extract.KindMaterializedView:
		return "materialized view: derived from other tables, which are migrated; add it by hand to copy its rows"
	}
	return string(t.Kind) + ": not migratable"
}

// designer designs one table.
type designer struct {
	ctx     context.Context
	t       *extract.Table
	tp      *extract.TableProfile
	checker UniquenessChecker
	opts    *Options
	checks  int
	// proofs caches the checker's answers by column set.
	proofs map[string]extract.UniqueResult
}

// rows is the table's row count, 0 when not profiled.
func (d *designer) rows() int64 {
	if d.tp == nil {
		return 0
	}
	return d.tp.Rows
}

func (d *designer) profiled() bool { return d.tp != nil && d.tp.Error == "" }

func (d *designer) colProfile(name string) *extract.ColumnProfile {
	if !d.profiled() {
		return nil
	}
	return d.tp.Column(name)
}

func (d *designer) design() (*plans.Table, error) {
	t := d.t
	pt := &plans.Table{
		Source:   t.QualifiedName(),
		Target:   d.opts.TablePrefix + t.Name,
		Capacity: plans.Capacity{Mode: plans.OnDemand},
	}
	if !d.profiled() {
		why := "no profile"
		if d.tp != nil {
			why = d.tp.Error
		}
		pt.Warnings = append(pt.Warnings, "not profiled ("+why+"): keys chosen from constraints alone and estimates unknown")
	}
	for i := range t.Columns {
		c := &t.Columns[i]
		a, ex := attributeFor(c, d.colProfile(c.Name))
		if ex != nil {
			pt.Excluded = append(pt.Excluded, *ex)
			continue
		}
		pt.Attributes = append(pt.Attributes, a)
	}

	cands := d.candidates()
	var chosen *candidate
	var sk *sortKey
	for _, c := range cands {
		if len(c.failures) > 0 {
			continue
		}
		s, err := d.sortKeyFor(c)
		if err != nil {
			return nil, err
		}
		if s == nil {
			c.failures = append(c.failures, "no sort key could be proven to make ("+strings.Join(c.columns(), ", ")+", sort key) unique")
			continue
		}
		chosen, sk = c, s
		break
	}
	if chosen == nil {
		var err error
		chosen, sk, err = d.fallback(cands, pt)
		if err != nil {
			return nil, err
		}
	}
	for _, c := range cands {
		if c != chosen {
			pt.Rejected = append(pt.Rejected, plans.Candidate{Columns: c.columns(), Score: round3(c.score), Why: c.rejectedWhy()})
		}
	}
	d.finish(pt, chosen, sk)
	return pt, nil
}

// candidate is a partition key candidate: one or more columns with the
// evidence for and against them.
type candidate struct {
	parts    []keyPart
	cols     []*extract.Column
	meaning  float64
	why      []string // what speaks for it
	failures []string // the gates it failed, each a full reason
	// cardinalityOnly is true when the distinct-value gate is the only
	// gate it failed, which makes it a fallback of the first rank.
	cardinalityOnly bool
	distinct        int64
	hot             int64
	hotValue        string
	score           float64
	fk              *extract.ForeignKey
}

func (c *candidate) columns() []string {
	out := make([]string, len(c.cols))
	for i, col := range c.cols {
		out[i] = col.Name
	}
	return out
}

func (c *candidate) rejectedWhy() []string {
	if len(c.failures) > 0 {
		return c.failures
	}
	return []string{fmt.Sprintf("passed every gate but scored lower (%.3f)", round3(c.score))}
}

// naturalNames are column names that usually hold a natural identifier.
var naturalNames = map[string]bool{
	"email": true, "email_address": true, "code": true, "username": true, "user_name": true,
	"login": true, "title": true, "name": true, "slug": true, "sku": true, "isbn": true, "handle": true,
}

// naturalName reports whether column is named like a natural identifier of
// table: email, code, title, name…, or the table's own name (country.country,
// categories.categoryname, products.product_name).
func naturalName(table, column string) bool {
	if naturalNames[column] {
		return true
	}
	singular := singularOf(table)
	for _, base := range []string{table, singular} {
		for _, suffix := range []string{"", "name", "_name", "_code", "code", "_title"} {
			if column == base+suffix {
				return true
			}
		}
	}
	return false
}

// descriptive reports whether c is a text column whose name says it
// describes the row (first_name, company_name, region_description), the
// natural keys people look rows up by; contact details such as phone, fax
// and postal codes are unique by accident in small tables, not identifiers.
func descriptive(c *extract.Column) bool {
	if c.Category != "S" {
		return false
	}
	for _, no := range []string{"phone", "fax", "postal", "zip", "address", "extension", "url", "photo", "notes"} {
		if strings.Contains(c.Name, no) {
			return false
		}
	}
	for _, yes := range []string{"name", "title", "email", "code", "description", "label", "login", "user"} {
		if strings.Contains(c.Name, yes) {
			return true
		}
	}
	return false
}

func singularOf(name string) string {
	switch {
	case strings.HasSuffix(name, "ies"):
		return strings.TrimSuffix(name, "ies") + "y"
	case strings.HasSuffix(name, "ses"):
		return strings.TrimSuffix(name, "es")
	case strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "ss"):
		return strings.TrimSuffix(name, "s")
	}
	return name
}

// candidates lists the partition key candidates of the table, gated and
// scored, best first: foreign keys (the entity the rows belong to), natural
// unique keys, naturally named columns and other text columns; then, only
// when no single one passes, pairs of those that failed for too few values.
func (d *designer) candidates() []*candidate {
	t := d.t
	var out []*candidate
	seen := map[string]bool{}
	add := func(cols []string, meaning float64, why string, fk *extract.ForeignKey) {
		key := strings.Join(cols, "\x00")
		if seen[key] {
			// The same columns for another reason: keep the strongest.
			for _, c := range out {
				if strings.Join(c.columns(), "\x00") == key && meaning > c.meaning {
					c.meaning, c.why, c.fk = meaning, append([]string{why}, c.why...), fk
				}
			}
			return
		}
		seen[key] = true
		c := &candidate{meaning: meaning, why: []string{why}, fk: fk}
		for _, name := range cols {
			col := t.Column(name)
			if col == nil {
				return
			}
			c.cols = append(c.cols, col)
		}
		out = append(out, c)
	}
	uniqueSingle := map[string]string{}
	for _, ix := range d.uniqueIndexes() {
		if len(ix.idx.Columns) == 1 {
			uniqueSingle[ix.idx.Columns[0]] = ix.label
		}
	}
	for i := range t.ForeignKeys {
		fk := &t.ForeignKeys[i]
		ref := fk.RefSchema + "." + fk.RefTable + "(" + strings.Join(fk.RefColumns, ", ") + ")"
		meaning, role := 0.9, "the entity its rows belong to"
		if owner(t.Name, fk.RefTable) {
			meaning, role = 1.0, "the owning entity: the table is named after it"
		}
		// An FK whose values are (nearly) all distinct is a 1:1 link, not a
		// collection of rows belonging to one entity.
		if n := d.distinctOf(fk.Columns[0]); len(fk.Columns) == 1 && n > 0 && n*10 >= d.rows()*9 {
			meaning, role = 0.7, "about one row per referenced row: a 1:1 link rather than a collection"
		}
		add(fk.Columns, meaning, fmt.Sprintf("foreign key %s → %s, %s", fk.Name, ref, role), fk)
	}
	for i := range t.Columns {
		c := &t.Columns[i]
		if label, ok := uniqueSingle[c.Name]; ok {
			if naturalName(t.Name, c.Name) {
				add([]string{c.Name}, 1.0, "natural key, unique by "+label, nil)
			} else {
				add([]string{c.Name}, 0.9, "unique by "+label, nil)
			}
			continue
		}
		if naturalName(t.Name, c.Name) {
			if d.rows() > 0 && d.distinctOf(c.Name) >= d.rows() {
				add([]string{c.Name}, 1.0, "natural identifier by its name, one value per row in the profile", nil)
			} else {
				add([]string{c.Name}, 0.7, "natural identifier by its name", nil)
			}
			continue
		}
		if descriptive(c) {
			add([]string{c.Name}, 0.5, "a descriptive text column (names, titles, codes)", nil)
		}
	}
	for _, c := range out {
		d.gate(c)
	}
	anyPassed := slices.ContainsFunc(out, func(c *candidate) bool { return len(c.failures) == 0 })
	if !anyPassed {
		out = append(out, d.pairs(out)...)
	}
	slices.SortStableFunc(out, func(a, b *candidate) int {
		if pa, pb := len(a.failures) == 0, len(b.failures) == 0; pa != pb {
			if pa {
				return -1
			}
			return 1
		}
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	return out
}

// owner reports whether the table is named after ref: invoice_line after
// invoice, order_details after orders, film_actor after film.
func owner(table, ref string) bool {
	s := singularOf(ref)
	return table != ref && (strings.HasPrefix(table, ref+"_") || strings.HasPrefix(table, s+"_") || strings.HasPrefix(table, s) && len(table) > len(s))
}

// pairs combines candidates that failed only for too few distinct values
// into composite candidates (the seed's customerid#productid#countrycode).
func (d *designer) pairs(singles []*candidate) []*candidate {
	var low []*candidate
	for _, c := range singles {
		if c.cardinalityOnly && len(c.cols) == 1 && c.meaning >= 0.7 {
			low = append(low, c)
		}
	}
	var out []*candidate
	for i := 0; i < len(low); i++ {
		for j := i + 1; j < len(low); j++ {
			a, b := low[i], low[j]
			c := &candidate{
				cols:    []*extract.Column{a.cols[0], b.cols[0]},
				meaning: math.Min(a.meaning, b.meaning) - 0.1,
				why:     []string{"composite of " + a.cols[0].Name + " and " + b.cols[0].Name + ", each too coarse alone"},
			}
			d.gate(c)
			out = append(out, c)
		}
	}
	return out
}

// stats are a column set's distinct count and hottest value, from the
// profile. For several columns the distinct count is bounded by the product
// of theirs and the hottest value by the coolest part's hottest.
func (d *designer) stats(cols []*extract.Column) (distinct, hot int64, hotValue string) {
	rows := d.rows()
	distinct, hot = 1, rows
	var values []string
	for _, c := range cols {
		cp := d.colProfile(c.Name)
		if cp == nil {
			return 0, 0, ""
		}
		if distinct < math.MaxInt64/max(cp.Distinct, 1) {
			distinct *= max(cp.Distinct, 1)
		}
		h := hottest(cp, rows)
		hot = min(hot, h)
		if len(cp.TopValues) > 0 {
			values = append(values, cp.TopValues[0].Value)
		}
	}
	distinct = min(distinct, rows)
	if len(cols) > 1 && distinct > 0 {
		// Several columns: the expected distinct combinations of rows
		// drawn over the product of their values (balls into bins), an
		// estimate the candidate's reasons say it is.
		n := float64(distinct)
		distinct = int64(n * (1 - math.Exp(-float64(rows)/n)))
	}
	if len(cols) == 1 {
		hotValue = strings.Join(values, plans.Separator)
	}
	return distinct, hot, hotValue
}

// hottest is the number of rows holding a column's most frequent value.
func hottest(cp *extract.ColumnProfile, rows int64) int64 {
	if len(cp.TopValues) > 0 {
		return cp.TopValues[0].Count
	}
	if cp.TopShare > 0 {
		return int64(math.Ceil(cp.TopShare * float64(rows-cp.Nulls)))
	}
	if cp.Distinct > 0 && cp.Distinct >= rows-cp.Nulls {
		return 1
	}
	return 0
}

func (d *designer) distinctOf(col string) int64 {
	if cp := d.colProfile(col); cp != nil {
		return cp.Distinct
	}
	return 0
}

// gate applies the hard gates to c, recording each failure with its reason,
// and scores it.
func (d *designer) gate(c *candidate) {
	rows := d.rows()
	var other int
	for _, col := range c.cols {
		cp := d.colProfile(col.Name)
		if ev := sequenceEvidence(col, cp); ev != "" {
			c.failures = append(c.failures, col.Name+": sequence-style id ("+ev+") — it carries no meaning for readers and concentrates new writes")
			other++
		}
		switch {
		case cp != nil && cp.Nulls > 0:
			c.failures = append(c.failures, fmt.Sprintf("%s: %s NULLs in %s rows — a key attribute cannot be missing", col.Name, plans.Thousands(cp.Nulls), plans.Thousands(rows)))
			other++
		case cp == nil && !col.NotNull:
			c.failures = append(c.failures, col.Name+": nullable and not profiled — a key attribute cannot be missing")
			other++
		}
		kp, why := keyPartFor(col, cp)
		if why != "" {
			c.failures = append(c.failures, col.Name+": "+why)
			other++
			continue
		}
		if len(c.cols) > 1 && (kp.part.Encoding == plans.EncNumber || kp.part.Encoding == plans.EncBinary) {
			c.failures = append(c.failures, col.Name+": "+col.BaseType+" has no string encoding that sorts, so it can only be a key on its own")
			other++
		}
		c.parts = append(c.parts, kp)
	}
	if len(c.parts) == len(c.cols) {
		if b := keyBytes(c.parts); b > plans.MaxPartitionKeyBytes {
			c.failures = append(c.failures, fmt.Sprintf("values up to %s bytes, over DynamoDB's %s-byte partition key limit", plans.Thousands(int64(b)), plans.Thousands(plans.MaxPartitionKeyBytes)))
			other++
		}
	}
	if !d.profiled() {
		c.failures = append(c.failures, "table not profiled: cardinality unknown")
		return
	}
	c.distinct, c.hot, c.hotValue = d.stats(c.cols)
	need := min(d.opts.MinDistinct, rows)
	if c.distinct < need || rows == 0 {
		name := strings.Join(c.columns(), "#")
		var msg string
		switch {
		case rows == 0:
			msg = name + ": the table is empty, so nothing shows the column can spread items"
		case rows < d.opts.MinDistinct:
			msg = fmt.Sprintf("%s: %s distinct values in %s rows — a table this small needs one value per row", name, plans.Thousands(c.distinct), plans.Thousands(rows))
		default:
			msg = fmt.Sprintf("%s: %s distinct values in %s rows — too few partitions (need ≥ %s)", name, plans.Thousands(c.distinct), plans.Thousands(rows), plans.Thousands(d.opts.MinDistinct))
		}
		c.failures = append(c.failures, msg)
		c.cardinalityOnly = other == 0 && rows > 0
	}
	c.score = d.score(c)
}

// sequenceEvidence quotes why a column is sequence-style: extract's
// classification, else what the catalog says.
func sequenceEvidence(col *extract.Column, cp *extract.ColumnProfile) string {
	if cp != nil && cp.Sequence != nil {
		s := string(cp.Sequence.Kind)
		if len(cp.Sequence.Evidence) > 0 {
			s += ": " + strings.Join(cp.Sequence.Evidence, "; ")
		}
		return s
	}
	switch {
	case col.Identity != "":
		return "identity column, generated " + col.Identity
	case col.Sequence != "":
		return "fed by sequence " + col.Sequence
	case col.UUIDDefault != "":
		return "generated uuid: default " + col.UUIDDefault
	}
	return ""
}

// score rates a candidate that has statistics, 0..1: cardinality (saturating
// at 1,000 values: beyond that more keys do not spread writes further),
// uniformity (1 − the hottest value's share), meaning (foreign key or
// natural key) and width (short keys cost less in every item).
func (d *designer) score(c *candidate) float64 {
	rows := d.rows()
	card := 0.0
	if c.distinct > 1 {
		card = math.Min(1, math.Log10(float64(c.distinct))/3)
	}
	if rows > 0 && rows < 1000 && c.distinct >= rows {
		card = 1 // one key per row is all a small table can have
	}
	unif := 1.0
	if rows > 0 && c.hot > 0 {
		unif = 1 - float64(c.hot)/float64(rows)
		if c.distinct >= rows {
			unif = 1
		}
	}
	width := 1 - math.Min(1, float64(keyBytes(c.parts))/plans.MaxPartitionKeyBytes)
	return 0.3*card + 0.2*unif + 0.4*c.meaning + 0.1*width
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// uniqueIndex is a constraint or unique index that proves its columns
// unique, with how to name it in a plan.
type uniqueIndex struct {
	idx   *extract.Index
	label string
}

// uniqueIndexes are the primary key and unique constraints/indexes that
// prove uniqueness of their columns for every row: not partial, no
// expressions, and no nullable column (NULLs are distinct in a unique index
// unless it says otherwise, and a key cannot hold them anyway).
func (d *designer) uniqueIndexes() []uniqueIndex {
	var out []uniqueIndex
	consider := func(ix *extract.Index, kind string) {
		if ix == nil || !ix.KeyCandidate() {
			return
		}
		for _, c := range ix.Columns {
			col := d.t.Column(c)
			if col == nil || !col.NotNull && !ix.NullsNotDistinct {
				return
			}
		}
		out = append(out, uniqueIndex{idx: ix, label: fmt.Sprintf("%s %s (%s)", kind, ix.Name, strings.Join(ix.Columns, ", "))})
	}
	consider(d.t.PrimaryKey, "primary key")
	for i := range d.t.Uniques {
		kind := "unique constraint"
		if !d.t.Uniques[i].Constraint {
			kind = "unique index"
		}
		consider(&d.t.Uniques[i], kind)
	}
	return out
}
