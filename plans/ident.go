package plans

import (
	"errors"
	"fmt"
	"strings"
)

// TableName names a source table as a (schema, name) pair. Plans carry it
// as text (Table.Source, Skipped.Source) so that a file stays easy to read
// and edit, but the text is an exact encoding of the pair (String), not
// "schema" + "." + "name": a schema "a.b" with a table t and a schema a
// with a table "b.t" are different tables and must stay different all the
// way to the SELECT that reads them.
type TableName struct {
	Schema, Name string
}

// String is the pair as plans write it: schema.name, with a part put in
// double quotes (its double quotes doubled) when it holds a dot or a double
// quote or is empty, so the text reads back as the same pair: "a.b".t and
// a."b.t". Other parts are written as they are and read literally, upper
// case included, as plans always have: public.Film is the table "Film".
func (n TableName) String() string {
	return quotePart(n.Schema) + "." + quotePart(n.Name)
}

func quotePart(s string) string {
	if s != "" && !strings.ContainsAny(s, `."`) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// ParseTableName reads the text that TableName.String writes. An unquoted
// text with more than one dot is refused as ambiguous rather than split at
// a guess (plans written before names were quoted wrote "a.b.t" for both
// tables above).
func ParseTableName(s string) (TableName, error) {
	schema, rest, err := cutPart(s)
	if err != nil {
		return TableName{}, fmt.Errorf("source %q: %w", s, err)
	}
	if !strings.HasPrefix(rest, ".") {
		return TableName{}, fmt.Errorf("source %q is not schema.table", s)
	}
	name, rest, err := cutPart(rest[1:])
	if err != nil {
		return TableName{}, fmt.Errorf("source %q: %w", s, err)
	}
	if rest != "" {
		if strings.HasPrefix(rest, ".") {
			return TableName{}, fmt.Errorf(`source %q is ambiguous: put the schema or table name that holds a dot in double quotes, e.g. "a.b".t`, s)
		}
		return TableName{}, fmt.Errorf("source %q: unexpected %q after the table name", s, rest)
	}
	return TableName{Schema: schema, Name: name}, nil
}

// cutPart reads one part of a TableName text and returns it and the rest.
func cutPart(s string) (part, rest string, err error) {
	if !strings.HasPrefix(s, `"`) {
		i := strings.IndexByte(s, '.')
		if i < 0 {
			i = len(s)
		}
		if i == 0 {
			return "", "", errors.New("empty schema or table name (quote it: \"\")")
		}
		if strings.Contains(s[:i], `"`) {
			return "", "", fmt.Errorf("a name holding a double quote must be quoted: %q", s[:i])
		}
		return s[:i], s[i:], nil
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		if s[i] != '"' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '"' {
			b.WriteByte('"')
			i++
			continue
		}
		return b.String(), s[i+1:], nil
	}
	return "", "", errors.New("unterminated double quote")
}

// SourceTable returns the table's source as a (schema, name) pair.
func (t *Table) SourceTable() (TableName, error) { return ParseTableName(t.Source) }
