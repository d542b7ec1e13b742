package mapping

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// words splits an identifier into lower-case words, so that name evidence
// does not depend on how a schema spells it: "Customer Ref", customerRef,
// "CUSTOMER_REF" and customer_ref all give [customer ref]. Anything that is
// not a letter or digit separates words, and so does a lower-to-upper case
// change (camelCase) or the last capital of an acronym before a lower-case
// letter (HTTPServer → http server).
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// role is what a column's name and type say it holds, the evidence that
// ranks partition key candidates by meaning.
type role int

const (
	roleOther       role = iota // no evidence either way: competes on its statistics
	roleMeasure                 // an amount, quantity or flag: never an identity
	roleTime                    // a date or time: orders items, identifies nothing
	roleContact                 // phone, fax, postal code, url…: unique by accident
	rolePlace                   // the name of a place: repeats and changes
	roleGivenName               // a person's given or contact name: repeats and changes
	roleFamilyName              // a person's family name: how people are looked up
	roleDescriptive             // a descriptive text (company name, description)
	roleName                    // the row's own name or title
	roleIdentifier              // a code, handle, email, abbreviation, reference
)

var (
	identifierWords = set("code", "abbr", "abbrev", "abbreviation", "iso", "sku", "isbn", "ean", "upc", "slug", "handle",
		"username", "login", "email", "mail", "key", "ref", "reference", "serial", "uuid", "guid", "id", "no", "num", "number", "tag", "symbol", "ticker")
	givenWords   = set("first", "given", "middle", "contact", "full", "nick", "maiden", "fore", "firstname", "forename", "givenname", "fullname", "nickname")
	familyWords  = set("last", "family", "sur", "surname", "lastname", "familyname")
	placeWords   = set("address", "city", "country", "region", "state", "province", "street", "town", "county", "district", "place", "location", "territory")
	contactWords = set("phone", "fax", "postal", "zip", "postcode", "extension", "url", "photo", "picture", "notes", "note", "comment", "password")
	measureWords = set("amount", "price", "cost", "total", "qty", "quan", "quantity", "count", "sum", "freight", "discount", "salary", "stock", "sales", "balance", "level", "weight", "size", "length", "bytes", "milliseconds", "duration", "rate")
	nameWords    = set("name", "title", "label", "caption")
)

func set(ws ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func anyWord(ws []string, in map[string]bool) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return in[w] })
}

// roleOf classifies column c of table by its normalised name and its type.
// Identity-like words win over everything else (user_name is a handle,
// country_code a code); the table's own name or title comes next; people's
// and places' names are kept apart, since they repeat and change.
func roleOf(table string, c *catalog.Column) role {
	ws := words(c.Name)
	tw := words(table)
	joined := strings.Join(ws, "")
	if c.Category == "D" {
		return roleTime
	}
	if c.Category == "B" {
		return roleMeasure
	}
	if len(ws) == 1 && strings.HasPrefix(joined, "iso") && len(joined) <= 5 {
		return roleIdentifier // iso2, iso3: ISO-style codes
	}
	if len(ws) == 1 && len(joined) > 4 && (strings.HasSuffix(joined, "id") || strings.HasSuffix(joined, "no")) && !nameWords[joined] {
		ws = append(ws, joined[len(joined)-2:]) // customerid, empno: a run-together id
	}
	for _, suffix := range []string{"number", "code"} {
		if len(ws) == 1 && len(joined) > len(suffix)+2 && strings.HasSuffix(joined, suffix) {
			// accountnumber, currencycode, phonenumber: run together
			ws = append(ws, joined[:len(joined)-len(suffix)], suffix)
		}
	}
	switch {
	case anyWord(ws, contactWords):
		return roleContact
	case slices.Contains(ws, "user") && slices.Contains(ws, "name"), anyWord(ws, identifierWords):
		if countOf(ws) {
			break // s_number_employees, num_rows: a count, not an identifier
		}
		if c.Category == "N" && !slices.Contains(ws, "id") && !slices.Contains(ws, "no") && !slices.Contains(ws, "num") &&
			!slices.Contains(ws, "number") && !slices.Contains(ws, "code") && !slices.Contains(ws, "key") && !slices.Contains(ws, "serial") {
			break
		}
		return roleIdentifier
	}
	own := ownName(tw, ws, joined)
	switch {
	case anyWord(ws, familyWords) && (slices.Contains(ws, "name") || len(ws) == 1):
		return roleFamilyName
	case anyWord(ws, givenWords) && (slices.Contains(ws, "name") || len(ws) == 1):
		return roleGivenName
	case anyWord(ws, placeWords) && (own || !anyWord(ws, nameWords) || len(ws) == 1 || placeWords[ws[0]]):
		return rolePlace
	case own || len(ws) == 1 && nameWords[ws[0]]:
		return roleName
	case c.Category == "N":
		if anyWord(ws, measureWords) || c.Codec().IsInexact() {
			return roleMeasure
		}
		return roleOther
	case anyWord(ws, nameWords) || slices.Contains(ws, "description"):
		return roleDescriptive
	}
	return roleOther
}

// countOf reports whether a name's only identifier words are number, num or
// no before its last word: "number of employees" counts something.
func countOf(ws []string) bool {
	count := false
	for i, w := range ws {
		if !identifierWords[w] {
			continue
		}
		if i == len(ws)-1 || w != "number" && w != "num" && w != "no" {
			return false
		}
		count = true
	}
	return count
}

// ownName reports whether a column is named after its table: country.country,
// categories.categoryname, products.product_name, album.title is not (a
// bare title is caught as a name word).
func ownName(table, col []string, joined string) bool {
	t := strings.Join(table, "")
	s := singularOf(t)
	for _, base := range []string{t, s} {
		for _, suffix := range []string{"", "name", "title", "code"} {
			if joined == base+suffix {
				return true
			}
		}
	}
	return false
}

// schemaKey is a single-column primary key of a table; keysOf lists
// every one primary keys of every table, for
// recognising undeclared references.
type schemaKey struct {
	schema, table, column string
	profile               *catalog.ColumnProfile
	// ref is the key column's own reference ("schema.table.column"), when
	// the key mirrors another table's key (a 1:1 extension).
	ref string
	// numeric: the key column is of a numeric type.
	numeric bool
}

func keysOf(schema *catalog.Schema, profile *catalog.Profile) []schemaKey {
	var out []schemaKey
	for i := range schema.Tables {
		t := &schema.Tables[i]
		if t.PrimaryKey == nil || len(t.PrimaryKey.Columns) != 1 {
			continue
		}
		k := schemaKey{schema: t.Schema, table: t.Name, column: t.PrimaryKey.Columns[0]}
		if c := t.Column(k.column); c != nil {
			k.numeric = c.Category == "N"
		}
		for _, fk := range t.ForeignKeys {
			if len(fk.Columns) == 1 && fk.Columns[0] == k.column {
				k.ref = fk.RefSchema + "." + fk.RefTable + "." + fk.RefColumns[0]
			}
		}
		if profile != nil {
			if tp := profile.Table(t.Schema, t.Name); tp != nil {
				k.profile = tp.Column(k.column)
			}
		}
		out = append(out, k)
	}
	return out
}

// impliedReference names the key ("schema.table.column") an undeclared
// reference of column c points at in the schema's graph (inferReference:
// named after the key, values that fit), or "". cp is c's profile.
func (d *designer) impliedReference(c *catalog.Column, _ *catalog.ColumnProfile) string {
	if r := d.node().inferredReference(c.Name); r != nil {
		return r.target()
	}
	return ""
}

// within reports whether [lo, hi] lies inside [klo, khi], numerically for
// numbers and as text otherwise; unknown bounds do not refute.
func within(lo, hi, klo, khi, category string) bool {
	if lo == "" || hi == "" || klo == "" || khi == "" {
		return true
	}
	if category == "N" {
		var a, b, ka, kb float64
		if _, err := fmt.Sscan(lo, &a); err != nil {
			return true
		}
		if _, err := fmt.Sscan(hi, &b); err != nil {
			return true
		}
		if _, err := fmt.Sscan(klo, &ka); err != nil {
			return true
		}
		if _, err := fmt.Sscan(khi, &kb); err != nil {
			return true
		}
		return a >= ka && b <= kb
	}
	if category == "S" {
		// Text: compared as bytes, which only agrees with the database's
		// collation on plain ASCII of one case (codes, references). Text
		// that cannot be compared so proves nothing, and a text column
		// does not fit a text key merely by being text: unproven, it is
		// no reference.
		if ascii(lo) && ascii(hi) && ascii(klo) && ascii(khi) && sameCase(lo+hi+klo+khi) {
			return lo >= klo && hi <= khi
		}
		return false
	}
	return true
}

// valuesFit reports whether a column's values fit in a key column's, by
// the profiles: no more distinct values, the range inside the key's (text
// only where it compares), and, when the key's values are all listed
// among its top values, every top value of the column among them. Text
// needs values to compare: its bounds alone, or the key's full list.
func valuesFit(cp, kp *catalog.ColumnProfile, category string) bool {
	if cp.Distinct > kp.Distinct {
		return false
	}
	if kp.Distinct > 0 && int64(len(kp.TopValues)) >= kp.Distinct && len(cp.TopValues) > 0 {
		// The key's every value is known: containment is exact for the
		// column's most frequent values.
		have := map[string]bool{}
		for _, v := range kp.TopValues {
			have[v.Value] = true
		}
		for _, v := range cp.TopValues {
			if !have[v.Value] {
				return false
			}
		}
		return true
	}
	return within(cp.Min, cp.Max, kp.Min, kp.Max, category)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// sameCase reports whether s has no letters of both cases, and only
// letters, digits and '-': there byte order is every collation's order.
func sameCase(s string) bool {
	lower, upper := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9', c == '-':
		default:
			return false
		}
	}
	return !(lower && upper)
}

// classification reports whether a reference with distinct values over rows
// classifies rows rather than owning them: fewer values than the square
// root of the rows (film.language_id: 6 languages for 1,000 films) is a
// category, while an owner holds modest collections (album.artist_id: 204
// artists for 347 albums).
func classification(distinct, rows int64) bool {
	return rows > 0 && float64(distinct) < math.Sqrt(float64(rows))
}

// numberedValues reports whether a text column's values are numbers issued
// under one fixed prefix (rule numbered-values): its least and greatest
// values, and every most frequent value the profile lists, are the same
// prefix with a letter in it and no digit, then a zero-padded number of one
// width (Supplier#000000001 … Supplier#000000040, INV-00042). Such values
// are codes a system issued, not names people chose: an identifier by its
// values, whatever the column is called.
func numberedValues(col *catalog.Column, cp *catalog.ColumnProfile) bool {
	if col.Category != "S" || cp == nil || cp.Min == "" || cp.Max == "" {
		return false
	}
	split := func(v string) (string, string) {
		v = strings.TrimRight(v, " ")
		p := strings.TrimRight(v, "0123456789")
		return p, v[len(p):]
	}
	prefix, lo := split(cp.Min)
	p2, hi := split(cp.Max)
	if prefix != p2 || len(lo) < 3 || len(lo) != len(hi) || strings.ContainsAny(prefix, "0123456789") ||
		!strings.ContainsFunc(prefix, unicode.IsLetter) {
		return false
	}
	for _, tv := range cp.TopValues {
		if p, n := split(tv.Value); p != prefix || len(n) != len(lo) {
			return false
		}
	}
	return true
}
