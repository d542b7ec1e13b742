package replication_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
)

// TestClosedStreamReleasesItsSlot: when Stream.Close returns, the server
// has released the slot. A closed connection alone leaves the walsender to
// notice the end of its socket and release the slot a moment later, so a
// command run right after a sync ended (sync --drop, or the next sync)
// found the slot "in use by a running sync". Each round closes a stream
// and at once asks the server whether the slot is still active.
func TestClosedStreamReleasesItsSlot(t *testing.T) {
	t.Parallel()
	db := testenv.NewLogicalDatabase(t, "")
	fixture.Exec(t, db.Pool, `CREATE TABLE public.r (id int PRIMARY KEY, v text)`)
	ctx := t.Context()
	rc, err := replication.Connect(ctx, db.URL)
	if err != nil {
		t.Fatal(err)
	}
	const name = "pg2ddb_release_test"
	if err := rc.CreatePublication(ctx, name, []plans.TableName{{Schema: "public", Name: "r"}}); err != nil {
		t.Fatal(err)
	}
	slot, err := rc.CreateSlot(ctx, name, time.Minute, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	rc.Close(ctx)
	t.Cleanup(func() {
		if rc, err := replication.Connect(ctx, db.URL); err == nil {
			rc.DropSlot(ctx, name)
			rc.DropPublication(ctx, name)
			rc.Close(ctx)
		}
	})
	for round := range 20 {
		fixture.Exec(t, db.Pool, fmt.Sprintf(`INSERT INTO public.r VALUES (%d, 'x')`, round))
		rc, err := replication.Connect(ctx, db.URL)
		if err != nil {
			t.Fatal(err)
		}
		stream, err := rc.StartStream(ctx, name, name, slot.Consistent)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if _, err := stream.Next(ctx, 50*time.Millisecond); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if err := stream.Close(ctx); err != nil {
			t.Fatalf("round %d: close: %v", round, err)
		}
		slots, err := replication.Slots(ctx, db.Pool, name)
		if err != nil {
			t.Fatal(err)
		}
		if len(slots) != 1 || slots[0].Active {
			t.Fatalf("round %d: after Close the slot is %+v, want it released", round, slots)
		}
	}
}
