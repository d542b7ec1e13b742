package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// acceptedWriter records each write of the progress display with the puts
// the simulator had accepted when it was written. Acknowledged counts are
// computed before they are written and accepted puts only grow, so an
// honest display never shows more than the snapshot.
type acceptedWriter struct {
	sim *ddbsim.Server
	mu  sync.Mutex
	// writes are the chunks with the accepted puts at their time.
	writes []acceptedChunk
	// onWrite, when set, sees each chunk (to interrupt the load).
	onWrite func(string)
}

type acceptedChunk struct {
	text     string
	accepted int64
}

func (w *acceptedWriter) Write(b []byte) (int, error) {
	var accepted int64
	for _, t := range w.sim.Stats().Tables {
		accepted += t.AcceptedPuts
	}
	w.mu.Lock()
	w.writes = append(w.writes, acceptedChunk{string(b), accepted})
	f := w.onWrite
	w.mu.Unlock()
	if f != nil {
		f(string(b))
	}
	return len(b), nil
}

// throttledLoad sets up a table and a simulator whose one partition takes
// 400 WCU/s, so the loader is throttled and the load takes seconds.
func throttledLoad(t *testing.T, rows int) (sim *ddbsim.Server, load []string) {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.readings (sensor text, n int, v text, PRIMARY KEY (sensor, n))`,
		fmt.Sprintf(`INSERT INTO public.readings SELECT 's' || (i %% 50), i, md5(i::text) FROM generate_series(1, %d) i`, rows),
		`ANALYZE public.readings`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	sim, err := ddbsim.Start("", ddbsim.Options{Partitions: 1, PartitionWCU: 400})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	planPath := planFor(t, db, "--table-prefix", "ph_")
	return sim, []string{"load", planPath, "--source", db.URL, "--endpoint-url", sim.URL(), "--region", "us-east-1", "--recreate", "--yes"}
}

var barCount = regexp.MustCompile(`([0-9,]+)/([0-9,]+) items acknowledged`)

func parseThousands(s string) int64 {
	n, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	return n
}

// TestProgressCountsAcknowledgedItems reads the JSON events and the bars
// of a throttled load: the acknowledged count never exceeds what the
// simulator had accepted, the events are one JSON object a line, and
// neither reaches 100% (or a finished table) before every row is in.
func TestProgressCountsAcknowledgedItems(t *testing.T) {
	t.Parallel()
	const rows = 2000
	sim, load := throttledLoad(t, rows)

	w := &acceptedWriter{sim: sim}
	var out bytes.Buffer
	if code := run(t.Context(), append(load, "--progress", "json"), &out, w); code != 0 {
		t.Fatalf("load --progress json: exit %d\n%s", code, out.String())
	}
	kinds := map[string]int{}
	var throttles int64
	for _, c := range w.writes {
		sc := bufio.NewScanner(strings.NewReader(c.text))
		for sc.Scan() {
			var e progressEvent
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Fatalf("not one JSON object per line: %q: %v", sc.Text(), err)
			}
			kinds[e.Event]++
			if e.Event == "message" {
				continue
			}
			if e.Acknowledged == nil || e.Total == nil {
				t.Fatalf("event without counts: %s", sc.Text())
			}
			if *e.Acknowledged > c.accepted {
				t.Fatalf("event says %d acknowledged when the simulator had accepted %d: %s", *e.Acknowledged, c.accepted, sc.Text())
			}
			if e.Event == "progress" && *e.Acknowledged >= *e.Total && c.accepted < rows {
				t.Fatalf("100%% with %d of %d rows accepted: %s", c.accepted, rows, sc.Text())
			}
			if e.Event == "table_finished" && (e.Complete == nil || !*e.Complete || *e.Acknowledged != rows) {
				t.Fatalf("finished event: %s", sc.Text())
			}
			if e.Event == "throttles" {
				throttles = *e.Throttles
			}
		}
	}
	if kinds["table_started"] != 1 || kinds["table_finished"] != 1 || kinds["progress"] < 2 || kinds["throttles"] == 0 {
		t.Fatalf("events %v: want one table_started, one table_finished, progress events and throttles", kinds)
	}
	if throttles == 0 {
		t.Fatal("the load was not throttled; the test shows nothing")
	}

	w = &acceptedWriter{sim: sim}
	if code := run(t.Context(), append(load, "--progress", "bar"), &out, w); code != 0 {
		t.Fatalf("load --progress bar: exit %d", code)
	}
	full := false
	for i, c := range w.writes {
		for _, m := range barCount.FindAllStringSubmatch(c.text, -1) {
			if ack := parseThousands(m[1]); ack > c.accepted {
				t.Fatalf("bar says %s acknowledged when the simulator had accepted %d: %q", m[1], c.accepted, c.text)
			}
		}
		if strings.Contains(c.text, "100%") {
			full = true
			if c.accepted < rows {
				t.Fatalf("bar at 100%% (write %d) with %d of %d accepted: %q", i, c.accepted, rows, c.text)
			}
		}
		if strings.Contains(c.text, "items/s") && regexp.MustCompile(`[0-9]{4,} items/s`).MatchString(c.text) {
			t.Fatalf("a rate without thousands separators: %q", c.text)
		}
	}
	if !full {
		t.Fatal("the bar never reached 100% at the end")
	}
}

// TestProgressAfterCtrlCIsNotFinished: a load stopped midway shows its
// bar where it stood, never 100%, and its JSON finished event says
// complete false.
func TestProgressAfterCtrlCIsNotFinished(t *testing.T) {
	t.Parallel()
	const rows = 2000
	sim, load := throttledLoad(t, rows)
	for _, mode := range []string{"json", "bar"} {
		ctx, cancel := context.WithCancel(t.Context())
		w := &acceptedWriter{sim: sim}
		var once sync.Once
		accepted := func() int64 {
			var n int64
			for _, t := range sim.Stats().Tables {
				n += t.AcceptedPuts
			}
			return n
		}
		base := accepted()
		w.onWrite = func(text string) {
			if strings.Contains(text, "acknowledged") && accepted()-base > 300 {
				once.Do(cancel)
			}
		}
		var out bytes.Buffer
		code := run(ctx, append(load, "--progress", mode), &out, w)
		cancel()
		if code != exitInterrupted {
			var all strings.Builder
			for _, c := range w.writes {
				all.WriteString(c.text)
			}
			t.Fatalf("%s: exit %d, want %d\n%s", mode, code, exitInterrupted, all.String())
		}
		var all strings.Builder
		for _, c := range w.writes {
			all.WriteString(c.text)
		}
		switch mode {
		case "json":
			if !strings.Contains(all.String(), `"event":"table_finished"`) || !strings.Contains(all.String(), `"complete":false`) {
				t.Fatalf("json after Ctrl-C:\n%s", all.String())
			}
		case "bar":
			if strings.Contains(all.String(), "100%") {
				t.Fatalf("bar shows 100%% after Ctrl-C:\n%q", all.String())
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
}
