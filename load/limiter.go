package load

import (
	"context"
	"math"
	"sync"
	"time"
)

// limiter is the write budget: a token bucket in WCU whose rate adapts to
// throttling. It starts at the ceiling (--max-wcu, or unlimited). A
// throttle cuts the rate multiplicatively, at most once per cutEvery so one
// burst of throttled workers counts once, and never below what the endpoint
// actually accepted over the last second: a throttle says "not faster than
// this", not "stop". Between cuts the rate grows again by raiseFactor per
// raiseEvery, up to the ceiling, so it recovers within a second or two when
// throttles stop, and a steady trickle of throttles (a share of items
// returned unprocessed whatever the rate) cannot ratchet it down to
// nothing. Overshooting costs only retried items (DynamoDB does not charge
// for throttled writes), undershooting costs time, so recovery is brisk.
type limiter struct {
	mu        sync.Mutex
	ceiling   float64 // WCU/s; +Inf for none
	rate      float64 // current WCU/s; +Inf while unthrottled without ceiling
	tokens    float64
	last      time.Time
	lastCut   time.Time
	lastRaise time.Time
	// acc holds the accepted WCU of the last second in slots of
	// slotWidth, to know the achieved rate when cutting.
	acc     [slots]float64
	accSlot int64
	start   time.Time
	cuts    int64
	now     func() time.Time
}

const (
	cutFactor   = 0.7
	cutEvery    = 500 * time.Millisecond
	raiseEvery  = 100 * time.Millisecond
	raiseFactor = 1.1
	minRate     = 25
	slots       = 10
	slotWidth   = 100 * time.Millisecond
)

func newLimiter(maxWCU float64) *limiter {
	c := math.Inf(1)
	if maxWCU > 0 {
		c = maxWCU
	}
	now := time.Now()
	return &limiter{ceiling: c, rate: c, last: now, start: now, now: time.Now}
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

// advance moves the accepted-WCU ring to now. Called with mu held.
func (l *limiter) advance(now time.Time) {
	slot := int64(now.Sub(l.start) / slotWidth)
	for s := l.accSlot + 1; s <= slot && s <= l.accSlot+slots; s++ {
		l.acc[s%slots] = 0
	}
	if slot > l.accSlot {
		l.accSlot = slot
	}
}

// accepted records n WCU written.
func (l *limiter) accepted(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.advance(now)
	l.acc[l.accSlot%slots] += float64(n)
}

// achieved is the accepted WCU/s over the last second (or since the
// start, when younger). Called with mu held.
func (l *limiter) achieved(now time.Time) float64 {
	l.advance(now)
	sum := 0.0
	for _, v := range l.acc {
		sum += v
	}
	span := math.Min(now.Sub(l.start).Seconds(), float64(slots)*slotWidth.Seconds())
	return sum / math.Max(span, slotWidth.Seconds())
}

// throttled cuts the rate after the endpoint refused writes for capacity.
func (l *limiter) throttled() {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.lastCut) < cutEvery {
		return
	}
	l.lastCut, l.lastRaise = now, now
	l.cuts++
	achieved := l.achieved(now)
	if math.IsInf(l.rate, 1) {
		l.rate = math.Max(achieved, minRate)
		l.tokens = 0
		l.last = now
	}
	l.rate = math.Max(math.Max(l.rate*cutFactor, achieved), minRate)
}

// raise grows the rate since the last cut. Called with mu held.
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
