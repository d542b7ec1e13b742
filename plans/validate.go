package plans

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Problem is one thing wrong with a plan, at a location such as
// "tables[3].partition_key.parts[0].column".
type Problem struct {
	Path    string
	Message string
	// Line and Column are where Path is in the file (0 when unknown).
	Line, Column int
}

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("line %d: %s: %s", p.Line, p.Path, p.Message)
	}
	return p.Path + ": " + p.Message
}

// ValidationError lists every problem found in a plan.
type ValidationError struct {
	Problems []Problem
}

func (e *ValidationError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.String()
	}
	noun := "problems"
	if len(msgs) == 1 {
		noun = "problem"
	}
	return fmt.Sprintf("invalid plan (%d %s): %s", len(msgs), noun, strings.Join(msgs, "; "))
}

// MaxShards is the largest shard count a plan may carry: every shard is one
// more query for a reader of a logical key.
const MaxShards = 1000

// DynamoDB key value limits, in bytes.
const (
	MaxPartitionKeyBytes = 2048
	MaxSortKeyBytes      = 1024
)

// tableName is DynamoDB's table name rule: 3 to 255 of [a-zA-Z0-9_.-].
// PostgreSQL names are freer (spaces, quotes, any unicode), so the designer
// derives target names that follow it and keeps the original in source.
var tableName = regexp.MustCompile(`^[a-zA-Z0-9_.-]{3,255}$`)

// tablePrefix is what a table prefix may hold: the characters of a table
// name, any number of them up to the name's limit.
var tablePrefix = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,252}$`)

// maxAttributeNameBytes is DynamoDB's limit on the name of a key attribute
// (and of any attribute a key or projection expression names).
const maxAttributeNameBytes = 255

// Validate checks p and returns every problem with its location; none means
// the plan can be reviewed and loaded. It checks only what the plan says on
// its own; CheckLive compares it with a live database.
func Validate(p *Plan) []Problem {
	v := &validator{}
	if p.Version != FormatVersion {
		v.add("version", "unsupported plan version %d (this pg2ddb reads version %d)", p.Version, FormatVersion)
	}
	v.options(&p.Options)
	targets := map[string]int{}
	sources := map[TableName]int{}
	for i := range p.Tables {
		t := &p.Tables[i]
		at := fmt.Sprintf("tables[%d]", i)
		v.table(at, t)
		if t.Target != "" {
			if j, dup := targets[t.Target]; dup {
				v.add(at+".target", "duplicate target %q (also tables[%d])", t.Target, j)
			} else {
				targets[t.Target] = i
			}
		}
		if name, err := t.SourceTable(); err == nil {
			if j, dup := sources[name]; dup {
				v.add(at+".source", "duplicate source %q (also tables[%d])", t.Source, j)
			} else {
				sources[name] = i
			}
		}
	}
	return v.problems
}

type validator struct{ problems []Problem }

func (v *validator) add(path, format string, args ...any) {
	v.problems = append(v.problems, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

func (v *validator) options(o *Options) {
	if o.WriteRate < 1 {
		v.add("options.write_rate", "must be at least 1 WCU/s, got %d", o.WriteRate)
	}
	if o.Nulls != NullsOmit && o.Nulls != NullsWrite {
		v.add("options.nulls", "must be %q or %q, got %q", NullsOmit, NullsWrite, o.Nulls)
	}
	if o.FloatSpecials != FloatSpecialsReject && o.FloatSpecials != FloatSpecialsString {
		v.add("options.float_specials", "must be %q or %q, got %q", FloatSpecialsReject, FloatSpecialsString, o.FloatSpecials)
	}
	if o.TablePrefix != "" && !tablePrefix.MatchString(o.TablePrefix) {
		v.add("options.table_prefix", "%q cannot start a DynamoDB table name (only a-z A-Z 0-9 _ . -)", o.TablePrefix)
	}
	if o.MaxShards < 0 {
		v.add("options.max_shards", "must not be negative, got %d", o.MaxShards)
	}
}

func (v *validator) table(at string, t *Table) {
	if _, err := t.SourceTable(); err != nil {
		v.add(at+".source", "must be schema.table: %v", err)
	}
	if !tableName.MatchString(t.Target) {
		v.add(at+".target", "%q is not a DynamoDB table name (3-255 of a-z A-Z 0-9 _ . -)", t.Target)
	}
	// Every column the plan knows, so key parts can refer to attributes and
	// to excluded columns alike.
	columns := map[string]bool{}
	names := map[string]string{} // attribute name → column
	for i, a := range t.Attributes {
		ap := fmt.Sprintf("%s.attributes[%d]", at, i)
		v.attribute(ap, &a)
		if a.Column != "" {
			if columns[a.Column] {
				v.add(ap+".column", "column %q listed twice", a.Column)
			}
			columns[a.Column] = true
		}
		if a.Name != "" {
			if c, dup := names[a.Name]; dup {
				v.add(ap+".name", "attribute name %q already used by column %q", a.Name, c)
			}
			names[a.Name] = a.Column
		}
	}
	for i, e := range t.Excluded {
		ep := fmt.Sprintf("%s.excluded[%d]", at, i)
		if e.Column == "" {
			v.add(ep+".column", "missing")
			continue
		}
		if columns[e.Column] {
			v.add(ep+".column", "column %q is both an attribute and excluded", e.Column)
		}
		columns[e.Column] = true
	}
	v.key(at+".partition_key", &t.PartitionKey, columns, names)
	if t.SortKey != nil {
		v.key(at+".sort_key", t.SortKey, columns, names)
		if t.SortKey.Attribute != "" && t.SortKey.Attribute == t.PartitionKey.Attribute {
			v.add(at+".sort_key.attribute", "same attribute name %q as the partition key", t.SortKey.Attribute)
		}
	}
	if s := t.Sharding; s != nil {
		switch {
		case s.Shards < 1:
			v.add(at+".sharding.shards", "must be at least 1, got %d", s.Shards)
		case s.Shards > MaxShards:
			v.add(at+".sharding.shards", "at most %d, got %d: each shard is one more query per logical key", MaxShards, s.Shards)
		}
		if s.Shards > 1 && t.SortKey == nil {
			v.add(at+".sharding", "sharding needs a sort key: the shard is calculated from the sort key value")
		}
		if s.Shards > 1 && t.PartitionKey.Type != "S" {
			v.add(at+".sharding", "a sharded partition key must be of type S (it gets a \"#<shard>\" suffix), got %q", t.PartitionKey.Type)
		}
	}
	if d := t.Duplicates; d != nil {
		v.duplicates(at+".duplicates", t, d)
	}
	if o := t.Oversize; o != nil {
		if o.Rows < 0 || o.MinBytes < 0 {
			v.add(at+".oversize", "rows and min_bytes must not be negative, got %d and %d", o.Rows, o.MinBytes)
		}
		for i, c := range o.Columns {
			if c.Column == "" || c.MaxBytes < 0 {
				v.add(fmt.Sprintf("%s.oversize.columns[%d]", at, i), "needs a column and a max_bytes not negative")
			}
		}
	}
	v.indexes(at, t)
	switch t.Capacity.Mode {
	case OnDemand:
	case Provisioned:
		if t.Capacity.ReadUnits < 1 || t.Capacity.WriteUnits < 1 {
			v.add(at+".capacity", "provisioned mode needs read_units and write_units of at least 1")
		}
	default:
		v.add(at+".capacity.mode", "must be %q or %q, got %q", OnDemand, Provisioned, t.Capacity.Mode)
	}
}

// indexName is DynamoDB's index name rule, the same as a table name's.
var indexName = tableName

// indexes checks the proposed global secondary indexes: DynamoDB's limit
// of MaxIndexes per table, names it accepts and that are unique, a known
// projection, and keys on attributes the load writes with the key's type:
// an index key attribute of another type makes DynamoDB refuse every put
// of an item that has it.
func (v *validator) indexes(at string, t *Table) {
	if len(t.Indexes) > MaxIndexes {
		v.add(at+".indexes", "at most %d global secondary indexes per table (DynamoDB's limit), got %d", MaxIndexes, len(t.Indexes))
	}
	attrs := map[string]*Attribute{}
	for i := range t.Attributes {
		attrs[t.Attributes[i].Name] = &t.Attributes[i]
	}
	seen := map[string]int{}
	for i := range t.Indexes {
		ix := &t.Indexes[i]
		ip := fmt.Sprintf("%s.indexes[%d]", at, i)
		if !indexName.MatchString(ix.Name) {
			v.add(ip+".name", "%q is not a DynamoDB index name (3-255 of a-z A-Z 0-9 _ . -)", ix.Name)
		} else if j, dup := seen[ix.Name]; dup {
			v.add(ip+".name", "duplicate index name %q (also indexes[%d])", ix.Name, j)
		} else {
			seen[ix.Name] = i
		}
		switch ix.Projection {
		case ProjectAll, ProjectKeys:
			if len(ix.NonKeyAttributes) > 0 {
				v.add(ip+".non_key_attributes", "only with projection %s", ProjectInclude)
			}
		case ProjectInclude:
			if len(ix.NonKeyAttributes) == 0 {
				v.add(ip+".non_key_attributes", "projection %s needs at least one attribute", ProjectInclude)
			}
		default:
			v.add(ip+".projection", "must be %s, %s or %s, got %q", ProjectAll, ProjectKeys, ProjectInclude, ix.Projection)
		}
		v.indexKey(ip+".partition_key", t, &ix.PartitionKey, attrs)
		if ix.SortKey != nil {
			v.indexKey(ip+".sort_key", t, ix.SortKey, attrs)
			if ix.SortKey.Attribute == ix.PartitionKey.Attribute {
				v.add(ip+".sort_key.attribute", "same attribute %q as the index's partition key", ix.SortKey.Attribute)
			}
		}
	}
}

// indexKey checks one key of an index: one written attribute of one
// column, of the key's type, which must be S, N or B; or a derived
// attribute (Index), whose parts are written columns with an encoding
// that suits their attribute and whose name clashes with no other.
func (v *validator) indexKey(at string, t *Table, k *Key, attrs map[string]*Attribute) {
	if k.Type != "S" && k.Type != "N" && k.Type != "B" {
		v.add(at+".type", "must be S, N or B, got %q", k.Type)
	}
	a := attrs[k.Attribute]
	switch {
	case k.Attribute == "":
		v.add(at+".attribute", "missing")
		return
	case a == nil:
		v.derivedKey(at, t, k, attrs)
		return
	case a.Type != k.Type:
		v.add(at+".type", "attribute %q is written as %s, not %s", k.Attribute, a.Type, k.Type)
	}
	if len(k.Parts) != 1 {
		v.add(at+".parts", "an index key on a column's own attribute is that one column, got %d parts (a key of several columns is a derived attribute: give it a name of its own)", len(k.Parts))
	} else if k.Parts[0].Column != a.Column {
		v.add(at+".parts[0].column", "%q, but attribute %q holds column %q", k.Parts[0].Column, k.Attribute, a.Column)
	}
}

// derivedKey checks an index key written as a derived attribute.
func (v *validator) derivedKey(at string, t *Table, k *Key, attrs map[string]*Attribute) {
	switch {
	case len(k.Attribute) > maxAttributeNameBytes:
		v.add(at+".attribute", "key attribute names are at most %d bytes, got %d", maxAttributeNameBytes, len(k.Attribute))
	case k.Attribute == t.PartitionKey.Attribute || t.SortKey != nil && k.Attribute == t.SortKey.Attribute:
		v.add(at+".attribute", "%q is the base table's key attribute; a derived index key needs a name of its own", k.Attribute)
	}
	if len(k.Parts) == 0 {
		v.add(at+".parts", "a derived index key needs at least one column")
	}
	if len(k.Parts) > 1 && k.Type != "S" {
		v.add(at+".type", "a key of %d columns is a joined string: type must be S, got %q", len(k.Parts), k.Type)
	}
	byColumn := map[string]*Attribute{}
	for i := range t.Attributes {
		byColumn[t.Attributes[i].Column] = &t.Attributes[i]
	}
	for i, p := range k.Parts {
		pp := fmt.Sprintf("%s.parts[%d]", at, i)
		a := byColumn[p.Column]
		if a == nil {
			v.add(pp+".column", "%q is not written as an attribute, so the load has no value to derive the key from", p.Column)
			continue
		}
		if !Derivable(p, a, k.Type, len(k.Parts)) {
			v.add(pp+".encoding", "encoding %q of a key of type %s cannot be derived from attribute %q (%s, %s)", p.Encoding, k.Type, a.Name, a.Type, a.Encoding)
		}
		if p.Encoding == EncInteger && (p.Width < 1 || p.Width > 19) {
			v.add(pp+".width", "integer encoding needs a width of 1 to 19 digits, got %d", p.Width)
		}
	}
	for j := range t.Indexes {
		for _, o := range []*Key{&t.Indexes[j].PartitionKey, t.Indexes[j].SortKey} {
			if o != nil && o != k && o.Attribute == k.Attribute && (o.Type != k.Type || !slices.Equal(o.Parts, k.Parts)) {
				v.add(at+".attribute", "derived attribute %q is also a key of index %s with other parts or type: one attribute has one value", k.Attribute, t.Indexes[j].Name)
			}
		}
	}
}

// Derivable reports whether key part p of a key of type typ with n parts
// can be derived from the text the load writes for attribute a.
func Derivable(p KeyPart, a *Attribute, typ string, n int) bool {
	switch p.Encoding {
	case EncString:
		return typ == "S" && a.Encoding == AttrString
	case EncInteger:
		return typ == "S" && a.Encoding == AttrNumber
	case EncNumber:
		return typ == "N" && n == 1 && a.Encoding == AttrNumber
	case EncBinary:
		return typ == "B" && n == 1 && a.Encoding == AttrBinary
	case EncHex:
		return typ == "S" && a.Encoding == AttrBinary
	case EncDate, EncTimestamp, EncTimestampTZ:
		// The attribute encodings of dates and times are the key
		// encodings of the same names.
		return typ == "S" && a.Encoding == p.Encoding
	}
	return false
}

// duplicates checks the whole-row duplicates choice: an occurrence number
// is text appended to the last key attribute, so that key must be a
// string.
func (v *validator) duplicates(at string, t *Table, d *Duplicates) {
	switch d.Action {
	case DuplicatesKeepOne:
	case DuplicatesNumber:
		last, name := &t.PartitionKey, "partition key"
		if t.SortKey != nil {
			last, name = t.SortKey, "sort key"
		}
		if last.Type != "S" {
			v.add(at+".action", "%q appends %s<n> to the %s, which must then be of type S, not %q; use %q or change the key",
				DuplicatesNumber, Separator, name, last.Type, DuplicatesKeepOne)
		}
	default:
		v.add(at+".action", "must be %q or %q, got %q", DuplicatesNumber, DuplicatesKeepOne, d.Action)
	}
	if d.Groups < 0 || d.Repeats < 0 {
		v.add(at, "groups and repeats must not be negative")
	}
}

// attributeEncodings lists, for each attribute encoding, the DynamoDB types
// it may produce.
var attributeEncodings = map[string][]string{
	AttrNumber:      {"N", "S"}, // S: numbers beyond DynamoDB's 38 digits
	AttrFloat:       {"N"},
	AttrString:      {"S"},
	AttrBool:        {"BOOL"},
	AttrBinary:      {"B"},
	AttrDate:        {"S"},
	AttrTimestamp:   {"S"},
	AttrTimestampTZ: {"S"},
	AttrJSON:        {"M", "L", "S"},
	AttrArray:       {"L"},
}

func (v *validator) attribute(at string, a *Attribute) {
	if a.Column == "" {
		v.add(at+".column", "missing")
	}
	if a.Name == "" {
		v.add(at+".name", "missing")
	} else if len(a.Name) > maxAttributeNameBytes {
		v.add(at+".name", "attribute names are at most %d bytes, got %d", maxAttributeNameBytes, len(a.Name))
	}
	switch a.Specials {
	case "":
	case FloatSpecialsString, SpecialsOmit, FloatSpecialsReject:
		if (a.Encoding != AttrFloat && a.Encoding != AttrNumber) || a.Type != "N" {
			v.add(at+".specials", "applies to a number or float attribute of type N, not encoding %q type %q", a.Encoding, a.Type)
		}
	default:
		v.add(at+".specials", "must be %q, %q or %q, got %q", FloatSpecialsString, SpecialsOmit, FloatSpecialsReject, a.Specials)
	}
	types, ok := attributeEncodings[a.Encoding]
	if !ok {
		v.add(at+".encoding", "unknown encoding %q (one of %s)", a.Encoding, strings.Join(sortedKeys(attributeEncodings), ", "))
		return
	}
	for _, t := range types {
		if t == a.Type {
			return
		}
	}
	v.add(at+".type", "encoding %q writes %s, not %q", a.Encoding, strings.Join(types, " or "), a.Type)
}

// keyEncodings are the key part encodings; only number and binary are
// restricted to a one-part key of type N or B.
var keyEncodings = map[string]bool{
	EncString: true, EncInteger: true, EncNumber: true, EncDate: true,
	EncTimestamp: true, EncTimestampTZ: true, EncBinary: true, EncHex: true,
}

func (v *validator) key(at string, k *Key, columns map[string]bool, names map[string]string) {
	if k.Attribute == "" {
		v.add(at+".attribute", "missing")
	} else if len(k.Attribute) > maxAttributeNameBytes {
		v.add(at+".attribute", "key attribute names are at most %d bytes, got %d", maxAttributeNameBytes, len(k.Attribute))
	} else if c, clash := names[k.Attribute]; clash {
		v.add(at+".attribute", "key attribute %q clashes with the attribute of column %q; rename one of them", k.Attribute, c)
	}
	if k.Type != "S" && k.Type != "N" && k.Type != "B" {
		v.add(at+".type", "key type must be S, N or B, got %q", k.Type)
	}
	if len(k.Parts) == 0 {
		v.add(at+".parts", "a key needs at least one column")
	}
	if len(k.Parts) > 1 && k.Type != "S" {
		v.add(at+".type", "a key of %d columns is a joined string: type must be S, got %q", len(k.Parts), k.Type)
	}
	seen := map[string]bool{}
	for i, p := range k.Parts {
		pp := fmt.Sprintf("%s.parts[%d]", at, i)
		switch {
		case p.Column == "":
			v.add(pp+".column", "missing")
		case !columns[p.Column]:
			v.add(pp+".column", "unknown column %q (not among attributes or excluded)", p.Column)
		case seen[p.Column]:
			v.add(pp+".column", "column %q used twice in the key", p.Column)
		}
		seen[p.Column] = true
		if !keyEncodings[p.Encoding] {
			v.add(pp+".encoding", "unknown key encoding %q (one of %s)", p.Encoding, strings.Join(sortedKeys(keyEncodings), ", "))
			continue
		}
		switch {
		case p.Encoding == EncNumber && (k.Type != "N" || len(k.Parts) != 1):
			v.add(pp+".encoding", "number encoding needs a one-column key of type N")
		case p.Encoding == EncBinary && (k.Type != "B" || len(k.Parts) != 1):
			v.add(pp+".encoding", "binary encoding needs a one-column key of type B")
		case k.Type == "N" && p.Encoding != EncNumber:
			v.add(pp+".encoding", "a key of type N needs number encoding, got %q", p.Encoding)
		case k.Type == "B" && p.Encoding != EncBinary:
			v.add(pp+".encoding", "a key of type B needs binary encoding, got %q", p.Encoding)
		}
		if p.Encoding == EncInteger && (p.Width < 1 || p.Width > 19) {
			v.add(pp+".width", "integer encoding needs a width of 1 to 19 digits, got %d", p.Width)
		}
		if p.Encoding != EncInteger && p.Width != 0 {
			v.add(pp+".width", "width applies only to integer encoding")
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
