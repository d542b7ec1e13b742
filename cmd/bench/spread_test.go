package main

import "testing"

// TestSpreadTimeScaleIsFixedForAFastLoader: figure 2's time scale does not
// grow with the loader's speed. A scale that followed it would shorten the
// simulated seconds for a faster loader, and the figure would measure the
// loader's wall-clock reaction times instead of the spread.
func TestSpreadTimeScaleIsFixedForAFastLoader(t *testing.T) {
	const tableWCU = 8000
	for _, rate := range []float64{80_000, 238_000, 1_000_000} {
		got, _ := spreadTimeScale(0, rate, tableWCU)
		if got != spreadTimeScaleMax {
			t.Errorf("loader at %.0f items/s: time scale %v, want %v", rate, got, spreadTimeScaleMax)
		}
	}
	if got, _ := spreadTimeScale(0, 0, tableWCU); got != spreadTimeScaleMax {
		t.Errorf("figure 1 not run: time scale %v, want %v", got, spreadTimeScaleMax)
	}
}

// A loader too slow to keep the table the bottleneck at the fixed scale
// lowers it, so that the table's capacity stays within 40% of the
// loader's rate.
func TestSpreadTimeScaleKeepsTheTableTheBottleneck(t *testing.T) {
	const tableWCU = 8000
	const slow = 20_000 // items/s: 40% of it is 8,000 WCU/s, time scale 1
	got, why := spreadTimeScale(0, slow, tableWCU)
	if got >= spreadTimeScaleMax || got <= 0 {
		t.Fatalf("loader at %d items/s: time scale %v (%s), want below %v", slow, got, why, spreadTimeScaleMax)
	}
	if capacity := tableWCU * got; capacity > spreadLoaderShare*slow {
		t.Errorf("wall-clock capacity %.0f WCU/s above 40%% of the loader's %d items/s", capacity, slow)
	}
	if got, _ := spreadTimeScale(0, 100, tableWCU); got <= 0 {
		t.Errorf("a very slow loader: time scale %v, want positive", got)
	}
}

func TestSpreadTimeScaleFlagWins(t *testing.T) {
	if got, why := spreadTimeScale(12, 238_000, 8000); got != 12 || why != "-time-scale" {
		t.Errorf("-time-scale 12: got %v (%s)", got, why)
	}
}
