package order

import (
	"github.com/pg2ddb/pg2ddb/spill"
)

// The source is read on its own goroutine, a few blocks of rows ahead of
// the rounds, so that decoding the source's rows (the driver's parsing,
// the columns' decoders) overlaps ordering them and writing spill files.
// Records are copied into blocks; a block is reused once the rounds have
// moved past its last record.

const (
	prefetchRows   = 256
	prefetchBytes  = 256 << 10
	prefetchBlocks = 4
)

// recBlock is a run of source records, copied out of the source's buffers.
type recBlock struct {
	recs []spill.Record
	data []byte
	vals [][]byte
	err  error
	end  bool // the source ended after recs
}

func (b *recBlock) reset() {
	b.recs, b.data, b.vals, b.err, b.end = b.recs[:0], b.data[:0], b.vals[:0], nil, false
}

// add copies rec into the block; false when it is full (rec not added).
func (b *recBlock) add(rec spill.Record) bool {
	size := len(rec.PK) + len(rec.SK) + len(rec.Problem)
	for _, v := range rec.Values {
		size += len(v)
	}
	if len(b.recs) > 0 && (len(b.recs) == prefetchRows || len(b.data)+size > cap(b.data) || len(b.vals)+len(rec.Values) > cap(b.vals)) {
		return false
	}
	if cap(b.data) < size {
		b.data = make([]byte, 0, max(prefetchBytes, size))
	}
	if cap(b.vals) < len(rec.Values) {
		b.vals = make([][]byte, 0, max(prefetchRows*len(rec.Values), len(rec.Values)))
	}
	keep := func(v []byte) []byte {
		if v == nil {
			return nil
		}
		start := len(b.data)
		b.data = append(b.data, v...)
		return b.data[start:len(b.data):len(b.data)]
	}
	out := spill.Record{Round: rec.Round, PK: keep(rec.PK), SK: keep(rec.SK), Problem: rec.Problem}
	start := len(b.vals)
	for _, v := range rec.Values {
		b.vals = append(b.vals, keep(v))
	}
	out.Values = b.vals[start:len(b.vals):len(b.vals)]
	b.recs = append(b.recs, out)
	return true
}

// prefetch reads a source on its own goroutine.
type prefetch struct {
	blocks chan *recBlock
	free   chan *recBlock
	stop   chan struct{}
	done   chan struct{}
	cur    *recBlock
	at     int
}

func newPrefetch(src func() (spill.Record, bool, error)) *prefetch {
	p := &prefetch{blocks: make(chan *recBlock, prefetchBlocks), free: make(chan *recBlock, prefetchBlocks+2),
		stop: make(chan struct{}), done: make(chan struct{})}
	go p.run(src)
	return p
}

// run fills blocks from src until it ends, fails or stop is closed.
func (p *prefetch) run(src func() (spill.Record, bool, error)) {
	defer close(p.done)
	var pending *spill.Record
	var carry recBlock // holds pending's bytes until its block
	for {
		var b *recBlock
		select {
		case b = <-p.free:
			b.reset()
		default:
			b = &recBlock{}
		}
		if pending != nil {
			b.add(*pending)
			pending = nil
		}
		for {
			rec, ok, err := src()
			if err != nil || !ok {
				b.err, b.end = err, true
				break
			}
			if !b.add(rec) {
				carry.reset()
				carry.add(rec)
				pending = &carry.recs[0]
				break
			}
		}
		select {
		case p.blocks <- b:
		case <-p.stop:
			return
		}
		if b.end {
			return
		}
	}
}

// next is the source's next record, valid until the call after next.
func (p *prefetch) next() (spill.Record, bool, error) {
	for p.cur == nil || p.at == len(p.cur.recs) {
		if p.cur != nil {
			if p.cur.end {
				return spill.Record{}, false, p.cur.err
			}
			select {
			case p.free <- p.cur:
			default:
			}
		}
		p.cur, p.at = <-p.blocks, 0
	}
	rec := p.cur.recs[p.at]
	p.at++
	return rec, true, nil
}

// close stops the goroutine and waits for it: the source is not read once
// it returns.
func (p *prefetch) close() {
	select {
	case <-p.stop:
		return
	default:
	}
	close(p.stop)
	for {
		select {
		case <-p.blocks:
		case <-p.done:
			return
		}
	}
}
