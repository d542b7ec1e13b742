package ddbsim

import (
	"sync"
	"time"
)

// Clock tells the simulator the time; Options.Clock sets it.
type Clock interface {
	Now() time.Time
}

// wallClock is the real clock, the default.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

// ManualClock is a Clock that stands still until Advance moves it. It is
// safe for concurrent use.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock returns a ManualClock reading start.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start}
}

// Now returns the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
