package testenv

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Datasets are the shared sample databases a test may ask for, the
// largest first: a test that takes each in a parallel subtest starts the
// longest ones before the others take the free slots.
var Datasets = []string{"dellstore2", "employees", "pagila", "northwind", "chinook"}

// Main runs the tests of a package and stops whatever testenv started for
// them. Call it from TestMain: os.Exit(testenv.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	stopDynalite()
	return code
}

// Long marks t as one of the long tests (whole datasets, killed
// processes, a browser): `go test -short` (make test-short) skips it, make
// test runs it.
func Long(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("a long test: -short skips it; make test runs it")
	}
}

// RepoRoot returns the directory holding go.mod, found by walking up from the
// working directory (go test runs tests in their package directory).
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// SharedDir returns ../shared beside the repository (or PG2DDB_SHARED).
func SharedDir() (string, error) {
	if d := os.Getenv("PG2DDB_SHARED"); d != "" {
		return d, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	d := filepath.Join(root, "..", "shared")
	if _, err := os.Stat(filepath.Join(d, "datasets")); err != nil {
		return "", fmt.Errorf("shared datasets not found at %s (set PG2DDB_SHARED): %w", d, err)
	}
	return d, nil
}

// ServerURL is the PostgreSQL server tests create their databases on.
func ServerURL() string {
	if u := os.Getenv("PG2DDB_TEST_DATABASE"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// LogicalServerURL is the PostgreSQL server with wal_level=logical that
// sync's tests create their databases on: PG2DDB_TEST_LOGICAL_DATABASE, which
// scripts/services.sh exports (starting a throwaway cluster when the main
// server lacks logical decoding). It fails t when the variable is not set,
// since a test that needs the server must not pass without it.
func LogicalServerURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("PG2DDB_TEST_LOGICAL_DATABASE")
	if u == "" {
		t.Fatal("testenv: PG2DDB_TEST_LOGICAL_DATABASE is not set: run the tests under scripts/services.sh (make test), which starts PostgreSQL with wal_level=logical")
	}
	return u
}

// WithDatabase returns url with its database name replaced by name.
func WithDatabase(rawURL, name string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("parse test database URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// Database is a fresh PostgreSQL database that belongs to one test.
type Database struct {
	Name string
	URL  string
	Pool *pgxpool.Pool
}

// NewDatabase creates an empty database for t, loaded with the named shared
// dataset when dataset is not empty, and drops it when t ends. Datasets are
// loaded once per server into a template database keyed by the hash of the
// dataset's files, so later tests copy it in a fraction of a second.
func NewDatabase(t testing.TB, dataset string) *Database {
	t.Helper()
	return newDatabase(t, ServerURL(), dataset, 0)
}

// NewLogicalDatabase is NewDatabase on the server with wal_level=logical
// (LogicalServerURL). scripts/services.sh starts that server in the
// background, so the first test waits up to two minutes for it to answer.
// Replication slots left by the test's database are dropped with it.
func NewLogicalDatabase(t testing.TB, dataset string) *Database {
	t.Helper()
	return newDatabase(t, LogicalServerURL(t), dataset, 2*time.Minute)
}

// connectWaiting connects to url, trying again for up to wait while the
// server refuses connections or is starting up.
func connectWaiting(ctx context.Context, url string, wait time.Duration) (*pgx.Conn, error) {
	deadline := time.Now().Add(wait)
	for {
		c, err := pgx.Connect(ctx, url)
		if err == nil || time.Now().After(deadline) || ctx.Err() != nil {
			return c, err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func newDatabase(t testing.TB, server, dataset string, wait time.Duration) *Database {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	admin, err := connectWaiting(ctx, server, wait)
	if err != nil {
		t.Fatalf("testenv: PostgreSQL is not reachable (start it with `make test`, or set PG2DDB_TEST_DATABASE): %v", err)
	}
	defer admin.Close(context.Background())

	template := ""
	if dataset != "" {
		template, err = ensureTemplate(ctx, admin, server, dataset)
		if err != nil {
			t.Fatalf("testenv: load dataset %s: %v", dataset, err)
		}
	}
	name := fmt.Sprintf("pg2ddb_t_%s_%d", sanitize(t.Name()), time.Now().UnixNano()%1e12)
	if len(name) > 63 {
		name = name[:50] + fmt.Sprintf("_%d", time.Now().UnixNano()%1e12)
	}
	if err := createDatabase(ctx, admin, name, template); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	u, err := WithDatabase(server, name)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, u)
	if err != nil {
		t.Fatalf("testenv: connect to %s: %v", name, err)
	}
	db := &Database{Name: name, URL: u, Pool: pool}
	t.Cleanup(func() {
		pool.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		c, err := pgx.Connect(ctx, server)
		if err != nil {
			t.Errorf("testenv: drop %s: %v", name, err)
			return
		}
		defer c.Close(ctx)
		// A logical replication slot belongs to its database and keeps
		// it from being dropped: drop the inactive ones first.
		if _, err := c.Exec(ctx, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = $1 AND NOT active", name); err != nil {
			t.Errorf("testenv: drop the replication slots of %s: %v", name, err)
		}
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("testenv: drop %s: %v", name, err)
		}
	})
	return db
}

func createDatabase(ctx context.Context, admin *pgx.Conn, name, template string) error {
	sql := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if template != "" {
		sql += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	}
	// CREATE DATABASE ... TEMPLATE fails while another session is connected
	// to the template; that only happens for an instant while a parallel
	// package copies the same template, so retry briefly.
	var err error
	for i := 0; i < 50; i++ {
		if _, err = admin.Exec(ctx, sql); err == nil {
			return nil
		}
		if !strings.Contains(err.Error(), "is being accessed by other users") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("create database %s: %w", name, err)
}

func sanitize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if len(out) > 30 {
		out = out[:30]
	}
	return out
}

// ensureTemplate loads dataset into a template database unless one with the
// same content hash exists. An advisory lock keeps parallel test packages
// from loading the same dataset twice.
func ensureTemplate(ctx context.Context, admin *pgx.Conn, server, dataset string) (string, error) {
	shared, err := SharedDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(shared, "datasets", dataset)
	sum, err := hashDir(dir)
	if err != nil {
		return "", err
	}
	name := "pg2ddb_tpl_" + dataset + "_" + sum[:10]
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1))", name); err != nil {
		return "", fmt.Errorf("lock template %s: %w", name, err)
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtext($1))", name) //nolint:errcheck

	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)", name).Scan(&exists); err != nil {
		return "", fmt.Errorf("look up template %s: %w", name, err)
	}
	if exists {
		return name, nil
	}
	loading := name + "_loading"
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{loading}.Sanitize()+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("drop %s: %w", loading, err)
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{loading}.Sanitize()+" TEMPLATE template0 ENCODING 'UTF8'"); err != nil {
		return "", fmt.Errorf("create %s: %w", loading, err)
	}
	u, err := WithDatabase(server, loading)
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "load.sh"), u)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s/load.sh: %w\n%s", dataset, err, out)
	}
	for _, sql := range []string{
		"ALTER DATABASE " + pgx.Identifier{loading}.Sanitize() + " RENAME TO " + pgx.Identifier{name}.Sanitize(),
		"ALTER DATABASE " + pgx.Identifier{name}.Sanitize() + " WITH IS_TEMPLATE true",
	} {
		if _, err := admin.Exec(ctx, sql); err != nil {
			return "", fmt.Errorf("finish template %s: %w", name, err)
		}
	}
	return name, nil
}

func hashDir(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("read dataset %s: %w", dir, err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		f, err := os.Open(filepath.Join(dir, n))
		if err != nil {
			return "", err
		}
		io.WriteString(h, n) //nolint:errcheck
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

var dynalite struct {
	sync.Mutex
	endpoint string
	cmd      *exec.Cmd
	err      error
}

// DynamoDBEndpoint returns the URL of the local DynamoDB endpoint, starting
// dynalite for this test binary when none was given.
func DynamoDBEndpoint(t testing.TB) string {
	t.Helper()
	if e := os.Getenv("PG2DDB_TEST_DYNAMODB_ENDPOINT"); e != "" {
		return e
	}
	dynalite.Lock()
	defer dynalite.Unlock()
	if dynalite.endpoint == "" && dynalite.err == nil {
		dynalite.endpoint, dynalite.cmd, dynalite.err = startDynalite()
	}
	if dynalite.err != nil {
		t.Fatalf("testenv: local DynamoDB endpoint (dynalite) could not be started: %v", dynalite.err)
	}
	return dynalite.endpoint
}

// NewDynalite starts a dynalite of t's own and returns its URL; t's
// cleanup stops it. dynalite serves one request at a time on one core, so
// a long test that loads several databases at once gives each its own to
// use every core; every other test shares DynamoDBEndpoint's.
func NewDynalite(t testing.TB) string {
	t.Helper()
	endpoint, cmd, err := startDynalite()
	if err != nil {
		t.Fatalf("testenv: dynalite could not be started: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill() //nolint:errcheck
		cmd.Wait()         //nolint:errcheck
	})
	return endpoint
}

func startDynalite() (string, *exec.Cmd, error) {
	root, err := RepoRoot()
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(root, "node_modules", ".bin", "dynalite")
	if _, err := os.Stat(bin); err != nil {
		return "", nil, fmt.Errorf("%s missing: run `npm ci` in %s", bin, root)
	}
	port, err := FreePort()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(bin, "--host", "127.0.0.1", "--port", fmt.Sprint(port), "--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start dynalite: %w", err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for i := 0; i < 100; i++ {
		if c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond); err == nil {
			c.Close()
			return "http://" + addr, cmd, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Kill() //nolint:errcheck
	cmd.Wait()         //nolint:errcheck
	return "", nil, fmt.Errorf("dynalite did not listen on %s within 5 s", addr)
}

func stopDynalite() {
	dynalite.Lock()
	defer dynalite.Unlock()
	if dynalite.cmd != nil {
		dynalite.cmd.Process.Kill() //nolint:errcheck
		dynalite.cmd.Wait()         //nolint:errcheck
		dynalite.cmd = nil
	}
}

// FreePort asks the kernel for a free loopback TCP port.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// DynamoDB returns a client bound to the local endpoint with static
// credentials, so no AWS account or IMDS lookup is involved.
func DynamoDB(t testing.TB) *dynamodb.Client {
	t.Helper()
	return DynamoDBAt(DynamoDBEndpoint(t))
}

// DynamoDBAt returns a client for the endpoint at url (dynalite or the
// simulator).
func DynamoDBAt(url string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(url),
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// TableName returns a table name unique to this test, so tests sharing one
// endpoint do not see each other's tables.
func TableName(t testing.TB, base string) string {
	return fmt.Sprintf("%s_%s_%d", base, sanitize(t.Name()), time.Now().UnixNano()%1e9)
}
