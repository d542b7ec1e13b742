package extract_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

func exec(t *testing.T, pool *pgxpool.Pool, qs ...string) {
	t.Helper()
	for _, q := range qs {
		if _, err := pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// streamText reads every row of tb from s in order and renders it as text.
func streamText(t *testing.T, s *extract.Snapshot, tb plans.Table, order extract.Order) []string {
	t.Helper()
	rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: order})
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		r := rows.Row()
		line := fmt.Sprintf("%d pk=%q sk=%q problem=%q copies=%d", r.Pos, r.PK, r.SK, r.Problem, r.Copies)
		for i, v := range r.Values {
			line += fmt.Sprintf(" %s=%q", tb.Attributes[i].Column, v)
		}
		out = append(out, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSnapshotPinsTheSession pins that the defaults a database sets (ALTER
// DATABASE ... SET) cannot change what a run reads or stop it: the stream
// is identical to the one read under the server's defaults, and neither a
// short statement_timeout nor idle_in_transaction_session_timeout ends the
// snapshot.
func TestSnapshotPinsTheSession(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.s (name text, id int, ts timestamptz, tsa timestamptz[], d date, iv interval,
		   f8 float8, f4 real, b bytea, tm time, n numeric)`,
		`INSERT INTO public.s VALUES
		   ('a\b#c', 1, '2024-03-01 12:00:00.5+02', '{"2024-03-01 12:00:00+02","1999-12-31 23:59:59.25+00"}',
		    '2024-02-29', '1 year 2 mons 3 days 04:05:06.7', 0.1, 0.1, '\x00ff27', '13:14:15.5', 1.50),
		   ('b', 2, '1970-01-01 00:00:00+00', '{}', '0044-03-15', '-3 days', 1e300, 3.4e38, '\x', '00:00', -0.0001),
		   ('b', 3, NULL, NULL, NULL, NULL, 'NaN', '-Infinity', NULL, NULL, NULL)`)
	attrs := []plans.Attribute{
		{Column: "ts", Name: "ts", Type: "S", Encoding: plans.AttrTimestampTZ},
		{Column: "tsa", Name: "tsa", Type: "L", Encoding: plans.AttrArray},
		{Column: "d", Name: "d", Type: "S", Encoding: plans.AttrDate},
		{Column: "iv", Name: "iv", Type: "S", Encoding: plans.AttrString},
		{Column: "f8", Name: "f8", Type: "N", Encoding: plans.AttrFloat},
		{Column: "f4", Name: "f4", Type: "N", Encoding: plans.AttrFloat},
		{Column: "b", Name: "b", Type: "B", Encoding: plans.AttrBinary},
		{Column: "tm", Name: "tm", Type: "S", Encoding: plans.AttrString},
		{Column: "n", Name: "n", Type: "N", Encoding: plans.AttrNumber, PGType: "numeric"},
	}
	tb := plans.Table{
		Source: "public.s",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{
			{Column: "name", Encoding: plans.EncString}, {Column: "id", Encoding: plans.EncInteger, Width: 10}}},
		SortKey:    &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "ts", Encoding: plans.EncTimestampTZ}}},
		Attributes: attrs,
	}
	read := func(pool *pgxpool.Pool, idle time.Duration) ([]string, map[string]string) {
		s, err := extract.Begin(t.Context(), pool)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close(t.Context())
		time.Sleep(idle)
		if _, err := s.Tx().Exec(t.Context(), "SELECT pg_sleep(0.3)"); err != nil {
			t.Fatalf("a 0.3 s statement in the snapshot: %v", err)
		}
		settings := map[string]string{}
		for _, name := range []string{"TimeZone", "DateStyle", "IntervalStyle", "extra_float_digits", "statement_timeout",
			"lock_timeout", "idle_in_transaction_session_timeout", "bytea_output", "standard_conforming_strings"} {
			var v string
			if err := s.Tx().QueryRow(t.Context(), "SELECT current_setting($1)", name).Scan(&v); err != nil {
				t.Fatal(err)
			}
			settings[name] = v
		}
		var out []string
		for _, o := range []extract.Order{extract.OrderTable, extract.OrderInterleave} {
			out = append(out, streamText(t, s, tb, o)...)
		}
		return out, settings
	}
	want, wantSettings := read(db.Pool, 0)

	exec(t, db.Pool, `ALTER DATABASE `+db.Name+` SET TimeZone = 'Asia/Tokyo'`,
		`ALTER DATABASE `+db.Name+` SET DateStyle = 'SQL, DMY'`,
		`ALTER DATABASE `+db.Name+` SET IntervalStyle = 'sql_standard'`,
		`ALTER DATABASE `+db.Name+` SET extra_float_digits = -3`,
		`ALTER DATABASE `+db.Name+` SET statement_timeout = '100ms'`,
		`ALTER DATABASE `+db.Name+` SET lock_timeout = '1ms'`,
		`ALTER DATABASE `+db.Name+` SET idle_in_transaction_session_timeout = '100ms'`,
		`ALTER DATABASE `+db.Name+` SET bytea_output = 'escape'`,
		`ALTER DATABASE `+db.Name+` SET standard_conforming_strings = off`)
	// The settings apply to new sessions only.
	pool, err := pgxpool.New(t.Context(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	got, gotSettings := read(pool, 400*time.Millisecond)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stream under the database's settings differs:\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for name, v := range map[string]string{"TimeZone": "UTC", "DateStyle": "ISO, YMD", "IntervalStyle": "postgres",
		"extra_float_digits": "3", "statement_timeout": "0", "lock_timeout": "30s",
		"idle_in_transaction_session_timeout": "0", "bytea_output": "hex", "standard_conforming_strings": "on"} {
		if gotSettings[name] != v || wantSettings[name] != v {
			t.Errorf("%s = %q under the database's settings and %q under the defaults, want %q", name, gotSettings[name], wantSettings[name], v)
		}
	}
	// Sanity: the database's settings do apply outside the snapshot.
	var tz string
	if err := pool.QueryRow(t.Context(), "SHOW TimeZone").Scan(&tz); err != nil || tz != "Asia/Tokyo" {
		t.Fatalf("the database's TimeZone did not apply to a new session: %q, %v", tz, err)
	}
}

// relationLocks counts the relation locks the backend pid holds.
func relationLocks(t *testing.T, pool *pgxpool.Pool, pid uint32) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.WithoutCancel(t.Context()),
		`SELECT count(*) FROM pg_locks WHERE pid = $1 AND locktype = 'relation' AND granted`, int64(pid)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestReadsReleaseTheirLocks pins that reading many tables from one
// snapshot does not hold a lock per table (review of a plan with thousands
// of tables failed with "out of shared memory"), and that the reads still
// see one snapshot: rows committed after Begin stay invisible.
func TestReadsReleaseTheirLocks(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	const tables = 40
	var b strings.Builder
	for i := range tables {
		fmt.Fprintf(&b, "CREATE TABLE public.t%d (id int PRIMARY KEY, v text); INSERT INTO public.t%d SELECT g, 'v' || g FROM generate_series(1, 3) g;", i, i)
	}
	exec(t, db.Pool, b.String())
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	pid := s.Tx().Conn().PgConn().PID()
	exec(t, db.Pool, "INSERT INTO public.t0 VALUES (4, 'after')")
	base := relationLocks(t, db.Pool, pid)
	most := 0
	for i := range tables {
		tb := plans.Table{
			Source:       fmt.Sprintf("public.t%d", i),
			PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncInteger, Width: 10}}},
			Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}},
		}
		n, err := extract.Count(t.Context(), s, tb)
		if err != nil {
			t.Fatal(err)
		}
		if n != 3 {
			t.Fatalf("%s: %d rows in the snapshot, want 3 (a read outside the snapshot?)", tb.Source, n)
		}
		if _, err := extract.KeyDistribution(t.Context(), s, tb); err != nil {
			t.Fatal(err)
		}
		rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: extract.OrderTable})
		if err != nil {
			t.Fatal(err)
		}
		rows.Next()
		most = max(most, relationLocks(t, db.Pool, pid)) // while the stream is open
		for rows.Next() {
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	after := relationLocks(t, db.Pool, pid)
	// A table read holds its table and its index; nothing stays behind.
	if after > base || most > base+4 {
		t.Fatalf("the snapshot holds %d relation locks after reading %d tables (%d before, at most %d during one read), want no growth",
			after, tables, base, most)
	}
}
