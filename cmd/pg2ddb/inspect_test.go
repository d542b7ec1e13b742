package main

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

func TestInspectText(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	code, stdout, stderr := runCLI(t, "inspect", "--source", db.URL, "--tables", "rental,payment,actor_info")
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("stderr is not a terminal, so no progress; got %q", stderr)
	}
	for _, want := range []string{
		"public.payment  partitioned table  16,049 rows",
		"partitions   7: public.payment_p2022_01",
		"foreign key  payment_p2022_01_customer_id_fkey (customer_id) → public.customer (customer_id) (declared on public.payment_p2022_01)",
		"public.rental  table  16,044 rows",
		"primary key  rental_pkey (rental_id)",
		"default nextval('public.rental_rental_id_seq'::regclass)",
		"staff_id      integer                        0.0%   2         1 (50.1%)",
		"public.actor_info  view (listed, not migrated)",
		"COLUMN", "SEQUENCE-STYLE",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestInspectJSON(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "chinook")
	code, stdout, stderr := runCLI(t, "inspect", "--source", db.URL, "--schema", "public", "--tables", "playlist*,track", "--format", "json", "--exact")
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, stderr)
	}
	var r struct {
		Schema  catalog.Schema  `json:"schema"`
		Profile catalog.Profile `json:"profile"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("output is not the documented JSON: %v\n%s", err, stdout)
	}
	if len(r.Schema.Tables) != 3 || len(r.Profile.Tables) != 3 {
		t.Fatalf("%d tables inspected, %d profiled, want 3 and 3", len(r.Schema.Tables), len(r.Profile.Tables))
	}
	id := r.Profile.Table("public", "track").Column("track_id")
	if id.Sequence == nil || id.Sequence.Kind != catalog.SeqIdentity {
		t.Errorf("track.track_id: %+v", id.Sequence)
	}
	hot := r.Profile.Table("public", "playlist_track").Column("playlist_id")
	if hot.TopValues[0].Count != 3290 || hot.Sequence != nil {
		t.Errorf("playlist_track.playlist_id: %+v", hot)
	}
	for _, key := range []string{`"server_version"`, `"base_type"`, `"top_values"`, `"null_fraction"`, `"evidence"`} {
		if !strings.Contains(stdout, key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}

func TestInspectBadInput(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown schema", []string{"--source", db.URL, "--schema", "public,sales"}, `unknown schema "sales"`},
		{"unknown table", []string{"--source", db.URL, "--tables", "no_such_*"}, `no table matches "no_such_*"`},
		{"unreachable", []string{"--source", "postgres://nobody:secret@127.0.0.1:1/x?connect_timeout=2"}, "connect to postgres://nobody@127.0.0.1:1/x"},
		{"no database", []string{"--source", mustWithDatabase(t, db.URL, "pg2ddb_no_such_db")}, `database "pg2ddb_no_such_db" does not exist`},
		{"bad format", []string{"--source", db.URL, "--format", "yaml"}, "--format must be text or json"},
	} {
		code, stdout, stderr := runCLI(t, append([]string{"inspect"}, tc.args...)...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code == 0 || len(lines) != 1 || !strings.HasPrefix(lines[0], "pg2ddb: inspect: ") || !strings.Contains(lines[0], tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want one line naming %q", tc.name, code, stderr, tc.want)
		}
		if stdout != "" || strings.Contains(stderr, "secret") {
			t.Errorf("%s: stdout %q, stderr %q", tc.name, stdout, stderr)
		}
	}
}

func mustWithDatabase(t *testing.T, rawURL, name string) string {
	u, err := testenv.WithDatabase(rawURL, name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestInspectUnreadableTable connects as a role that may not read one table:
// that table is reported, the others are inspected, and the exit is non-zero.
func TestInspectUnreadableTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	ctx := context.Background()
	role := "pg2ddb_inspect_" + strings.TrimPrefix(db.Name, "pg2ddb_t_")
	if len(role) > 60 {
		role = role[:60]
	}
	r := pgx.Identifier{role}.Sanitize()
	for _, sql := range []string{
		"CREATE ROLE " + r + " LOGIN",
		"GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + r,
		"REVOKE SELECT ON public.customers FROM " + r,
	} {
		if _, err := db.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		db.Pool.Exec(context.Background(), "DROP OWNED BY "+r)       //nolint:errcheck
		db.Pool.Exec(context.Background(), "DROP ROLE IF EXISTS "+r) //nolint:errcheck
	})
	u, err := url.Parse(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	code, stdout, stderr := runCLI(t, "inspect", "--source", u.String())
	if code == 0 {
		t.Errorf("exit 0 although a table could not be read")
	}
	if !strings.Contains(stderr, "1 of 14 tables could not be read: profile public.customers: ") || !strings.Contains(stderr, "permission denied") ||
		strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("stderr should be one line naming public.customers: %q", stderr)
	}
	if !strings.Contains(stdout, "public.customers  table  NOT READ") || !strings.Contains(stdout, "public.orders  table  830 rows") {
		t.Errorf("the readable tables should still be inspected:\n%s", stdout)
	}
}
