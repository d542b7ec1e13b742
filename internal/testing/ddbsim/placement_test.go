package ddbsim

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/pg2ddb/pg2ddb/internal/placement"
)

// TestPartitionOfAgreesWithTheServer writes keys through the server and
// checks that the exported placement names the partition the server's
// statistics report for every key: pictures drawn from PartitionOf are the
// simulator's placement, not a copy that may drift.
func TestPartitionOfAgreesWithTheServer(t *testing.T) {
	s := startSim(t, Options{Partitions: 7})
	c := simClient(s.URL())
	createTable(t, c, "place", false)
	var reqs []types.WriteRequest
	want := map[string]int{}
	for i := range 20 {
		k := fmt.Sprintf("customer#%d", i)
		reqs = append(reqs, put(map[string]types.AttributeValue{"pk": sv(k)}))
		want["S:"+k] = placement.PartitionOf("S", k, 7)
	}
	if _, err := c.BatchWriteItem(ctxFor(t), &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"place": reqs}}); err != nil {
		t.Fatal(err)
	}
	st, ok := s.TableStats("place")
	if !ok {
		t.Fatal("no stats for table place")
	}
	if len(st.HotKeys) == 0 {
		t.Fatal("no key statistics")
	}
	used := map[int]bool{}
	for _, k := range st.HotKeys {
		p, ok := want[k.Key]
		if !ok {
			t.Fatalf("server reports unknown key %q", k.Key)
		}
		if p != k.Partition {
			t.Errorf("%s: PartitionOf says %d, the server put it on %d", k.Key, p, k.Partition)
		}
		used[p] = true
	}
	if len(used) < 3 {
		t.Errorf("20 keys on %d of 7 partitions: placement does not spread", len(used))
	}
}

func TestPartitionOfNumbersAreCanonical(t *testing.T) {
	for _, n := range []int{2, 4, 16, 1000} {
		if a, b := placement.PartitionOf("N", "1.50", n), placement.PartitionOf("N", "1.5", n); a != b {
			t.Errorf("%d partitions: 1.50 on %d, 1.5 on %d", n, a, b)
		}
		if p := placement.PartitionOf("S", "x", n); p < 0 || p >= n {
			t.Errorf("partition %d out of range 0..%d", p, n-1)
		}
	}
	if placement.PartitionOf("S", "anything", 1) != 0 {
		t.Error("one partition: not 0")
	}
	if got := placement.PartitionsFor(true, 3000, 4000); got != 5 {
		t.Errorf("PartitionsFor(provisioned, 3000, 4000) = %d, want 5", got)
	}
	if got := placement.PartitionsFor(false, 0, 0); got != 4 {
		t.Errorf("PartitionsFor(on-demand) = %d, want 4", got)
	}
}

// TestPlacementNumbersAreTheServers checks that the placement model makes a
// number canonical exactly as the server does before hashing it, so an N
// partition key drawn by review lands where the simulator puts it.
func TestPlacementNumbersAreTheServers(t *testing.T) {
	for _, in := range []string{"0", "-0", "1", "1.50", "15E-1", "1E3", "0.000120", "-12.3400", "123456789012345678901234567890123456.78",
		"1e-130", "9.99E125", "+7", ".5", "5.", "00012", "-0.0001e2"} {
		if _, ok := parseNum(in); !ok {
			continue
		}
		if got, want := placement.Positional(in), canonicalNum(in); got != want {
			t.Errorf("placement.Positional(%q) = %q, the server's canonical form is %q", in, got, want)
		}
	}
}
