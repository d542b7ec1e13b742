package order

import (
	"encoding/binary"

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

// recBlock is a run of source records, copied out of the source's buffers
// in their spill encoding: rests[i] is record i's encoding after its round
// (what spill.Writer.WriteRound takes), and its keys and values point into
// it. The round's goroutine, which places every row, then spills a row
// with one copy instead of encoding it field by field.
type recBlock struct {
	recs  []spill.Record
	rests [][]byte
	data  []byte
	vals  [][]byte
	err   error
	end   bool // the source ended after recs
}

func (b *recBlock) reset() {
	b.recs, b.rests, b.data, b.vals, b.err, b.end = b.recs[:0], b.rests[:0], b.data[:0], b.vals[:0], nil, false
}

// add copies rec into the block; false when it is full (rec not added).
func (b *recBlock) add(rec spill.Record) bool {
	// Each field's length prefix takes up to binary.MaxVarintLen64 bytes.
	size := len(rec.PK) + len(rec.SK) + len(rec.Problem) + (4+len(rec.Values))*binary.MaxVarintLen64
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
	// spill.AppendField's encoding, keeping where each value lands.
	field := func(v []byte) []byte {
		if v == nil {
			b.data = append(b.data, 0)
			return nil
		}
		b.data = binary.AppendUvarint(b.data, uint64(len(v))+1)
		start := len(b.data)
		b.data = append(b.data, v...)
		return b.data[start:len(b.data):len(b.data)]
	}
	start := len(b.data)
	out := spill.Record{Round: rec.Round, PK: field(rec.PK), SK: field(rec.SK), Problem: rec.Problem}
	b.data = binary.AppendUvarint(b.data, uint64(len(rec.Problem))+1)
	b.data = append(b.data, rec.Problem...)
	b.data = binary.AppendUvarint(b.data, uint64(len(rec.Values)))
	vstart := len(b.vals)
	for _, v := range rec.Values {
		b.vals = append(b.vals, field(v))
	}
	out.Values = b.vals[vstart:len(b.vals):len(b.vals)]
	b.recs = append(b.recs, out)
	b.rests = append(b.rests, b.data[start:len(b.data):len(b.data)])
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

// rest is the spill encoding after its round (see recBlock) of the record
// next returned last, valid as long as that record.
func (p *prefetch) rest() []byte { return p.cur.rests[p.at-1] }

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
