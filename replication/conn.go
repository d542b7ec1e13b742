package replication

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/pg2ddb/pg2ddb/plans"
)

// LSN is a position in the source's write-ahead log.
type LSN = pglogrepl.LSN

// ParseLSN reads an LSN in PostgreSQL's text form (16/B374D848).
func ParseLSN(s string) (LSN, error) { return pglogrepl.ParseLSN(s) }

// settings are the session settings of the replication connection: pgoutput
// writes every value with its type's output function in the walsender's
// session, so they fix the text the changes arrive in, the same text the
// load's snapshot reads (extract pins the same settings).
var settings = map[string]string{
	"replication":        "database",
	"application_name":   "pg2ddb sync",
	"TimeZone":           "UTC",
	"DateStyle":          "ISO, YMD",
	"IntervalStyle":      "postgres",
	"extra_float_digits": "3",
	"bytea_output":       "hex",
}

// Conn is a replication connection to one database (replication=database):
// it runs the replication commands and plain SQL.
type Conn struct {
	pg *pgconn.PgConn
}

// Connect opens a replication connection to the database connString names.
func Connect(ctx context.Context, connString string) (*Conn, error) {
	cfg, err := pgconn.ParseConfig(connString)
	if err != nil {
		return nil, fmt.Errorf("replication connection: %w", err)
	}
	for k, v := range settings {
		cfg.RuntimeParams[k] = v
	}
	// pg2ddb's pool makes every transaction read-only; this connection
	// creates the publication and the slot, so it must not inherit that.
	delete(cfg.RuntimeParams, "default_transaction_read_only")
	pg, err := pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("replication connection to %s@%s:%d/%s: %w", cfg.User, cfg.Host, cfg.Port, cfg.Database, err)
	}
	return &Conn{pg: pg}, nil
}

// Close closes the connection.
func (c *Conn) Close(ctx context.Context) error {
	return c.pg.Close(context.WithoutCancel(ctx))
}

// exec runs one SQL statement.
func (c *Conn) exec(ctx context.Context, sql string) error {
	_, err := c.pg.Exec(ctx, sql).ReadAll()
	return err
}

// Slot is a created logical replication slot.
type Slot struct {
	Name string
	// Consistent is the slot's consistent point: every transaction that
	// commits after it is streamed; the snapshot holds every one before.
	Consistent LSN
	// Snapshot names the exported snapshot of the consistent point. It is
	// valid only until the connection that created the slot runs another
	// command or closes: import it (SET TRANSACTION SNAPSHOT) first.
	Snapshot string
}

// CreateSlot creates the permanent logical slot name with the pgoutput
// plugin and exports its snapshot. The server waits for the transactions
// running now to end before the slot is consistent; when that takes longer
// than wait, the attempt is cancelled and the error names the sessions it
// waited for (queried on q, a connection of the source's pool).
func (c *Conn) CreateSlot(ctx context.Context, name string, wait time.Duration, q Querier) (Slot, error) {
	cctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	res, err := pglogrepl.CreateReplicationSlot(cctx, c.pg, name, "pgoutput", pglogrepl.CreateReplicationSlotOptions{
		Mode: pglogrepl.LogicalReplication, SnapshotAction: "EXPORT_SNAPSHOT",
	})
	if err != nil {
		if cctx.Err() != nil && ctx.Err() == nil {
			return Slot{}, fmt.Errorf("create replication slot %s: still waiting after %s for transactions that were running when it started to end%s; end them or retry with a longer --slot-wait", name, wait, blockers(ctx, q))
		}
		return Slot{}, fmt.Errorf("create replication slot %s: %w", name, err)
	}
	lsn, err := ParseLSN(res.ConsistentPoint)
	if err != nil {
		return Slot{}, fmt.Errorf("create replication slot %s: consistent point %q: %w", name, res.ConsistentPoint, err)
	}
	return Slot{Name: res.SlotName, Consistent: lsn, Snapshot: res.SnapshotName}, nil
}

// blockers names the sessions whose open transactions a slot creation
// waits for, for its error message.
func blockers(ctx context.Context, q Querier) string {
	if q == nil {
		return ""
	}
	rows, err := q.Query(context.WithoutCancel(ctx), `SELECT pid, coalesce(usename, ''), coalesce(application_name, ''), coalesce(state, ''), now() - xact_start
FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid() AND backend_type = 'client backend' ORDER BY xact_start LIMIT 5`)
	if err != nil {
		return ""
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var pid int
		var user, app, state string
		var age time.Duration
		if rows.Scan(&pid, &user, &app, &state, &age) == nil {
			out = append(out, fmt.Sprintf("pid %d (%s, %q, %s, open %s)", pid, user, app, state, age.Round(time.Second)))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return ": " + strings.Join(out, "; ")
}

// DropSlot drops the slot name; a slot that does not exist is no error.
func (c *Conn) DropSlot(ctx context.Context, name string) error {
	err := pglogrepl.DropReplicationSlot(ctx, c.pg, name, pglogrepl.DropReplicationSlotOptions{Wait: true})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "42704" { // undefined_object
		return nil
	}
	if err != nil {
		return fmt.Errorf("drop replication slot %s: %w", name, err)
	}
	return nil
}

// CreatePublication makes publication name publish exactly the given
// tables (schema-qualified), creating it or resetting its table list.
// Changes of a partition are published as its root's.
func (c *Conn) CreatePublication(ctx context.Context, name string, tables []plans.TableName) error {
	list := make([]string, len(tables))
	for i, t := range tables {
		list[i] = pgx.Identifier{t.Schema, t.Name}.Sanitize()
	}
	id := pgx.Identifier{name}.Sanitize()
	if err := c.exec(ctx, "DROP PUBLICATION IF EXISTS "+id); err != nil {
		return fmt.Errorf("create publication %s: %w", name, err)
	}
	if err := c.exec(ctx, "CREATE PUBLICATION "+id+" FOR TABLE "+strings.Join(list, ", ")+" WITH (publish_via_partition_root = true)"); err != nil {
		return fmt.Errorf("create publication %s: %w", name, err)
	}
	return nil
}

// DropPublication drops publication name if it exists.
func (c *Conn) DropPublication(ctx context.Context, name string) error {
	if err := c.exec(ctx, "DROP PUBLICATION IF EXISTS "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("drop publication %s: %w", name, err)
	}
	return nil
}

// Querier runs catalog queries; a *pgxpool.Pool and a *pgx.Conn are one.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// SlotInfo is a logical slot of the source and the WAL it holds back.
type SlotInfo struct {
	Name, Plugin, Database string
	Active                 bool
	// Confirmed is the slot's confirmed_flush_lsn; Retained the bytes of
	// WAL the server keeps for it (from its restart_lsn); Lag the bytes of
	// WAL written since Confirmed.
	Confirmed     LSN
	Retained, Lag int64
	WALStatus     string
}

// Slots lists the logical slots whose names start with prefix.
func Slots(ctx context.Context, q Querier, prefix string) ([]SlotInfo, error) {
	rows, err := q.Query(ctx, `SELECT slot_name::text, coalesce(plugin::text, ''), coalesce(database::text, ''), active,
       coalesce(confirmed_flush_lsn::text, '0/0'),
       coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn), 0)::bigint,
       coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn), 0)::bigint,
       coalesce(wal_status, '')
FROM pg_replication_slots WHERE slot_type = 'logical' AND starts_with(slot_name::text, $1) ORDER BY slot_name`, prefix)
	if err != nil {
		return nil, fmt.Errorf("list replication slots: %w", err)
	}
	defer rows.Close()
	var out []SlotInfo
	for rows.Next() {
		var s SlotInfo
		var confirmed string
		if err := rows.Scan(&s.Name, &s.Plugin, &s.Database, &s.Active, &confirmed, &s.Retained, &s.Lag, &s.WALStatus); err != nil {
			return nil, fmt.Errorf("list replication slots: %w", err)
		}
		if s.Confirmed, err = ParseLSN(confirmed); err != nil {
			return nil, fmt.Errorf("list replication slots: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list replication slots: %w", err)
	}
	return out, nil
}

// CurrentLSN is the source's current write-ahead log position.
func CurrentLSN(ctx context.Context, q Querier) (LSN, error) {
	var s string
	if err := q.QueryRow(ctx, "SELECT pg_current_wal_lsn()::text").Scan(&s); err != nil {
		return 0, fmt.Errorf("current WAL position: %w", err)
	}
	return ParseLSN(s)
}

// WaitReleased waits, up to wait, until no process holds the slot name
// (or it does not exist), and reports whether it is free. A replication
// connection's client may close before the server's walsender has
// exited and released its slot: for that moment pg_replication_slots
// still shows the slot active, though its user is gone.
func WaitReleased(ctx context.Context, q Querier, name string, wait time.Duration) (bool, error) {
	deadline := time.Now().Add(wait)
	for {
		var active bool
		err := q.QueryRow(ctx, `SELECT coalesce(bool_or(active), false) FROM pg_replication_slots WHERE slot_name = $1`, name).Scan(&active)
		if err != nil {
			return false, fmt.Errorf("replication slot %s: %w", name, err)
		}
		if !active {
			return true, nil
		}
		if !time.Now().Before(deadline) {
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
