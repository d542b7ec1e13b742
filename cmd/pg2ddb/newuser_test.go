package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// step is one command of the new user's path and what it must answer.
type step struct {
	name string
	args []string
	code int
	// stderr lists what the error output must contain; firstLine, when
	// set, is what its first line must start with.
	stderr    []string
	firstLine string
	// oneLine requires the whole error output to be one line.
	oneLine bool
	// within bounds the run's time.
	within time.Duration
}

func (s step) run(t *testing.T) (stdout, stderr string) {
	t.Helper()
	start := time.Now()
	code, out, errOut := runCLI(t, s.args...)
	took := time.Since(start)
	if code != s.code {
		t.Fatalf("%s: pg2ddb %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", s.name, strings.Join(s.args, " "), code, s.code, out, errOut)
	}
	for _, w := range s.stderr {
		if !strings.Contains(errOut, w) {
			t.Fatalf("%s: pg2ddb %s: stderr lacks %q:\n%s", s.name, strings.Join(s.args, " "), w, errOut)
		}
	}
	if s.firstLine != "" && !strings.HasPrefix(errOut, s.firstLine) {
		t.Fatalf("%s: stderr starts %q, want %q", s.name, errOut, s.firstLine)
	}
	if s.oneLine && strings.Count(strings.TrimRight(errOut, "\n"), "\n") > 0 {
		t.Fatalf("%s: stderr is not one line:\n%s", s.name, errOut)
	}
	if s.within > 0 && took > s.within {
		t.Fatalf("%s: took %s, want under %s", s.name, took, s.within)
	}
	return out, errOut
}

// noSourceEnvironment clears what points pgx at a server, as on a new
// user's machine.
func noSourceEnvironment(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	for _, v := range libpqVariables {
		t.Setenv(v, "")
	}
	t.Setenv("PGPASSWORD", "")
}

// noAWSEnvironment clears the AWS chain.
func noAWSEnvironment(t *testing.T) {
	for _, v := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_DEFAULT_PROFILE",
		"AWS_SHARED_CREDENTIALS_FILE", "AWS_CONFIG_FILE", "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN",
		"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI"} {
		t.Setenv(v, "")
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
}

// TestNewUserPath walks what a new user types on a database pg2ddb has
// never seen, wrong inputs included, and holds every answer to one line
// that says what is wrong and what to do, with its exit status.
func TestNewUserPath(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	empty := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.orders (customer text, n int, total numeric(10,2), placed timestamptz, PRIMARY KEY (customer, n))`,
		`INSERT INTO public.orders SELECT 'c' || (i % 40), i, i / 7.0, timestamptz '2025-01-01' + i * interval '1 min' FROM generate_series(1, 3000) i`,
		`ANALYZE public.orders`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	planPath := filepath.Join(dir, "shop.yaml")
	answering(t, "")

	step{name: "version", args: []string{"--version"}, code: 0}.run(t)
	step{name: "command typo", args: []string{"lod"}, code: 2,
		firstLine: `pg2ddb: unknown command "lod" (did you mean load?)`}.run(t)
	step{name: "flag typo", args: []string{"inspect", "--sorce", db.URL}, code: 2,
		firstLine: "pg2ddb: unknown flag: --sorce (did you mean --source?)\nUsage: pg2ddb inspect [flags]"}.run(t)

	// No --source and no environment: the message says what was tried.
	t.Run("no source", func(t *testing.T) {
		noSourceEnvironment(t)
		// libpq's default is a local socket and a database named after
		// the OS user: whether it answers or not, the user hears what
		// was tried, and an empty database is not reported as a success.
		_, errOut := step{name: "inspect without a source", args: []string{"inspect", "--source-max-connections", "1"}, code: 1}.run(t)
		if !strings.Contains(errOut, "no --source, DATABASE_URL or PG* variable is set") || !strings.Contains(errOut, "libpq's defaults") {
			t.Fatalf("inspect without a source:\n%s", errOut)
		}
	})

	step{name: "empty database", args: []string{"inspect", "--source", empty.URL}, code: 1, oneLine: true,
		stderr: []string{"database " + empty.Name + " on postgres://", "has no tables or views", "--allow-empty"}}.run(t)
	step{name: "empty database allowed", args: []string{"inspect", "--source", empty.URL, "--allow-empty"}, code: 0}.run(t)
	step{name: "tables that match nothing", args: []string{"plan", "--source", db.URL, "--tables", "ordres", "-o", planPath}, code: 1, oneLine: true,
		stderr: []string{`no table matches "ordres"`}}.run(t)

	step{name: "plan into a missing directory", args: []string{"plan", "--source", db.URL, "-o", filepath.Join(dir, "plans", "shop.yaml")}, code: 1,
		oneLine: true, within: 2 * time.Second,
		stderr: []string{"-o " + filepath.Join(dir, "plans", "shop.yaml") + ": the directory " + filepath.Join(dir, "plans") + " does not exist (create it first)"}}.run(t)
	step{name: "plan", args: []string{"plan", "--source", db.URL, "--table-prefix", "nu" + time.Now().Format("150405") + "_", "-o", planPath}, code: 0}.run(t)

	step{name: "no plan argument", args: []string{"load"}, code: 2, oneLine: true,
		stderr: []string{"pg2ddb load takes one plan file, got no plan file; Usage: pg2ddb load PLAN [flags]"}}.run(t)
	step{name: "flag value", args: []string{"load", planPath, "--workers", "eight"}, code: 2,
		firstLine: `pg2ddb: invalid value "eight" for --workers: want a whole number`}.run(t)
	step{name: "rejects into a missing directory", args: []string{"load", planPath, "--source", db.URL, "--rejects", filepath.Join(dir, "out", "r.jsonl")},
		code: 1, oneLine: true, stderr: []string{"--rejects " + filepath.Join(dir, "out", "r.jsonl") + ": the directory"}}.run(t)

	t.Run("no AWS credentials", func(t *testing.T) {
		noAWSEnvironment(t)
		step{name: "load without credentials", args: []string{"load", planPath, "--source", db.URL, "--region", "eu-west-1"}, code: 1, oneLine: true,
			firstLine: "pg2ddb: no AWS credentials: looked in AWS_ACCESS_KEY_ID"}.run(t)
	})

	_, target := simTarget(t)
	load := append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)
	out, _ := step{name: "load", args: load, code: 0}.run(t)
	// The summary shows the plan's estimate beside the time measured.
	if !strings.Contains(out, "estimated") || !regexp.MustCompile(`nu\S*_orders\s.*\s[0-9.]+m?s\s+[0-9.]+m?s\s`).MatchString(out) {
		t.Fatalf("load summary lacks the estimate beside the time:\n%s", out)
	}
	step{name: "load again", args: load, code: 1, oneLine: true,
		stderr: []string{"target tables already hold items", "--append", "--recreate"}}.run(t)
	step{name: "recreate in a script", args: append(load, "--recreate"), code: 2, oneLine: true,
		stderr: []string{"--recreate would delete 1 existing table and their items: nu", "pass --yes"}}.run(t)
	out, _ = step{name: "verify", args: append([]string{"verify", planPath, "--source", db.URL}, target...), code: 0}.run(t)
	if !strings.Contains(out, "3,000 source rows - 0 rejected = 3,000 items") {
		t.Fatalf("verify:\n%s", out)
	}

	// A wrong password is never printed, nor scrubbed into other words.
	_, errOut := step{name: "wrong password", args: []string{"inspect", "--source", "postgres://me:word@127.0.0.1:1/shop?connect_timeout=2"}, code: 1,
		oneLine: true}.run(t)
	if strings.Contains(errOut, ":word@") || strings.Contains(errOut, "passxxxxx") {
		t.Fatalf("wrong password: %s", errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "plans")); err == nil {
		t.Fatal("a refused plan created its directory")
	}
}
