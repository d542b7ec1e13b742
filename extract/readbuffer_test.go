package extract_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// countingReader serves a stream of backend messages, recording the
// largest read it was asked for and how many reads it served.
type countingReader struct {
	r             io.Reader
	reads, widest int
}

func (c *countingReader) Read(p []byte) (int, error) {
	c.reads++
	c.widest = max(c.widest, len(p))
	return c.r.Read(p)
}

// TestBufferReadsReadsWide decodes 20,000 DataRow messages through the
// frontend BufferReads builds: every message arrives as sent, and the
// socket is read 64 KiB at a time (pgx alone asks for 8 KiB).
func TestBufferReadsReadsWide(t *testing.T) {
	var stream []byte
	for i := range 20000 {
		msg := pgproto3.DataRow{Values: [][]byte{[]byte("row"), bytes.Repeat([]byte{byte(i)}, i%200)}}
		var err error
		if stream, err = msg.Encode(stream); err != nil {
			t.Fatal(err)
		}
	}
	var plain, buffered countingReader
	for _, c := range []struct {
		r      *countingReader
		buffer bool
	}{{&plain, false}, {&buffered, true}} {
		cfg := &pgconn.Config{}
		if c.buffer {
			extract.BufferReads(cfg)
		} else {
			cfg.BuildFrontend = pgproto3.NewFrontend
		}
		c.r.r = bytes.NewReader(stream)
		fe := cfg.BuildFrontend(c.r, io.Discard)
		for i := range 20000 {
			m, err := fe.Receive()
			if err != nil {
				t.Fatalf("message %d: %v", i, err)
			}
			row, ok := m.(*pgproto3.DataRow)
			if !ok || len(row.Values) != 2 || string(row.Values[0]) != "row" || !bytes.Equal(row.Values[1], bytes.Repeat([]byte{byte(i)}, i%200)) {
				t.Fatalf("message %d: %#v", i, m)
			}
		}
		if _, err := fe.Receive(); !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			t.Fatalf("after the stream: %v, want its end", err)
		}
	}
	if buffered.widest < 64<<10 || buffered.reads*4 > plain.reads {
		t.Fatalf("buffered: %d reads, at most %d bytes; plain: %d reads, at most %d bytes", buffered.reads, buffered.widest, plain.reads, plain.widest)
	}
}

// TestBufferReadsOnASession streams a COPY through a pool whose sessions
// buffer their reads, cancels a query in the middle of its rows, and uses
// the pool again: the same bytes as without the buffer, and a cancelled
// read leaves no stale bytes behind.
func TestBufferReadsOnASession(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	cfg := db.Pool.Config().Copy()
	cfg.MaxConns = 1
	extract.BufferReads(&cfg.ConnConfig.Config)
	pool, err := pgxpool.NewWithConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	const q = `COPY (SELECT i, md5(i::text), repeat('x', i % 300) FROM generate_series(1, 50000) i) TO STDOUT (FORMAT binary)`
	copyOf := func(p *pgxpool.Pool) []byte {
		conn, err := p.Acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Release()
		var b bytes.Buffer
		if _, err := conn.Conn().PgConn().CopyTo(t.Context(), &b, q); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	want := copyOf(db.Pool)
	if got := copyOf(pool); !bytes.Equal(got, want) {
		t.Fatalf("COPY through the buffer: %d bytes, want the %d of a plain session", len(got), len(want))
	}

	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	rows, err := pool.Query(ctx, `SELECT i, pg_sleep(CASE WHEN i = 5000 THEN 30 ELSE 0 END) FROM generate_series(1, 10000) i`)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		if n++; n == 100 {
			cancel()
		}
	}
	rows.Close()
	if rows.Err() == nil {
		t.Fatalf("a cancelled query read %d rows and no error", n)
	}
	var sum int64
	if err := pool.QueryRow(t.Context(), `SELECT sum(i) FROM generate_series(1, 1000) i`).Scan(&sum); err != nil || sum != 500500 {
		t.Fatalf("after the cancelled query: %d, %v", sum, err)
	}
	if got := copyOf(pool); !bytes.Equal(got, want) {
		t.Fatalf("COPY after the cancelled query: %d bytes, want %d", len(got), len(want))
	}
}
