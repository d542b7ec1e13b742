package load_test

import (
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// snapshotSource opens a snapshot on pool for the test.
func snapshotSource(t testing.TB, pool *pgxpool.Pool) load.SnapshotSource {
	t.Helper()
	return load.SnapshotSource{Snapshot: fixture.Snapshot(t, pool)}
}
