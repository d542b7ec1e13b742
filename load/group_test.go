package load

import (
	"context"
	"errors"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// countingForker counts the sources open (its own included); fail makes
// every Fork fail.
type countingForker struct {
	open *int
	fail bool
}

func (countingForker) Rows(context.Context, plans.Table, extract.StreamOptions) (order.Iterator, error) {
	return nil, errors.New("not read")
}

func (f countingForker) Fork(context.Context) (Source, func(), error) {
	if f.fail {
		return nil, nil, errors.New("no snapshot to join")
	}
	*f.open++
	return f, func() { *f.open-- }, nil
}

// TestConnPoolStaysWithinBudget leases connections as a group does and
// requires the open sources plus the extra readers of the running leases
// never to pass the budget, a lease that cannot get its share to wait
// while others run, and one that runs alone to take what there is.
func TestConnPoolStaysWithinBudget(t *testing.T) {
	ctx := t.Context()
	open := 1
	p := newConnPool(countingForker{open: &open}, 4, t.Logf)
	inUse := func(ls ...lease) int {
		n := open
		for _, l := range ls {
			n += l.readers - 1
		}
		return n
	}
	a, err := p.acquire(ctx, 2, 4)
	if err != nil || a.readers != 2 {
		t.Fatalf("first large table: %+v, %v; want 2 readers", a, err)
	}
	b, err := p.acquire(ctx, 2, 4)
	if err != nil || b.readers != 2 || inUse(a, b) != 4 {
		t.Fatalf("second large table: %+v, %v, %d connections; want 2 readers, 4 connections", b, err, inUse(a, b))
	}
	if _, ok, _ := p.try(ctx, 1, 4); ok {
		t.Fatal("a third table got a connection with the budget spent")
	}
	p.release(a)
	if _, ok, _ := p.try(ctx, 1, 1); ok {
		t.Fatal("a table started beside another, one at a time")
	}
	c, err := p.acquire(ctx, 1, 4)
	if err != nil || c.readers != 1 || inUse(b, c) > 4 {
		t.Fatalf("small table: %+v, %v, %d connections", c, err, inUse(b, c))
	}
	p.release(b)
	p.release(c)
	// Alone, a table wanting more than the budget takes all of it, after
	// closing idle forks for its extra readers.
	d, err := p.acquire(ctx, 8, 4)
	if err != nil || d.readers != 4 || inUse(d) != 4 {
		t.Fatalf("table alone: %+v, %v, %d connections; want 4 readers, 4 connections", d, err, inUse(d))
	}
	p.release(d)
	p.close()
	if open != 1 {
		t.Errorf("%d sources open after close, want the run's own", open)
	}

	// Without a second reader of the snapshot, one table at a time.
	open = 1
	p = newConnPool(countingForker{open: &open, fail: true}, 4, t.Logf)
	e, err := p.acquire(ctx, 1, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := p.try(ctx, 1, 4); ok {
		t.Fatal("a second table started without a source to read on")
	}
	p.release(e)
	p.close()
}
