package mapping

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// A plan that `plan` writes must be accepted by `review` and `load`
// unedited, whatever the source's identifiers look like. PostgreSQL names
// may hold spaces, capitals, quotes and any unicode up to 63 bytes;
// DynamoDB table names are 3 to 255 of [a-zA-Z0-9_.-]. This file derives
// the target names and the key attribute names, and says which tables cannot
// be DynamoDB tables at all. The plan's source keeps the original
// schema.name, so nothing is lost by the translation.

// hashLen is the number of hex digits of a name's disambiguating suffix:
// 32 bits, plenty to tell apart the few names of one database that sanitise
// alike.
const hashLen = 8

// maxTableName is DynamoDB's longest table name; maxPrefix is the longest
// table prefix, which leaves room for a 63-byte PostgreSQL name and a hash.
const (
	maxTableName = 255
	maxPrefix    = 200
)

// targetNames returns the DynamoDB table name of every table of tables, by
// qualified name: prefix + the table name with every character DynamoDB
// does not allow replaced by "_". A name is only changed when it must be:
// "rental" stays "rental", "Order Archive" becomes "Order_Archive".
//
// When several tables would get the same name (public.orders and
// archive.orders, or "Order Archive" beside "Order_Archive"), the table of
// schema public whose name needed no change keeps it, and every other one
// gets "_" and a hash of its qualified name: stable from one plan to the
// next wherever the collision exists (it depends on the qualified name
// alone, not on the other tables planned).
//
// The prefix is the user's own (--table-prefix) and is not rewritten: one
// DynamoDB refuses is an error, said once, rather than a plan of invalid
// names.
func targetNames(tables []catalog.Table, prefix string) (map[string]string, error) {
	if len(prefix) > maxPrefix {
		return nil, fmt.Errorf("table prefix %q: %d characters, at most %d leave room for the table names", prefix, len(prefix), maxPrefix)
	}
	for i := 0; i < len(prefix); i++ {
		if !allowedTableByte(prefix[i]) {
			return nil, fmt.Errorf("table prefix %q: DynamoDB table names allow only a-z A-Z 0-9 _ . -", prefix)
		}
	}
	out := make(map[string]string, len(tables))
	byName := map[string][]*catalog.Table{}
	var order []string
	for i := range tables {
		t := &tables[i]
		name := prefix + sanitizeTableName(t.Name)
		if _, ok := byName[name]; !ok {
			order = append(order, name)
		}
		byName[name] = append(byName[name], t)
	}
	taken := map[string]bool{}
	for _, name := range order {
		group := byName[name]
		for _, t := range group {
			keep := len(group) == 1 || t.Schema == "public" && sanitizeTableName(t.Name) == t.Name
			target := name
			if !keep || len(target) < 3 {
				target = withHash(name, t.QualifiedName())
			}
			out[t.QualifiedName()] = fitTableName(target, t.QualifiedName())
		}
	}
	// A hashed name can, in theory, equal another table's name: rehash
	// until every name is unique, in catalog order.
	for i := range tables {
		q := tables[i].QualifiedName()
		for n := 1; taken[out[q]]; n++ {
			out[q] = fitTableName(withHash(prefix+sanitizeTableName(tables[i].Name), q+"#"+strings.Repeat("+", n)), q)
		}
		taken[out[q]] = true
	}
	return out, nil
}

// sanitizeTableName replaces every character outside [a-zA-Z0-9_.-] by "_",
// one "_" per character (not per byte), so "Übersicht" becomes "_bersicht".
func sanitizeTableName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < 128 && allowedTableByte(byte(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func allowedTableByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-'
}

// withHash appends "_" and the hash of source to name.
func withHash(name, source string) string {
	return name + "_" + shortHash(source)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:hashLen]
}

// fitTableName cuts a name over DynamoDB's 255 characters (only possible
// with a long prefix) and keeps it apart from other cut names with the hash
// of source. Names are ASCII here, so bytes are characters.
func fitTableName(name, source string) string {
	if len(name) <= maxTableName {
		return name
	}
	return withHash(name[:maxTableName-hashLen-1], source)
}

// giveWayKeyAttributes renames the key attributes of pt when a column's
// attribute already has their name (a column called "pk" or "sk"): the
// column keeps its name, which the application knows, and the key attribute,
// which pg2ddb invented, gives way to "_pk" ("__pk", …).
func giveWayKeyAttributes(pt *plans.Table) {
	taken := map[string]bool{}
	for _, a := range pt.Attributes {
		taken[a.Name] = true
	}
	free := func(name string) string {
		for taken[name] {
			name = "_" + name
		}
		taken[name] = true
		return name
	}
	pt.PartitionKey.Attribute = free(pt.PartitionKey.Attribute)
	if pt.SortKey != nil {
		pt.SortKey.Attribute = free(pt.SortKey.Attribute)
	}
}

// unplannable says why t cannot be planned as a DynamoDB table, or "" when
// it can: a table none of whose columns can be a key part (only jsonb, say)
// has nothing to build a key from. pg2ddb skips it with this reason rather
// than inventing a synthetic key: a key made from a row's position means
// nothing, changes on a reload and would let a second load duplicate every
// item; a person who needs the rows can add a key column and plan again.
func unplannable(t *catalog.Table, tp *catalog.TableProfile) string {
	for i := range t.Columns {
		var cp *catalog.ColumnProfile
		if tp != nil && tp.Error == "" {
			cp = tp.Column(t.Columns[i].Name)
		}
		if _, why := keyPartFor(&t.Columns[i], cp); why == "" {
			return ""
		}
	}
	types := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		types[i] = c.Name + " " + c.BaseType
	}
	return "no column can be a DynamoDB key (" + strings.Join(types, ", ") +
		"): skipped rather than given a synthetic key that would mean nothing and change on every reload; add a key column to migrate it"
}
