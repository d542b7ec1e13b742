package main

import (
	"context"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// fakeTimer is one wait the snapshot watch asked the fake clock for.
type fakeTimer struct {
	d    time.Duration
	fire chan time.Time
}

// TestSnapshotWatchWarnsEachPeriod drives the snapshot-age warning with a
// fake clock: one warning per period of age, with the age in minutes; one
// warning (not one per missed period) after the clock jumps; none after
// the load has ended.
func TestSnapshotWatchWarnsEachPeriod(t *testing.T) {
	t.Parallel()
	began := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	now := began
	setNow := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }
	timers := make(chan fakeTimer)
	msgs := make(chan string, 10)
	w := snapshotWatch{
		began: began, period: 10 * time.Minute,
		now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now },
		after: func(d time.Duration) <-chan time.Time {
			c := make(chan time.Time, 1)
			timers <- fakeTimer{d, c}
			return c
		},
		warn: func(m string) { msgs <- m },
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { defer close(done); w.run(ctx) }()

	step := func(wantWait time.Duration, at time.Time, wantMsg string) {
		t.Helper()
		tm := <-timers
		if tm.d != wantWait {
			t.Fatalf("waits %s, want %s", tm.d, wantWait)
		}
		setNow(at)
		tm.fire <- at
		if m := <-msgs; !strings.Contains(m, wantMsg) || !strings.Contains(m, "VACUUM") || !strings.Contains(m, "read replica") {
			t.Fatalf("warning %q, want %q, VACUUM and a read replica", m, wantMsg)
		}
	}
	step(10*time.Minute, began.Add(10*time.Minute), "the source snapshot is 10 min old")
	step(10*time.Minute, began.Add(20*time.Minute), "is 20 min old")
	// The clock jumps past two periods: one warning with the real age,
	// then the wait is to the next multiple of the period.
	step(10*time.Minute, began.Add(47*time.Minute), "is 47 min old")
	tm := <-timers
	if tm.d != 3*time.Minute {
		t.Fatalf("after the jump waits %s, want 3m0s", tm.d)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the watch did not end when its context was cancelled")
	}
	select {
	case m := <-msgs:
		t.Fatalf("warned after the load ended: %q", m)
	default:
	}

	// Period 0 disables the warning: run returns at once.
	w.period = 0
	ended := make(chan struct{})
	go func() { defer close(ended); w.run(t.Context()) }()
	select {
	case <-ended:
	case <-timers:
		t.Fatal("period 0 still waits to warn")
	case <-time.After(10 * time.Second):
		t.Fatal("period 0: run did not return")
	}
}

// pg2ddbSessions counts the sessions pg2ddb holds on db (its
// application_name), seen from the test's own pool.
func pg2ddbSessions(db *testenv.Database) (int, error) {
	var n int
	err := db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'pg2ddb'`, db.Name).Scan(&n)
	return n, err
}

// TestSourceMaxConnectionsLimitsSessions pins that --source-max-connections
// is a real limit: with 2, two sessions can be held and a third waits, and
// the server sees exactly two pg2ddb sessions. 0 is refused.
func TestSourceMaxConnectionsLimitsSessions(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	pool, err := (&sourceFlags{url: db.URL, maxConns: 2}).connect(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for range 2 {
		c, err := pool.Acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	if c, err := pool.Acquire(ctx); err == nil {
		c.Release()
		t.Fatal("a third session was opened with --source-max-connections 2")
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("third acquire: %v, want it to wait for a free session", err)
	}
	if n, err := pg2ddbSessions(db); err != nil || n != 2 {
		t.Fatalf("the server sees %d pg2ddb sessions (%v), want 2", n, err)
	}

	if _, err := (&sourceFlags{url: db.URL, maxConns: 0}).connect(t.Context()); err == nil || !strings.Contains(err.Error(), "--source-max-connections") {
		t.Fatalf("--source-max-connections 0: %v, want an error naming the flag", err)
	}
}

// TestLoadInOneSessionWarnsAboutSnapshotAge runs a whole load with
// --source-max-connections 1 (it must fit, and the server must never see
// more) and a snapshot-age warning period shorter than the load, which
// must then be printed.
func TestLoadInOneSessionWarnsAboutSnapshotAge(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 20000)
	_, target := simTarget(t)
	planPath := planEvents(t, db, t.TempDir(), "age")
	// The plan's sessions end on the server a moment after the plan
	// returns: the sampler starts once they are gone, so that it counts
	// only the load's.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		n, err := pg2ddbSessions(db)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d pg2ddb sessions still open 10 s after the plan ended", n)
		}
	}

	// The sampler is owned by the test: it ends when stop is closed and
	// hands back the most sessions it saw (or the error that ended it).
	type sample struct {
		most int
		err  error
	}
	stop := make(chan struct{})
	sampled := make(chan sample, 1)
	go func() {
		most := 0
		for {
			n, err := pg2ddbSessions(db)
			if err != nil {
				sampled <- sample{most, err}
				return
			}
			most = max(most, n)
			select {
			case <-stop:
				sampled <- sample{most, nil}
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	args := append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "1000",
		"--source-max-connections", "1", "--warn-snapshot-age", "50ms"}, target...)
	code, out, errOut := runCLI(t, args...)
	close(stop)
	got := <-sampled
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	if got.err != nil || got.most != 1 {
		t.Errorf("the server saw at most %d pg2ddb sessions during the load (%v), want 1", got.most, got.err)
	}
	if !strings.Contains(errOut, "pg2ddb: warning: the source snapshot is ") || !strings.Contains(errOut, "VACUUM") {
		t.Errorf("no snapshot-age warning in the load's output:\n%s", errOut)
	}
	// The summary says when the first write came, per table.
	if !strings.Contains(out, "first write") || !regexp.MustCompile(`(?m)^ *age\S*events +20,000 .* [0-9.]+(ms|s) *$`).MatchString(out) {
		t.Errorf("the summary lacks the first write's time:\n%s", out)
	}

	code, _, errOut = runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--source-max-connections", "0", "--recreate", "--yes"}, target...)...)
	if code == 0 || !strings.Contains(errOut, "--source-max-connections must be at least 1") {
		t.Errorf("--source-max-connections 0: exit %d: %s", code, errOut)
	}
}

// Parallel readers are the default for a remote source, while a source on
// this machine, whose backends share pg2ddb's cores, gets at most half of
// them; --source-max-connections bounds both.
func TestDefaultReadersFollowWhereTheSourceRuns(t *testing.T) {
	t.Parallel()
	local := min(4, max(1, runtime.NumCPU()/2))
	for _, c := range []struct {
		url      string
		maxConns int
		want     int
	}{
		{"postgres://u@db.example.com:5432/shop", 4, 4},
		{"postgres://u@10.1.2.3/shop", 8, 4},
		{"postgres://u@db.example.com/shop", 2, 2},
		{"postgres://u@127.0.0.1:5432/shop", 4, local},
		{"postgres://u@localhost/shop", 4, local},
		{"postgres://u@[::1]:5432/shop", 4, local},
		{"host=/var/run/postgresql dbname=shop", 4, local},
		{"postgres://u@127.0.0.1/shop", 1, 1},
	} {
		s := sourceFlags{url: c.url, maxConns: c.maxConns}
		if got := s.defaultReaders(); got != c.want {
			t.Errorf("%s with --source-max-connections %d: %d readers, want %d", c.url, c.maxConns, got, c.want)
		}
	}
}
