package load

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/zeebo/xxh3"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
)

// The encoding stage: rows of the load order are copied out of the
// iterator in blocks of consecutive positions, and each block is hashed
// (one digest a row, for the chunk claims) and encoded into its items by
// one of Options.Encoders goroutines; the reader takes the blocks back in
// order, the one ordered hand-off, where it cuts batches and chunks,
// writes rejects and measures the spread. The items, rejects, batches and
// chunk hashes are the same whatever the number of encoders.

// blockRows and blockBytes bound a block: it ends at whichever comes
// first (a row larger than blockBytes makes a block of its own).
const (
	blockRows  = 256
	blockBytes = 256 << 10
)

// rowBlock is a run of consecutive rows and what an encoder made of them.
// Read from a write order's blocks (orderBlocks), the rows come undecoded
// (raw) and the encoder decodes them.
type rowBlock struct {
	raw    *order.Block
	err    error // decoding raw failed
	rows   []order.Row
	data   []byte   // the rows' keys and values
	pooled *[]byte  // data's buffer, from blockData
	vals   [][]byte // the backing of the rows' Values
	// frontier: rows below it are hashed only (a resume's recheck).
	frontier int64
	digest   rowDigest // nil: the current checkpoint version's
	digests  [][16]byte
	items    []item.WireItem // items[i] is rows[i]'s when rejs[i] is nil
	pkHashes []uint64        // pkHashes[i] is the spreadHash of items[i]'s partition key
	rejs     []*item.Reject
	slices   *blockOut // the backing of digests, items, rejs and pkHashes, pooled
	attrs    int       // values a decoded row holds
	buf      []byte    // the items' bodies
	// ibuf holds buf's backing for reuse: the reader's reference until
	// release, and one of each batch with an item of the block.
	ibuf *itemBuf
	done chan struct{}
}

// add copies row into the block; false when the block is full (row is
// then not added).
func (b *rowBlock) add(row *order.Row) bool {
	size := len(row.PK) + len(row.SK)
	for _, v := range row.Values {
		size += len(v)
	}
	if len(b.rows) > 0 && (len(b.rows) == blockRows || len(b.data)+size > cap(b.data)) {
		return false
	}
	if b.data == nil {
		if size <= blockBytes {
			b.pooled = blockData.Get().(*[]byte)
			b.data = (*b.pooled)[:0]
		} else {
			b.data = make([]byte, 0, size)
		}
	}
	keep := func(v []byte) []byte {
		if v == nil {
			return nil
		}
		start := len(b.data)
		b.data = append(b.data, v...)
		return b.data[start:len(b.data):len(b.data)]
	}
	if b.vals == nil {
		b.vals = make([][]byte, 0, blockRows*len(row.Values))
	}
	if len(b.vals)+len(row.Values) > cap(b.vals) {
		// A block's rows share one backing of values; a full one starts
		// another (the rows before keep theirs).
		b.vals = make([][]byte, 0, blockRows*len(row.Values))
	}
	start := len(b.vals)
	for _, v := range row.Values {
		b.vals = append(b.vals, keep(v))
	}
	b.rows = append(b.rows, order.Row{Pos: row.Pos, PK: keep(row.PK), SK: keep(row.SK), Problem: row.Problem, Copies: row.Copies,
		Values: b.vals[start:len(b.vals):len(b.vals)]})
	return true
}

// blockData recycles the row buffers of blocks (blockBytes each): a
// million rows fill thousands of them, and allocating each anew (zeroed)
// was a tenth of the pipeline's CPU.
var blockData = sync.Pool{New: func() any { b := make([]byte, 0, blockBytes); return &b }}

// release gives the block's buffers back once its rows are no longer
// read (items and rejects hold copies of what they need, and the reader
// copies the items, digests and hashes out of the block).
func (b *rowBlock) release() {
	if b.pooled != nil {
		blockData.Put(b.pooled)
	}
	if b.raw != nil {
		rawBlocks.Put(b.raw)
		// Decoded rows: their slices are the block's own.
		if rows := b.rows[:cap(b.rows)]; len(rows) == blockRows {
			clear(rows)
			rowSlices.Put(&rows)
		}
		if vals := b.vals[:cap(b.vals)]; len(vals) == blockRows*b.attrs {
			clear(vals)
			valSlices.Put(&vals)
		}
	}
	if s := b.slices; s != nil {
		s.clear()
		outSlices.Put(s)
	}
	if b.ibuf != nil {
		b.ibuf.release()
		b.ibuf = nil
	}
	b.pooled, b.data, b.rows, b.vals, b.raw, b.slices = nil, nil, nil, nil, nil, nil
	b.digests, b.items, b.rejs, b.pkHashes = nil, nil, nil, nil
}

// itemBuf is the buffer a block's items are encoded into (rowBlock.buf).
// The items' bodies are slices of it until their batches are sent, so it
// is counted: one reference for the block until the reader releases it,
// one for each batch holding an item of the block until the batch is
// written (job.bufs). The last release gives it back to itemBufs: a
// fresh buffer a block (about 1.5 times the block's row bytes, 400 MB
// over a 1M-row load) was half the bytes the load allocated.
type itemBuf struct {
	b    []byte
	refs atomic.Int32
}

// itemBufs recycles the items' buffers.
var itemBufs sync.Pool

// maxPooledItemBuf bounds the buffers kept for reuse: a block of rows
// larger than blockBytes (a single large row) makes one of its own.
const maxPooledItemBuf = 4 * blockBytes

// newItemBuf is a buffer of at least size bytes, held once.
func newItemBuf(size int) *itemBuf {
	ib, _ := itemBufs.Get().(*itemBuf)
	if ib == nil || cap(ib.b) < size {
		ib = &itemBuf{b: make([]byte, 0, size)}
	}
	ib.refs.Store(1)
	return ib
}

// hold adds a reference to the buffer.
func (ib *itemBuf) hold() { ib.refs.Add(1) }

// release drops a reference; the last one gives the buffer back to
// itemBufs, and no item of it may be read any more.
func (ib *itemBuf) release() {
	switch n := ib.refs.Add(-1); {
	case n == 0 && cap(ib.b) <= maxPooledItemBuf:
		ib.b = ib.b[:0]
		itemBufs.Put(ib)
	case n < 0:
		panic("load: item buffer released more often than held")
	}
}

// rawBlocks recycles the write order's blocks.
var rawBlocks = sync.Pool{New: func() any { return new(order.Block) }}

// rowSlices and valSlices recycle the rows and values of decoded blocks
// (blockRows rows; values of a table's attributes, so a pooled backing
// of another size is dropped), outSlices what an encoder makes of a
// block: allocated anew for every block of 256 rows they were a third of
// the bytes the pipeline allocated.
var (
	rowSlices = sync.Pool{New: func() any { s := make([]order.Row, blockRows); return &s }}
	valSlices sync.Pool
	outSlices = sync.Pool{New: func() any { return new(blockOut) }}
)

// blockOut is the backing of an encoded block's per-row results.
type blockOut struct {
	digests  [blockRows][16]byte
	items    [blockRows]item.WireItem
	rejs     [blockRows]*item.Reject
	pkHashes [blockRows]uint64
}

// clear drops what the results point to, so a pooled backing holds on to
// no item bodies or rejects.
func (o *blockOut) clear() {
	clear(o.items[:])
	clear(o.rejs[:])
	clear(o.pkHashes[:])
}

// decode fills the block's rows from raw, attrs values each.
func (b *rowBlock) decode(f *order.Filler, attrs int) {
	n := b.raw.Len()
	b.attrs = attrs
	if n <= blockRows {
		b.rows = (*rowSlices.Get().(*[]order.Row))[:n]
		if v, ok := valSlices.Get().(*[][]byte); ok && cap(*v) == blockRows*attrs {
			b.vals = (*v)[:n*attrs]
		} else {
			b.vals = make([][]byte, n*attrs, blockRows*attrs)
		}
	} else {
		b.rows = make([]order.Row, n)
		b.vals = make([][]byte, n*attrs)
	}
	for i := range b.rows {
		b.rows[i].Values = b.vals[i*attrs : (i+1)*attrs : (i+1)*attrs]
		if err := f.Fill(b.raw, i, &b.rows[i]); err != nil {
			b.err, b.rows = err, b.rows[:i]
			return
		}
	}
}

// bodySizer sizes a block's item buffer from the rows' bytes, by the
// ratio of items to rows' bytes in the last block encoded (in 16ths): a
// buffer too small is regrown and copied, row after row.
type bodySizer struct{ ratio atomic.Int64 }

func (z *bodySizer) size(in int) int {
	r := z.ratio.Load()
	if r == 0 {
		r = 24 // 1.5
	}
	return int(int64(in)*r/16) + 1024
}

func (z *bodySizer) observe(in, out int) {
	if in > 0 {
		z.ratio.Store(int64((16*out+in-1)/in) + 2)
	}
}

// encode hashes and encodes the block's rows, decoding them first when
// they are raw (with f).
func (b *rowBlock) encode(enc *item.Encoder, f *order.Filler, attrs int, z *bodySizer) {
	in := len(b.data)
	if b.raw != nil {
		b.decode(f, attrs)
		in = b.raw.Bytes()
	}
	n := len(b.rows)
	if n <= blockRows {
		b.slices = outSlices.Get().(*blockOut)
		b.digests, b.items, b.rejs, b.pkHashes = b.slices.digests[:n], b.slices.items[:n], b.slices.rejs[:n], b.slices.pkHashes[:n]
	} else {
		b.digests = make([][16]byte, n)
		b.items = make([]item.WireItem, n)
		b.rejs = make([]*item.Reject, n)
		b.pkHashes = make([]uint64, n)
	}
	b.ibuf = newItemBuf(z.size(in))
	b.buf = b.ibuf.b[:0]
	defer func() {
		// A buffer regrown while encoding is the one kept: the items
		// before the growth point into the old one, left to the collector.
		b.ibuf.b = b.buf
		z.observe(in, len(b.buf))
	}()
	// The items' IDs are substrings of one string: one allocation a
	// block instead of one a row.
	size := 0
	for i := range b.rows {
		if row := &b.rows[i]; row.Pos >= b.frontier {
			size += len(row.PK) + 1 + len(row.SK)
		}
	}
	var idBuf strings.Builder
	idBuf.Grow(size)
	for i := range b.rows {
		if row := &b.rows[i]; row.Pos >= b.frontier {
			idBuf.Write(row.PK)
			idBuf.WriteByte(0)
			idBuf.Write(row.SK)
		}
	}
	ids := idBuf.String()
	scratch := hashScratch.Get().(*[]byte)
	defer hashScratch.Put(scratch)
	digest := b.digest
	if digest == nil {
		digest = digestXXH3
	}
	for i := range b.rows {
		row := &b.rows[i]
		*scratch = appendRowHashInput((*scratch)[:0], row)
		b.digests[i] = digest(*scratch)
		if row.Pos < b.frontier {
			continue
		}
		n := len(row.PK) + 1 + len(row.SK)
		id := ids[:n]
		ids = ids[n:]
		buf, it, rej := enc.AppendWireID(b.buf, row, id)
		if rej != nil {
			b.rejs[i] = rej
			continue
		}
		b.buf = buf
		b.items[i] = it
		b.pkHashes[i] = spreadHash(row.PK)
	}
}

// rowDigest is a row's digest of its hash input (appendRowHashInput).
type rowDigest func(input []byte) [16]byte

// digestXXH3 is the row digest of checkpoint version 4: XXH3's 128-bit
// hash. The digests tell whether the rows a resume reads again are those
// an interrupted load claimed, against accidental change, not an
// adversary: the SHA-256 of version 3 (digestSHA256) cost a tenth of a
// load's CPU, XXH3 a fifteenth of that.
func digestXXH3(input []byte) [16]byte { return xxh3.Hash128(input).Bytes() }

// digestSHA256 is the row digest of checkpoint version 3: the first 16
// bytes of the input's SHA-256. A resume of a version 3 checkpoint uses
// it to compare the rows with its claims.
func digestSHA256(input []byte) [16]byte {
	s := sha256.Sum256(input)
	return [16]byte(s[:16])
}

// hashScratch recycles the buffers a row's digest input is written to.
var hashScratch = sync.Pool{New: func() any { return new([]byte) }}

// appendRowHashInput appends what a row's digest hashes: every field
// length-prefixed, NULL told apart from empty, so two different rows
// cannot feed it the same bytes.
func appendRowHashInput(b []byte, row *order.Row) []byte {
	field := func(v []byte) {
		if v == nil {
			b = append(b, 0)
			return
		}
		b = binary.AppendUvarint(b, uint64(len(v))+1)
		b = append(b, v...)
	}
	b = binary.AppendVarint(b, row.Pos)
	field(row.PK)
	field(row.SK)
	b = binary.AppendUvarint(b, uint64(len(row.Problem)))
	b = append(b, row.Problem...)
	b = binary.AppendVarint(b, row.Copies)
	b = binary.AppendUvarint(b, uint64(len(row.Values)))
	for _, v := range row.Values {
		field(v)
	}
	return b
}

// orderBlocks is an iterator whose rows come from a write order that
// hands them out in undecoded blocks (extract.Rows); nil when it does not.
type orderBlocks interface {
	Blocks() *order.Rounds
}

// encodeStage reads rows and hands back encoded blocks in order. With one
// encoder everything runs on the caller's goroutine.
type encodeStage struct {
	rows     order.Iterator
	enc      *item.Encoder
	frontier int64
	digest   rowDigest
	workers  int
	// blocks is the write order the rows come from in blocks, nil when
	// they come one by one from rows.
	blocks *order.Rounds
	attrs  int
	filler *order.Filler // the serial stage's
	sizer  bodySizer
	errRaw error // blocks' error

	// parallel: the producer reads rows into blocks and hands each to
	// the encoders (work) and, in order, to next's caller (ordered).
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	ordered chan *rowBlock
	work    chan *rowBlock
	err     error // the iterator's, read once ordered is closed

	pending *order.Row // a row read that did not fit its block (serial)
	ended   bool
}

func encoders(n int) int {
	if n <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}

// newEncodeStage starts the stage: rows below frontier are hashed only,
// every row's digest is digest's (nil: the current checkpoint version's).
func newEncodeStage(ctx context.Context, rows order.Iterator, enc *item.Encoder, frontier int64, digest rowDigest, workers int) *encodeStage {
	s := &encodeStage{rows: rows, enc: enc, frontier: frontier, digest: digest, workers: encoders(workers)}
	if ob, ok := rows.(orderBlocks); ok {
		if s.blocks = ob.Blocks(); s.blocks != nil {
			s.attrs = s.blocks.Attributes()
		}
	}
	if s.workers <= 1 {
		if s.blocks != nil {
			s.filler = s.blocks.NewFiller()
		}
		return s
	}
	s.ctx, s.cancel = context.WithCancel(ctx)
	s.ordered = make(chan *rowBlock, 8*s.workers)
	s.work = make(chan *rowBlock, 2*s.workers)
	s.wg.Add(1 + s.workers)
	go s.produce()
	for range s.workers {
		var f *order.Filler
		if s.blocks != nil {
			f = s.blocks.NewFiller()
		}
		go func() {
			defer s.wg.Done()
			for b := range s.work {
				b.encode(s.enc, f, s.attrs, &s.sizer)
				close(b.done)
			}
		}()
	}
	return s
}

// fill reads rows into a new block; nil at the end of the rows.
func (s *encodeStage) fill() *rowBlock {
	b := &rowBlock{frontier: s.frontier, digest: s.digest, done: make(chan struct{})}
	if s.blocks != nil {
		if s.ended {
			return nil
		}
		raw := rawBlocks.Get().(*order.Block)
		ok, err := s.blocks.NextBlock(raw, blockRows, blockBytes)
		if !ok {
			rawBlocks.Put(raw)
			s.ended, s.errRaw = true, err
			return nil
		}
		b.raw = raw
		return b
	}
	if s.pending != nil {
		b.add(s.pending)
		s.pending = nil
	}
	for !s.ended {
		if !s.rows.Next() {
			s.ended = true
			break
		}
		row := s.rows.Row()
		if !b.add(row) {
			// Row is reused by Next: keep a copy for the next block.
			c := &rowBlock{}
			c.add(row)
			s.pending = &c.rows[0]
			break
		}
	}
	if len(b.rows) == 0 {
		return nil
	}
	return b
}

func (s *encodeStage) produce() {
	defer s.wg.Done()
	defer close(s.work)
	defer close(s.ordered)
	for {
		b := s.fill()
		if b == nil {
			s.err = s.rowsErr()
			return
		}
		select {
		case s.work <- b:
		case <-s.ctx.Done():
			return
		}
		select {
		case s.ordered <- b:
		case <-s.ctx.Done():
			return
		}
	}
}

// next returns the next encoded block in order, or nil at the end.
func (s *encodeStage) next() *rowBlock {
	if s.workers <= 1 {
		b := s.fill()
		if b != nil {
			b.encode(s.enc, s.filler, s.attrs, &s.sizer)
		}
		return b
	}
	b, ok := <-s.ordered
	if !ok {
		return nil
	}
	<-b.done
	return b
}

// Err is the iterator's error, once next returned nil.
func (s *encodeStage) Err() error {
	if s.workers <= 1 {
		return s.rowsErr()
	}
	return s.err
}

// rowsErr is what ended the rows.
func (s *encodeStage) rowsErr() error {
	if s.errRaw != nil {
		return s.errRaw
	}
	return s.rows.Err()
}

// stop ends the stage's goroutines; the iterator is no longer read once
// it returns.
func (s *encodeStage) stop() {
	if s.workers <= 1 {
		return
	}
	s.cancel()
	for range s.ordered {
	}
	s.wg.Wait()
}
