package extract

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Snapshot is a REPEATABLE READ, READ ONLY transaction: everything pg2ddb
// reads for one run (catalog, profile, rows) comes from the same consistent
// view of the database, and nothing can be written through it. Its session
// is pinned (sessionSettings), so what is read does not depend on the
// role's or the database's defaults.
//
// Every read of a table runs inside a savepoint that is rolled back when the
// read ends. PostgreSQL releases the locks taken after a savepoint when it
// is rolled back to, so the transaction holds the lock of one table (and
// its indexes) at a time instead of one per table read: a run over
// thousands of tables stays within the server's shared lock table
// (max_locks_per_transaction × max_connections slots), and it keeps reading
// one consistent snapshot, since a savepoint does not take a new one.
//
// Begin exports the snapshot so further connections can Join it and read the
// same data in parallel.
type Snapshot struct {
	conn *pgxpool.Conn
	tx   pgx.Tx
	// ID is the exported snapshot identifier (pg_export_snapshot), valid
	// while the transaction that exported it is open; "" when the server
	// cannot export snapshots (a standby before PostgreSQL 10), and then
	// every read runs on this one connection.
	ID string
	// pool opens the connections of parallel readers (Join).
	pool *pgxpool.Pool

	// uniques caches Unique's answers per table and column set: mapping
	// asks about the same candidates repeatedly, and within one snapshot
	// the answer cannot change.
	mu      sync.Mutex
	uniques map[string]catalog.UniqueResult

	// turn serialises the steps of Inspect, ProfileTables and Unique on the
	// one connection, so callers may use them from several goroutines (a
	// pgx connection is not safe for concurrent use).
	turn sync.Mutex
}

// Begin opens a read-only snapshot on a connection of pool.
func Begin(ctx context.Context, pool *pgxpool.Pool) (*Snapshot, error) {
	return begin(ctx, pool, "")
}

// BeginLocked is Begin that first takes an ACCESS SHARE lock on each of
// the tables named ("schema.name", as plans name sources) for the whole
// transaction, before its snapshot is taken. TRUNCATE and table-rewriting
// ALTER TABLE are not MVCC-safe: committed by another session while the
// run reads other tables, they would show a table not yet read as empty
// in the snapshot. The locks make them wait for the run instead; they
// conflict with no reading or writing of the table's rows. A table that
// cannot be locked (dropped since the plan) is left to the read that
// finds it missing.
func BeginLocked(ctx context.Context, pool *pgxpool.Pool, tables []string) (*Snapshot, error) {
	return beginLocked(ctx, pool, "", tables)
}

// Join opens a transaction on another connection of pool that sees exactly
// the snapshot id exported by Begin.
func Join(ctx context.Context, pool *pgxpool.Pool, id string) (*Snapshot, error) {
	return begin(ctx, pool, id)
}

// Fork opens another connection of s's pool in s's snapshot (Join), so a
// caller can read another table at the same time and see the same data. It
// fails at once, without waiting, when the server did not export the
// snapshot or the pool has no free connection: the pool's size is the
// user's budget of source sessions, and waiting on it could wait on the
// caller itself.
func (s *Snapshot) Fork(ctx context.Context) (*Snapshot, error) {
	if s.ID == "" || s.pool == nil {
		return nil, errors.New("join snapshot: the server did not export it")
	}
	if st := s.pool.Stat(); st.AcquiredConns() >= st.MaxConns() {
		return nil, errors.New("join snapshot: no free source connection")
	}
	return Join(ctx, s.pool, s.ID)
}

func begin(ctx context.Context, pool *pgxpool.Pool, id string) (*Snapshot, error) {
	return beginLocked(ctx, pool, id, nil)
}

func beginLocked(ctx context.Context, pool *pgxpool.Pool, id string, lock []string) (*Snapshot, error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("open snapshot: %w", err)
	}
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		conn.Release()
		return nil, fmt.Errorf("open snapshot: %w", err)
	}
	s := &Snapshot{conn: conn, tx: tx, ID: id, pool: pool}
	if id != "" {
		// The snapshot id is a server-generated token; it is quoted as a
		// literal, never spliced raw. SET TRANSACTION SNAPSHOT must come
		// before the transaction's first query.
		if _, err := tx.Exec(ctx, "SET TRANSACTION SNAPSHOT "+quoteLiteral(id)); err != nil {
			s.Close(ctx)
			return nil, fmt.Errorf("join snapshot %s: %w", id, err)
		}
	}
	if _, err := tx.Exec(ctx, sessionSettings(conn.Conn().PgConn().ParameterStatus("server_version"))); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("pin the snapshot's session settings: %w", err)
	}
	if id != "" {
		return s, nil
	}
	// LOCK TABLE takes no snapshot: the snapshot is taken by the first
	// query below, after the locks are held.
	if err := s.lockTables(ctx, lock); err != nil {
		s.Close(ctx)
		return nil, err
	}
	// A server that cannot export snapshots (a standby before PostgreSQL
	// 10) still serves one reader, with ID "". pg_export_snapshot cannot
	// run in a savepoint, so the case is asked first, not caught.
	var canExport bool
	if err := tx.QueryRow(ctx, "SELECT current_setting('server_version_num')::int >= 100000 OR NOT pg_is_in_recovery()").Scan(&canExport); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("export snapshot: %w", err)
	}
	if !canExport {
		return s, nil
	}
	if err := tx.QueryRow(ctx, "SELECT pg_export_snapshot()").Scan(&s.ID); err != nil {
		s.Close(ctx)
		return nil, fmt.Errorf("export snapshot: %w", err)
	}
	return s, nil
}

// lockTables takes an ACCESS SHARE lock on each of tables for the rest of
// the transaction: all in one statement, or, when that fails (a table
// dropped since the plan, an object LOCK refuses), one by one, each in a
// savepoint released on success (its lock passes to the transaction) and
// rolled back on failure. Running out of the server's lock table is an
// error that names the setting.
func (s *Snapshot) lockTables(ctx context.Context, tables []string) error {
	if len(tables) == 0 {
		return nil
	}
	idents := make([]string, 0, len(tables))
	for _, name := range tables {
		id, err := SourceIdent(name)
		if err != nil {
			return err
		}
		idents = append(idents, id)
	}
	try := func(list string) error {
		if _, err := s.tx.Exec(ctx, "SAVEPOINT pg2ddb_lock"); err != nil {
			return err
		}
		_, err := s.tx.Exec(ctx, "LOCK TABLE "+list+" IN ACCESS SHARE MODE")
		// ROLLBACK TO keeps the savepoint: it is released too, or the
		// transaction stays in a subtransaction, where PostgreSQL refuses
		// to export the snapshot.
		end := []string{"RELEASE SAVEPOINT pg2ddb_lock"}
		if err != nil {
			end = []string{"ROLLBACK TO SAVEPOINT pg2ddb_lock", "RELEASE SAVEPOINT pg2ddb_lock"}
		}
		for _, q := range end {
			if _, eerr := s.tx.Exec(ctx, q); eerr != nil {
				return errors.Join(err, eerr)
			}
		}
		return err
	}
	outOfLocks := func(err error) error {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "53200" {
			return fmt.Errorf("lock the plan's %d source tables: %w (raise the server's max_locks_per_transaction, or load fewer tables at once with --tables)", len(tables), err)
		}
		return nil
	}
	err := try(strings.Join(idents, ", "))
	if err == nil {
		return nil
	}
	if e := outOfLocks(err); e != nil {
		return e
	}
	for _, id := range idents {
		if err := try(id); err != nil {
			if e := outOfLocks(err); e != nil {
				return e
			}
			if ctx.Err() != nil {
				return fmt.Errorf("lock %s: %w", id, err)
			}
		}
	}
	return nil
}

// sessionSettings returns the SET LOCAL statements that pin, for the
// snapshot's transaction only, every setting that changes the text of what
// is read or whether a read finishes. ALTER ROLE/DATABASE ... SET and the
// connection's options cannot change them: a SET LOCAL overrides both.
//
//   - statement_timeout 0, idle_in_transaction_session_timeout 0 (and
//     transaction_timeout 0 from PostgreSQL 17): the snapshot lives as long
//     as the run and is idle while DynamoDB is written; a default meant for
//     interactive sessions would kill it halfway.
//   - lock_timeout 30s: a read waiting behind another session's exclusive
//     lock (an ALTER TABLE) also blocks every later reader of that table on
//     a production source; after 30 s it fails, naming the table, instead.
//   - TimeZone UTC: timestamptz text (inside arrays and json) in UTC.
//   - DateStyle ISO, YMD and IntervalStyle postgres: the server's defaults,
//     so date, time and interval text is what a default session prints.
//     postgres rather than iso_8601 for intervals keeps the items of loads
//     made before the pin unchanged.
//   - extra_float_digits 3: float text that reads back as the same value
//     (the shortest exact form from PostgreSQL 12 on).
//   - bytea_output hex: the stream decodes bytea's \x form.
//   - standard_conforming_strings on: the key expressions quote '\' as a
//     standard string literal.
func sessionSettings(serverVersion string) string {
	set := `SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0; ` +
		`SET LOCAL lock_timeout = '30s'; SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; ` +
		`SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 3; ` +
		`SET LOCAL bytea_output = 'hex'; SET LOCAL standard_conforming_strings = on`
	major, _, _ := strings.Cut(serverVersion, ".")
	if n, err := strconv.Atoi(strings.Fields(major + " ")[0]); err == nil && n >= 17 {
		set += `; SET LOCAL transaction_timeout = 0`
	}
	return set
}

// readSavepoint bounds one read of a table; see Snapshot.
const readSavepoint = "pg2ddb_read"

// beginRead opens the savepoint of one read.
func (s *Snapshot) beginRead(ctx context.Context) error {
	if _, err := s.tx.Exec(ctx, "SAVEPOINT "+readSavepoint); err != nil {
		return fmt.Errorf("open savepoint: %w", err)
	}
	return nil
}

// endRead rolls the read's savepoint back, which releases the locks the
// read took (and clears an error that aborted it), and releases it so the
// savepoint stack does not grow with the number of reads.
func (s *Snapshot) endRead(ctx context.Context) error {
	if _, err := s.tx.Exec(context.WithoutCancel(ctx), "ROLLBACK TO SAVEPOINT "+readSavepoint+"; RELEASE SAVEPOINT "+readSavepoint); err != nil {
		return fmt.Errorf("roll back savepoint: %w", err)
	}
	return nil
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

// Rows streams t's rows from the snapshot (Stream), as the pipelines read
// them.
func (s *Snapshot) Rows(ctx context.Context, t plans.Table, opts StreamOptions) (order.Iterator, error) {
	r, err := Stream(ctx, s, t, opts)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Count counts t's source rows in the snapshot.
func (s *Snapshot) Count(ctx context.Context, t plans.Table) (int64, error) {
	return Count(ctx, s, t)
}

// Dropped counts the rows of t that its keep-one duplicates choice drops.
func (s *Snapshot) Dropped(ctx context.Context, t plans.Table) (int64, error) {
	return CountDropped(ctx, s, t)
}

// Sample streams up to limit of t's rows (all when limit <= 0) in
// OrderSample, spread over all keys, as review measures them.
func (s *Snapshot) Sample(ctx context.Context, t plans.Table, limit int64) (order.Iterator, error) {
	return s.Rows(ctx, t, StreamOptions{Order: OrderSample, Limit: limit})
}

// KeyDistribution counts t's rows per partition key value in the snapshot
// (KeyDistribution).
func (s *Snapshot) KeyDistribution(ctx context.Context, t plans.Table) (*catalog.Distribution, error) {
	return KeyDistribution(ctx, s, t)
}

// KeyCounts returns t's items per partition key value in the snapshot
// (KeyCounts).
func (s *Snapshot) KeyCounts(ctx context.Context, t plans.Table, limit int) ([]catalog.KeyCount, bool, error) {
	return KeyCounts(ctx, s, t, limit)
}
