package extract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Adopt opens a snapshot that sees exactly the snapshot id exported by
// another session (the one a replication slot exports when it is created)
// and exports it again under its own ID. The other session's export is
// valid only until it runs its next command; the adopted one lasts as long
// as the returned Snapshot is open, so readers that Fork or Join later
// (the load's parallel readers and side-by-side tables) still see the
// slot's snapshot after the replication connection has moved on.
func Adopt(ctx context.Context, pool *pgxpool.Pool, id string) (*Snapshot, error) {
	s, err := begin(ctx, pool, id)
	if err != nil {
		return nil, err
	}
	if err := s.tx.QueryRow(ctx, "SELECT pg_export_snapshot()").Scan(&s.ID); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("export the adopted snapshot %s again: %w", id, err)
	}
	return s, nil
}

// Changes turns rows that changed in the source, as a replication stream
// delivers them (each column's value in its type's text form), into the
// rows a load reads (pk, sk, problem, values): it runs the plan table's
// key and value expressions, the very ones Stream selects, over the given
// values on a connection of the source. An item written from a change is
// then byte for byte the item a load of the changed row writes.
//
// The connection is held for the life of Changes, with the snapshot's
// pinned session settings (sessionSettings) set for the session; each
// evaluation is one read-only statement, so no transaction stays open.
type Changes struct {
	conn  *pgxpool.Conn
	types map[[2]int64]string
}

// NewChanges holds a connection of pool for evaluating changes.
func NewChanges(ctx context.Context, pool *pgxpool.Pool) (*Changes, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("evaluate changes: %w", err)
	}
	set := strings.ReplaceAll(sessionSettings(conn.Conn().PgConn().ParameterStatus("server_version")), "SET LOCAL ", "SET ")
	if _, err := conn.Exec(ctx, set); err != nil {
		conn.Release()
		return nil, fmt.Errorf("evaluate changes: pin session settings: %w", err)
	}
	return &Changes{conn: conn, types: map[[2]int64]string{}}, nil
}

// Close closes the connection (its session settings are not the pool's,
// so it is not returned to it).
func (c *Changes) Close(ctx context.Context) {
	if c.conn == nil {
		return
	}
	pc := c.conn.Hijack()
	pc.Close(context.WithoutCancel(ctx)) //nolint:errcheck // nothing was written
	c.conn = nil
}

// ChangedColumn is a column of changed rows: its name and type.
type ChangedColumn struct {
	Name    string
	TypeOID uint32
	TypeMod int32
}

// ChangedRow is one changed row: a value per column (nil for NULL, text
// otherwise). Unchanged marks the columns whose value was not sent (an
// unchanged TOASTed value): Changes reads them from the source's current
// row with the same identity.
type ChangedRow struct {
	Values    [][]byte
	Unchanged []bool
}

// changeBatch bounds the rows of one evaluation statement.
const changeBatch = 1000

// Rows evaluates in, changed rows of t with the columns cols, into rows as
// Stream returns them, in the same order. Positions are the rows' indexes.
//
// A row with Unchanged columns takes them from the source row whose
// identity columns (identity, a unique key of the table) hold the row's
// values. That row is the source's current one, at least as new as the
// change; if its values changed since, those changes follow in the stream.
// When no such row exists any more (it was deleted or re-keyed since; that
// change follows too), the returned row has Copies 0, and nothing should be
// written from it. Otherwise Copies is 1.
func (c *Changes) Rows(ctx context.Context, t plans.Table, cols []ChangedColumn, identity []string, in []ChangedRow) ([]order.Row, error) {
	out := make([]order.Row, 0, len(in))
	for start := 0; start < len(in); start += changeBatch {
		part := in[start:min(start+changeBatch, len(in))]
		rows, err := c.rows(ctx, t, cols, identity, part)
		if err != nil {
			return nil, err
		}
		for i := range rows {
			rows[i].Pos = int64(start + i)
		}
		out = append(out, rows...)
	}
	return out, nil
}

func (c *Changes) rows(ctx context.Context, t plans.Table, cols []ChangedColumn, identity []string, in []ChangedRow) ([]order.Row, error) {
	lookup := false
	for _, r := range in {
		if slices.Contains(r.Unchanged, true) {
			lookup = true
			break
		}
	}
	q, err := c.changeSQL(ctx, t, cols, identity, lookup)
	if err != nil {
		return nil, err
	}
	args := make([]any, 0, 2*len(cols))
	for i := range cols {
		vals := make([]*string, len(in))
		marks := make([]bool, len(in))
		for j, r := range in {
			if v := r.Values[i]; v != nil {
				s := string(v)
				vals[j] = &s
			}
			marks[j] = r.Unchanged != nil && r.Unchanged[i]
		}
		args = append(args, vals, marks)
	}
	qr, err := c.conn.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("evaluate changes of %s: %w", t.Source, err)
	}
	r := newRows(qr, len(t.Attributes))
	defer r.Close()
	out := make([]order.Row, 0, len(in))
	for r.Next() {
		row := r.Row()
		cp := order.Row{PK: cloneBytes(row.PK), SK: cloneBytes(row.SK), Problem: row.Problem, Copies: row.Copies, Values: make([][]byte, len(row.Values))}
		for i, v := range row.Values {
			cp.Values[i] = cloneBytes(v)
		}
		out = append(out, cp)
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("evaluate changes of %s: %w", t.Source, err)
	}
	if len(out) != len(in) {
		return nil, fmt.Errorf("evaluate changes of %s: %d rows in, %d out", t.Source, len(in), len(out))
	}
	return out, nil
}

func cloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}

// typeName is the SQL name of a column type, with its modifier.
func (c *Changes) typeName(ctx context.Context, oid uint32, mod int32) (string, error) {
	k := [2]int64{int64(oid), int64(mod)}
	if n, ok := c.types[k]; ok {
		return n, nil
	}
	var n string
	if err := c.conn.QueryRow(ctx, "SELECT format_type($1::oid, $2::int)", oid, mod).Scan(&n); err != nil {
		return "", fmt.Errorf("type %d: %w", oid, err)
	}
	c.types[k] = n
	return n, nil
}

// changeSQL is the statement that evaluates changed rows of t: the
// columns arrive as pairs of arrays (text values, unchanged marks), are cast
// to their types under the table's column names, and go through the same
// key, problem and value expressions as the load's sorted stream. With
// lookup, a LEFT JOIN on the identity columns supplies the unchanged
// columns from the source's current row. The stream's copies column says
// whether that row was found.
func (c *Changes) changeSQL(ctx context.Context, t plans.Table, cols []ChangedColumn, identity []string, lookup bool) (string, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return "", err
	}
	pk, sk, err := KeySQL(t)
	if err != nil {
		return "", err
	}
	if sk == "" {
		sk = "NULL::text"
	}
	var inner, unnest, alias, on []string
	for i, col := range cols {
		typ, err := c.typeName(ctx, col.TypeOID, col.TypeMod)
		if err != nil {
			return "", fmt.Errorf("evaluate changes of %s: %w", t.Source, err)
		}
		v, m := "v"+strconv.Itoa(i), "m"+strconv.Itoa(i)
		unnest = append(unnest, fmt.Sprintf("$%d::text[]", 2*i+1), fmt.Sprintf("$%d::bool[]", 2*i+2))
		alias = append(alias, v, m)
		cast := "o." + v + "::" + typ
		id := pgx.Identifier{col.Name}.Sanitize()
		if lookup {
			inner = append(inner, "CASE WHEN o."+m+" THEN t."+id+" ELSE "+cast+" END AS "+id)
			if slices.Contains(identity, col.Name) {
				on = append(on, "t."+id+" = "+cast)
			}
		} else {
			inner = append(inner, cast+" AS "+id)
		}
	}
	src := "unnest(" + strings.Join(unnest, ", ") + ") WITH ORDINALITY AS o(" + strings.Join(alias, ", ") + ", pg2ddb_ord)"
	found := "'1'"
	if lookup {
		if len(on) != len(identity) || len(on) == 0 {
			return "", fmt.Errorf("evaluate changes of %s: unchanged values to read, but the identity columns (%s) are not all among the changed columns", t.Source, strings.Join(identity, ", "))
		}
		src += " LEFT JOIN " + from + " t ON " + strings.Join(on, " AND ")
		inner = append(inner, "t.ctid IS NOT NULL AS pg2ddb_found")
		found = "CASE WHEN pg2ddb_found THEN '1' ELSE '0' END"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SELECT %s AS pk, %s AS sk, %s AS problem, %s", pk, sk, KeyProblemSQL(t), found)
	for i, a := range t.Attributes {
		v, err := valueSQL(a)
		if err != nil {
			return "", fmt.Errorf("table %s: %w", t.Source, err)
		}
		fmt.Fprintf(&b, ", %s AS a%d", v, i)
	}
	fmt.Fprintf(&b, " FROM (SELECT o.pg2ddb_ord, %s FROM %s) x ORDER BY pg2ddb_ord", strings.Join(inner, ", "), src)
	return b.String(), nil
}
