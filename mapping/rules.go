package mapping

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The key design's decision list: named rules in priority order. The first
// rule that proposes a key whose columns pass the gates (never NULL, a key
// type, no sequence evidence of the table's own, a sort key that makes the
// item key unique) decides the table, and the partition key's why cites it
// by name. The structure of the schema decides first (declared keys,
// ownership in composite keys); the data proves and gates; names only break
// ties, and only with cardinality behind them. docs/key-design.md describes
// the same list.
const (
	// RuleDeclaredNaturalKey: a one-column primary key that is no
	// sequence-style id and no mirror of another table's surrogate is the
	// table's identity.
	RuleDeclaredNaturalKey = "declared-natural-key"
	// RuleAssignedOwnerNumber: a one-column integer primary key whose only
	// sequence evidence is its data's density (no identity, sequence or
	// default makes it) and that leads the composite primary keys of two
	// or more other tables of the schema (same name and type) is a number
	// the application assigns to an owner (a shard, a partition): the
	// table's identity, not a surrogate, before any look-alike the data
	// shows unique or a name suggests.
	RuleAssignedOwnerNumber = "assigned-owner-number"
	// RuleParentKeyPrefix: a composite primary key whose leading two or
	// more columns are, by name and type, the whole primary key of
	// another table of the schema (declared as a foreign key or not),
	// whose last column identifies that table's rows by itself (no
	// reference, unique in its rows: the leading columns route or scope
	// it, as a shard or a namespace does), is owned by that table's row:
	// the prefix is the partition key and the rest of the key, in its
	// declared order, the sort key (a workflow run's activities keyed by
	// the run's key and the activity's id). The longest such prefix wins;
	// a table that holds every column of this table's key points at one
	// of its rows (a current-row pointer) and owns none of them. A parent
	// key that ends in a version or a second reference (a node's
	// versions, a channel's members) names no entity of its own: the
	// composite-key-owner rule decides.
	RuleParentKeyPrefix = "parent-key-prefix"
	// RuleCompositeKeyOwner: a composite primary key, or a composite
	// unique constraint or index, names the owner of its rows — the
	// reference to a natural key, else a code or number of the table's
	// own, else a reference to a surrogate, in that order; never a date —
	// as the partition key, and the rest of the key as the sort key.
	RuleCompositeKeyOwner = "composite-key-owner"
	// RuleRoutingKeyPart: within composite-key-owner, a number in a
	// composite declared key beside the table's own sequence, with fewer
	// values than √rows, that leads no index and no declared key, that no
	// one-column foreign key holds and that is named after no table,
	// routes the row (a partitioned table's partition_id, which every
	// unique index must hold): it owns nothing, a key left with one other
	// column is no composite, and a foreign key holding it is a reference
	// by its other columns.
	RuleRoutingKeyPart = "routing-key-part"
	// RuleSharedKeyPart: a table with two or more composite declared
	// keys, one column of which is part of every one, is owned by that
	// column: every key says the rest is unique only within it (a
	// flight's boarding passes, numbered and seated within the flight,
	// beside a primary key by ticket and flight).
	RuleSharedKeyPart = "shared-key-part"
	// RuleAlternateNaturalKey: when the primary key is a surrogate (or
	// mirrors one), a one-column unique constraint or index on a natural
	// column is the identity — or on a declared reference whose only
	// sequence evidence is its data's density (the parent's numbering:
	// one row per parent).
	RuleAlternateNaturalKey = "alternate-natural-key"
	// RuleRandomIDYields: a one-column unique key on an application-made
	// random id (a uuid no default makes) says how one row is found, not
	// how the rows are grouped: a composite unique key that names an
	// owner ranks before it (a medium's tracks by position, each found by
	// its uuid through an index). A one-column primary key on such an id
	// yields the same way to a composite unique key whose owner is a
	// declared reference (a user's two-factor methods, one per type).
	RuleRandomIDYields = "random-id-yields"
	// RuleLoginFirst: within alternate-natural-key, among one-column
	// unique keys on identifiers, the handle a user signs in with
	// (username, login) ranks first: the identity the application uses,
	// beside personal numbers and codes found through an index.
	RuleLoginFirst = "login-first"
	// RuleHandleBeforeMail: within alternate-natural-key, a one-column
	// unique key on an e-mail address ranks after the table's other
	// one-column unique keys on natural columns (a username, a display
	// name): people change their address; the handle is the identity
	// others see.
	RuleHandleBeforeMail = "handle-before-mail"
	// RuleNullableKeyParts: a composite unique constraint or index whose
	// parts are declared nullable but hold no NULL in any row names its
	// owner as composite-key-owner does, after the keys the declaration
	// alone proves.
	// A partial unique index whose predicate only leaves out rows where a
	// part of it is NULL (WHERE iid IS NOT NULL) counts as a whole one.
	// A one-column unique key on a nullable column with no NULL is the
	// identity the same way, before a column only the data shows unique.
	RuleNullableKeyParts = "nullable-key-parts"
	// RuleKeylessOwnerFirst: a table without a primary key declares its
	// identity only in unique constraints and indexes: a composite one
	// that names an owner (composite-key-owner) ranks before the
	// one-column ones (alternate-natural-key), which stay lookups — the
	// composite key says how the rows are grouped, the one-column key
	// how one is found (a room's current state by (type, state_key),
	// beside the event each entry came from).
	RuleKeylessOwnerFirst = "keyless-owner-first"
	// RuleListedKeyOwner: within composite-key-owner, the part of the
	// key that leads more of the source's ordinary indexes of several
	// columns than any other part (at least two) is how the application
	// lists the rows: it owns them, before the reference the table is
	// named after (a person's votes, read in several orders, beside the
	// post the table is named after).
	RuleListedKeyOwner = "listed-key-owner"
	// RuleVariedKeyPart: within composite-key-owner, after the
	// references and codes of the key, when a part of the key is a kind
	// (fewer values than √rows, the hottest holding at least half the
	// rows), its other parts with at least √rows values own the rest of
	// the key, most values first (an address beside its two-value
	// medium).
	RuleVariedKeyPart = "varied-key-part"
	// RuleNamelessCodeYields: within composite-key-owner, a code of the
	// table's own with fewer values than √rows whose name identifies no
	// table of the schema (an app id beside no apps table) is a kind of
	// the rows: another code of the key with at least √rows values owns
	// them first. A code named after a table is a parent's id (teamid
	// beside teams), an owner however few its values.
	RuleNamelessCodeYields = "nameless-code-yields"
	// RuleMadeIDOwner: a one-column integer primary key whose values the
	// database makes with a function of its own (a default that calls a
	// function, not a sequence's nextval, a uuid generator or the clock:
	// a snowflake) is no natural key; when a mandatory reference leads an
	// ordinary source index whose next column is that key, the source
	// lists the parent's rows in the key's order: the reference is the
	// partition key and the key the sort key.
	RuleMadeIDOwner = "made-id-owner"
	// RuleCalendarDate: a table named for time (a date dimension, a
	// calendar) whose date column is unique in every row is keyed by the
	// date: it is what the rows are, before a business code the data
	// shows unique.
	RuleCalendarDate = "calendar-date"
	// RuleDataUniqueNatural: no declared key is natural, but a column
	// named as an identifier (code, number, login, …) is unique in the
	// data, or nearly so (a business key with a few versions per value).
	RuleDataUniqueNatural = "data-unique-natural"
	// RuleNumberedValues: within data-unique-natural, a text column whose
	// values are zero-padded numbers of one width under one fixed prefix
	// (Supplier#000000001) holds codes a system issued, not names: an
	// identifier by its values, whatever its name.
	RuleNumberedValues = "numbered-values"
	// RuleListedOwner: a table without a primary key, or keyed by its
	// own sequence (a surrogate), whose declared keys decide nothing, whose source lists its rows by one column in
	// two or more ordinary indexes (a user's notifications by room, and
	// by stream position): that column owns the rows, before a key with
	// versions only the data shows (the event each notification came
	// from).
	RuleListedOwner = "listed-owner"

	// RulePolymorphicOwner: within listed-owner, when every index the
	// owning column leads also holds one text kind of the rows (fewer
	// values than √rows, no reference), the pair (id, type) is a
	// polymorphic reference and the owner: the id alone repeats across
	// the kinds (a note's issue or merge request).
	RulePolymorphicOwner = "polymorphic-owner"

	// RuleRandomPKOwner: a one-column primary key on an application-made
	// random id, in a table whose source lists the rows by a reference in
	// two or more indexes, yields to that reference as the partition key;
	// the id stays a lookup.
	RuleRandomPKOwner = "random-pk-owner"
	// RuleTenantPrefix: a reference to the schema's tenant table (few
	// rows, referenced from most tables, part of their unique keys) is a
	// prefix of identity, never an owner alone: random-pk-owner passes it
	// by, a finer owner living in one tenant takes the rest of a unique
	// key that names the tenant as its sort key, a scored tenant yields
	// to a finer owner, names unique only today in a tenant's table are
	// no identity, and the tenant table is keyed by its primary key.
	RuleTenantPrefix = "tenant-prefix"
	// RuleSingleIndexOwner: within random-pk-owner, when no reference
	// leads two of the source's indexes, a reference that leads one (and
	// is never NULL, and has at least the square root of the rows in
	// values: one index is too little evidence to make a tenant of a few
	// dozen an owner, whatever its deletes cascade) owns the rows: a
	// report listed per website, found by its random id through an index.
	RuleSingleIndexOwner = "single-index-owner"
	// RuleFinerOwnerTiebreak: within random-pk-owner, of two references
	// that lead as many indexes, the one whose parent refers to the
	// other's parent is the finer owner and owns the rows (a session's
	// data, beside the website every session belongs to).
	RuleFinerOwnerTiebreak = "finer-owner-tiebreak"
	// RuleNamedOwnerTiebreak: within random-pk-owner, of two references
	// that lead as many indexes, neither finer, the one the table is
	// named after owns the rows (team_user's team); the other stays a
	// lookup.
	RuleNamedOwnerTiebreak = "named-owner-tiebreak"
	// RuleNamedPairSort (sort keys): within named-owner-tiebreak, a
	// table named after both parents (team_user) whose pair of
	// references is unique in the data takes the other parent's
	// reference as the sort key: one membership per pair.
	RuleNamedPairSort = "named-pair-sort"
	// RuleHandfulOfRows (gate): in a table of a handful of rows (fewer
	// than ten) with a declared key that no foreign key refers to (a
	// referenced handful is a catalog the children name), a column
	// declared nullable or with
	// no meaning by its name (a mask, an amount), in no declared key, no reference and
	// leading no source index, is no key attribute, however
	// set and unique those rows show it: so few rows are no statistics,
	// and the table is decided by its declared keys, references and
	// indexes (an installer's access codes and roles).
	RuleHandfulOfRows = "handful-of-rows"
	// RuleOwnedCode: a code that repeats only across the rows' owner (a
	// reference to a natural key) and is unique within it, by the data:
	// the owner is the partition key, the code the sort key.
	RuleOwnedCode = "owned-code"
	// RuleScoredCandidates: the gated candidates ranked by their evidence
	// of meaning and their statistics (the owning reference with an
	// ordering column, names with the identity as tiebreak, …).
	RuleScoredCandidates = "scored-candidates"
	// RuleRepeatedNameYields: a name or title of the row that repeats in
	// the data (fewer values than rows), in a table with a declared
	// reference NULL in some rows, is no identity — unique at most within
	// an owner some rows lack, it repeats across owners and changes — and
	// does not displace a primary key that other tables reference: the
	// children carry that key, and the name stays a lookup (an index it
	// leads is served, however few its values).
	RuleRepeatedNameYields = "repeated-name-yields"
	// RuleLookupNotIdentity: a column whose only evidence is that an
	// ordinary (non-unique) index leads with it — no name, no reference —
	// is a lookup, not an identity: it does not displace a primary key
	// that other tables reference, and stays an index.
	RuleLookupNotIdentity = "lookup-not-identity"
	// RuleNameOverMirroredKey: the scored choice is a one-column key that
	// mirrors another table's surrogate (a 1:1 extension: person keyed by
	// its business entity's id), and the table names its rows: people by
	// family name, then given names, a shop by its name; the mirrored key
	// ends the sort key as the tiebreak that keeps the item key unique.
	RuleNameOverMirroredKey = "name-over-mirrored-key"
	// RuleCoarserOwner: a reference to a parent that also owns the row
	// another reference of the table points at (a task's project, which
	// owns the task's board column) is an owner of the rows, never a
	// classification, whatever its number of values.
	RuleCoarserOwner = "coarser-owner"
	// RuleOptionalPart: a mandatory reference to a parent that points
	// back at the row from a column it may leave empty makes the row an
	// optional part of the parent (a status's poll): the parent owns it,
	// however 1:1 the link.
	RuleOptionalPart = "optional-part"
	// RuleUnindexedReference: a reference in no declared key and no
	// source index, in a table whose other columns the source indexes,
	// is read by nothing: it ranks below the references the source
	// indexes, and it does not displace a primary key other tables
	// reference (a row's last edit, a task's current column: references
	// that change over the row's life are no identity).
	RuleUnindexedReference = "unindexed-reference"
	// RuleJunctionIndexOrder: within composite-key-owner, a unique index
	// (not a constraint) made only of references is how the application
	// reads the pairs: its leading reference (no classification) owns
	// them, whatever the table is named after.
	RuleJunctionIndexOrder = "junction-index-order"
	// RuleDeclaredScopeTiebreak (sort keys): a partition key that a
	// unique constraint or index declares unique only within columns
	// that cannot be key attributes (NULL in some rows) takes the primary
	// key as its sort key, not a column unique only by today's data.
	RuleDeclaredScopeTiebreak = "declared-scope-tiebreak"
	// RuleKindBeforeTime (sort keys): in a sort key made of a declared
	// key, the columns the key places before its time that are kinds of
	// the rows (fewer values than √rows: a task category, a queue type)
	// and group several of an owner's rows each (rows at least twice the
	// owners times the kinds) keep their place ahead of the time: the key
	// says each kind's rows are one queue in time order. An owner's
	// history with one row per kind (an employee's titles) stays led by
	// its time.
	RuleKindBeforeTime = "kind-before-time"
	// RuleEpochTime (sort keys): an integer named as a date or time, no
	// identifier by its name, whose values are seconds since 1970 orders a
	// partition's items like a timestamp.
	RuleEpochTime = "epoch-time"
	// RuleListedOrder (sort keys): when no time alone makes the
	// partition key's rows unique, an ordinary source index that begins
	// with the partition key gives the order of its rows: its next
	// columns (never NULL, no time, no sequence of the table's own, no
	// reference) lead the sort
	// key, before a column unique only by chance, and the primary key
	// completes it when a check does not prove them unique.
	RuleListedOrder = "listed-order"
	// RuleReferenceTiebreak (sort keys): a partition key that is one
	// reference, unique only in today's data and by no declared key, takes
	// the primary key as its sort key: one row per parent is a
	// coincidence a later row may end.
	RuleReferenceTiebreak = "reference-tiebreak"
	// RuleMirroredReferenceOrder (sort keys): a reference whose values
	// are dense (its parent's numbering) is no sequence of the table: in
	// a sort key made of a declared key it keeps its place in the key, not
	// moved last as a surrogate tiebreak.
	RuleMirroredReferenceOrder = "mirrored-reference-order"
	// RuleOrdinalPosition (sort keys): an integer named as a row's place
	// in a list (position, ordinal, sort_order) is tried as a sort key
	// after the times: a partition's items in the order the application
	// shows them.
	RuleOrdinalPosition = "ordinal-position"
	// RuleUniqueKeyPrefix (access paths): a unique key of three or more
	// columns led by a classification whose leading two columns together
	// are no classification is read by those two as well (the source's
	// index serves the prefix): when the base key does not serve them,
	// they are a lookup, led by the column that is no classification.
	RuleUniqueKeyPrefix = "unique-key-prefix"
	// RuleInferredOwnerList (access paths): a table that declares no
	// foreign key keeps its references in the application: a reference
	// inferred to a natural key outside every declared key (no
	// classification, no 1:1 link, led by no source index) is its
	// owner's list, served as a foreign key's.
	RuleInferredOwnerList = "inferred-owner-list"
	// RuleIndexedFlag: a column of no named role whose only evidence is
	// an ordinary index leading with it, and which holds fewer values
	// than √rows, is a status or flag the application filters by: never
	// a partition key on its own. A column a declared key names is part
	// of the rows' identity and is left alone.
	RuleIndexedFlag = "indexed-flag"
	// RulePayloadNotKey: a binary column (bytea) that no key, index or
	// reference names is the row's payload, never a key candidate.
	RulePayloadNotKey = "payload-not-key"
	// RuleSequenceOnlyFallback: nothing natural passes: the table's own
	// key (a surrogate) is the partition key, with a warning.
	RuleSequenceOnlyFallback = "sequence-only-fallback"
)

// KeyRules lists the decision list's partition key rules in priority
// order (RuleEpochTime and RuleDeclaredScopeTiebreak decide sort keys).
var KeyRules = []string{
	RuleDeclaredNaturalKey, RuleAssignedOwnerNumber, RuleSharedKeyPart, RuleParentKeyPrefix, RuleCompositeKeyOwner, RuleRoutingKeyPart, RuleAlternateNaturalKey, RuleLoginFirst, RuleHandleBeforeMail, RuleRandomIDYields, RuleJunctionIndexOrder, RuleListedKeyOwner, RuleKeylessOwnerFirst, RuleVariedKeyPart, RuleNamelessCodeYields, RuleNullableKeyParts, RuleMadeIDOwner, RuleCalendarDate,
	RuleDataUniqueNatural, RuleNumberedValues, RuleOwnedCode, RuleListedOwner, RulePolymorphicOwner, RuleRandomPKOwner, RuleTenantPrefix, RuleSingleIndexOwner, RuleFinerOwnerTiebreak, RuleNamedOwnerTiebreak, RuleHandfulOfRows, RuleScoredCandidates, RuleOptionalPart, RuleCoarserOwner, RuleUnindexedReference, RuleLookupNotIdentity, RuleRepeatedNameYields, RuleNameOverMirroredKey, RuleIndexedFlag, RulePayloadNotKey, RuleSequenceOnlyFallback,
}

// proposal is a key a structural rule proposes.
type proposal struct {
	rule string
	pk   []string
	// rest are the columns of the declared key besides pk: with pk they
	// are proven unique by label. Empty for a data proposal.
	rest  []string
	label string
	why   string
	// ordered keeps rest in its declared order in the sort key.
	ordered bool
}

// structural runs the structural rules in order and returns the first
// proposal that passes, as a candidate and its sort key; nil when none
// does.
func (d *designer) structural(cands []*candidate) (*candidate, *sortKey, error) {
	props, err := d.candidateKeys()
	if err != nil {
		return nil, nil, err
	}
	for _, p := range props {
		c := d.proposed(p, cands)
		if c == nil {
			continue
		}
		var sk *sortKey
		switch {
		case p.label == "checked":
			sk, _ = d.sortKeyFrom(p.rest, "checked: unique in the data")
			if sk != nil {
				sk = d.holdTomorrow(c, sk)
			}
		case p.label != "" && p.ordered:
			sk, _ = d.sortKeyFromOrdered(p.rest, "unique by "+p.label)
		case p.label != "":
			sk, _ = d.sortKeyFrom(p.rest, "unique by "+p.label)
		default:
			var err error
			sk, err = d.sortKeyFor(c)
			if err != nil {
				return nil, nil, err
			}
		}
		if sk == nil {
			continue
		}
		c.why = append([]string{"rule " + p.rule + ": " + p.why}, c.why...)
		c.failures = nil
		return c, sk, nil
	}
	return nil, nil, nil
}

// proposed is the candidate of p's partition key — the scored one when the
// columns were scored, so the plan does not list it among the rejected —
// or nil when a column fails a hard gate: NULLs, no key type, too wide, or
// sequence evidence of the table's own (a reference to a parent's
// surrogate may be an owner).
func (d *designer) proposed(p proposal, cands []*candidate) *candidate {
	for _, name := range p.pk {
		col := d.t.Column(name)
		if col == nil || !d.usable(col) {
			return nil
		}
		if d.ownSequence(col) && p.rule != RuleAssignedOwnerNumber && p.rule != RuleTenantPrefix {
			return nil
		}
	}
	var c *candidate
	for _, cand := range cands {
		if slices.Equal(cand.columns(), p.pk) {
			c = cand
			break
		}
	}
	if c == nil {
		c = d.fromColumns(p.pk, p.why)
		if c == nil {
			return nil
		}
		c.meaning = meaningIdentifier
	}
	if len(c.parts) != len(c.cols) || keyBytes(c.parts) > plans.MaxPartitionKeyBytes {
		return nil
	}
	if len(c.cols) > 1 && slices.ContainsFunc(c.parts, func(k keyPart) bool {
		return k.part.Encoding == plans.EncNumber
	}) {
		return nil
	}
	return c
}

// usable reports whether a column can be a key attribute in every row: no
// NULLs (in the profile, or by its declaration when there are no rows to
// judge) and a type a key can hold.
func (d *designer) usable(col *catalog.Column) bool {
	cp := d.colProfile(col.Name)
	if cp != nil && d.rows() > 0 {
		if cp.Nulls > 0 {
			return false
		}
	} else if !col.NotNull {
		return false
	}
	if d.handfulNullable(col) {
		return false
	}
	_, why := keyPartFor(col, cp)
	return why == "" && !d.holdsEmpty(col, cp)
}

// handfulRows is the size below which a table's statistics say nothing
// about its future rows (rule handful-of-rows).
const handfulRows = 10

// handfulNullable reports whether a column is no key attribute because
// the table holds a handful of rows (fewer than handfulRows) and only
// they speak for it (rule handful-of-rows): the table has a declared key,
// no declared foreign key refers to it (a referenced handful is a catalog
// whose rows the children name: a media type by its name), and the column — declared nullable, or with no meaning by its name (a
// mask, an amount, a time) — is
// part of none, references nothing and leads no source index: an
// installer's five access codes, unique and set today, one NULL or
// repeated row away from a rejected or overwritten item. A NOT NULL
// column named as an identifier or a name (a warehouse's business id, a
// shift's name) is still one.
func (d *designer) handfulNullable(col *catalog.Column) bool {
	if !d.profiled() || d.rows() >= handfulRows || len(d.uniqueIndexes()) == 0 || len(d.node().referencedBy) > 0 || d.t.IsForeignKeyColumn(col.Name) ||
		col.NotNull && !slices.Contains([]role{roleOther, roleMeasure, roleTime}, roleOf(d.t.Name, col)) {
		return false
	}
	for _, k := range d.uniqueIndexes() {
		if slices.Contains(k.idx.Columns, col.Name) {
			return false
		}
	}
	for _, ix := range d.t.Indexes {
		if len(ix.Columns) > 0 && ix.Columns[0] == col.Name {
			return false
		}
	}
	return true
}

// ownSequence reports whether a column is a sequence-style id of the table
// itself: sequence evidence and no reference to another table.
func (d *designer) ownSequence(col *catalog.Column) bool {
	return sequenceEvidence(col, d.colProfile(col.Name)) != "" && d.referenceOf(col.Name) == nil
}

// referenceOf returns the declared reference a column leads, or nil.
func (d *designer) referenceOf(name string) *reference {
	return d.node().declaredReference(name)
}

// node is the table's node in the schema's graph.
func (d *designer) node() *tableNode {
	if d.n == nil {
		d.n = d.g.node(d.t, d.tp)
	}
	return d.n
}

// rowIDName reports whether a column is named as a row id of its table:
// id, *_id, *_sk (a surrogate key), *_key.
func rowIDName(name string) bool {
	ws := words(name)
	last := ws[len(ws)-1]
	return last == "id" || last == "sk" || last == "key" || len(ws) == 1 && strings.HasSuffix(last, "id")
}

// handleBeforeMail applies rule handle-before-mail to one-column unique
// keys in their order: a key on an e-mail address moves after the last
// key on a handle (username, login, nickname) or on the row's own name
// (a display name): people change their address, the handle is the
// identity others see. Other keys (a uuid, a code) keep their places.
func (d *designer) handleBeforeMail(ps []proposal) []proposal {
	handle := func(p proposal) bool {
		col := d.t.Column(p.pk[0])
		ws := words(col.Name)
		r := roleOf(d.t.Name, col)
		return r == roleName || r == roleDescriptive || r == roleIdentifier && (anyWord(ws, set("username", "login", "handle", "nick", "nickname")) || slices.Contains(ws, "user") && slices.Contains(ws, "name"))
	}
	mail := func(p proposal) bool { return anyWord(words(p.pk[0]), mailWords) }
	lastHandle := -1
	for i, p := range ps {
		if handle(p) {
			lastHandle = i
		}
	}
	var out, moved []proposal
	for i, p := range ps {
		if mail(p) && i < lastHandle {
			p.why += "; an e-mail address ranks after " + ps[lastHandle].pk[0] + ", which the table declares unique too: people change their address, the handle is the identity others see (rule " + RuleHandleBeforeMail + ")"
			moved = append(moved, p)
			continue
		}
		if i == lastHandle && len(moved) > 0 {
			p.why += "; it ranks before the e-mail address " + moved[0].pk[0] + ", also declared unique: people change their address, the handle is the identity others see (rule " + RuleHandleBeforeMail + ")"
		}
		out = append(out, p)
		if i == lastHandle {
			out = append(out, moved...)
		}
	}
	return out
}

// loginColumn reports whether a column is named as the handle a user signs
// in with: username, login, user_name, loginid.
func loginColumn(name string) bool {
	ws := words(name)
	j := strings.Join(ws, "")
	return anyWord(ws, set("username", "login")) || slices.Contains(ws, "user") && slices.Contains(ws, "name") || strings.HasPrefix(j, "login") || strings.HasPrefix(j, "username")
}

// mailWords name an e-mail address.
var mailWords = set("email", "mail")

// timeWords name a date or time: a reference to a date dimension orders
// rows, it owns none.
var timeWords = set("date", "time", "day", "month", "year", "week", "quarter", "hour", "timestamp")

// declaredNaturalKey proposes a one-column primary key that is no
// sequence-style id and references no surrogate (a 1:1 extension keyed by
// its parent's surrogate mirrors it).
func (d *designer) declaredNaturalKey() []proposal {
	pk := d.t.PrimaryKey
	if pk == nil || !pk.KeyCandidate() || len(pk.Columns) != 1 {
		return nil
	}
	col := d.t.Column(pk.Columns[0])
	if col == nil || sequenceEvidence(col, d.colProfile(col.Name)) != "" {
		return nil
	}
	if col.Category == "N" && rowIDName(col.Name) {
		// An integer named as the row's id numbers the rows of this
		// table, loaded or not: no natural key.
		return nil
	}
	if r := d.referenceOf(col.Name); r != nil && r.surrogate {
		return nil
	}
	return []proposal{{rule: RuleDeclaredNaturalKey, pk: pk.Columns, label: "primary key " + pk.Name + " (" + col.Name + ")",
		why: "primary key " + pk.Name + " (" + col.Name + ") is a natural key: no sequence evidence, and it mirrors no other table's surrogate"}}
}

// assignedOwnerNumber proposes the one-column primary key of rule
// assigned-owner-number.
func (d *designer) assignedOwnerNumber() []proposal {
	pk := d.t.PrimaryKey
	if pk == nil || !pk.KeyCandidate() || len(pk.Columns) != 1 || d.g == nil {
		return nil
	}
	col := d.t.Column(pk.Columns[0])
	cp := d.colProfile(pk.Columns[0])
	if col == nil || col.Category != "N" || cp == nil || cp.Sequence == nil || cp.Sequence.Kind != catalog.SeqDenseMonotonic || generated(col, nil) {
		return nil
	}
	var led []string
	for _, n := range d.g.nodes {
		o := n.table
		if o.Name == d.t.Name || o.Schema != d.t.Schema || o.PrimaryKey == nil || len(o.PrimaryKey.Columns) < 2 || o.PrimaryKey.Columns[0] != col.Name {
			continue
		}
		if oc := o.Column(col.Name); oc != nil && oc.BaseType == col.BaseType {
			led = append(led, o.Name)
		}
	}
	if len(led) < 2 {
		return nil
	}
	slices.Sort(led)
	if len(led) > 3 {
		led = append(led[:3], fmt.Sprintf("%d more", len(led)-3))
	}
	return []proposal{{rule: RuleAssignedOwnerNumber, pk: pk.Columns, label: "primary key " + pk.Name + " (" + col.Name + ")",
		why: fmt.Sprintf("primary key %s (%s) is dense, but no identity, sequence or default makes it, and it leads the primary keys of %s: a number the application assigns to the owner of their rows, not a surrogate", pk.Name, col.Name, strings.Join(led, ", "))}}
}

// parentKeyPrefix proposes the longest leading part (two columns or more)
// of the table's composite primary key that is another table's whole
// primary key, by column names and types (rule parent-key-prefix).
func (d *designer) parentKeyPrefix() []proposal {
	pk := d.t.PrimaryKey
	if pk == nil || !pk.KeyCandidate() || len(pk.Columns) < 3 || d.g == nil {
		return nil
	}
	best, parent := 0, ""
	for _, n := range d.g.nodes {
		o := n.table
		if o.Name == d.t.Name || o.Schema != d.t.Schema || o.PrimaryKey == nil {
			continue
		}
		k, name := o.PrimaryKey.Columns, o.Schema+"."+o.Name
		if len(k) < 2 || len(k) >= len(pk.Columns) || len(k) < best || len(k) == best && name > parent || !slices.Equal(k, pk.Columns[:len(k)]) {
			continue
		}
		same := true
		for _, c := range k {
			mine, theirs := d.t.Column(c), o.Column(c)
			if mine == nil || theirs == nil || mine.BaseType != theirs.BaseType {
				same = false
				break
			}
		}
		// A table holding this table's whole key points at one of its
		// rows: it is no owner.
		pointer := !slices.ContainsFunc(pk.Columns, func(c string) bool { return o.Column(c) == nil })
		if same && !pointer && ownIdentity(n, k[len(k)-1]) {
			best, parent = len(k), name
		}
	}
	if best == 0 {
		return nil
	}
	prefix, rest := pk.Columns[:best], pk.Columns[best:]
	label := fmt.Sprintf("primary key %s (%s)", pk.Name, strings.Join(pk.Columns, ", "))
	return []proposal{{rule: RuleParentKeyPrefix, pk: slices.Clone(prefix), rest: slices.Clone(rest), label: label, ordered: true,
		why: fmt.Sprintf("%s leads with (%s), the whole primary key of %s: a row of %s owns these rows, which (%s) numbers within it; the prefix is the partition key, the rest of the key in its declared order the sort key",
			label, strings.Join(prefix, ", "), parent, parent, strings.Join(rest, ", "))}}
}

// ownIdentity reports whether column last, the last column of n's
// composite primary key, identifies n's rows by itself: no reference to
// another table (a membership's user) and, when n has rows, unique in
// them (no version or position within the leading columns). The leading
// columns then route or scope the row (a shard, a namespace, a hash), and
// the row is an entity of its own that the whole key names.
func ownIdentity(n *tableNode, last string) bool {
	if slices.ContainsFunc(n.refs, func(r *reference) bool { return slices.Contains(r.columns, last) }) {
		return false
	}
	if n.profile == nil || n.profile.Rows == 0 {
		return true
	}
	cp := n.profile.Column(last)
	// A sampled profile's counts are estimates: within 1%.
	return cp != nil && cp.Nulls == 0 && cp.Distinct*100 >= n.profile.Rows*99
}

// compositeOwners proposes the owner of a composite key: pk the owner, the
// rest of the key the sort key.
func (d *designer) compositeOwners(ix *catalog.Index, kind string) []proposal {
	if ix == nil || !ix.KeyCandidate() || len(ix.Columns) < 2 {
		return nil
	}
	label := fmt.Sprintf("%s %s (%s)", kind, ix.Name, strings.Join(ix.Columns, ", "))
	// Rule routing-key-part: a part that only routes the row owns
	// nothing, and a key left with one other column is no composite.
	routing := slices.DeleteFunc(d.routingColumns(), func(c string) bool { return !slices.Contains(ix.Columns, c) })
	if len(ix.Columns)-len(routing) < 2 && len(routing) > 0 {
		return nil
	}
	if len(routing) > 0 {
		label += ", in which " + strings.Join(routing, ", ") + " only routes the row and owns nothing (rule " + RuleRoutingKeyPart + ")"
	}
	var nullable []string
	for _, c := range ix.Columns {
		col := d.t.Column(c)
		if col == nil {
			return nil
		}
		if !col.NotNull && !ix.NullsNotDistinct {
			// A part declared nullable that holds no NULL in any row
			// still keys the rows (rule nullable-key-parts); with no
			// rows to judge, the declaration decides.
			if cp := d.colProfile(c); cp == nil || d.rows() == 0 || cp.Nulls > 0 {
				return nil
			}
			nullable = append(nullable, c)
		}
	}
	if len(nullable) > 0 {
		label += ", whose nullable " + strings.Join(nullable, ", ") + " hold no NULL in any row"
	}
	// Classes, best first: the reference the table is named after
	// (order_lines → orders); a reference to a natural key; a code or
	// number of the table's own; a reference to a surrogate; then
	// (rule varied-key-part), when a part of the key is a kind (fewer
	// values than √rows, the hottest holding half the rows), the key's
	// other parts with at least √rows values, most values first (an
	// address beside its medium); last, a
	// reference with fewer values than √rows when another reference of
	// the key has more (a junction's category side: dept_emp's 9
	// departments beside its employees).
	var classes [6][]string
	var whys [6]string
	rows := d.rows()
	classified := func(name string) bool {
		n := d.distinctOf(name)
		return n > 0 && classification(n, rows)
	}
	otherRef := func(name string) bool {
		return slices.ContainsFunc(ix.Columns, func(o string) bool {
			return o != name && d.referenceOf(o) != nil && !classified(o) && !anyWord(words(o), timeWords)
		})
	}
	for _, name := range ix.Columns {
		col := d.t.Column(name)
		if d.ownSequence(col) || anyWord(words(name), timeWords) || roleOf(d.t.Name, col) == roleTime || slices.Contains(routing, name) {
			continue
		}
		r := d.referenceOf(name)
		switch {
		case r != nil && classified(name) && otherRef(name):
			classes[5] = append(classes[5], name)
			whys[5] = "references " + r.parent + "; few values, but no other column can own the rows"
		case r != nil && owner(d.t.Name, r.fk.RefTable):
			classes[0] = append(classes[0], name)
			whys[0] = "references " + r.parent + ", which the table is named after: the owner of its rows"
		case r != nil && !r.surrogate:
			classes[1] = append(classes[1], name)
			whys[1] = "references " + r.parent + ", the owner of its rows"
		case r == nil && roleOf(d.t.Name, col) == roleIdentifier:
			classes[2] = append(classes[2], name)
			whys[2] = "a code or number the rows share, which the rest of the key numbers within"
		case r != nil:
			classes[3] = append(classes[3], name)
			whys[3] = "references " + r.parent + ", whose rows own these"
		case d.distinctOf(name) > 0 && !classified(name) && d.keyHasKind(ix.Columns, classified):
			classes[4] = append(classes[4], name)
			whys[4] = "no reference and no code in the key: its part with the most values, the rest of the key within it (rule " + RuleVariedKeyPart + ")"
		}
	}
	slices.SortStableFunc(classes[4], func(a, b string) int { return cmp.Compare(d.distinctOf(b), d.distinctOf(a)) })
	// Rule nameless-code-yields: a code of the table's own with fewer
	// values than √rows whose name identifies no table of the schema
	// (app_id beside no apps table) is a kind of the rows, not a parent:
	// another code of the key with at least √rows values owns them
	// first. A code named after a table (teamid beside teams) is a
	// parent's id, an owner however few its values.
	if slices.ContainsFunc(classes[2], func(c string) bool { return !classified(c) }) {
		kinds := slices.DeleteFunc(slices.Clone(classes[2]), func(c string) bool { return !classified(c) || d.namesTable(c) })
		if len(kinds) > 0 {
			classes[2] = append(slices.DeleteFunc(classes[2], func(c string) bool { return slices.Contains(kinds, c) }), kinds...)
			whys[2] = "a code or number the rows share, which the rest of the key numbers within; " + strings.Join(kinds, ", ") + ", of fewer values than √rows and named after no table, is a kind of the rows and yields (rule " + RuleNamelessCodeYields + ")"
		}
	}
	if listed, n := d.listedKeyPart(ix, classified); listed != "" {
		// Rule listed-key-owner: the source lists the rows by one part
		// of the key in more ordinary indexes than by any other part:
		// that part owns them, before the reference the table is
		// named after.
		for i := range classes {
			classes[i] = slices.DeleteFunc(classes[i], func(c string) bool { return c == listed })
		}
		classes[0] = append([]string{listed}, classes[0]...)
		ref := "a part of the key"
		if r := d.referenceOf(listed); r != nil {
			ref = "references " + r.parent + ","
		}
		lw := fmt.Sprintf("%s and leads %d of the source's ordinary indexes of several columns, more than any other part of the key: the application lists the rows by it (rule %s)", ref, n, RuleListedKeyOwner)
		var out []proposal
		for i, cl := range classes {
			for _, name := range cl {
				why := whys[i]
				if name == listed {
					why = lw
				}
				out = append(out, proposal{rule: RuleCompositeKeyOwner, pk: []string{name}, rest: without(ix.Columns, []string{name}), label: label,
					why: fmt.Sprintf("%s says (%s) is unique only within %s: %s is the partition key (%s)", label, strings.Join(without(ix.Columns, []string{name}), ", "), name, name, why)})
			}
		}
		return out
	}
	if lead := d.leadingReference(ix, classified); lead != "" {
		// Rule junction-index-order: a unique index (not a constraint)
		// made only of references is how the application reads the
		// pairs: its leading reference owns them, whatever the table is
		// named after.
		for i := range classes {
			classes[i] = slices.DeleteFunc(classes[i], func(c string) bool { return c == lead })
		}
		leadWhy := "references " + d.referenceOf(lead).parent + " and leads the unique index the application reads the pairs by (rule " + RuleJunctionIndexOrder + ")"
		out := []proposal{{rule: RuleCompositeKeyOwner, pk: []string{lead}, rest: without(ix.Columns, []string{lead}), label: label,
			why: fmt.Sprintf("%s says (%s) is unique only within %s: %s is the partition key (%s)", label, strings.Join(without(ix.Columns, []string{lead}), ", "), lead, lead, leadWhy)}}
		for _, name := range ix.Columns {
			if name != lead && slices.ContainsFunc(classes[:], func(cl []string) bool { return slices.Contains(cl, name) }) {
				out = append(out, proposal{rule: RuleCompositeKeyOwner, pk: []string{name}, rest: without(ix.Columns, []string{name}), label: label,
					why: fmt.Sprintf("%s says (%s) is unique only within %s: %s is the partition key", label, strings.Join(without(ix.Columns, []string{name}), ", "), name, name)})
			}
		}
		return out
	}
	var out []proposal
	for i, cl := range classes {
		for _, name := range cl {
			out = append(out, proposal{rule: RuleCompositeKeyOwner, pk: []string{name}, rest: without(ix.Columns, []string{name}), label: label,
				why: fmt.Sprintf("%s says (%s) is unique only within %s: %s is the partition key (%s)", label, strings.Join(without(ix.Columns, []string{name}), ", "), name, name, whys[i])})
		}
	}
	return out
}

// namesTable reports whether a column's name identifies a table of the
// schema: its name less the id suffix (teamid, team_id) is the name of a
// table, singular or plural, or the table is named after it.
func (d *designer) namesTable(col string) bool {
	base := ownerBase(col)
	if base == "" {
		base = strings.Join(words(col), "")
	}
	if owner(d.t.Name, base) {
		return true
	}
	if d.g == nil {
		return false
	}
	for _, n := range d.g.nodes {
		if n.table.Schema != d.t.Schema {
			continue
		}
		tn := strings.Join(words(n.table.Name), "")
		if tn == base || singularOf(tn) == base {
			return true
		}
	}
	return false
}

// keyHasKind reports whether a part of a key is a kind, not an owner: a
// column with fewer values than √rows whose hottest value holds at least
// half the rows (a medium of two values: e-mail or phone).
func (d *designer) keyHasKind(cols []string, classified func(string) bool) bool {
	rows := d.rows()
	return slices.ContainsFunc(cols, func(c string) bool {
		cp := d.colProfile(c)
		return cp != nil && classified(c) && 2*hottest(cp, rows) >= rows
	})
}

// listedKeyPart is the part of a composite key that leads the most of the
// table's ordinary source indexes of two or more columns (partial ones
// included: each is a list the application reads), with their number: at
// least two, more than any other part of the key leads, and the part no
// classification, no time and no sequence of the table's own. "" when
// there is none.
func (d *designer) listedKeyPart(ix *catalog.Index, classified func(string) bool) (string, int) {
	lead := map[string]int{}
	for _, o := range d.t.Indexes {
		if len(o.Columns) > 1 && len(o.Expressions) == 0 && slices.Contains(ix.Columns, o.Columns[0]) {
			lead[o.Columns[0]]++
		}
	}
	best, bestN, second := "", 0, 0
	for _, c := range ix.Columns {
		switch n := lead[c]; {
		case n > bestN:
			best, bestN, second = c, n, bestN
		case n > second:
			second = n
		}
	}
	if bestN < 2 || second >= bestN {
		return "", 0
	}
	col := d.t.Column(best)
	if col == nil || classified(best) || anyWord(words(best), timeWords) || roleOf(d.t.Name, col) == roleTime || d.ownSequence(col) {
		return "", 0
	}
	return best, bestN
}

// leadingReference is the leading column of a composite unique index
// (not a constraint) every column of which is a declared reference, when
// it is no classification and no time, and no other composite index of
// the table leads with another column of the key; "" otherwise.
func (d *designer) leadingReference(ix *catalog.Index, classified func(string) bool) string {
	if ix.Constraint || len(ix.Columns) < 2 {
		return ""
	}
	for _, c := range ix.Columns {
		if d.referenceOf(c) == nil {
			return ""
		}
	}
	// Another composite index that leads with another column of the key
	// reads the pairs the other way round as well: the order is no
	// evidence then. (A one-column index on the other side is the
	// reverse lookup, not a second owner's list.)
	others := append(slices.Clone(d.t.Indexes), d.t.Uniques...)
	for i := range others {
		o := &others[i]
		if o.Name != ix.Name && len(o.Columns) > 1 && o.Columns[0] != ix.Columns[0] && slices.Contains(ix.Columns, o.Columns[0]) {
			return ""
		}
	}
	for _, c := range ix.Columns {
		col := d.t.Column(c)
		if classified(c) || anyWord(words(c), timeWords) || d.ownSequence(col) {
			continue
		}
		return c
	}
	return ""
}

// inheritedDensity reports whether a column's only sequence evidence is
// its data's density (no default, identity or sequence of its own) and it
// is a declared reference: the dense values are the parent's numbering,
// which the row carries, not a sequence of the table's.
func (d *designer) inheritedDensity(col *catalog.Column) bool {
	cp := d.colProfile(col.Name)
	if cp == nil || cp.Sequence == nil || cp.Sequence.Kind != catalog.SeqDenseMonotonic || generated(col, nil) {
		return false
	}
	return d.referenceOf(col.Name) != nil
}

// alternateNaturalKeys proposes one-column unique constraints and indexes
// on natural columns, identifiers by name first.
func (d *designer) alternateNaturalKeys() []proposal {
	var ids, others []proposal
	for _, u := range d.uniqueIndexes() {
		if u.idx == d.t.PrimaryKey || len(u.idx.Columns) != 1 {
			continue
		}
		col := d.t.Column(u.idx.Columns[0])
		if col == nil || sequenceEvidence(col, d.colProfile(col.Name)) != "" && !d.inheritedDensity(col) {
			continue
		}
		p := proposal{rule: RuleAlternateNaturalKey, pk: u.idx.Columns, label: u.label,
			why: u.label + " is the natural identity beside the table's surrogate"}
		if d.inheritedDensity(col) {
			p.why = u.label + " makes the row one per " + d.referenceOf(col.Name).parent + ": a 1:1 extension found by its parent's key, beside the table's own surrogate (its dense values are the parent's numbering, not the table's)"
		}
		switch roleOf(d.t.Name, col) {
		case roleIdentifier:
			ids = append(ids, p)
		case roleName, roleDescriptive, roleOther:
			others = append(others, p)
		}
	}
	// Rule login-first: among the identifiers, the handle a user signs
	// in with is the identity the application uses; a personal number
	// or a code beside it is found through an index.
	logins := slices.DeleteFunc(slices.Clone(ids), func(p proposal) bool { return !loginColumn(p.pk[0]) })
	if len(logins) > 0 && len(logins) < len(ids) {
		rest := slices.DeleteFunc(ids, func(p proposal) bool { return loginColumn(p.pk[0]) })
		for i := range logins {
			logins[i].why += "; the handle a user signs in with ranks before the table's other unique identifiers (" + strings.Join(func() []string {
				var n []string
				for _, p := range rest {
					n = append(n, p.pk[0])
				}
				return n
			}(), ", ") + ") (rule " + RuleLoginFirst + ")"
		}
		ids = append(logins, rest...)
	}
	return d.handleBeforeMail(append(ids, others...))
}

// listingColumn is the column that leads at least two of the table's
// ordinary source indexes, no classification, no time and no sequence
// of the table's own: the application lists the rows by it in more than
// one order (a user's notifications by room, and by stream position).
// "" when there is none, or more than one.
func (d *designer) listingColumn() string {
	lead := map[string]int{}
	for _, ix := range d.t.Indexes {
		if len(ix.Columns) > 0 && len(ix.Expressions) == 0 {
			lead[ix.Columns[0]]++
		}
	}
	var found string
	for name, n := range lead {
		col := d.t.Column(name)
		if n < 2 || col == nil || d.ownSequence(col) || anyWord(words(name), timeWords) || roleOf(d.t.Name, col) == roleTime {
			continue
		}
		if dn := d.distinctOf(name); dn == 0 || classification(dn, d.rows()) {
			continue
		}
		if found != "" {
			return ""
		}
		found = name
	}
	return found
}

// randomIDPrimaryKey is the column of a one-column primary key on an
// application-made random id (appID, with no time-ordered sequence
// evidence); "" otherwise.
func (d *designer) randomIDPrimaryKey() string {
	pk := d.t.PrimaryKey
	if pk == nil || len(pk.Columns) != 1 {
		return ""
	}
	col := d.t.Column(pk.Columns[0])
	if col == nil {
		return ""
	}
	cp := d.colProfile(col.Name)
	if !d.appID(col, cp) || cp.Sequence != nil {
		return ""
	}
	return col.Name
}

// listingReference is the one-column reference, declared or inferred from
// its name and values, never NULL, that leads the most of the table's
// ordinary source indexes — at least two, or one when no reference leads
// two (rule single-index-owner) — and that reference, with the tiebreak
// rule that chose it ("" when no tie was broken); "" when none, or when
// two lead as many and neither the finer owner (rule finer-owner-tiebreak)
// nor the table's name (rule named-owner-tiebreak) tells them apart. A
// reference is a parent's id however few its values.
func (d *designer) listingReference() (string, *reference, string) {
	lead := map[string]int{}
	for _, ix := range d.t.Indexes {
		if len(ix.Columns) > 0 && len(ix.Expressions) == 0 {
			lead[ix.Columns[0]]++
		}
	}
	best := 0
	var tied []*reference
	for _, r := range d.node().refs {
		if len(r.columns) != 1 || r.parent == qualified(d.t.Schema, d.t.Name) {
			continue
		}
		if col := d.t.Column(r.columns[0]); col == nil || !d.usable(col) || d.tenant(r.columns[0]) != nil {
			continue
		}
		if slices.ContainsFunc(tied, func(o *reference) bool { return o.columns[0] == r.columns[0] }) && lead[r.columns[0]] == best {
			continue
		}
		switch n := lead[r.columns[0]]; {
		case n == 0:
		case n > best:
			tied, best = []*reference{r}, n
		case n == best:
			tied = append(tied, r)
		}
	}
	if len(tied) == 0 {
		return "", nil, ""
	}
	if best == 1 {
		// One index is weaker evidence than two: a reference with fewer
		// values than the square root of the rows (a tenant of a few
		// dozen) classifies the rows rather than owning them, however
		// its deletes cascade.
		tied = slices.DeleteFunc(tied, func(r *reference) bool {
			cp := d.colProfile(r.columns[0])
			return cp != nil && classification(cp.Distinct, d.rows()-cp.Nulls)
		})
		if len(tied) == 0 {
			return "", nil, ""
		}
	}
	if len(tied) == 1 {
		return tied[0].columns[0], tied[0], ""
	}
	if r := d.finerOwner(tied); r != nil {
		return r.columns[0], r, RuleFinerOwnerTiebreak
	}
	if r := d.namedOwner(tied); r != nil {
		return r.columns[0], r, RuleNamedOwnerTiebreak
	}
	return "", nil, ""
}

// finerOwner is, among references that lead as many of the source's
// indexes, the one whose parent itself refers to every other one's parent
// (rule finer-owner-tiebreak): a session's data beside the session's
// website, a website's report beside the website's user. nil when none,
// or more than one, does.
func (d *designer) finerOwner(tied []*reference) *reference {
	if d.g == nil {
		return nil
	}
	var found *reference
	for _, r := range tied {
		p := d.g.nodes[r.parent]
		if p == nil {
			continue
		}
		all := true
		for _, o := range tied {
			if o == r {
				continue
			}
			if o.parent == r.parent || !slices.ContainsFunc(p.refs, func(pr *reference) bool { return pr.parent == o.parent }) {
				all = false
				break
			}
		}
		if all {
			if found != nil {
				return nil
			}
			found = r
		}
	}
	return found
}

// namedPair proposes, for a table named after two parents (team_user)
// whose first parent's reference owner owns the rows, the second parent's
// reference as the sort key when the pair is unique in the data (rule
// named-pair-sort): a membership is one per pair, and the parent's list
// reads its members. nil when no such reference, or the pair repeats.
func (d *designer) namedPair(owner string) (*proposal, error) {
	for _, r := range d.node().refs {
		if len(r.columns) != 1 || r.columns[0] == owner {
			continue
		}
		base := ownerBase(r.columns[0])
		if base == "" || !(strings.HasSuffix(d.t.Name, "_"+base) || strings.HasSuffix(d.t.Name, "_"+base+"s")) {
			continue
		}
		if col := d.t.Column(r.columns[0]); col == nil || !d.usable(col) || d.checks >= d.opts.MaxChecks {
			continue
		}
		res, err := d.check([]string{owner, r.columns[0]})
		if err != nil {
			return nil, err
		}
		if res.Unique {
			return &proposal{rule: RuleRandomPKOwner, pk: []string{owner}, rest: []string{r.columns[0]}, label: "checked",
				why: fmt.Sprintf("the table is named after %s's and %s's parents, and each pair is one row (%s): %s orders the owner's rows (rule %s)", owner, r.columns[0], res.Proof, r.columns[0], RuleNamedPairSort)}, nil
		}
	}
	return nil, nil
}

// namedOwner is, among references that lead as many of the source's
// indexes and none finer than the others, the one the table is named
// after (rule named-owner-tiebreak: team_user after team); nil when none,
// or more than one, is.
func (d *designer) namedOwner(tied []*reference) *reference {
	var found *reference
	for _, r := range tied {
		base := ownerBase(r.columns[0])
		if base == "" || !owner(d.t.Name, base) {
			continue
		}
		if found != nil {
			return nil
		}
		found = r
	}
	return found
}

// listedOwner proposes the column the source lists a keyless table's
// rows by (listingColumn) as its partition key (rule listed-owner): the
// sort key is the rest of the longest of its indexes whose columns hold
// no NULL and make the rows unique by a check, else the owning
// reference's ordering as the scoring picks it.
func (d *designer) listedOwner() ([]proposal, error) {
	randomPK := d.randomIDPrimaryKey()
	if d.t.PrimaryKey != nil && randomPK == "" {
		return nil, nil
	}
	name := d.listingColumn()
	var owner *reference
	var tiebreak string
	if randomPK != "" {
		name, owner, tiebreak = d.listingReference()
	}
	if name == "" {
		return nil, nil
	}
	var ixs []*catalog.Index
	var names []string
	for i := range d.t.Indexes {
		if ix := &d.t.Indexes[i]; len(ix.Columns) > 0 && ix.Columns[0] == name {
			ixs, names = append(ixs, ix), append(names, ix.Name)
		}
	}
	why := fmt.Sprintf("the table has no primary key and its source lists the rows by %s in %d indexes (%s): the owner of its rows", name, len(ixs), strings.Join(names, ", "))
	rule := RuleListedOwner
	if randomPK != "" {
		rule = RuleRandomPKOwner
		// Rule random-pk-owner: a one-column primary key on an
		// application-made random id finds one row but groups none;
		// the reference the source lists the rows by owns them, and
		// the id stays a lookup.
		why = fmt.Sprintf("primary key %s is an application-made random id that finds one row but groups none, and the source lists the rows by %s, a reference to %s (%s), in %d indexes (%s): the owner of its rows; %s stays a lookup (rule %s)", randomPK, name, owner.parent, owner.evidence, len(ixs), strings.Join(names, ", "), randomPK, RuleRandomPKOwner)
		if len(ixs) == 1 {
			why += fmt.Sprintf("; no reference leads two indexes, and %s leads one (rule %s)", name, RuleSingleIndexOwner)
		}
		if tiebreak != "" {
			why += fmt.Sprintf("; another reference leads as many, and %s wins the tie (rule %s)", name, tiebreak)
		}
	}
	if tiebreak == RuleNamedOwnerTiebreak {
		p, err := d.namedPair(name)
		if err != nil {
			return nil, err
		}
		if p != nil {
			p.why = why + "; " + p.why
			return []proposal{*p}, nil
		}
	}
	slices.SortStableFunc(ixs, func(a, b *catalog.Index) int { return cmp.Compare(len(b.Columns), len(a.Columns)) })
	for _, ix := range ixs {
		var rest []string
		for _, c := range ix.Columns[1:] {
			if cp := d.colProfile(c); cp == nil || cp.Nulls > 0 || len(ix.Expressions) > 0 {
				break
			}
			if d.impliedTenant(owner, c) {
				continue
			}
			rest = append(rest, c)
		}
		if len(rest) == 0 || d.checks >= d.opts.MaxChecks {
			continue
		}
		res, err := d.check(append([]string{name}, rest...))
		if err != nil {
			return nil, err
		}
		if res.Unique {
			return []proposal{{rule: rule, pk: []string{name}, rest: rest, label: "checked",
				why: why + "; the rest of " + ix.Name + " orders them (" + res.Proof + ")"}}, nil
		}
	}
	if p := d.tenantScoped(owner); p != nil {
		p.why = why + "; " + p.why
		return []proposal{*p}, nil
	}
	return []proposal{{rule: rule, pk: []string{name}, why: why}}, nil
}

// dataUniqueNatural proposes columns named as identifiers that the data
// shows unique, or nearly (at least one value per four rows: a business
// key with versions), and that reference nothing.
func (d *designer) dataUniqueNatural(exact bool) []proposal {
	rows := d.rows()
	if !d.profiled() || rows < minStatRows {
		return nil
	}
	type scored struct {
		p        proposal
		distinct int64
	}
	var out []scored
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		cp := d.colProfile(col.Name)
		// A part of a composite declared key is unique only within the
		// rest of it, however globally unique today's numbers are.
		numbered := roleOf(d.t.Name, col) != roleIdentifier && numberedValues(col, cp) && !d.inCompositeKey(col.Name)
		if cp == nil || cp.Nulls > 0 || roleOf(d.t.Name, col) != roleIdentifier && !numbered || exact != (cp.Distinct >= rows && !cp.DistinctEstimated) ||
			// Versions of a business key: a text code with at most two
			// rows per value on average.
			!exact && (cp.Distinct*2 < rows || col.Category != "S") ||
			d.t.IsForeignKeyColumn(col.Name) || sequenceEvidence(col, cp) != "" || d.impliedReference(col, cp) != "" ||
			len(d.t.ForeignKeys) > 0 && d.appID(col, cp) {
			continue
		}
		what := "unique in the data"
		if cp.Distinct < rows {
			what = fmt.Sprintf("%s values in %s rows (a business key with versions)", plans.Thousands(cp.Distinct), plans.Thousands(rows))
		}
		named := " is named as an identifier and "
		if numbered {
			named = " holds numbers issued under one prefix (" + strings.TrimRight(cp.Min, " ") + " … " + strings.TrimRight(cp.Max, " ") + "), codes rather than names (rule " + RuleNumberedValues + "), and is "
		}
		out = append(out, scored{proposal{rule: RuleDataUniqueNatural, pk: []string{col.Name},
			why: col.Name + named + what}, cp.Distinct})
	}
	slices.SortStableFunc(out, func(a, b scored) int {
		switch {
		case a.distinct > b.distinct:
			return -1
		case a.distinct < b.distinct:
			return 1
		}
		// Rule login-first breaks a tie: the handle a user signs in
		// with is the identity the application uses.
		switch la, lb := loginColumn(a.p.pk[0]), loginColumn(b.p.pk[0]); {
		case la && !lb:
			return -1
		case lb && !la:
			return 1
		}
		return 0
	})
	var ps []proposal
	for i, s := range out {
		if i == 0 && len(out) > 1 && loginColumn(s.p.pk[0]) && !loginColumn(out[1].p.pk[0]) && out[1].distinct == s.distinct {
			s.p.why += "; as unique as " + out[1].p.pk[0] + ", the handle a user signs in with ranks first (rule " + RuleLoginFirst + ")"
		}
		ps = append(ps, s.p)
	}
	return ps
}

// inCompositeKey reports whether a column is part of a declared key of
// two or more columns.
func (d *designer) inCompositeKey(name string) bool {
	return slices.ContainsFunc(d.uniqueIndexes(), func(u uniqueIndex) bool { return len(u.idx.Columns) > 1 && slices.Contains(u.idx.Columns, name) })
}

// minStatRows is the fewest rows whose statistics say anything.
const minStatRows = 2

// ownedCodes proposes (owning reference, code) pairs the data proves
// unique: a code named as an identifier that is nearly unique alone is
// unique within a reference to a natural key (a state's code within its
// country), so the reference owns it.
func (d *designer) ownedCodes() ([]proposal, error) {
	rows := d.rows()
	if !d.profiled() || rows < minStatRows {
		return nil, nil
	}
	var out []proposal
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		cp := d.colProfile(col.Name)
		if cp == nil || cp.Nulls > 0 || roleOf(d.t.Name, col) != roleIdentifier || cp.Distinct*2 < rows || cp.Distinct >= rows ||
			d.t.IsForeignKeyColumn(col.Name) || sequenceEvidence(col, cp) != "" {
			continue
		}
		for j := range d.t.ForeignKeys {
			fk := &d.t.ForeignKeys[j]
			if len(fk.Columns) != 1 {
				continue
			}
			r := d.referenceOf(fk.Columns[0])
			if r == nil || r.surrogate || anyWord(words(fk.Columns[0]), timeWords) || d.checks >= d.opts.MaxChecks {
				continue
			}
			res, err := d.check([]string{fk.Columns[0], col.Name})
			if err != nil {
				return nil, err
			}
			if !res.Unique {
				continue
			}
			out = append(out, proposal{rule: RuleOwnedCode, pk: fk.Columns, rest: []string{col.Name}, label: "checked",
				why: fmt.Sprintf("%s repeats across %s (%s values in %s rows) but is unique within it (%s): the owner is the partition key, the code the sort key",
					col.Name, r.parent, plans.Thousands(cp.Distinct), plans.Thousands(rows), res.Proof)})
		}
	}
	return out, nil
}

// mirrorsSurrogate reports whether a one-column candidate is the table's
// one-column key and references another table's surrogate: the row
// extends its parent one to one and carries the parent's meaningless
// number as its identity.
func (d *designer) mirrorsSurrogate(c *candidate) bool {
	if len(c.cols) != 1 || d.t.PrimaryKey == nil || !slices.Equal(d.t.PrimaryKey.Columns, c.columns()) {
		return false
	}
	r := d.referenceOf(c.cols[0].Name)
	return r != nil && r.surrogate
}

// nameOverMirror applies RuleNameOverMirroredKey: when chosen mirrors a
// surrogate and the table has a family name (people), or a text name of
// its own (a store's name), that passed every gate, the name is the
// partition key and the sort key is the given names (for people) then the
// mirrored key, unique by the primary key. nil when the rule does not
// apply.
func (d *designer) nameOverMirror(chosen *candidate, cands []*candidate) (*candidate, *sortKey) {
	if !d.mirrorsSurrogate(chosen) {
		return nil, nil
	}
	var name *candidate
	for _, want := range []role{roleFamilyName, roleName} {
		for _, c := range cands {
			if len(c.cols) == 1 && len(c.failures) == 0 && c.role == want && c.cols[0].Category == "S" {
				name = c
				break
			}
		}
		if name != nil {
			break
		}
	}
	if name == nil {
		return nil, nil
	}
	var cols []string
	if name.role == roleFamilyName {
		for i := range d.t.Columns {
			col := &d.t.Columns[i]
			if roleOf(d.t.Name, col) == roleGivenName && d.usable(col) {
				cols = append(cols, col.Name)
			}
		}
	}
	cols = append(cols, chosen.cols[0].Name)
	sk, _ := d.sortKeyFromOrdered(cols, "unique by primary key "+d.t.PrimaryKey.Name+" ("+chosen.cols[0].Name+")")
	if sk == nil {
		return nil, nil
	}
	r := d.referenceOf(chosen.cols[0].Name)
	name.why = append([]string{fmt.Sprintf("%s (primary key %s) mirrors %s's surrogate: the row extends it one to one and carries a number that means nothing to a reader, so the rows are found by their name, %s; %s ends the sort key because names repeat",
		chosen.cols[0].Name, d.t.PrimaryKey.Name, r.parent, name.cols[0].Name, chosen.cols[0].Name)}, name.why...)
	return name, sk
}

// madeID reports whether an integer column's values are made by the
// database with a function of its own: a default that calls a function
// that is no sequence's nextval, no uuid generator and no reading of the
// clock (timestamp_id('statuses'::text), a snowflake), with no identity or
// owned sequence. Such a value is no natural key, though the catalog
// shows no sequence.
func madeID(col *catalog.Column) bool {
	def := strings.ToLower(col.Default)
	if col.Category != "N" || !col.Codec().IsInteger() || col.Identity != "" || col.Sequence != "" || col.UUIDDefault != "" {
		return false
	}
	open := strings.Index(def, "(")
	if open <= 0 || strings.Contains(def, "nextval(") {
		return false
	}
	for _, clock := range []string{"now(", "current_", "localtime", "clock_timestamp", "statement_timestamp", "transaction_timestamp", "date_part", "extract", "epoch"} {
		if strings.Contains(def, clock) {
			return false
		}
	}
	fn := strings.TrimSpace(def[:open])
	fn = fn[strings.LastIndex(fn, ".")+1:]
	return fn != "" && !strings.ContainsFunc(fn, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
}

// madeIDOwner proposes, for a table keyed by a database-made id (madeID),
// the mandatory reference that leads an ordinary source index whose next
// column is the id (rule made-id-owner): the source lists the parent's rows
// in the id's order, so the parent is the partition key and the id the
// sort key, unique by the primary key.
func (d *designer) madeIDOwner() []proposal {
	pk := d.t.PrimaryKey
	if pk == nil || !pk.KeyCandidate() || len(pk.Columns) != 1 {
		return nil
	}
	id := d.t.Column(pk.Columns[0])
	if id == nil || !madeID(id) {
		return nil
	}
	var out []proposal
	for _, ix := range d.t.Indexes {
		if len(ix.Columns) < 2 || len(ix.Expressions) > 0 || ix.Columns[1] != id.Name || slices.ContainsFunc(out, func(p proposal) bool { return p.pk[0] == ix.Columns[0] }) {
			continue
		}
		ref := d.t.Column(ix.Columns[0])
		r := d.referenceOf(ix.Columns[0])
		if ref == nil || r == nil || !ref.NotNull {
			continue
		}
		if n := d.distinctOf(ref.Name); n > 0 && classification(n, d.rows()) {
			continue
		}
		label := "primary key " + pk.Name + " (" + id.Name + ")"
		out = append(out, proposal{rule: RuleMadeIDOwner, pk: []string{ref.Name}, rest: []string{id.Name}, label: label,
			why: fmt.Sprintf("%s is made by the database (default %s), no natural key; %s references %s and leads index %s (%s), which lists a parent's rows in %s order: the parent is the partition key, %s the sort key",
				id.Name, id.Default, ref.Name, r.parent, ix.Name, strings.Join(ix.Columns, ", "), id.Name, id.Name)})
	}
	return out
}

// sharedKeyPart proposes the one column that is part of every composite
// declared key of a table with two or more (rule shared-key-part): every
// key says the rest of it is unique only within that column, so it owns
// the rows. The sort key is the rest of a key the column leads, the
// primary key's last; the column is no time, no classification and no
// sequence of the table's own.
func (d *designer) sharedKeyPart() []proposal {
	var keys []uniqueIndex
	for _, u := range d.uniqueIndexes() {
		if len(u.idx.Columns) > 1 {
			keys = append(keys, u)
		}
	}
	if len(keys) < 2 {
		return nil
	}
	var shared []string
	for _, c := range keys[0].idx.Columns {
		if !slices.ContainsFunc(keys[1:], func(u uniqueIndex) bool { return !slices.Contains(u.idx.Columns, c) }) {
			shared = append(shared, c)
		}
	}
	if len(shared) != 1 {
		return nil
	}
	name := shared[0]
	col := d.t.Column(name)
	if col == nil || d.ownSequence(col) || anyWord(words(name), timeWords) || roleOf(d.t.Name, col) == roleTime {
		return nil
	}
	if n := d.distinctOf(name); n > 0 && classification(n, d.rows()) {
		return nil
	}
	slices.SortStableFunc(keys, func(a, b uniqueIndex) int {
		rank := func(u uniqueIndex) int {
			switch {
			case u.idx.Columns[0] == name && u.idx != d.t.PrimaryKey:
				return 0
			case u.idx != d.t.PrimaryKey:
				return 1
			}
			return 2
		}
		return rank(a) - rank(b)
	})
	var labels []string
	for _, u := range keys {
		labels = append(labels, u.label)
	}
	var out []proposal
	for _, u := range keys {
		out = append(out, proposal{rule: RuleSharedKeyPart, pk: []string{name}, rest: without(u.idx.Columns, []string{name}), label: u.label,
			why: fmt.Sprintf("%s is part of every declared key of the table (%s): each says the rest is unique only within %s, so %s owns the rows; the rest of %s is the sort key", name, strings.Join(labels, "; "), name, name, u.label)})
	}
	return out
}

// calendarDate proposes the date of a table named for time (rule
// calendar-date): a table whose name holds a time word (date_dim,
// calendar_days) and one date-typed column (a date, not a timestamp of
// when the row was made) unique in every row of the data and NULL in
// none: each row is that day, so the date is its identity.
func (d *designer) calendarDate() []proposal {
	rows := d.rows()
	if !d.profiled() || rows < minStatRows || !anyWord(words(d.t.Name), set("date", "day", "calendar")) {
		return nil
	}
	var found *catalog.Column
	for i := range d.t.Columns {
		col := &d.t.Columns[i]
		if col.Category != "D" || col.BaseType != "date" {
			continue
		}
		cp := d.colProfile(col.Name)
		if cp == nil || cp.Nulls > 0 || cp.Distinct < rows || cp.DistinctEstimated {
			continue
		}
		if found != nil {
			return nil
		}
		found = col
	}
	if found == nil {
		return nil
	}
	return []proposal{{rule: RuleCalendarDate, pk: []string{found.Name},
		why: fmt.Sprintf("the table is named for time and %s, its one date unique in every row, is the day each row is: its identity", found.Name)}}
}
