package extract

import (
	"context"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Snapshot is a REPEATABLE READ, READ ONLY transaction: everything pg2ddb
// reads for one run (catalog, profile, rows) comes from the same consistent
// view of the database, and nothing can be written through it.
//
// Begin exports the snapshot so further connections can Join it and read the
// same data in parallel.
type Snapshot struct {
	conn *pgxpool.Conn
	tx   pgx.Tx
	// ID is the exported snapshot identifier (pg_export_snapshot), valid
	// while the transaction that exported it is open.
	ID string

	// uniques caches Unique's answers per table and column set: mapping
	// asks about the same candidates repeatedly, and within one snapshot
	// the answer cannot change.
	mu      sync.Mutex
	uniques map[string]UniqueResult

	// turn serialises the steps of Inspect, ProfileTables and Unique on the
	// one connection, so callers may use them from several goroutines (a
	// pgx connection is not safe for concurrent use).
	turn sync.Mutex
}

// Begin opens a read-only snapshot on a connection of pool.
func Begin(ctx context.Context, pool *pgxpool.Pool) (*Snapshot, error) {
	return begin(ctx, pool, "")
}

// Join opens a transaction on another connection of pool that sees exactly
// the snapshot id exported by Begin.
func Join(ctx context.Context, pool *pgxpool.Pool, id string) (*Snapshot, error) {
	return begin(ctx, pool, id)
}

func begin(ctx context.Context, pool *pgxpool.Pool, id string) (*Snapshot, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("open snapshot: %w", err)
	}
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		conn.Release()
		return nil, fmt.Errorf("open snapshot: %w", err)
	}
	s := &Snapshot{conn: conn, tx: tx, ID: id}
	if id != "" {
		// The snapshot id is a server-generated token; it is quoted as a
		// literal, never spliced raw.
		if _, err := tx.Exec(ctx, "SET TRANSACTION SNAPSHOT "+quoteLiteral(id)); err != nil {
			s.Close(ctx)
			return nil, fmt.Errorf("join snapshot %s: %w", id, err)
		}
		return s, nil
	}
	if err := tx.QueryRow(ctx, "SELECT pg_export_snapshot()").Scan(&s.ID); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("export snapshot: %w", err)
	}
	return s, nil
}

// Tx is the snapshot's transaction, for queries of other parts of extract.
func (s *Snapshot) Tx() pgx.Tx { return s.tx }

// scoped runs fn inside a savepoint after the SET LOCAL statements in set,
// then rolls the savepoint back: session settings made for one step (the
// search_path of Inspect, the date style of a profile pass) do not leak into
// the rest of the transaction, and an error inside fn (a table the role may
// not read) leaves the transaction usable. Savepoints are allowed in a
// read-only transaction; nothing is written either way.
func (s *Snapshot) scoped(ctx context.Context, set string, fn func(pgx.Tx) error) error {
	s.turn.Lock()
	defer s.turn.Unlock()
	if _, err := s.tx.Exec(ctx, "SAVEPOINT pg2ddb_scope"); err != nil {
		return fmt.Errorf("open savepoint: %w", err)
	}
	var ferr error
	if set != "" {
		if _, err := s.tx.Exec(ctx, set); err != nil {
			ferr = fmt.Errorf("apply %q: %w", set, err)
		}
	}
	if ferr == nil {
		ferr = fn(s.tx)
	}
	// Rolled back and released, so the savepoint stack does not grow with
	// the number of tables.
	if _, err := s.tx.Exec(context.WithoutCancel(ctx), "ROLLBACK TO SAVEPOINT pg2ddb_scope; RELEASE SAVEPOINT pg2ddb_scope"); err != nil && ferr == nil {
		return fmt.Errorf("roll back savepoint: %w", err)
	}
	return ferr
}

// Close ends the snapshot (a rollback: it never wrote anything) and returns
// its connection to the pool.
func (s *Snapshot) Close(ctx context.Context) {
	if s.tx != nil {
		s.tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // read-only: nothing to lose
		s.tx = nil
	}
	if s.conn != nil {
		s.conn.Release()
		s.conn = nil
	}
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string {
	out := make([]byte, 0, len(s)+2)
	out = append(out, '\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'')
		}
		out = append(out, s[i])
	}
	return string(append(out, '\''))
}
