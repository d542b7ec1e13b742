package replication

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Event is one thing the stream reports: *Begin, *Commit, *Change,
// *Truncate or *Position.
type Event interface{ event() }

// Begin starts a committed transaction; its changes follow, then Commit.
type Begin struct {
	XID        uint32
	CommitTime time.Time
}

// Commit ends a transaction. Once every change before it is applied, End
// may be confirmed.
type Commit struct {
	End        LSN
	CommitTime time.Time
}

// Position says the server sent everything that committed before WALEnd:
// once the events received before it are applied, WALEnd may be
// confirmed even though no change of ours lies there.
type Position struct{ WALEnd LSN }

// Kind is what a change did.
type Kind byte

// The kinds of change.
const (
	Insert Kind = 'I'
	Update Kind = 'U'
	Delete Kind = 'D'
)

// Column is one column of a relation as the stream describes it.
type Column struct {
	Name    string
	TypeOID uint32
	TypeMod int32
	// Identity says the column is part of the replica identity.
	Identity bool
}

// Relation is a published table as the stream last described it.
type Relation struct {
	ID       uint32
	Name     plans.TableName
	Identity byte // 'd' default, 'f' full, 'i' index, 'n' nothing
	Columns  []Column
}

// Value is one column's value in a change.
type Value struct {
	// Kind is 'n' (NULL), 'u' (an unchanged TOASTed value that was not
	// sent) or 't' (Text holds the value as its type's text output).
	Kind byte
	Text []byte
}

// Change is one row changed by a committed transaction.
type Change struct {
	Kind Kind
	Rel  *Relation
	// New is the row after an INSERT or UPDATE, one value per column.
	New []Value
	// Old is what the change carries of the row before an UPDATE or
	// DELETE: OldKind 'K' (only the replica identity's columns are
	// meaningful), 'O' (the whole row: REPLICA IDENTITY FULL), or 0 (not
	// sent: an UPDATE that left the replica identity unchanged).
	Old     []Value
	OldKind byte
}

// Truncate is a TRUNCATE of published tables.
type Truncate struct{ Rels []*Relation }

func (*Begin) event()    {}
func (*Commit) event()   {}
func (*Position) event() {}
func (*Change) event()   {}
func (*Truncate) event() {}

// Stream is a started replication stream. Next and Close belong to one
// goroutine; Confirm may be called from any.
type Stream struct {
	conn      *Conn
	rels      map[uint32]*Relation
	confirmed atomic.Uint64
	sent      LSN // the position last reported to the server
	lastSent  time.Time
	lastData  time.Time
	// Status is how often the client reports its position (and asks for
	// the server's) when nothing else prompts it.
	status time.Duration
}

// StartStream starts streaming the slot's changes of publication from
// from (the server starts at the slot's confirmed position if that is
// later). Protocol version 1 sends only committed transactions, whole and
// in commit order: an aborted transaction is never sent, and no
// transaction is streamed while in progress.
func (c *Conn) StartStream(ctx context.Context, slot, publication string, from LSN) (*Stream, error) {
	err := pglogrepl.StartReplication(ctx, c.pg, slot, from, pglogrepl.StartReplicationOptions{
		Mode:       pglogrepl.LogicalReplication,
		PluginArgs: []string{"proto_version '1'", "publication_names " + quote(publication)},
	})
	if err != nil {
		return nil, fmt.Errorf("start replication from slot %s: %w", slot, err)
	}
	s := &Stream{conn: c, rels: map[uint32]*Relation{}, status: time.Second, lastSent: time.Now(), lastData: time.Now()}
	s.confirmed.Store(uint64(from))
	s.sent = from
	return s, nil
}

func quote(s string) string {
	out := []byte{'\''}
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'')
		}
		out = append(out, s[i])
	}
	return string(append(out, '\''))
}

// Confirm reports that every change up to lsn is applied: the server may
// advance the slot's confirmed position there and release the WAL before
// it. It only moves forward.
func (s *Stream) Confirm(lsn LSN) {
	for {
		old := s.confirmed.Load()
		if uint64(lsn) <= old || s.confirmed.CompareAndSwap(old, uint64(lsn)) {
			return
		}
	}
}

// Confirmed is the position last given to Confirm (or the start).
func (s *Stream) Confirmed() LSN { return LSN(s.confirmed.Load()) }

// Next returns the next event, or nil when none arrived within wait. It
// reports the confirmed position to the server when it moved, and every
// second otherwise, asking for the server's position while the stream is
// idle (the server then sends a Position).
func (s *Stream) Next(ctx context.Context, wait time.Duration) (Event, error) {
	deadline := time.Now().Add(wait)
	for {
		if err := s.report(ctx); err != nil {
			return nil, err
		}
		until := time.Now().Add(s.status)
		if deadline.Before(until) {
			until = deadline
		}
		rctx, cancel := context.WithDeadline(ctx, until)
		msg, err := s.conn.pg.ReceiveMessage(rctx)
		cancel()
		if err != nil {
			if pgconn.Timeout(err) && ctx.Err() == nil {
				if time.Now().Before(deadline) {
					continue
				}
				return nil, nil
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("replication stream: %w", err)
		}
		var ev Event
		switch msg := msg.(type) {
		case *pgproto3.CopyData:
			ev, err = s.copyData(msg.Data)
			if err != nil {
				return nil, err
			}
		case *pgproto3.ErrorResponse:
			return nil, fmt.Errorf("replication stream: %w", pgconn.ErrorResponseToPgError(msg))
		case *pgproto3.CopyDone:
			return nil, errors.New("replication stream: the server ended it")
		default:
			// Notices and the like.
		}
		if ev != nil {
			return ev, nil
		}
		if time.Now().After(deadline) {
			return nil, nil
		}
	}
}

// report sends a standby status update when the confirmed position moved
// or a status period passed; while no data arrived for a period it asks
// the server to answer with its position.
func (s *Stream) report(ctx context.Context) error {
	c := s.Confirmed()
	now := time.Now()
	if c == s.sent && now.Sub(s.lastSent) < s.status {
		return nil
	}
	idle := now.Sub(s.lastData) >= s.status
	err := pglogrepl.SendStandbyStatusUpdate(ctx, s.conn.pg, pglogrepl.StandbyStatusUpdate{
		WALWritePosition: c, WALFlushPosition: c, WALApplyPosition: c, ReplyRequested: idle,
	})
	if err != nil {
		return fmt.Errorf("replication stream: report position: %w", err)
	}
	s.sent, s.lastSent = c, now
	return nil
}

func (s *Stream) copyData(b []byte) (Event, error) {
	if len(b) == 0 {
		return nil, nil
	}
	switch b[0] {
	case pglogrepl.PrimaryKeepaliveMessageByteID:
		k, err := pglogrepl.ParsePrimaryKeepaliveMessage(b[1:])
		if err != nil {
			return nil, fmt.Errorf("replication stream: keepalive: %w", err)
		}
		if k.ReplyRequested {
			s.lastSent = time.Time{} // report at once
		}
		return &Position{WALEnd: k.ServerWALEnd}, nil
	case pglogrepl.XLogDataByteID:
		x, err := pglogrepl.ParseXLogData(b[1:])
		if err != nil {
			return nil, fmt.Errorf("replication stream: %w", err)
		}
		s.lastData = time.Now()
		// The message's bytes belong to the connection's buffer, which
		// the next receive reuses: decode a copy.
		return s.decode(slices.Clone(x.WALData))
	}
	return nil, nil
}

func (s *Stream) decode(data []byte) (Event, error) {
	m, err := pglogrepl.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("replication stream: decode pgoutput message %q: %w", data[:1], err)
	}
	switch m := m.(type) {
	case *pglogrepl.RelationMessage:
		r := &Relation{ID: m.RelationID, Name: plans.TableName{Schema: m.Namespace, Name: m.RelationName}, Identity: m.ReplicaIdentity}
		for _, c := range m.Columns {
			r.Columns = append(r.Columns, Column{Name: c.Name, TypeOID: c.DataType, TypeMod: c.TypeModifier, Identity: c.Flags&1 != 0})
		}
		s.rels[m.RelationID] = r
		return nil, nil
	case *pglogrepl.BeginMessage:
		return &Begin{XID: m.Xid, CommitTime: m.CommitTime}, nil
	case *pglogrepl.CommitMessage:
		return &Commit{End: m.TransactionEndLSN, CommitTime: m.CommitTime}, nil
	case *pglogrepl.InsertMessage:
		r, err := s.rel(m.RelationID)
		if err != nil {
			return nil, err
		}
		return &Change{Kind: Insert, Rel: r, New: values(m.Tuple)}, nil
	case *pglogrepl.UpdateMessage:
		r, err := s.rel(m.RelationID)
		if err != nil {
			return nil, err
		}
		c := &Change{Kind: Update, Rel: r, New: values(m.NewTuple), OldKind: m.OldTupleType}
		if m.OldTuple != nil {
			c.Old = values(m.OldTuple)
		}
		return c, nil
	case *pglogrepl.DeleteMessage:
		r, err := s.rel(m.RelationID)
		if err != nil {
			return nil, err
		}
		return &Change{Kind: Delete, Rel: r, Old: values(m.OldTuple), OldKind: m.OldTupleType}, nil
	case *pglogrepl.TruncateMessage:
		t := &Truncate{}
		for _, id := range m.RelationIDs {
			r, err := s.rel(id)
			if err != nil {
				return nil, err
			}
			t.Rels = append(t.Rels, r)
		}
		return t, nil
	}
	// Origin, Type and logical decoding messages carry nothing to apply.
	return nil, nil
}

func (s *Stream) rel(id uint32) (*Relation, error) {
	r := s.rels[id]
	if r == nil {
		return nil, fmt.Errorf("replication stream: change of relation %d before its description", id)
	}
	return r, nil
}

func values(t *pglogrepl.TupleData) []Value {
	if t == nil {
		return nil
	}
	out := make([]Value, len(t.Columns))
	for i, c := range t.Columns {
		out[i] = Value{Kind: c.DataType, Text: c.Data}
		if c.DataType == pglogrepl.TupleDataTypeNull {
			out[i].Text = nil
		}
	}
	return out
}

// closeWait bounds how long Close waits for the server to end the
// stream; past it, the connection is closed regardless and the server
// releases the slot when it notices.
const closeWait = 10 * time.Second

// Close reports the confirmed position a last time, ends the stream and
// closes the connection; the slot stays, at that position, and is free
// when Close returns. Closing the socket alone leaves the walsender to
// notice and release the slot a moment later, so the next command on the
// slot (sync --drop, the next sync) could find it still in use: ending
// the COPY first (CopyDone, answered once the server released the slot)
// makes the release part of Close.
func (s *Stream) Close(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	c := s.Confirmed()
	err := pglogrepl.SendStandbyStatusUpdate(ctx, s.conn.pg, pglogrepl.StandbyStatusUpdate{WALWritePosition: c, WALFlushPosition: c, WALApplyPosition: c})
	if err == nil {
		// SendStandbyCopyDone reads until the server is ready for the
		// next command, skipping the changes still in flight; it takes
		// no context, so a deadline on the socket bounds it.
		if nc := s.conn.pg.Conn(); nc != nil {
			_ = nc.SetDeadline(time.Now().Add(closeWait))
		}
		_, _ = pglogrepl.SendStandbyCopyDone(ctx, s.conn.pg)
	}
	if cerr := s.conn.Close(ctx); err == nil {
		err = cerr
	}
	return err
}
