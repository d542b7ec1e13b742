package target

import (
	"context"
	"math/rand/v2"
	"time"
)

// Retry is how writes are retried: capped exponential back-off with full
// jitter (sleep a uniform random time in [0, min(Cap, Base·2^attempt))),
// AWS's recommendation for both throttling and server errors.
type Retry struct {
	Base time.Duration
	Cap  time.Duration
	// Attempts is how many calls in a row may make no progress before the
	// load gives up; a call that writes any item resets the count.
	Attempts int
}

// DefaultRetry gives up after about 30 s without any progress.
var DefaultRetry = Retry{Base: 50 * time.Millisecond, Cap: 5 * time.Second, Attempts: 12}

func (r Retry) Backoff(attempt int) time.Duration {
	d := r.Cap
	if attempt < 30 {
		if e := r.Base << attempt; e > 0 && e < d {
			d = e
		}
	}
	return time.Duration(rand.Int64N(int64(d) + 1))
}

// Sleep waits d or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) error {
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
