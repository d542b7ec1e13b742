package mapping

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/plans"
)

// UniquenessChecker proves or refutes that columns identify every row of
// schema.table (no duplicates, no NULLs). extract.Snapshot satisfies it.
type UniquenessChecker interface {
	Unique(ctx context.Context, schema, table string, columns []string) (catalog.UniqueResult, error)
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
	// ShardHotKeys write-shards a partition key whose hottest value holds
	// the load back (the load's tail) even when the source's live write
	// rate does not need it. Off, a hot key stays whole and the plan
	// states the load's tail: sharding is permanent and costs every
	// reader N queries, while the tail costs one load.
	ShardHotKeys bool
	// Workload is the pg_stat_statements evidence (extract.ReadWorkload);
	// nil when it was not read. It ranks key and index candidates, and
	// its summary goes into the plan's source.
	Workload *catalog.Workload
}

// The defaults of Options.
const (
	DefaultWriteRate = 4000
	DefaultMaxShards = 100
	DefaultMaxChecks = 12
	// partitionWCU is what one partition, and so one partition key
	// value, can absorb per second.
	partitionWCU = placement.PartitionWCU
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
func Design(ctx context.Context, schema *catalog.Schema, profile *catalog.Profile, checker UniquenessChecker, opts Options) (*plans.Plan, error) {
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
		Source:  plans.Source{Database: db, Schemas: opts.Schemas, Tables: opts.Tables, Workload: workloadSummary(opts.Workload)},
		Options: plans.Options{
			TablePrefix: opts.TablePrefix, WriteRate: opts.WriteRate, Nulls: opts.Nulls,
			FloatSpecials: opts.FloatSpecials, MaxShards: opts.MaxShards,
		},
	}
	g := newSchemaGraph(schema, profile)
	targets, err := targetNames(schema.Tables, opts.TablePrefix)
	if err != nil {
		return nil, fmt.Errorf("design: %w", err)
	}
	var designers []*designer
	for i := range schema.Tables {
		t := &schema.Tables[i]
		if !t.Migratable || (t.Kind != catalog.KindTable && t.Kind != catalog.KindPartitioned) {
			p.Skipped = append(p.Skipped, plans.Skipped{Source: t.QualifiedName(), Why: skipReason(t)})
			continue
		}
		var tp *catalog.TableProfile
		if profile != nil {
			tp = profile.Table(t.Schema, t.Name)
		}
		if why := unplannable(t, tp); why != "" {
			p.Skipped = append(p.Skipped, plans.Skipped{Source: t.QualifiedName(), Why: why})
			continue
		}
		n := g.node(t, tp)
		d := &designer{ctx: ctx, t: t, tp: tp, checker: checker, opts: &opts, g: g, n: n, referencedPK: g.referencedByOthers(n)}
		pt, err := d.design()
		if err != nil {
			return nil, fmt.Errorf("design %s: %w", t.QualifiedName(), err)
		}
		pt.Target = targets[t.QualifiedName()]
		giveWayKeyAttributes(pt)
		designers = append(designers, d)
		p.Tables = append(p.Tables, *pt)
	}
	// Access paths come after every table's design: whether a key is
	// referenced depends on what the other tables' plans write.
	refs := references(designers, p.Tables)
	for i, d := range designers {
		d.referencedBy = refs[qualified(d.t.Schema, d.t.Name)]
		d.access(&p.Tables[i])
		p.Tables[i].RefusedValues = refusedValues(d.tp, &p.Tables[i])
		p.Tables[i].Oversize = oversize(d.tp)
	}
	return p, nil
}

func skipReason(t *catalog.Table) string {
	switch t.Kind {
	case catalog.KindView:
		return "view: it stores no rows of its own; its base tables are migrated"
	case catalog.KindMaterializedView:
		return "materialized view: derived from other tables, which are migrated; add it by hand to copy its rows"
	}
	return string(t.Kind) + ": not migratable"
}

// designer designs one table.
type designer struct {
	ctx     context.Context
	t       *catalog.Table
	tp      *catalog.TableProfile
	checker UniquenessChecker
	opts    *Options
	checks  int
	// wcu is what writing one item costs, from the profile's widths.
	wcu float64
	// g is the schema's graph, n the table's node in it: declared keys,
	// references (declared and inferred, with their evidence).
	g *schemaGraph
	n *tableNode
	// statsErr is the last failure of an exact multi-column count; the
	// profile's bounds are used instead.
	statsErr error
	// proofs caches the checker's answers by column set.
	proofs map[string]catalog.UniqueResult
	// referencedPK names another table's foreign key to the table's
	// one-column primary key, or "".
	referencedPK string
	// referencedBy lists, per column of the table, the written columns
	// of other tables that reference it (declared or implied).
	referencedBy map[string][]string
}

// rows is the table's row count, 0 when not profiled.
func (d *designer) rows() int64 {
	if d.tp == nil {
		return 0
	}
	return d.tp.Rows
}

func (d *designer) profiled() bool { return d.tp != nil && d.tp.Error == "" }

func (d *designer) colProfile(name string) *catalog.ColumnProfile {
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
	// What one item costs to write, before its keys are known: the
	// throughput gate needs it for every candidate.
	avg, _ := d.itemBytes(pt, &candidate{}, &sortKey{})
	d.wcu = math.Max(1, math.Ceil(avg/1024))

	cands := d.candidates()
	chosen, sk, err := d.structural(cands)
	if err != nil {
		return nil, err
	}
	rule := ""
	for _, c := range cands {
		if chosen != nil {
			break
		}
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
		chosen, sk, rule = c, s, RuleScoredCandidates
		break
	}
	if chosen != nil && rule == RuleScoredCandidates {
		if c, s := d.nameOverMirror(chosen, cands); c != nil {
			chosen, sk, rule = c, s, RuleNameOverMirroredKey
		}
	}
	// A plain column unique in every row (a band's lower bound) is a
	// data-proven natural key; a date or a measure is not.
	uniquePlain := chosen != nil && chosen.plain && chosen.exact && chosen.distinct >= d.rows() && chosen.role != roleTime && chosen.role != roleMeasure
	if chosen != nil && rule == RuleScoredCandidates && d.referencedPK != "" && (chosen.plain && !uniquePlain || chosen.fk != nil && (chosen.meaning == meaningClassification || chosen.meaning == meaningUnindexed) || chosen.fk == nil && chosen.meaning == meaningLeading && (chosen.role == roleOther || chosen.role == roleMeasure) || d.repeatedName(chosen)) {
		// The children carry the primary key's values: a column with no
		// evidence of meaning, or a category, does not displace it.
		warned := len(pt.Warnings)
		if c, s, err := d.lastResort(cands, pt); err != nil {
			return nil, err
		} else if c == nil || !slices.Equal(c.columns(), d.t.PrimaryKey.Columns) || len(pt.Warnings) != warned+1 {
			pt.Warnings = pt.Warnings[:warned]
		} else {
			pt.Warnings[len(pt.Warnings)-1] = "no natural key passes: " + strings.Join(c.columns(), ", ") + " is a surrogate, kept because " + d.referencedPK +
				" references it; the best scored candidate, " + strings.Join(chosen.columns(), ", ") + ", has no evidence of meaning or only classifies rows (" + chosen.why[0] + ") — choose a natural key by hand if the application has one"
			c.why = append(c.why, "referenced by "+d.referencedPK+": the key the children carry outranks "+strings.Join(chosen.columns(), ", ")+" ("+chosen.why[0]+")")
			if chosen.fk == nil && chosen.meaning == meaningLeading {
				c.why[len(c.why)-1] += " — rule " + RuleLookupNotIdentity + ": a column whose only evidence is an ordinary index is a lookup, served by an index, not the rows' identity"
			}
			if d.repeatedName(chosen) {
				c.why[len(c.why)-1] += d.repeatedNameWhy(chosen)
			}
			chosen, sk, rule = c, s, RuleSequenceOnlyFallback
		}
	}
	if chosen == nil {
		chosen, sk, err = d.fallback(cands, pt)
		if err != nil {
			return nil, err
		}
		rule = RuleScoredCandidates
		if chosen.sequence || slices.ContainsFunc(chosen.cols, func(col *catalog.Column) bool { return d.ownSequence(col) }) {
			rule = RuleSequenceOnlyFallback
		}
	}
	if rule != "" && len(chosen.why) > 0 {
		chosen.why[0] = "rule " + rule + ": " + chosen.why[0]
	}
	for _, c := range cands {
		if c != chosen && c.listed() {
			pt.Rejected = append(pt.Rejected, plans.Candidate{Columns: c.columns(), Score: round3(c.score), Why: c.rejectedWhy(chosen)})
		}
	}
	if chosen.plain && len(chosen.failures) == 0 {
		pt.Warnings = append(pt.Warnings, d.nothingNatural(chosen, cands))
	}
	if len(sk.warnings) > 0 {
		pt.Warnings = append(pt.Warnings, sk.warnings...)
	}
	d.finish(pt, chosen, sk)
	return pt, nil
}

// nothingNatural is the warning of a table whose partition key has no
// evidence of meaning: it says so, and names the best rejected candidates
// with the reason each lost — those with evidence first.
func (d *designer) nothingNatural(chosen *candidate, cands []*candidate) string {
	msg := "no natural key passes: " + strings.Join(chosen.columns(), plans.Separator) + " has no evidence of meaning (" + chosen.why[0] + ") and is the key only because it passes every gate"
	if best := bestRejected(chosen, cands); len(best) > 0 {
		msg += "; the best rejected: " + strings.Join(best, "; ")
	}
	return msg + " — choose a natural key by hand if the application has one"
}

// bestRejected names up to three candidates other than chosen with the
// first reason each lost: natural ones (evidence, no sequence) first.
func bestRejected(chosen *candidate, cands []*candidate) []string {
	var natural, rest []string
	for _, c := range cands {
		if c == chosen {
			continue
		}
		why := c.rejectedWhy(chosen)[0]
		s := strings.Join(c.columns(), plans.Separator) + " (" + why + ")"
		if !c.plain && !c.sequence {
			natural = append(natural, s)
		} else {
			rest = append(rest, s)
		}
	}
	out := append(natural, rest...)
	return out[:min(3, len(out))]
}

// candidate is a partition key candidate: one or more columns with the
// evidence for and against them.
type candidate struct {
	parts    []keyPart
	cols     []*catalog.Column
	meaning  float64
	role     role
	why      []string // what speaks for it
	failures []string // the gates it failed, each a full reason
	// throughputOnly is true when the throughput gate is the only gate it
	// failed: a fallback of the first rank, write-sharded.
	throughputOnly bool
	// sequence is true when a column has sequence evidence: such a
	// candidate is never a partition key.
	sequence bool
	// handful: a column failed rule handful-of-rows; the fallback does
	// not take it over the table's declared key.
	handful bool
	// sharded is true when it passes only because its few hot values are
	// write-sharded: it ranks after every candidate that passes plainly.
	sharded  bool
	exact    bool // distinct and hot are exact counts of the column set
	distinct int64
	hot      int64
	hotValue string
	score    float64
	fk       *catalog.ForeignKey
	// plain is a column with no evidence but its type: listed among the
	// rejected only when it failed a gate worth reading.
	plain bool
	// category: a plain column with fewer values than √rows.
	category bool
}

// minCategoryRows is the fewest rows for which few values make a plain
// column a category.
const minCategoryRows = 100

func (c *candidate) columns() []string {
	out := make([]string, len(c.cols))
	for i, col := range c.cols {
		out[i] = col.Name
	}
	return out
}

// listed reports whether the plan lists c among the rejected: every
// candidate with evidence for it, not every plain column of the table.
func (c *candidate) listed() bool { return !c.plain || c.sequence }

func (c *candidate) rejectedWhy(chosen *candidate) []string {
	if len(c.failures) > 0 {
		return c.failures
	}
	why := fmt.Sprintf("passed every gate (%s) but ranked lower", c.statsText())
	switch {
	case c.sharded:
		why += ": it needs write sharding, which costs every reader"
	case chosen != nil && c.meaning < chosen.meaning:
		why += ": weaker evidence of meaning (" + c.why[0] + ")"
	default:
		why += fmt.Sprintf(": scored %.3f", round3(c.score))
	}
	return []string{why}
}

// statsText is the candidate's distribution in words.
func (c *candidate) statsText() string {
	if c.distinct == 0 {
		return "no rows to judge it by"
	}
	s := plans.Thousands(c.distinct) + " distinct values"
	if c.hot > 0 {
		s += ", at most " + plans.Thousands(c.hot) + " items per value"
	}
	return s
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

// meaning of each role, 0..1+: what the name says the column is worth as
// the key people look rows up by. A unique identifier ranks first, the
// owning reference with a name to sort by (the item collection of the
// parent) next, then the row's own unique name, other references, and last
// the names of people and places, which repeat and change.
const (
	meaningIdentifier       = 1.05
	meaningOwner            = 1.02
	meaningUniqueName       = 1.0
	meaningOwnedByName      = 1.02
	meaningReference        = 0.9
	meaningUnindexed        = 0.74
	meaningUniqueConstraint = 0.9
	meaningImplied          = 0.85
	meaningPolicy           = 0.8
	meaningWorkload         = 0.8
	meaningIdentifierRepeat = 0.75
	meaningLeading          = 0.6
	meaningClassification   = 0.6
	meaningOneToOne         = 0.7
	meaningName             = 0.7
	meaningDescriptive      = 0.5
	meaningFamilyName       = 0.55
	meaningPlace            = 0.45
	meaningGivenName        = 0.35
	meaningText             = 0.3
	meaningOther            = 0.2
	meaningMeasure          = 0.1
)

// candidates lists the partition key candidates of the table, gated and
// scored, best first: every column of a key type competes, with the
// evidence the schema's graph gives it (its references, declared and
// inferred; the declared keys and indexes it leads) and its name; then,
// only when no single one with evidence passes, pairs of those that failed
// on throughput alone. The structural rules' candidate keys come first
// (candidateKeys); these are the scored-candidates rule's.
func (d *designer) candidates() []*candidate {
	t := d.t
	var out []*candidate
	byKey := map[string]*candidate{}
	add := func(cols []string, meaning float64, r role, why string, fk *catalog.ForeignKey) *candidate {
		key := strings.Join(cols, "\x00")
		if c, ok := byKey[key]; ok {
			// The same columns for another reason: keep the strongest.
			if meaning > c.meaning {
				c.meaning, c.role, c.why = meaning, r, append([]string{why}, c.why...)
				if fk != nil {
					c.fk = fk
				}
			} else {
				c.why = append(c.why, why)
			}
			c.plain = c.plain && r == roleOther
			return c
		}
		c := &candidate{meaning: meaning, role: r, why: []string{why}, fk: fk}
		for _, name := range cols {
			col := t.Column(name)
			if col == nil {
				return nil
			}
			c.cols = append(c.cols, col)
		}
		byKey[key] = c
		out = append(out, c)
		return c
	}
	// plain marks a candidate whose only reason is its type, unless other
	// evidence (a constraint, an index, a policy) added it first.
	plain := func(c *candidate) {
		if c != nil && len(c.why) == 1 {
			c.plain = true
		}
	}
	uniqueSingle, leading := d.node().singleKeys, d.node().leadingKeys
	policyOn := map[string]string{}
	for _, pol := range t.Policies {
		for _, c := range pol.Columns {
			if _, ok := policyOn[c]; !ok {
				pred := "USING " + pol.Using
				if pol.Using == "" {
					pred = "WITH CHECK " + pol.Check
				}
				policyOn[c] = "row-level-security policy " + pol.Name + " " + pred
			}
		}
	}
	rows := d.rows()
	hasRowName := slices.ContainsFunc(t.Columns, func(c catalog.Column) bool {
		r := roleOf(t.Name, &c)
		return r == roleName && c.Category == "S"
	})
	// A table of people (it has a family name) is looked up by it; a bare
	// title or name that repeats there is an attribute (a job title).
	people := slices.ContainsFunc(t.Columns, func(c catalog.Column) bool { return roleOf(t.Name, &c) == roleFamilyName })
	refs := map[string]bool{}
	for _, r := range d.node().refs {
		if !r.declared() {
			continue // inferred references compete below, column by column
		}
		fk := r.fk
		ref := fk.RefSchema + "." + fk.RefTable + "(" + strings.Join(fk.RefColumns, ", ") + ")"
		meaning, role := meaningReference, "the entity its rows belong to"
		n := d.distinctOf(fk.Columns[0])
		switch {
		case owner(t.Name, fk.RefTable):
			meaning, role = meaningOwner, "the owning entity: the table is named after it"
		case len(fk.Columns) == 1 && d.g.partOf(d.node(), r) != nil:
			// Rule optional-part: the parent points back at this row
			// from a column it may leave empty, while the row cannot
			// exist without the parent: the row is an optional part of
			// it (a status's poll), however 1:1 the link.
			back := d.g.partOf(d.node(), r)
			meaning, role = meaningOwner, "the row is an optional part of its parent: "+back.from+"."+back.columns[0]+" points back at it and may be empty, while "+fk.Columns[0]+" never is (rule "+RuleOptionalPart+")"
		case len(fk.Columns) == 1 && d.g.coarserOwner(d.node(), r) != nil:
			// Rule coarser-owner: the rows' other reference points at
			// a row this parent owns too (a task's board column belongs
			// to the task's project): the rows form a hierarchy under
			// this parent, which owns them whatever its number of values.
			finer := d.g.coarserOwner(d.node(), r)
			meaning, role = meaningOwnedByName, "the owner of the rows: "+finer.columns[0]+" points at "+finer.parent+", whose rows "+r.parent+" owns too, so the rows form a hierarchy under it (rule "+RuleCoarserOwner+")"
		case len(fk.Columns) == 1 && d.node().unindexed(fk.Columns[0]) && !(n > 0 && classification(n, rows)):
			// Rule unindexed-reference: the source indexes what its
			// application reads, and never this reference: no list of a
			// parent's rows is read by it (a row's last edit, its current
			// column on a board: a reference that changes over the row's
			// life).
			meaning, role = meaningUnindexed, "a reference the source indexes nowhere, though it indexes other columns: no list of the parent's rows is read by it (rule "+RuleUnindexedReference+")"
		case len(fk.Columns) == 1 && n > 0 && n*10 >= rows*9:
			// One row per referenced row is a 1:1 link, not a collection
			// of rows belonging to one entity.
			meaning, role = meaningOneToOne, "about one row per referenced row: a 1:1 link rather than a collection"
		case hasRowName && len(fk.Columns) == 1 && n > 0 && !classification(n, rows):
			meaning, role = meaningOwnedByName, "the entity that owns the rows, each named within it (an item collection of the parent)"
		case len(fk.Columns) == 1 && n > 0 && classification(n, rows):
			meaning, role = meaningClassification, "a classification of the rows ("+plans.Thousands(n)+" values for "+plans.Thousands(rows)+" rows)"
		case anyWord(words(fk.RefTable), placeWords):
			// An address or a city the rows point at locates them; it
			// owns none of them.
			meaning, role = meaningReference-0.1, "a place the rows point at, not their owner"
		case len(fk.Columns) == 1 && d.listsBy(fk.Columns[0]) != "":
			// The source keeps an index that lists the referenced
			// row's items in an order: the application reads the rows
			// as that parent's collection.
			meaning, role = meaningOwnedByName, "the owner of the rows: the source lists a parent's rows in order by "+d.listsBy(fk.Columns[0])
		}
		for _, c := range fk.Columns {
			refs[c] = true
		}
		add(d.unrouted(fk.Columns), meaning, roleIdentifier, fmt.Sprintf("foreign key %s → %s, %s", fk.Name, ref, role), fk)
	}
	for i := range t.Columns {
		c := &t.Columns[i]
		cp := d.colProfile(c.Name)
		if _, bad := keyPartFor(c, cp); bad != "" && !refs[c.Name] {
			if _, ok := uniqueSingle[c.Name]; !ok {
				continue // not a key type: nothing to weigh
			}
		}
		r := roleOf(t.Name, c)
		unique := uniqueSingle[c.Name] != "" || rows > 0 && cp != nil && cp.Nulls == 0 && cp.Distinct >= rows && !cp.DistinctEstimated
		if !refs[c.Name] {
			if ref := d.impliedReference(c, cp); ref != "" && c.Category != "S" || ref != "" && r == roleIdentifier {
				refs[c.Name] = true
				n := d.distinctOf(c.Name)
				meaning := meaningImplied
				if n > 0 && n*10 >= rows*9 {
					meaning = meaningOneToOne
				}
				add([]string{c.Name}, meaning, roleIdentifier, d.node().inferredReference(c.Name).evidence, nil)
			}
		}
		if !refs[c.Name] && r == roleIdentifier && !unique {
			if base := ownerBase(c.Name); base != "" && owner(t.Name, base) && len(t.Name) >= len(base)+3 {
				// shoppingcartitem.shoppingcartid: named after the entity
				// the table is named after, though no key declares it.
				add([]string{c.Name}, meaningOwner, roleIdentifier, "the owning entity by name: the table is named after "+base+", which the column identifies", nil)
			}
		}
		code := false
		if ct := c.Codec(); ct.Kind == codec.Char && ct.Length > 0 && r != roleIdentifier && unique && ct.Length <= maxShortCode {
			// A unique short character(n) is a code (ISO-style country and
			// currency codes, department numbers), whatever its name.
			r, code = roleIdentifier, true
		}
		if label, ok := uniqueSingle[c.Name]; ok {
			switch r {
			case roleIdentifier:
				add([]string{c.Name}, meaningIdentifier, r, "natural identifier, unique by "+label, nil)
			case roleName, roleDescriptive:
				add([]string{c.Name}, meaningUniqueName, r, "natural key, unique by "+label, nil)
			default:
				add([]string{c.Name}, meaningUniqueConstraint, r, "unique by "+label, nil)
			}
		}
		if label, ok := policyOn[c.Name]; ok {
			add([]string{c.Name}, meaningPolicy, r, label+": rows are read by it", nil)
		}
		if label, ok := leading[c.Name]; ok && !refs[c.Name] {
			// Evidence that rows are looked up by it, though not an
			// identity on its own; a date or measure leading a key only
			// orders it.
			m := meaningLeading
			if r == roleTime || r == roleMeasure || r == roleContact {
				m = meaningMeasure
			}
			add([]string{c.Name}, m, r, "leading column of "+label, nil)
		}
		if refs[c.Name] {
			continue
		}
		oneValue := "one value per row in the profile"
		switch r {
		case roleIdentifier:
			switch {
			case code:
				add([]string{c.Name}, meaningIdentifier, r, "a short fixed-width code ("+c.BaseType+c.TypeModifier+"), "+oneValue, nil)
			case unique:
				add([]string{c.Name}, meaningIdentifier, r, "natural identifier by its name, "+oneValue, nil)
			default:
				add([]string{c.Name}, meaningIdentifierRepeat, r, "identifier by its name (code, handle, email, reference)", nil)
			}
		case roleName:
			switch {
			case unique:
				add([]string{c.Name}, meaningUniqueName, r, "the row's own name, "+oneValue, nil)
			case people:
				add([]string{c.Name}, meaningDescriptive, r, "a title or name that repeats in a table of people: an attribute, not an identity", nil)
			default:
				add([]string{c.Name}, meaningName, r, "the row's own name or title", nil)
			}
		case roleDescriptive:
			add([]string{c.Name}, meaningDescriptive, r, "a descriptive text column (names, titles, descriptions)", nil)
		case roleFamilyName:
			add([]string{c.Name}, meaningFamilyName, r, "a family name: people are looked up by it, though it repeats and changes", nil)
		case rolePlace:
			add([]string{c.Name}, meaningPlace, r, "the name of a place: it repeats and changes, so it is not an identity", nil)
		case roleGivenName:
			add([]string{c.Name}, meaningGivenName, r, "a person's given or contact name: it repeats and changes, so it is not an identity", nil)
		case roleOther:
			m := meaningOther
			if c.Category == "S" || c.Category == "E" {
				m = meaningText
			}
			plain(add([]string{c.Name}, m, r, "a column of a key type, competing on its statistics", nil))
		default:
			plain(add([]string{c.Name}, meaningMeasure, r, "a "+roleWord(r)+", competing on its statistics only", nil))
		}
	}
	// The recorded workload: a column the application filters on often
	// is read by, like a policy's column — evidence of meaning that lifts
	// a column with none. One column only: a composite of filters is not
	// an identity.
	for _, wl := range d.opts.Workload.TableLookups(t.Schema, t.Name) {
		if len(wl.Columns) != 1 || wl.Calls < StrongWorkloadCalls {
			continue
		}
		col := t.Column(wl.Columns[0])
		if col == nil {
			continue
		}
		if c := add(wl.Columns, meaningWorkload, roleOf(t.Name, col), fmt.Sprintf("workload: %s calls (%s rows) of statements that filter on it (pg_stat_statements)", plans.Thousands(wl.Calls), plans.Thousands(wl.Rows)), nil); c != nil {
			c.plain = false
		}
	}
	for _, c := range out {
		if len(c.cols) == 1 && len(t.ForeignKeys) > 0 && d.appID(c.cols[0], d.colProfile(c.cols[0].Name)) && c.meaning >= meaningReference {
			// A per-row random id makes every item its own partition and
			// serves no list: an owner reference outranks it, and it
			// stays a lookup (an index) of its own.
			c.meaning = meaningReference - 0.05
			c.why = append(c.why, "a per-row random id (a uuid the application makes): as a partition key every item is its own partition and no list is served, so a reference outranks it")
		}
		d.gate(c)
	}
	// Pairs only when no single candidate with evidence passes: never a
	// composite of two references when one alone will do.
	if !slices.ContainsFunc(out, func(c *candidate) bool { return len(c.failures) == 0 && !c.plain }) {
		out = append(out, d.pairs(out)...)
	}
	slices.SortStableFunc(out, compareCandidates)
	return out
}

func roleWord(r role) string {
	switch r {
	case roleTime:
		return "date or time"
	case roleContact:
		return "contact detail"
	}
	return "measure"
}

// maxShortCode is the widest character(n) taken for a code.
const maxShortCode = 6

// shardPenalty is what needing write sharding costs a candidate's meaning:
// every reader of a sharded key pays N queries, so a sharded owner ranks
// below a reference that passes plainly, but above a column with no
// evidence.
const shardPenalty = 0.15

// compareCandidates ranks candidates: those that pass before the failed;
// within each, meaning (less the sharding penalty), then the score
// (throughput, uniformity, width).
func compareCandidates(a, b *candidate) int {
	if fa, fb := len(a.failures) > 0, len(b.failures) > 0; fa != fb {
		if fb {
			return -1
		}
		return 1
	}
	ma, mb := a.meaning, b.meaning
	if a.sharded {
		ma -= shardPenalty
	}
	if b.sharded {
		mb -= shardPenalty
	}
	if ma != mb {
		if ma > mb {
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
}

// ownerBase is what an id column names: shoppingcartid and shopping_cart_id
// give shoppingcart; "" when the name is no *id.
func ownerBase(col string) string {
	ws := words(col)
	if len(ws) > 1 && ws[len(ws)-1] == "id" {
		return strings.Join(ws[:len(ws)-1], "")
	}
	if len(ws) == 1 && len(ws[0]) > 4 && strings.HasSuffix(ws[0], "id") {
		return strings.TrimSuffix(ws[0], "id")
	}
	return ""
}

// owner reports whether the table is named after ref: invoice_line after
// invoice, order_details after orders, film_actor after film.
func owner(table, ref string) bool {
	s := singularOf(ref)
	return table != ref && (strings.HasPrefix(table, ref+"_") || strings.HasPrefix(table, s+"_") || strings.HasPrefix(table, s) && len(table) > len(s))
}

// pairs combines candidates that failed only on throughput into composite
// candidates (the seed's customerid#productid#countrycode). It is only
// asked when no single candidate passes.
func (d *designer) pairs(singles []*candidate) []*candidate {
	var low []*candidate
	for _, c := range singles {
		if c.throughputOnly && len(c.cols) == 1 && c.meaning >= meaningName {
			low = append(low, c)
		}
	}
	var out []*candidate
	for i := 0; i < len(low); i++ {
		for j := i + 1; j < len(low); j++ {
			a, b := low[i], low[j]
			c := &candidate{
				cols:    []*catalog.Column{a.cols[0], b.cols[0]},
				meaning: math.Min(a.meaning, b.meaning) - 0.1,
				why:     []string{"composite of " + a.cols[0].Name + " and " + b.cols[0].Name + ", each too hot alone"},
			}
			d.gate(c)
			out = append(out, c)
		}
	}
	return out
}

// stats are a column set's distinct count and hottest value: from the
// profile for one column, counted exactly (one GROUP BY in the snapshot)
// for several when the checker can, else bounded from the profile and
// marked as an estimate.
func (d *designer) stats(cols []*catalog.Column) (distinct, hot int64, hotValue string, exact bool) {
	rows := d.rows()
	if len(cols) > 1 {
		if ks, ok := d.checker.(KeyStatser); ok {
			names := make([]string, len(cols))
			for i, c := range cols {
				names[i] = c.Name
			}
			s, err := ks.KeyStats(d.ctx, d.t.Schema, d.t.Name, names)
			if err == nil {
				return s.Distinct, s.MaxPerKey, s.HottestKey, true
			}
			d.statsErr = err
		}
	}
	distinct, hot = 1, rows
	var values []string
	for _, c := range cols {
		cp := d.colProfile(c.Name)
		if cp == nil {
			return 0, 0, "", false
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
	return distinct, hot, hotValue, len(cols) == 1 && cp1Exact(d.colProfile(cols[0].Name))
}

func cp1Exact(cp *catalog.ColumnProfile) bool {
	return cp != nil && !cp.DistinctEstimated && !cp.TopValuesEstimated
}

// KeyStatser counts a column set's distinct values and its hottest value
// exactly. extract.Snapshot satisfies it; a checker without it gets the
// profile's bounds, marked as estimates.
type KeyStatser interface {
	KeyStats(ctx context.Context, schema, table string, columns []string) (catalog.KeyStats, error)
}

// hottest is the number of rows holding a column's most frequent value.
func hottest(cp *catalog.ColumnProfile, rows int64) int64 {
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

// surrogateCost is what a sequence-style partition key really costs:
// DynamoDB hashes keys, so it spreads writes well enough, but it means
// nothing outside PostgreSQL and is renumbered by a reload.
const surrogateCost = "a surrogate means nothing outside PostgreSQL, no reader can look an item up by it, and a reload or merge renumbers it; it may only end a sort key as a tiebreak"

// gate applies the hard gates to c, recording each failure with its reason,
// and scores it.
func (d *designer) gate(c *candidate) {
	rows := d.rows()
	var other int
	for _, col := range c.cols {
		cp := d.colProfile(col.Name)
		if ev := sequenceEvidence(col, cp); ev != "" {
			c.failures = append(c.failures, col.Name+": sequence-style id ("+ev+") — "+surrogateCost)
			c.sequence = true
			other++
		}
		switch {
		case cp != nil && cp.Nulls > 0:
			c.failures = append(c.failures, fmt.Sprintf("%s: %s NULLs in %s rows (%.1f%%) — a key attribute cannot be missing", col.Name, plans.Thousands(cp.Nulls), plans.Thousands(rows), 100*cp.NullFraction))
			other++
		case cp == nil && !col.NotNull:
			c.failures = append(c.failures, col.Name+": nullable and not profiled — a key attribute cannot be missing")
			other++
		case d.handfulNullable(col):
			c.failures = append(c.failures, fmt.Sprintf("%s: declared nullable or with no meaning by its name, in no declared key, no reference and no source index, and %s rows are too few to speak for it (rule %s)", col.Name, plans.Thousands(rows), RuleHandfulOfRows))
			c.handful = true
			other++
		}
		kp, why := keyPartFor(col, cp)
		if why != "" {
			c.failures = append(c.failures, col.Name+": "+why)
			other++
			continue
		}
		if len(c.cols) == 1 && d.holdsEmpty(col, cp) {
			c.failures = append(c.failures, col.Name+": holds empty strings, which DynamoDB refuses as a key value: each such row would be rejected by the load")
			other++
		}
		if len(c.cols) == 1 && c.plain && rawBytes(kp) && !d.named(col.Name) {
			// Rule payload-not-key: bytes no key, index or reference
			// names are the row's content (a serialized blob), not a
			// name anyone looks it up by.
			c.failures = append(c.failures, col.Name+": "+col.BaseType+" in no key, index or reference — the row's payload, not a name anyone finds it by (rule "+RulePayloadNotKey+")")
			c.category = true
			other++
		}
		if len(c.cols) > 1 && kp.part.Encoding == plans.EncNumber {
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
	if other == 0 || len(c.cols) == 1 {
		c.distinct, c.hot, c.hotValue, c.exact = d.stats(c.cols)
	}
	if len(c.cols) == 1 && other == 0 {
		col := c.cols[0]
		if kp := c.parts[0]; kp.timeLike && c.plain && !anyWord(words(d.t.Name), timeWords) {
			// A time says when a row was made, not which row: unique
			// today by the clock's resolution, held by no reader as an
			// identity. Only a table of times (a date dimension) is
			// keyed by one.
			c.failures = append(c.failures, col.Name+": a date or time with no other evidence of meaning — it says when, not which: no reader holds it as a row's identity, and two rows may share it tomorrow")
			c.category = true // no fallback either: the table's own key is better
			other++
		} else if c.plain && c.distinct > 0 && rows >= minCategoryRows && classification(c.distinct, rows) && len(d.uniqueIndexes()) > 0 {
			// A column with no evidence of meaning and few values is a
			// category or a flag: with a declared key to fall back on,
			// it is no partition key.
			c.failures = append(c.failures, fmt.Sprintf("%s: %s values in %s rows, fewer than √rows, and no evidence of meaning — a category or flag, not a key", col.Name, plans.Thousands(c.distinct), plans.Thousands(rows)))
			c.category = true
			other++
		}
	}
	if other == 0 {
		d.throughput(c)
	}
	// Rule indexed-flag: an ordinary index leading with a column of few
	// values says the application filters by it, not that it names a
	// row: a status or kind, with a declared key to fall back on.
	if len(c.failures) == 0 && c.indexedOnly() && !d.node().inDeclaredKey(c.cols[0].Name) && c.distinct > 0 && rows >= minCategoryRows && classification(c.distinct, rows) && len(d.uniqueIndexes()) > 0 {
		c.failures = append(c.failures, fmt.Sprintf("%s: %s values in %s rows, fewer than √rows, and only an ordinary index leads with it — a status or flag the application filters by, not a key (rule %s)", c.cols[0].Name, plans.Thousands(c.distinct), plans.Thousands(rows), RuleIndexedFlag))
		c.category = true
	}
	d.tenantYields(c)
	c.score = d.score(c)
}

// indexedOnly reports whether c is one column of no named role, no
// reference and no uniqueness, whose evidence is at most that an index
// or declared key leads with it (rule indexed-flag also asks that no
// declared key names the column: leading a primary key is an identity's
// part, not a filter).
func (c *candidate) indexedOnly() bool {
	return len(c.cols) == 1 && c.role == roleOther && c.fk == nil && c.meaning <= meaningLeading
}

// payload reports whether col is a binary column of no named role that no
// key, index or reference names: the row's content (rule payload-not-key).
func (d *designer) payload(col *catalog.Column) bool {
	kp, bad := keyPartFor(col, d.colProfile(col.Name))
	return bad == "" && rawBytes(kp) && roleOf(d.t.Name, col) == roleOther && !d.named(col.Name)
}

// named reports whether a declared key, index or foreign key of the
// table includes the column.
func (d *designer) named(column string) bool {
	return d.t.IsForeignKeyColumn(column) || keyedOrIndexed(d.t, column)
}

// holdsEmpty reports whether the profile shows empty values in a column:
// its count of empty strings (or empty bytea), or, where a profile has no
// count, a text column whose smallest value is the empty one. A key of that
// column alone would be empty for those rows, which DynamoDB refuses. A
// column that is empty in every row has no smallest non-empty value, so
// the count is what tells it apart from one with no min and max at all.
func (d *designer) holdsEmpty(col *catalog.Column, cp *catalog.ColumnProfile) bool {
	if cp == nil {
		return false
	}
	return cp.Empty > 0 || (col.Category == "S" && d.rows() > cp.Nulls && cp.Min == "" && cp.Max != "")
}

// maxHotValues is how many values may exceed the throughput budget for a
// key to be kept and write-sharded rather than rejected: a key hot on a
// few values is otherwise ideal; one hot on many is simply too coarse.
const maxHotValues = 3

// throughput is the gate that replaces a fixed distinct count: the hottest
// value's items at one key's 1,000 WCU/s must fit in max(1 s, the table's
// ideal load time at the write rate). A key that fails on only a few hot
// values is kept, to be write-sharded.
func (d *designer) throughput(c *candidate) {
	rows := d.rows()
	if rows == 0 || c.hot == 0 {
		return // nothing to write: no value can hold a load back
	}
	ideal := float64(rows) * d.wcu / float64(d.opts.WriteRate)
	budget := math.Max(minHoldBackSeconds, ideal)
	hotSeconds := float64(c.hot) * d.wcu / partitionWCU
	if hotSeconds <= budget {
		return
	}
	name := strings.Join(c.columns(), "#")
	fits := int64(budget * partitionWCU / d.wcu)
	over, known := d.valuesOver(c, fits)
	msg := fmt.Sprintf("%s: %s distinct values in %s rows; the hottest (%s) holds %s items = %s at one key's 1,000 WCU/s, over the budget of max(1 s, the table's ideal %s at %s WCU/s)",
		name, plans.Thousands(c.distinct), plans.Thousands(rows), c.hotValue, plans.Thousands(c.hot),
		plans.Seconds(hotSeconds), plans.Seconds(ideal), plans.Thousands(d.opts.WriteRate))
	if known && over <= maxHotValues && over*4 <= c.distinct {
		c.sharded = true
		c.why = append(c.why, fmt.Sprintf("only %d of its %s values exceed the throughput budget (%s items each at most): kept — hot during the load, write-sharded only when the live write rate needs it or --shard-hot-keys asks", over, plans.Thousands(c.distinct), plans.Thousands(fits)))
		return
	}
	c.failures = append(c.failures, msg)
	c.throughputOnly = true
}

// valuesOver counts the values of a one-column candidate holding more than
// fits items, and says whether the count is known: the profile's top values
// must reach below the limit.
func (d *designer) valuesOver(c *candidate, fits int64) (int64, bool) {
	if len(c.cols) != 1 {
		return 0, false
	}
	cp := d.colProfile(c.cols[0].Name)
	if cp == nil || len(cp.TopValues) == 0 {
		return 0, false
	}
	var over int64
	for _, v := range cp.TopValues {
		if v.Count <= fits {
			return over, true
		}
		over++
	}
	return over, int64(len(cp.TopValues)) >= cp.Distinct
}

// sequenceEvidence quotes why a column is sequence-style: extract's
// classification, else what the catalog says.
func sequenceEvidence(col *catalog.Column, cp *catalog.ColumnProfile) string {
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
	idx   *catalog.Index
	label string
}

// uniqueIndexes are the table's declared keys in the schema's graph
// (declaredKeys): the primary key and the unique constraints and indexes
// that prove their columns unique in every row.
func (d *designer) uniqueIndexes() []uniqueIndex { return d.node().keys }

// oversize copies the profile's count of rows over DynamoDB's item size,
// or is nil when it found none.
func oversize(tp *catalog.TableProfile) *plans.Oversize {
	if tp == nil || tp.OversizeRows == 0 {
		return nil
	}
	o := &plans.Oversize{Rows: tp.OversizeRows, MinBytes: tp.OversizeMinBytes, Estimated: tp.RowsEstimated}
	for _, c := range tp.OversizeColumns {
		o.Columns = append(o.Columns, plans.SizedColumn{Column: c.Name, MaxBytes: c.MaxBytes})
	}
	return o
}

// refusedValues copies the profile's counts of values DynamoDB refuses
// into the plan, for every column that has any: NaN, ±Infinity and numbers
// out of range of every column, empty values of the columns that are a
// part of the table's keys or of a proposed index's (an empty value
// anywhere else is a valid attribute).
func refusedValues(tp *catalog.TableProfile, t *plans.Table) []plans.RefusedValues {
	if tp == nil {
		return nil
	}
	keyParts := map[string]bool{}
	addKey := func(k *plans.Key) {
		if k != nil {
			for _, p := range k.Parts {
				keyParts[p.Column] = true
			}
		}
	}
	addKey(&t.PartitionKey)
	addKey(t.SortKey)
	for i := range t.Indexes {
		// A derived key leaves an empty value out of the item instead.
		for _, k := range []*plans.Key{&t.Indexes[i].PartitionKey, t.Indexes[i].SortKey} {
			if !t.DerivedKey(k) {
				addKey(k)
			}
		}
	}
	var out []plans.RefusedValues
	for _, c := range tp.Columns {
		if !keyParts[c.Name] {
			c.Empty = 0
		}
		if c.Specials > 0 || c.OutOfRange > 0 || c.Empty > 0 {
			out = append(out, plans.RefusedValues{Column: c.Name, NaNInfinity: c.Specials, OutOfRange: c.OutOfRange,
				Empty: c.Empty, Estimated: tp.RowsEstimated})
		}
	}
	return out
}

// listsBy names an ordinary source index of two or more columns led by
// column — a parent's rows listed in an order — or "" (tableNode.listsBy).
func (d *designer) listsBy(column string) string { return d.node().listsBy(column) }
