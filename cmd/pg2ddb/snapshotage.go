package main

import (
	"context"
	"fmt"
	"time"
)

// defaultSnapshotWarning is how often a load says how old its snapshot is.
// A load reads every table from one REPEATABLE READ snapshot, and while it
// is held VACUUM on the source cannot remove the rows updated or deleted
// since it began (on a replica with hot_standby_feedback, on the primary;
// without it, the replica cancels the read instead), so bloat grows with
// every minute of a long load on a busy database. Ten minutes is long
// enough to stay silent for a staging reload and short enough to reach an
// operator before the bloat matters.
const defaultSnapshotWarning = 10 * time.Minute

// snapshotWatch warns each time the source snapshot has been held for
// another period. The clock is injected so that a test can drive it.
type snapshotWatch struct {
	began  time.Time
	period time.Duration
	now    func() time.Time
	after  func(time.Duration) <-chan time.Time
	warn   func(msg string)
}

func newSnapshotWatch(began time.Time, period time.Duration, warn func(string)) snapshotWatch {
	return snapshotWatch{began: began, period: period, now: time.Now, after: time.After, warn: warn}
}

// run warns at every multiple of the period of the snapshot's age until
// ctx ends; its caller owns it and cancels ctx when the load returns. After
// a jump of the clock (a suspended laptop) it warns once, with the real age,
// rather than once per missed period.
func (w snapshotWatch) run(ctx context.Context) {
	if w.period <= 0 {
		return
	}
	for {
		age := w.now().Sub(w.began)
		next := (age/w.period + 1) * w.period
		select {
		case <-ctx.Done():
			return
		case <-w.after(next - age):
		}
		if ctx.Err() != nil {
			return
		}
		w.warn(snapshotAgeMessage(w.now().Sub(w.began)))
	}
}

func snapshotAgeMessage(age time.Duration) string {
	s := age.Round(time.Second).String()
	if age >= time.Minute {
		s = fmt.Sprintf("%d min", int(age/time.Minute))
	}
	return fmt.Sprintf("the source snapshot is %s old; it holds back VACUUM on the source — consider loading from a read replica (README: load from a replica)", s)
}
