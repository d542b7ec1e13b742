package blind

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// NewDatabase returns a fresh test database holding the corpus schema with
// its data, keys and statistics: a copy of a template database built once
// per server and content (named after the hash of the schema's files), so
// that only the first test of a server pays for Build.
func NewDatabase(t testing.TB, schema string) *testenv.Database {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	db := testenv.NewDatabase(t, "")
	if err := copyTemplate(ctx, t, db, schema); err != nil {
		t.Fatalf("blind schema %s: %v", schema, err)
	}
	return db
}

// copyTemplate fills db with the schema: it builds the schema once per
// server into a template database named after the hash of its files, and
// replaces db's content by a copy of it.
func copyTemplate(ctx context.Context, t testing.TB, db *testenv.Database, schema string) error {
	t.Helper()
	h := sha256.New()
	for _, f := range []string{"common.sql", "common_end.sql", schema + "/schema.sql", schema + "/data.sql", schema + "/keys.sql"} {
		b, err := files.ReadFile(f)
		if err != nil {
			return err
		}
		h.Write(b)
	}
	tpl := "pg2ddb_tpl_blind_" + schema + "_" + hex.EncodeToString(h.Sum(nil))[:10]
	server := testenv.ServerURL()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1))", tpl); err != nil {
		return err
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtext($1))", tpl) //nolint:errcheck
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)", tpl).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		loading := tpl + "_loading"
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{loading}.Sanitize()+" WITH (FORCE)"); err != nil {
			return err
		}
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{loading}.Sanitize()+" TEMPLATE template0 ENCODING 'UTF8'"); err != nil {
			return err
		}
		u, err := testenv.WithDatabase(server, loading)
		if err != nil {
			return err
		}
		pool, err := pgxpool.New(ctx, u)
		if err != nil {
			return err
		}
		err = Build(ctx, pool, schema)
		pool.Close()
		if err != nil {
			return err
		}
		for _, sql := range []string{
			"ALTER DATABASE " + pgx.Identifier{loading}.Sanitize() + " RENAME TO " + pgx.Identifier{tpl}.Sanitize(),
			"ALTER DATABASE " + pgx.Identifier{tpl}.Sanitize() + " WITH IS_TEMPLATE true",
		} {
			if _, err := admin.Exec(ctx, sql); err != nil {
				return err
			}
		}
	}
	// db is the test's own empty database: recreate it from the template.
	db.Pool.Close()
	if _, err := admin.Exec(ctx, "DROP DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" WITH (FORCE)"); err != nil {
		return err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{db.Name}.Sanitize()+" TEMPLATE "+pgx.Identifier{tpl}.Sanitize()); err != nil {
		return err
	}
	pool, err := pgxpool.New(ctx, db.URL)
	if err != nil {
		return err
	}
	db.Pool = pool
	t.Cleanup(pool.Close)
	return nil
}
