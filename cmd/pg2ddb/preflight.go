package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// checkWritable refuses, before any work, an output file the command could
// not write at the end: its directory missing, not a directory, or not
// writable. flag names the setting in the message ("-o", "--rejects").
func checkWritable(flag, path string) error {
	if path == "" {
		return nil
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: the directory %s does not exist (create it first)", flag, path, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, path, err)
	case !st.IsDir():
		return fmt.Errorf("%s %s: %s is not a directory", flag, path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s %s: is a directory; name a file", flag, path)
	}
	f, err := os.CreateTemp(dir, ".pg2ddb-check-*")
	if err != nil {
		return fmt.Errorf("%s %s: cannot write in %s: %w", flag, path, dir, errors.Unwrap(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// checkOutputs is checkWritable over flag/path pairs.
func checkOutputs(pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := checkWritable(pairs[i], pairs[i+1]); err != nil {
			return err
		}
	}
	return nil
}

// emptySource refuses a source in which inspect or plan found no table or
// view: most often the wrong database (libpq's default is the one named
// after the OS user), or filters that match nothing. The message names the
// database, where the connection settings came from, and how to go on.
func (a *app) emptySource(what string, pool *pgxpool.Pool, database string, schemas, tables []string) error {
	c := pool.Config().ConnConfig.Config
	var why string
	switch {
	case len(schemas) > 0 || len(tables) > 0:
		why = fmt.Sprintf("no table or view of database %s on %s matches --schema %s --tables %s",
			database, describeConn(c), strings.Join(schemas, ","), strings.Join(tables, ","))
	case a.source.origin() == "":
		why = fmt.Sprintf("database %s on %s (libpq's defaults: no --source, DATABASE_URL or PG* variable is set) has no tables or views",
			database, describeConn(c))
	default:
		why = fmt.Sprintf("database %s on %s (from %s) has no tables or views", database, describeConn(c), a.source.origin())
	}
	return fmt.Errorf("%s: %s; point --source at the database to migrate, or pass --allow-empty", what, why)
}
