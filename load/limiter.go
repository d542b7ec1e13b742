package load

import (
	"context"
	"math"
	"sync"
	"time"
)

// limiter is the write budget: a token bucket in WCU whose rate adapts to
// throttling. It starts at the ceiling (--max-wcu, or unlimited). A
// throttle cuts the rate multiplicatively (to the rate actually achieved
// times cut, at most once per cutEvery so one burst of throttled workers
// counts once); every quiet interval without throttles raises it again by
// a share of itself until it is back at the ceiling. Overshooting costs
// only retried items (DynamoDB returns them unprocessed), undershooting
// costs time, so recovery is brisk.
type limiter struct {
	mu        sync.Mutex
	ceiling   float64 // WCU/s; +Inf for none
	rate      float64 // current WCU/s; +Inf while unthrottled without ceiling
	tokens    float64
	last      time.Time
	lastCut   time.Time
	lastRaise time.Time
	// achieved measures accepted WCU over a sliding second, to pick the
	// rate after the first throttle when there is no ceiling.
	winStart time.Time
	winWCU   float64
	prevRate float64
	cuts     int64
	now      func() time.Time
}

const (
	cutFactor   = 0.75
	cutEvery    = 200 * time.Millisecond
	raiseEvery  = 100 * time.Millisecond
	raiseFactor = 1.05
	minRate     = 25
)

func newLimiter(maxWCU float64) *limiter {
	c := math.Inf(1)
	if maxWCU > 0 {
		c = maxWCU
	}
	now := time.Now()
	return &limiter{ceiling: c, rate: c, last: now, winStart: now, now: time.Now}
}

// wait blocks until n WCU may be spent, or ctx ends.
func (l *limiter) wait(ctx context.Context, n int) error {
	for {
		l.mu.Lock()
		now := l.now()
		l.raise(now)
		if math.IsInf(l.rate, 1) {
			l.mu.Unlock()
			return nil
		}
		burst := math.Max(l.rate/10, float64(n)) // a tenth of a second of budget
		l.tokens = math.Min(burst, l.tokens+now.Sub(l.last).Seconds()*l.rate)
		l.last = now
		if l.tokens >= float64(n) || l.tokens >= burst {
			l.tokens -= float64(n)
			l.mu.Unlock()
			return nil
		}
		d := time.Duration((float64(n) - l.tokens) / l.rate * float64(time.Second))
		l.mu.Unlock()
		if err := sleep(ctx, d); err != nil {
			return err
		}
	}
}

// accepted records n WCU written, for the achieved rate.
func (l *limiter) accepted(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if el := now.Sub(l.winStart); el >= time.Second {
		l.prevRate = l.winWCU / el.Seconds()
		l.winStart, l.winWCU = now, 0
	}
	l.winWCU += float64(n)
}

// throttled cuts the rate after the endpoint refused writes for capacity.
func (l *limiter) throttled() {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.lastRaise = now
	if now.Sub(l.lastCut) < cutEvery {
		return
	}
	l.lastCut = now
	l.cuts++
	if math.IsInf(l.rate, 1) {
		achieved := l.prevRate
		if el := now.Sub(l.winStart).Seconds(); el > 0.2 {
			achieved = math.Max(achieved, l.winWCU/el)
		}
		l.rate = math.Max(achieved, minRate)
		l.tokens = 0
		l.last = now
	}
	l.rate = math.Max(l.rate*cutFactor, minRate)
}

// raise restores the rate while no throttle is seen. Called with mu held.
func (l *limiter) raise(now time.Time) {
	if math.IsInf(l.rate, 1) || l.rate >= l.ceiling {
		return
	}
	if now.Sub(l.lastRaise) < raiseEvery {
		return
	}
	steps := float64(now.Sub(l.lastRaise) / raiseEvery)
	l.lastRaise = now
	l.rate *= math.Pow(raiseFactor, steps)
	if l.rate >= l.ceiling {
		l.rate = l.ceiling
	}
}

// current returns the rate in WCU/s (+Inf when unlimited).
func (l *limiter) current() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rate
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
