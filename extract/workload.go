package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"
)

// ReadWorkload reads pg_stat_statements in the snapshot, read only, for the
// statements of the current database, and attributes them to the tables of
// schema. It never fails the run: when the extension is absent, not loaded
// or not readable, the Workload says so (Available false) and the design
// relies on the schema. Only a cancelled context is returned as an error.
func ReadWorkload(ctx context.Context, s *Snapshot, schema *catalog.Schema) (*catalog.Workload, error) {
	w := &catalog.Workload{}
	// Live write counts, the evidence for permanent write sharding: rows
	// written since the statistics reset, over the time since.
	err := s.scoped(ctx, "", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT t.schemaname, t.relname, t.n_tup_ins + t.n_tup_upd + t.n_tup_del,
			extract(epoch FROM now() - coalesce(d.stats_reset, pg_catalog.pg_postmaster_start_time()))::float8
			FROM pg_catalog.pg_stat_user_tables t, pg_catalog.pg_stat_database d WHERE d.datname = pg_catalog.current_database()`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var tw catalog.TableWrites
			if err := rows.Scan(&tw.Schema, &tw.Table, &tw.Writes, &tw.Seconds); err != nil {
				return err
			}
			if schema.Table(tw.Schema, tw.Table) != nil {
				w.Writes = append(w.Writes, tw)
			}
		}
		return rows.Err()
	})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		w.Writes = nil // statistics unreadable: no evidence for sharding
	}
	type stmt struct {
		query       string
		calls, rows int64
	}
	var stmts []stmt
	var extSchema string
	err = s.scoped(ctx, "", func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_stat_statements'`).Scan(&extSchema)
		if err == pgx.ErrNoRows {
			return nil
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT s.query, s.calls, s.rows FROM `+pgx.Identifier{extSchema, "pg_stat_statements"}.Sanitize()+` s
			JOIN pg_catalog.pg_database d ON d.oid = s.dbid WHERE d.datname = pg_catalog.current_database() AND s.query IS NOT NULL`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var st stmt
			if err := rows.Scan(&st.query, &st.calls, &st.rows); err != nil {
				return err
			}
			stmts = append(stmts, st)
		}
		return rows.Err()
	})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	switch {
	case err != nil:
		w.Summary = "pg_stat_statements is not readable (" + oneLine(err.Error()) + "): the design relies on the schema alone"
		return w, nil
	case extSchema == "":
		w.Summary = "pg_stat_statements is not installed in this database: the design relies on the schema alone"
		return w, nil
	}
	w.Available = true
	w.Statements = len(stmts)
	acc := map[string]*catalog.WorkloadLookup{}
	var order []string
	for _, st := range stmts {
		found := parseFilters(st.query, schema)
		if len(found) == 0 {
			continue
		}
		w.Parsed++
		for _, f := range found {
			k := f.schema + "\x00" + f.table + "\x00" + strings.Join(f.cols, "\x00")
			l, ok := acc[k]
			if !ok {
				l = &catalog.WorkloadLookup{Schema: f.schema, Table: f.table, Columns: f.cols}
				acc[k] = l
				order = append(order, k)
			}
			l.Calls += st.calls
			l.Rows += st.rows
			l.Join = l.Join || f.join
		}
	}
	for _, k := range order {
		w.Lookups = append(w.Lookups, *acc[k])
	}
	slices.SortStableFunc(w.Lookups, func(a, b catalog.WorkloadLookup) int {
		if a.Calls != b.Calls {
			if a.Calls > b.Calls {
				return -1
			}
			return 1
		}
		return 0
	})
	w.Summary = fmt.Sprintf("pg_stat_statements: %d statements of this database read, %d filter or join on columns of planned tables (%d table lookups)",
		w.Statements, w.Parsed, len(w.Lookups))
	return w, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// filter is one table's column set a statement filters or joins on.
type filter struct {
	schema, table string
	cols          []string
	join          bool
}

// token kinds of the tokenizer.
const (
	tokIdent = iota // a name, possibly qualified: parts in tok.parts
	tokParam        // $1, or a literal number or string
	tokOp           // = < > IN and punctuation
	tokKeyword
)

type token struct {
	kind  int
	text  string   // lower-cased keyword or operator
	parts []string // the name's parts, quoted ones verbatim
}

var sqlKeywords = map[string]bool{
	"select": true, "from": true, "where": true, "and": true, "or": true, "not": true, "join": true, "inner": true,
	"left": true, "right": true, "full": true, "outer": true, "cross": true, "on": true, "as": true, "in": true,
	"any": true, "group": true, "order": true, "by": true, "limit": true, "offset": true, "having": true, "update": true,
	"set": true, "delete": true, "insert": true, "into": true, "values": true, "returning": true, "is": true, "null": true,
	"like": true, "ilike": true, "between": true, "exists": true, "distinct": true, "case": true, "when": true, "then": true,
	"else": true, "end": true, "union": true, "all": true, "with": true, "using": true, "lateral": true, "for": true,
	"true": true, "false": true, "asc": true, "desc": true, "natural": true, "only": true,
}

// tokenize splits normalised statement text into tokens, conservatively:
// anything it does not understand becomes an operator token, which breaks
// the patterns parseFilters looks for rather than faking one.
func tokenize(q string) []token {
	var out []token
	rs := []rune(q)
	i := 0
	readName := func() (string, bool) {
		if rs[i] == '"' {
			var b strings.Builder
			i++
			for i < len(rs) {
				if rs[i] == '"' {
					if i+1 < len(rs) && rs[i+1] == '"' {
						b.WriteRune('"')
						i += 2
						continue
					}
					i++
					return b.String(), true
				}
				b.WriteRune(rs[i])
				i++
			}
			return b.String(), true
		}
		start := i
		for i < len(rs) && (unicode.IsLetter(rs[i]) || unicode.IsDigit(rs[i]) || rs[i] == '_' || rs[i] == '$') {
			i++
		}
		return strings.ToLower(string(rs[start:i])), false
	}
	for i < len(rs) {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			i++
		case r == '-' && i+1 < len(rs) && rs[i+1] == '-':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case r == '$' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]):
			i++
			for i < len(rs) && unicode.IsDigit(rs[i]) {
				i++
			}
			out = append(out, token{kind: tokParam})
		case unicode.IsDigit(r):
			for i < len(rs) && (unicode.IsDigit(rs[i]) || rs[i] == '.') {
				i++
			}
			out = append(out, token{kind: tokParam})
		case r == '\'':
			i++
			for i < len(rs) {
				if rs[i] == '\'' {
					if i+1 < len(rs) && rs[i+1] == '\'' {
						i += 2
						continue
					}
					break
				}
				i++
			}
			i++
			out = append(out, token{kind: tokParam})
		case r == '"' || unicode.IsLetter(r) || r == '_':
			name, quoted := readName()
			if !quoted && sqlKeywords[name] {
				out = append(out, token{kind: tokKeyword, text: name})
				continue
			}
			parts := []string{name}
			for i+1 < len(rs) && rs[i] == '.' && (rs[i+1] == '"' || unicode.IsLetter(rs[i+1]) || rs[i+1] == '_') {
				i++
				n, _ := readName()
				parts = append(parts, n)
			}
			out = append(out, token{kind: tokIdent, parts: parts})
		default:
			i++
			op := string(r)
			if (r == '<' || r == '>' || r == '!') && i < len(rs) && (rs[i] == '=' || rs[i] == '>') {
				op += string(rs[i])
				i++
			}
			if r == ':' && i < len(rs) && rs[i] == ':' {
				op = "::"
				i++
			}
			out = append(out, token{kind: tokOp, text: op})
		}
	}
	return out
}

// parseFilters finds, in one normalised statement, the columns each table
// is filtered on by a value (col = $1, col IN (…), col = ANY($1)) and the
// columns of equality joins (a.x = b.y). It resolves names against schema
// and leaves out what it cannot attribute to one table: a column of an
// unknown alias, an unqualified column that several tables of the
// statement have, a statement it cannot read.
func parseFilters(q string, schema *catalog.Schema) []filter {
	toks := tokenize(q)
	// Table references: after FROM, JOIN, UPDATE, INTO, and commas of a
	// FROM list, a name with an optional alias.
	alias := map[string]*catalog.Table{}
	var tables []*catalog.Table
	inFrom := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tokKeyword {
			switch t.text {
			case "from", "join", "update":
				inFrom = true
				if i+1 < len(toks) && toks[i+1].kind == tokIdent {
					i++
					i = addTableRef(toks, i, schema, alias, &tables)
				}
				continue
			case "where", "on", "group", "order", "limit", "set", "returning", "having", "union":
				inFrom = false
			}
		}
		if inFrom && t.kind == tokOp && t.text == "," && i+1 < len(toks) && toks[i+1].kind == tokIdent {
			i++
			i = addTableRef(toks, i, schema, alias, &tables)
		}
	}
	if len(tables) == 0 {
		return nil
	}
	resolve := func(parts []string) (*catalog.Table, string) {
		switch len(parts) {
		case 1:
			var found *catalog.Table
			for _, t := range tables {
				if t.Column(parts[0]) != nil {
					if found != nil && found != t {
						return nil, ""
					}
					found = t
				}
			}
			return found, parts[0]
		case 2:
			t := alias[parts[0]]
			if t == nil || t.Column(parts[1]) == nil {
				return nil, ""
			}
			return t, parts[1]
		case 3:
			t := alias[parts[0]+"."+parts[1]]
			if t == nil || t.Column(parts[2]) == nil {
				return nil, ""
			}
			return t, parts[2]
		}
		return nil, ""
	}
	valueAt := func(j int) bool {
		if j >= len(toks) {
			return false
		}
		switch {
		case toks[j].kind == tokParam:
			return true
		case toks[j].kind == tokKeyword && toks[j].text == "any":
			return true
		}
		return false
	}
	byTable := map[*catalog.Table][]string{}
	var out []filter
	inSet := false
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tokKeyword {
			// UPDATE's SET assigns: its "col = $1" filters nothing.
			switch t.text {
			case "set":
				inSet = true
			case "where", "from", "returning":
				inSet = false
			}
		}
		if t.kind != tokIdent || inSet {
			continue
		}
		// A column followed by "(" is a function call, not a column.
		if i+1 < len(toks) && toks[i+1].kind == tokOp && toks[i+1].text == "(" {
			continue
		}
		tbl, col := resolve(t.parts)
		if tbl == nil {
			continue
		}
		// $1 = col, the other way round.
		if i >= 2 && toks[i-1].kind == tokOp && toks[i-1].text == "=" && toks[i-2].kind == tokParam {
			byTable[tbl] = appendNew(byTable[tbl], col)
		}
		if i+1 >= len(toks) {
			continue
		}
		next := toks[i+1]
		switch {
		case next.kind == tokOp && next.text == "=":
			switch {
			case valueAt(i + 2):
				byTable[tbl] = appendNew(byTable[tbl], col)
			case i+2 < len(toks) && toks[i+2].kind == tokIdent && !(i+3 < len(toks) && toks[i+3].kind == tokOp && toks[i+3].text == "("):
				if t2, c2 := resolve(toks[i+2].parts); t2 != nil && t2 != tbl {
					out = append(out, filter{schema: tbl.Schema, table: tbl.Name, cols: []string{col}, join: true},
						filter{schema: t2.Schema, table: t2.Name, cols: []string{c2}, join: true})
					i += 2
				}
			}
		case next.kind == tokKeyword && next.text == "in":
			byTable[tbl] = appendNew(byTable[tbl], col)
		}
	}
	for _, t := range tables {
		if cols := byTable[t]; len(cols) > 0 {
			slices.Sort(cols)
			out = append(out, filter{schema: t.Schema, table: t.Name, cols: cols})
			delete(byTable, t)
		}
	}
	// One statement counts once per lookup.
	seen := map[string]bool{}
	var uniq []filter
	for _, f := range out {
		k := f.schema + "\x00" + f.table + "\x00" + strings.Join(f.cols, "\x00")
		if !seen[k] {
			seen[k] = true
			uniq = append(uniq, f)
		}
	}
	return uniq
}

func appendNew(s []string, v string) []string {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// addTableRef resolves the table name at toks[i] (schema-qualified or by
// search order: a table of that name in exactly one schema) and its alias,
// and returns the index of the last token it used.
func addTableRef(toks []token, i int, schema *catalog.Schema, alias map[string]*catalog.Table, tables *[]*catalog.Table) int {
	parts := toks[i].parts
	var t *catalog.Table
	switch len(parts) {
	case 1:
		for j := range schema.Tables {
			if schema.Tables[j].Name == parts[0] {
				if t != nil {
					return i // ambiguous without a search path
				}
				t = &schema.Tables[j]
			}
		}
	case 2:
		for j := range schema.Tables {
			if schema.Tables[j].Schema == parts[0] && schema.Tables[j].Name == parts[1] {
				t = &schema.Tables[j]
			}
		}
	}
	if t == nil {
		return i
	}
	*tables = append(*tables, t)
	alias[strings.Join(parts, ".")] = t
	alias[t.Name] = t
	j := i + 1
	if j < len(toks) && toks[j].kind == tokKeyword && toks[j].text == "as" {
		j++
	}
	if j < len(toks) && toks[j].kind == tokIdent && len(toks[j].parts) == 1 {
		alias[toks[j].parts[0]] = t
		return j
	}
	return i
}
