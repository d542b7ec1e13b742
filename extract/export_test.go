package extract

import (
	"context"
	"errors"
	"fmt"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Scanning reports whether rows' plain scan of the source is still
// running: true after a row was returned means the row was emitted before
// the scan ended.
func Scanning(rows *Rows) bool { return rows.il != nil && rows.il.Scanning() }

// SourceRowsRead is the number of source rows rows' scan has read so far.
func SourceRowsRead(rows *Rows) int64 { return rows.il.Scanned() }

// Readers is the number of connections reading rows' table.
func Readers(rows *Rows) int {
	if rows.ranges == nil {
		return 1
	}
	return 1 + len(rows.ranges.ranges)
}

// FailJoins makes every reader's join of opts fail.
func FailJoins(opts *StreamOptions) {
	opts.join = func(context.Context, *pgxpool.Pool, string) (*Snapshot, error) {
		return nil, errors.New("join refused (test)")
	}
}

// ExpressionRows reads t in the snapshot with the SQL the plain read ran
// before it read bare columns: every key through ::numeric::text and every
// attribute through its ValueSQL expression. It returns the rows rendered
// by render, for comparing the two reads.
func ExpressionRows(ctx context.Context, s *Snapshot, t plans.Table, render func(*order.Row) string) ([]string, error) {
	from, err := SourceIdent(t.Source)
	if err != nil {
		return nil, err
	}
	pk, sk, err := keySQL(t, nil)
	if err != nil {
		return nil, err
	}
	if sk == "" {
		sk = "NULL::text"
	}
	plain := t
	plain.Duplicates = nil
	q, err := keyedRows(plain, from, pk, sk)
	if err != nil {
		return nil, err
	}
	cols := "pk, sk, problem, '1'"
	for i := range t.Attributes {
		cols += fmt.Sprintf(", a%d", i)
	}
	rows, err := s.Tx().Query(ctx, "SELECT "+cols+" FROM "+q+" k", pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		return nil, err
	}
	r := newRows(rows, len(t.Attributes))
	defer r.Close()
	var out []string
	for r.nextRaw() {
		out = append(out, render(r.Row()))
	}
	return out, r.Err()
}
