package load

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/pg2ddb/pg2ddb/target"

	"golang.org/x/time/rate"
)

// limiter is the write budget of one table: a golang.org/x/time/rate token
// bucket in WCU whose rate follows the endpoint's throttling, so that a
// table slower than the loader is written at about its capacity with few
// requests refused, and --max-wcu (the ceiling) still caps it.
//
// It starts at the ceiling (unlimited without one). Refusals — throttling
// errors, which refuse a whole batch, and items returned unprocessed — are
// weighed by their share of what was sent in a cut window (four round
// trips, at least cutGapMin): a window in which cutShare or more was
// refused cuts the rate to half the level it was refused at, and one cut
// per window makes one burst of refused calls in flight count once.
// Between cuts the rate grows back along the CUBIC curve of RFC 9438
// scaled to wmax, what the endpoint took in the window of the last cut:
// an additive step per second that is large far below wmax, small near
// it, where the last refusals came, and growing again beyond it, so that
// capacity that rose is found within seconds. Under a constant capacity
// the rate settles into a bounded sawtooth between about half of the
// capacity and a little above it, most of the time near it; the old fixed
// cut-and-regrow pace never settled and kept half the writes refused.
//
// Refusals that do not depend on the rate (injected faults, a share of
// items returned unprocessed whatever the rate) must not ratchet the rate
// down to minRate. Two guards: a cut never goes below half of the best
// second the endpoint took within peakMemory, which a constant capacity
// bounds; and a cut after which the refused share did not halve while
// the endpoint took less — at a capacity, a cut leaves what is taken
// unchanged — is undone, and its share becomes background that later
// windows must exceed by cutShare to cut.
type limiter struct {
	mu      sync.Mutex
	now     func() time.Time
	bucket  *rate.Limiter
	ceiling float64 // WCU/s; +Inf for none
	rate    float64 // WCU/s; +Inf while unthrottled without ceiling

	// The curve since the last cut: the level throttled at, the cut's
	// time, and the seconds after it at which the curve is back at wmax.
	wmax  float64
	cutAt time.Time
	k     float64
	cuts  int64
	// background is the refused share that cutting was seen not to
	// lower; a window cuts only when its share exceeds it by cutShare.
	// After a cut, undo holds the level cut from, the share above
	// background that caused it and the WCU/s taken in its window, until
	// the next window shows whether the cut was what the endpoint needed.
	background float64
	undo       bool
	undoLevel  float64
	undoShare  float64
	undoTook   float64

	srtt time.Duration // smoothed BatchWriteItem round trip

	// WCU sent and accepted per slot of slotWidth since start (the first
	// event), in a ring of the last slots, for the achieved rates.
	started      bool
	start        time.Time
	slot         int64
	sentWCU      [slots]float64
	acceptedWCU  [slots]float64
	throttledWCU [slots]float64
}

const (
	// cutFactor is the multiplicative decrease.
	cutFactor = 0.5
	// cutShare is the share of the WCU sent in a cut window that must be
	// refused for the window to cut: a few items refused now and then are
	// bursts meeting a partition's small burst allowance, not a rate above
	// the capacity, and retrying them costs nothing.
	cutShare = 0.05
	// regainAfter is how long the curve takes from a cut by cutFactor back
	// to the level throttled at.
	regainAfter = 2 * time.Second
	// cutGapMin and cutGapMax bound the window in which one cut is made;
	// within them it is four smoothed round trips.
	cutGapMin = 200 * time.Millisecond
	cutGapMax = 2 * time.Second
	// minRate is the lowest budget, in WCU/s.
	minRate = 25
	// burstTime is how much budget may be spent at once after a pause.
	burstTime = 100 * time.Millisecond
	// minSample is the fewest WCU a window must have sent for its
	// refused share to decide anything (ten full batches).
	minSample = 10 * MaxBatchItems
	// peakMemory is how long the best accepted second is remembered.
	peakMemory = 5 * time.Second
	slotWidth  = 100 * time.Millisecond
	perSecond  = int64(time.Second / slotWidth)
	slots      = int64(peakMemory/slotWidth) + perSecond
)

// gamma scales the curve: wmax·(1 + gamma·(t−k)³) with t and k in seconds
// passes cutFactor·wmax at t = 0 when k is regainAfter.
var gamma = (1 - cutFactor) / math.Pow(regainAfter.Seconds(), 3)

func newLimiter(maxWCU float64) *limiter {
	return newLimiterAt(maxWCU, time.Now)
}

// newLimiterAt is newLimiter with a clock, for tests.
func newLimiterAt(maxWCU float64, now func() time.Time) *limiter {
	c := ceilingOf(maxWCU)
	l := &limiter{now: now, ceiling: c, rate: c, bucket: rate.NewLimiter(rate.Inf, MaxBatchItems)}
	l.setRate(now(), c)
	return l
}

// setCeiling changes the ceiling (maxWCU ≤ 0: none): the share of
// --max-wcu this table has while others load beside it. The rate follows
// at once, cut or grown to the curve under the new ceiling.
func (l *limiter) setCeiling(maxWCU float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := ceilingOf(maxWCU)
	if c == l.ceiling {
		return
	}
	l.ceiling = c
	now := l.now()
	l.setRate(now, l.curve(now))
}

// ceilingOf is the ceiling for a --max-wcu value: +Inf for none (≤ 0).
func ceilingOf(maxWCU float64) float64 {
	if maxWCU > 0 {
		return maxWCU
	}
	return math.Inf(1)
}

// wait blocks until n WCU may be spent, or ctx ends.
func (l *limiter) wait(ctx context.Context, n int) error {
	l.mu.Lock()
	now := l.now()
	l.advance(now)
	l.sentWCU[l.slot%slots] += float64(n)
	l.setRate(now, l.curve(now))
	// A batch may cost more than the bucket holds (25 items of up to 400
	// KB); it reserves in bucket-sized parts and waits for the last.
	var d time.Duration
	for left := n; left > 0; {
		part := min(left, l.bucket.Burst())
		d = max(d, l.bucket.ReserveN(now, part).DelayFrom(now))
		left -= part
	}
	l.mu.Unlock()
	return target.Sleep(ctx, d)
}

// accepted records n WCU written.
func (l *limiter) accepted(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.advance(l.now())
	l.acceptedWCU[l.slot%slots] += float64(n)
}

// observe records the round trip of one BatchWriteItem call, which sets
// how long the effect of a cut takes to show.
func (l *limiter) observe(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.srtt == 0 {
		l.srtt = d
	} else {
		l.srtt += (d - l.srtt) / 8
	}
}

// throttled records n WCU refused for capacity (a throttling error's whole
// batch, or the items returned unprocessed) and cuts the rate when the
// refused share of the cut window is cutShare or more, once per window.
func (l *limiter) throttled(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.advance(now)
	l.throttledWCU[l.slot%slots] += float64(n)
	// The window is the last cut gap, and only the slots after the last
	// cut's, so that refusals of calls sent before it do not count again.
	gap := min(max(4*l.srtt, cutGapMin), cutGapMax)
	if l.cuts > 0 && now.Sub(l.cutAt) < gap {
		return
	}
	first := max(0, l.slot-perSecond+1)
	if l.cuts > 0 {
		first = max(first, l.slotOf(l.cutAt)+1)
	}
	from := max(first, l.slot-int64((gap+slotWidth-1)/slotWidth)+1)
	var took, refused float64
	for i := from; i <= l.slot; i++ {
		took += l.acceptedWCU[i%slots]
		refused += l.throttledWCU[i%slots]
	}
	// Too few writes make a share of noise (a throttling error refuses
	// a whole batch): the window reaches back further, up to a second,
	// and a slow table decides once a second.
	for from > first && took+refused < minSample {
		from--
		took += l.acceptedWCU[from%slots]
		refused += l.throttledWCU[from%slots]
	}
	if took+refused < minSample && l.cuts > 0 && now.Sub(l.cutAt) < time.Second {
		return
	}
	sh := refused / (took + refused)
	span := now.Sub(l.start.Add(time.Duration(from) * slotWidth))
	tookRate := took / max(span, time.Millisecond).Seconds()
	if l.undo && l.cuts > 1 {
		// The first window after a cut (not the first cut, whose
		// window holds what the endpoint's burst allowance took): when
		// the share refused above the background did not halve and the
		// endpoint took less than before, the refusals do not depend on
		// the rate. The share becomes background and the rate returns
		// to where it was.
		l.undo = false
		if sh-l.background >= l.undoShare/2 && tookRate < 0.8*l.undoTook {
			l.background = max(l.background, sh)
			l.wmax, l.cutAt, l.k = l.undoLevel, now, 0
			l.setRate(now, l.curve(now))
			return
		}
	}
	if sh < l.background {
		// The background falls slowly: one quiet window is not proof
		// that the refusals stopped.
		l.background -= (l.background - sh) / 4
	}
	if sh < l.background+cutShare {
		return
	}
	level := l.curve(now)
	if l.cuts == 0 {
		// The first throttle: the level is what the endpoint took lately
		// (or what was sent, when nothing was taken yet) if that is below
		// the ceiling, which may be unlimited or far above the capacity.
		est := l.recentRate(now, &l.acceptedWCU)
		if est == 0 {
			est = l.recentRate(now, &l.sentWCU)
		}
		level = min(level, max(est, minRate))
	}
	// Half the best second lately taken may be above the level: the
	// refusals at such a level were not about the rate, and the rate
	// returns to the floor.
	next := max(level*cutFactor, l.peakAccepted()/2, minRate)
	// The curve returns to what the endpoint took in the window, its
	// capacity as far as the window shows, rather than to the level sent,
	// which overshot it by the time the refusals came back.
	l.wmax, l.cutAt, l.cuts = max(min(level, tookRate), next), now, l.cuts+1
	l.undo, l.undoLevel, l.undoShare, l.undoTook = true, level, sh-l.background, tookRate
	l.k = math.Cbrt((1 - next/l.wmax) / gamma)
	l.setRate(now, l.curve(now))
}

// curve is the rate at now: the ceiling before the first cut, else the
// curve since the last cut, between minRate and the ceiling, and at most
// twice what was sent in the last second (or wmax, when more): a budget
// the loader does not use (the source is slower) is not evidence that
// the table takes it, and would let the first busy second overshoot by
// far. Called with mu held after advance.
func (l *limiter) curve(now time.Time) float64 {
	if l.cuts == 0 {
		return l.ceiling
	}
	t := now.Sub(l.cutAt).Seconds() - l.k
	r := min(l.wmax*(1+gamma*t*t*t), max(l.wmax, 2*l.recentRate(now, &l.sentWCU)))
	return min(max(r, minRate), l.ceiling)
}

// setRate moves the token bucket to r WCU/s. Called with mu held.
func (l *limiter) setRate(now time.Time, r float64) {
	l.rate = r
	if math.IsInf(r, 1) {
		l.bucket.SetLimitAt(now, rate.Inf)
		return
	}
	if b := max(int(r*burstTime.Seconds()), MaxBatchItems); b != l.bucket.Burst() {
		l.bucket.SetBurstAt(now, b)
	}
	l.bucket.SetLimitAt(now, rate.Limit(r))
}

// advance moves the slot ring to now, clearing the slots passed over.
// Called with mu held.
func (l *limiter) advance(now time.Time) {
	if !l.started {
		l.started, l.start = true, now
	}
	s := l.slotOf(now)
	for i := l.slot + 1; i <= s && i <= l.slot+slots; i++ {
		l.sentWCU[i%slots], l.acceptedWCU[i%slots], l.throttledWCU[i%slots] = 0, 0, 0
	}
	if s > l.slot {
		l.slot = s
	}
}

// slotOf is the slot that t falls in.
func (l *limiter) slotOf(t time.Time) int64 { return int64(t.Sub(l.start) / slotWidth) }

// recentRate is ring's WCU/s over the last second, or since the start
// when younger. Called with mu held after advance.
func (l *limiter) recentRate(now time.Time, ring *[slots]float64) float64 {
	sum := 0.0
	for i := max(0, l.slot-perSecond+1); i <= l.slot; i++ {
		sum += ring[i%slots]
	}
	span := min(now.Sub(l.start), time.Second)
	return sum / max(span, time.Millisecond).Seconds()
}

// peakAccepted is the most WCU accepted in one whole second (ten
// consecutive complete slots) within the last peakMemory; 0 while the
// load is younger than a second. Called with mu held after advance.
func (l *limiter) peakAccepted() float64 {
	best, sum := 0.0, 0.0
	// Complete slots are those before the current one, and the ring
	// holds slots-1 of them besides the current one.
	first := max(0, l.slot-slots+1)
	for i := first; i < l.slot; i++ {
		sum += l.acceptedWCU[i%slots]
		if i-first >= perSecond {
			sum -= l.acceptedWCU[(i-perSecond)%slots]
		}
		if i-first >= perSecond-1 {
			best = max(best, sum)
		}
	}
	return best
}

// current returns the rate in WCU/s (+Inf when unlimited).
func (l *limiter) current() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.rate
}
