package review

import (
	"fmt"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/internal/placement"
)

func keysOf(n int, items int64) []catalog.KeyCount {
	keys := make([]catalog.KeyCount, n)
	for i := range keys {
		keys[i] = catalog.KeyCount{Value: fmt.Sprintf("k%05d", i), Items: items}
	}
	return keys
}

// TestHeatTableOrderIsARollingHotPartition pins the model's point: keys of
// 2,000 items each (2 s of one partition's budget) written key after key
// keep one or two partitions at the ceiling while the others idle, so
// table order takes far longer than interleaved order at 4,000 WCU/s.
func TestHeatTableOrderIsARollingHotPartition(t *testing.T) {
	t.Parallel()
	h := SimulateHeat(HeatInput{Keys: keysOf(40, 2000), KeyType: "S", WCUPerItem: 1, WriteRate: 4000, Partitions: 4, Window: 200})
	if h.Interleaved.Seconds < 19 || h.Interleaved.Seconds > 25 {
		t.Errorf("interleaved: %.1f s for 80,000 WCU at 4,000 WCU/s, want about 20", h.Interleaved.Seconds)
	}
	if h.TableOrder.Seconds < 2*h.Interleaved.Seconds {
		t.Errorf("table order %.1f s, interleaved %.1f s: want table order at least twice as long", h.TableOrder.Seconds, h.Interleaved.Seconds)
	}
	if h.TableOrder.Saturated == 0 {
		t.Error("table order: no partition at the ceiling")
	}
	if len(h.Interleaved.Use) != 4 || len(h.Interleaved.Use[0]) != h.Columns || h.Columns == 0 || h.Columns > maxColumns {
		t.Errorf("picture: %d partitions × %d columns (Columns %d)", len(h.Interleaved.Use), len(h.Interleaved.Use[0]), h.Columns)
	}
	// Every write is drawn: the shares add up to the table's WCU.
	var sum float64
	for _, row := range h.TableOrder.Use {
		for _, u := range row {
			sum += u * h.Column * placement.PartitionWCU
		}
	}
	if sum < 79999 || sum > 80001 {
		t.Errorf("table order drew %.0f WCU, want 80,000", sum)
	}
}

// TestHeatHotKeyFloor pins that no order beats the hottest key alone at
// one partition's 1,000 WCU/s, and that keys land where the simulator puts
// them.
func TestHeatHotKeyFloor(t *testing.T) {
	t.Parallel()
	keys := append(keysOf(100, 10), catalog.KeyCount{Value: "hot", Items: 5000})
	h := SimulateHeat(HeatInput{Keys: keys, KeyType: "S", WCUPerItem: 1, WriteRate: 100000, Partitions: 8, Window: 200})
	for name, run := range map[string]HeatRun{"interleaved": h.Interleaved, "table order": h.TableOrder} {
		if run.Seconds < 4.9 {
			t.Errorf("%s: %.2f s, below the hot key's 5 s floor", name, run.Seconds)
		}
		hot := placement.PartitionOf("S", "hot", 8)
		var most int
		for p := range run.Use {
			if sumRow(run.Use[p]) > sumRow(run.Use[most]) {
				most = p
			}
		}
		if most != hot {
			t.Errorf("%s: busiest partition %d, the simulator puts the hot key on %d", name, most, hot)
		}
	}
}

// TestHeatGroupsWritesOfLargeTables pins that a large table is simulated
// in bounded work: one write stands for several items.
func TestHeatGroupsWritesOfLargeTables(t *testing.T) {
	t.Parallel()
	h := SimulateHeat(HeatInput{Keys: keysOf(1000, 5000), KeyType: "N", WCUPerItem: 2, WriteRate: 4000, Partitions: 4, Window: 200, MaxWrites: 100000})
	if h.ItemsPer != 50 {
		t.Errorf("items per write %d, want 50 (5,000,000 items in 100,000 writes)", h.ItemsPer)
	}
	if h.Interleaved.Seconds < 2400 || h.Interleaved.Seconds > 2700 {
		t.Errorf("interleaved %.0f s, want about 2,500 (10M WCU at 4,000 WCU/s)", h.Interleaved.Seconds)
	}
}

func sumRow(r []float64) float64 {
	var s float64
	for _, u := range r {
		s += u
	}
	return s
}
