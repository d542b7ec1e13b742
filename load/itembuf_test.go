package load_test

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
)

// TestItemBuffersOutliveTheirBatches loads rows whose value is a function
// of their key through writers slower than the reader, and checks every
// item of every BatchWriteItem call against its key: the buffers the items
// are encoded into are reused once every batch holding one of their items
// was written, and a buffer reused any earlier would send one row's key
// with another's bytes (or broken JSON).
func TestItemBuffersOutliveTheirBatches(t *testing.T) {
	t.Parallel()
	const rows = 12000
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE bufs (id integer PRIMARY KEY, v text NOT NULL)`,
		// Values of varied length, so the blocks' buffers differ in size.
		fmt.Sprintf(`INSERT INTO bufs SELECT i, md5(i::text) || repeat('x', i %% 97) FROM generate_series(1, %d) i`, rows))
	snap, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { snap.Close(t.Context()) })
	p := fixture.DesignPlan(t, snap, fmt.Sprintf("ib%d_", time.Now().UnixNano()%1e9))
	if len(p.Tables) != 1 {
		t.Fatalf("plan has %d tables", len(p.Tables))
	}
	var idAttr, vAttr string
	for _, a := range p.Tables[0].Attributes {
		switch a.Column {
		case "id":
			idAttr = a.Name
		case "v":
			vAttr = a.Name
		}
	}
	if idAttr == "" || vAttr == "" {
		t.Fatalf("plan attributes %+v lack id or v", p.Tables[0].Attributes)
	}
	want := func(id int) string {
		s := md5.Sum([]byte(strconv.Itoa(id)))
		return hex.EncodeToString(s[:]) + strings.Repeat("x", id%97)
	}

	var mu sync.Mutex
	seen := map[int]int{}
	var bad []string
	var calls int
	check := func(req *http.Request) {
		rc, err := req.GetBody()
		if err != nil {
			t.Error(err)
			return
		}
		body, err := io.ReadAll(rc)
		if err != nil {
			t.Error(err)
			return
		}
		var in struct {
			RequestItems map[string][]struct {
				PutRequest struct{ Item map[string]map[string]any }
			}
		}
		mu.Lock()
		defer mu.Unlock()
		calls++
		if err := json.Unmarshal(body, &in); err != nil {
			bad = append(bad, fmt.Sprintf("call %d: %v", calls, err))
			return
		}
		for _, reqs := range in.RequestItems {
			for _, w := range reqs {
				n, _ := w.PutRequest.Item[idAttr]["N"].(string)
				v, _ := w.PutRequest.Item[vAttr]["S"].(string)
				id, err := strconv.Atoi(n)
				if err != nil || v != want(id) {
					bad = append(bad, fmt.Sprintf("call %d: item %s=%q has %s=%q", calls, idAttr, n, vAttr, v))
					continue
				}
				seen[id]++
			}
		}
		// Slow writers: the reader runs ahead and encodes further blocks
		// while these items wait to be sent.
		if calls%7 == 0 {
			time.Sleep(2 * time.Millisecond)
		}
	}
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	ddb := hookBatches(testenv.DynamoDBAt(sim.URL()), batchHook{before: check})
	dir := t.TempDir()
	res, err := load.Run(t.Context(), p, load.SnapshotSource{Snapshot: snap}, ddb, load.Options{
		Workers: 8, Encoders: 4, ChunkRows: 1000,
		CheckpointPath: filepath.Join(dir, "cp.json"), RejectsPath: filepath.Join(dir, "rejects.jsonl"),
	})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bad) > 0 {
		t.Fatalf("%d items sent with the wrong bytes, the first: %s", len(bad), strings.Join(bad[:min(len(bad), 5)], "; "))
	}
	if res.Tables[0].Written != rows || len(seen) != rows {
		t.Fatalf("%d rows written, %d distinct items sent, want %d", res.Tables[0].Written, len(seen), rows)
	}
}
