package load

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// endpoint is a synthetic table for the budget's unit tests: a token
// bucket of capacity WCU/s holding burst seconds of it (a DynamoDB
// partition's budget), and a share of items refused whatever the rate.
type endpoint struct {
	capacity, burst, tokens float64
	refuse                  float64 // share of items refused whatever the rate
	rng                     *rand.Rand
}

// write offers a batch of n 1-WCU items dt after the last one and returns
// how many were taken.
func (e *endpoint) write(n int, dt time.Duration) int {
	e.tokens = min(e.tokens+e.capacity*dt.Seconds(), e.capacity*e.burst)
	took := 0
	for range n {
		if e.refuse > 0 && e.rng.Float64() < e.refuse {
			continue
		}
		if e.tokens >= 1 {
			e.tokens--
			took++
		}
	}
	return took
}

// second is one simulated second of a budget run.
type second struct {
	sent, took int
	rate       float64 // at the second's end
}

// drive runs l against e on a fake clock for d, sending 25-WCU batches as
// fast as the budget allows (a loader with rows to spare), each answered
// after rtt, and returns each second's figures.
func drive(t *testing.T, l *limiter, clock *time.Time, e *endpoint, d time.Duration, change func(time.Duration)) []second {
	t.Helper()
	const step, rtt = 5 * time.Millisecond, 20 * time.Millisecond
	var out []second
	var cur second
	credit := 0.0
	for el := time.Duration(0); el < d; el += step {
		if change != nil {
			change(el)
		}
		*clock = clock.Add(step)
		l.mu.Lock()
		l.advance(*clock)
		r := l.curve(*clock)
		l.setRate(*clock, r)
		l.mu.Unlock()
		r = min(r, loaderPace)
		credit = min(credit+r*step.Seconds(), max(r*burstTime.Seconds(), MaxBatchItems))
		sent := 0
		for credit >= MaxBatchItems {
			credit -= MaxBatchItems
			sent += MaxBatchItems
		}
		l.mu.Lock()
		l.sentWCU[l.slot%slots] += float64(sent)
		l.mu.Unlock()
		took := e.write(sent, step)
		for b := 0; b < sent/MaxBatchItems; b++ {
			l.observe(rtt)
		}
		if took > 0 {
			l.accepted(took)
		}
		if sent > took {
			l.throttled(sent - took)
		}
		cur.sent += sent
		cur.took += took
		if (el+step)%time.Second == 0 {
			cur.rate = l.current()
			out = append(out, cur)
			cur = second{}
		}
	}
	return out
}

// loaderPace is how fast the synthetic loader sends without a budget.
const loaderPace = 20000.0

func share(s second) float64 {
	if s.sent == 0 {
		return 0
	}
	return float64(s.sent-s.took) / float64(s.sent)
}

func trace(secs []second) string {
	var b strings.Builder
	for i, s := range secs {
		fmt.Fprintf(&b, "s%02d sent %5d took %5d (%2.0f%% refused) rate %6.0f\n", i, s.sent, s.took, 100*share(s), s.rate)
	}
	return b.String()
}

func newFakeLimiter(maxWCU float64) (*limiter, *time.Time) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return newLimiterAt(maxWCU, func() time.Time { return clock }), &clock
}

// TestBudgetSettlesUnderConstantCapacity drives the budget, without a
// ceiling, against a capacity of 2,000 WCU/s for a minute: after the first
// seconds the refused share of every second stays under 10%, the rate stays
// within a band around the capacity (bounded oscillation, no drift), and
// the table is kept busy.
func TestBudgetSettlesUnderConstantCapacity(t *testing.T) {
	const capacity = 2000.0
	l, clock := newFakeLimiter(0)
	e := &endpoint{capacity: capacity, burst: 1, tokens: capacity}
	secs := drive(t, l, clock, e, 60*time.Second, nil)
	t.Logf("\n%s", trace(secs))
	var took int
	for i, s := range secs[5:] {
		if sh := share(s); sh >= 0.10 {
			t.Errorf("second %d: %.0f%% refused, want under 10%%", i+5, 100*sh)
		}
		if s.rate < 0.4*capacity || s.rate > 1.25*capacity {
			t.Errorf("second %d: rate %.0f outside [%.0f, %.0f]", i+5, s.rate, 0.4*capacity, 1.25*capacity)
		}
		took += s.took
	}
	if avg := float64(took) / float64(len(secs)-5); avg < 0.75*capacity {
		t.Errorf("took %.0f WCU/s on average, want at least 75%% of %v", avg, capacity)
	}
}

// TestBudgetRecoversWhenCapacityRises drives the budget against 1,000
// WCU/s that becomes 4,000 after 30 s: within 10 s of the rise the rate
// and what the table takes are near the new capacity, still with few
// refusals.
func TestBudgetRecoversWhenCapacityRises(t *testing.T) {
	l, clock := newFakeLimiter(0)
	e := &endpoint{capacity: 1000, burst: 1, tokens: 1000}
	secs := drive(t, l, clock, e, 60*time.Second, func(el time.Duration) {
		if el == 30*time.Second {
			e.capacity = 4000
		}
	})
	t.Logf("\n%s", trace(secs))
	for i := 40; i < 60; i++ {
		s := secs[i]
		if s.took < 3000 || share(s) >= 0.10 {
			t.Errorf("second %d: took %d with %.0f%% refused, want at least 3,000 with under 10%%", i, s.took, 100*share(s))
		}
	}
}

// TestBudgetRefusalsIndependentOfRate drives the budget against a table
// with capacity to spare that refuses 30% of items whatever the rate (as
// the simulator's fault injection does): cutting cannot help, and the rate
// must not ratchet down to nothing.
func TestBudgetRefusalsIndependentOfRate(t *testing.T) {
	l, clock := newFakeLimiter(0)
	e := &endpoint{capacity: 1e9, burst: 1, tokens: 1e9, refuse: 0.3, rng: rand.New(rand.NewPCG(1, 2))}
	secs := drive(t, l, clock, e, 60*time.Second, nil)
	t.Logf("\n%s", trace(secs))
	// The loader's pace less the refused 30% is 14,000 WCU/s.
	for i, s := range secs[5:] {
		if s.took < 0.5*loaderPace*0.7 {
			t.Errorf("second %d: took %d, want at least half of the 14,000 the loader's pace gives", i+5, s.took)
		}
	}
}

// TestBudgetCeiling checks --max-wcu caps the budget with capacity to
// spare, and that a throttle below the ceiling still cuts.
func TestBudgetCeiling(t *testing.T) {
	l, clock := newFakeLimiter(500)
	e := &endpoint{capacity: 1e9, burst: 1, tokens: 1e9}
	for i, s := range drive(t, l, clock, e, 10*time.Second, nil) {
		if s.sent > 525 || s.rate != 500 {
			t.Errorf("second %d: sent %d at rate %.0f, want at most the ceiling of 500", i, s.sent, s.rate)
		}
	}
	e.capacity, e.tokens = 200, 0
	secs := drive(t, l, clock, e, 30*time.Second, nil)
	t.Logf("\n%s", trace(secs))
	for i, s := range secs[10:] {
		if share(s) >= 0.10 || s.rate > 500 {
			t.Errorf("second %d: %.0f%% refused at rate %.0f, want under 10%% and at most 500", i+10, 100*share(s), s.rate)
		}
	}
}
