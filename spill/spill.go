package spill

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
)

// Record is one row as the write order keeps it: its round and its fields.
// A nil field is NULL, told apart from an empty one.
type Record struct {
	Round   uint32
	PK, SK  []byte
	Problem string
	Values  [][]byte
}

// ErrCorrupt is returned for a file or buffer that does not hold whole,
// well-formed records.
var ErrCorrupt = errors.New("spill file is corrupt")

// TempFile creates a file in dir (os.TempDir() when "") and unlinks it at
// once: it lives while it is open, so nothing is left behind whatever ends
// the run (kill -9 included).
func TempFile(dir string) (*os.File, error) {
	f, err := os.CreateTemp(dir, "pg2ddb-spill-")
	if err != nil {
		return nil, fmt.Errorf("spill file: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, fmt.Errorf("spill file: %w", err)
	}
	return f, nil
}

// Writer appends records to one spill file.
type Writer struct {
	f    *os.File
	w    bufferedWriter
	buf  []byte
	size int64
	// head holds a record's frame and round on their way to w: a local
	// array passed to the interface would be allocated a record.
	head [2 * binary.MaxVarintLen64]byte
}

// bufferedWriter is a bufio.Writer or an asyncWriter.
type bufferedWriter interface {
	Write(p []byte) (int, error)
	Flush() error
}

// Create starts a spill file in dir (see TempFile).
func Create(dir string) (*Writer, error) {
	f, err := TempFile(dir)
	if err != nil {
		return nil, err
	}
	return &Writer{f: f, w: bufio.NewWriterSize(f, bufferSize)}, nil
}

// CreateAsync starts a spill file in dir whose full buffers fl writes.
func CreateAsync(dir string, fl *Flusher) (*Writer, error) {
	f, err := TempFile(dir)
	if err != nil {
		return nil, err
	}
	return &Writer{f: f, w: &asyncWriter{f: f, fl: fl}}, nil
}

const bufferSize = 64 << 10

// Flusher writes the full buffers of spill files (CreateAsync) on its own
// goroutine, in the order they filled, so that the goroutine that spills
// rows does not wait for the system calls that copy them to the file.
type Flusher struct {
	jobs chan flushJob
	done chan struct{}
}

type flushJob struct {
	w   *asyncWriter
	buf *[]byte
}

// NewFlusher starts a Flusher; Close ends it.
func NewFlusher() *Flusher {
	fl := &Flusher{jobs: make(chan flushJob, 8), done: make(chan struct{})}
	go func() {
		defer close(fl.done)
		for j := range fl.jobs {
			j.w.writeOut(j.buf)
		}
	}()
	return fl
}

// Close writes the buffers handed to fl and ends its goroutine; the
// Writers it served must not be written to again.
func (fl *Flusher) Close() {
	close(fl.jobs)
	<-fl.done
}

// flushBuffers recycles the buffers of asyncWriters.
var flushBuffers = sync.Pool{New: func() any { b := make([]byte, 0, bufferSize); return &b }}

// asyncWriter buffers a file's writes and hands each full buffer to a
// Flusher.
type asyncWriter struct {
	f       *os.File
	fl      *Flusher
	buf     *[]byte
	pending sync.WaitGroup
	// failed says err is set: Write reads it a record, where a lock was
	// a visible share of the scan's goroutine (which orders the rows).
	failed atomic.Bool
	mu     sync.Mutex
	err    error // of a write the Flusher made
}

func (a *asyncWriter) Write(p []byte) (int, error) {
	if a.buf != nil && len(*a.buf)+len(p) > cap(*a.buf) {
		a.send()
	}
	if len(p) > bufferSize {
		if err := a.Flush(); err != nil {
			return 0, err
		}
		return a.f.Write(p)
	}
	if a.buf == nil {
		a.buf = flushBuffers.Get().(*[]byte)
	}
	*a.buf = append(*a.buf, p...)
	return len(p), a.error()
}

// send hands the buffer to the Flusher.
func (a *asyncWriter) send() {
	a.pending.Add(1)
	a.fl.jobs <- flushJob{w: a, buf: a.buf}
	a.buf = nil
}

// writeOut writes a buffer to the file, on the Flusher's goroutine.
func (a *asyncWriter) writeOut(b *[]byte) {
	if _, err := a.f.Write(*b); err != nil {
		a.mu.Lock()
		if a.err == nil {
			a.err = err
		}
		a.mu.Unlock()
		a.failed.Store(true)
	}
	*b = (*b)[:0]
	flushBuffers.Put(b)
	a.pending.Done()
}

func (a *asyncWriter) error() error {
	if !a.failed.Load() {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// Flush writes what is buffered and waits for the Flusher to have
// written it.
func (a *asyncWriter) Flush() error {
	if a.buf != nil && len(*a.buf) > 0 {
		a.send()
	}
	a.pending.Wait()
	return a.error()
}

// AppendField appends v length-prefixed, NULL (nil) told apart from empty:
// the encoding of every field of a record.
func AppendField(b, v []byte) []byte {
	if v == nil {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(v))+1)
	return append(b, v...)
}

// AppendBody appends rec's encoding without its frame: what Decode reads.
func AppendBody(b []byte, rec Record) []byte {
	b = binary.AppendUvarint(b, uint64(rec.Round))
	b = AppendField(b, rec.PK)
	b = AppendField(b, rec.SK)
	b = AppendField(b, []byte(rec.Problem))
	b = binary.AppendUvarint(b, uint64(len(rec.Values)))
	for _, v := range rec.Values {
		b = AppendField(b, v)
	}
	return b
}

// Write appends rec and returns the bytes it took.
func (s *Writer) Write(rec Record) (int64, error) {
	b := AppendBody(s.buf[:0], rec)
	s.buf = b
	head := binary.PutUvarint(s.head[:], uint64(len(b)))
	if _, err := s.w.Write(s.head[:head]); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	if _, err := s.w.Write(b); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	s.size += int64(head + len(b))
	return int64(head + len(b)), nil
}

// WriteRaw appends one record as Frames or NextRaw returned it (without
// its frame) and returns the bytes it took.
func (s *Writer) WriteRaw(body []byte) (int64, error) {
	head := binary.PutUvarint(s.head[:], uint64(len(body)))
	if _, err := s.w.Write(s.head[:head]); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	if _, err := s.w.Write(body); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	s.size += int64(head + len(body))
	return int64(head + len(body)), nil
}

// WriteRound appends a record given as its round and the rest of its
// encoding after the round (a record of Frames or NextRaw without its
// leading round), and returns the bytes it took: a record moved to another
// round without decoding it.
func (s *Writer) WriteRound(round uint32, rest []byte) (int64, error) {
	var r [binary.MaxVarintLen32]byte
	rn := binary.PutUvarint(r[:], uint64(round))
	head := binary.PutUvarint(s.head[:], uint64(rn+len(rest)))
	copy(s.head[head:], r[:rn])
	if _, err := s.w.Write(s.head[:head+rn]); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	if _, err := s.w.Write(rest); err != nil {
		return 0, fmt.Errorf("spill: %w", err)
	}
	total := int64(head + rn + len(rest))
	s.size += total
	return total, nil
}

// Size is the number of bytes written so far.
func (s *Writer) Size() int64 { return s.size }

// Flush writes what is buffered to the file, so that a Section sees it.
func (s *Writer) Flush() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("spill: %w", err)
	}
	return nil
}

// Reader flushes the file and reads it from the start. The Writer must not
// be written to again; closing the Reader closes the file.
func (s *Writer) Reader() (*Reader, error) { return s.Rest(0) }

// Rest flushes the file and reads it from off, a record's first byte, to
// its end. The Writer must not be written to again; closing the Reader
// closes the file.
func (s *Writer) Rest(off int64) (*Reader, error) {
	rd, err := s.Section(off, s.size)
	if err != nil {
		return nil, err
	}
	rd.owns = true
	return rd, nil
}

// Section flushes the file and reads its bytes [from, to), which must hold
// whole records. Sections read with pread and do not own the file: several
// may read it at once, from several goroutines, while the Writer appends
// beyond to; closing a Section leaves the file open.
func (s *Writer) Section(from, to int64) (*Reader, error) {
	if err := s.Flush(); err != nil {
		return nil, err
	}
	return &Reader{f: s.f, r: newBufReader(io.NewSectionReader(s.f, from, to-from)), off: from}, nil
}

// Close closes (and so removes) the file, once the writes handed to a
// Flusher are done.
func (s *Writer) Close() error {
	if a, ok := s.w.(*asyncWriter); ok {
		a.pending.Wait()
		if a.buf != nil {
			*a.buf = (*a.buf)[:0]
			flushBuffers.Put(a.buf)
			a.buf = nil
		}
	}
	return s.f.Close()
}

// Reader reads a spill file's records; each record's slices are valid
// until the next call of Next.
type Reader struct {
	f      *os.File
	owns   bool // Close closes f
	r      *bufio.Reader
	buf    []byte
	values [][]byte
	off    int64 // the file offset of the next record
}

// Offset is the file offset of the next record (its frame's first byte).
func (s *Reader) Offset() int64 { return s.off }

// Next returns the next record; ok is false at the end of the file.
func (s *Reader) Next() (rec Record, ok bool, err error) {
	b, ok, err := s.NextRaw()
	if !ok || err != nil {
		return Record{}, false, err
	}
	rec, vals, err := Decode(b, s.values)
	s.values = vals
	return rec, err == nil, err
}

// NextRaw returns the next record undecoded (what Decode reads), valid
// until the next call; ok is false at the end of the file.
func (s *Reader) NextRaw() (body []byte, ok bool, err error) {
	n, err := binary.ReadUvarint(s.r)
	if err == io.EOF {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("spill: %w", err)
	}
	// Writers frame records with the shortest varint.
	s.off += int64(uvarintLen(n)) + int64(n)
	if n <= uint64(s.r.Size()) {
		// In the read buffer, without a copy: valid until the next read.
		b, err := s.r.Peek(int(n))
		if err != nil {
			return nil, false, fmt.Errorf("spill: %w", errEOF(err))
		}
		s.r.Discard(int(n))
		return b[:n:n], true, nil
	}
	if uint64(cap(s.buf)) < n {
		s.buf = make([]byte, n)
	}
	b := s.buf[:n]
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, false, fmt.Errorf("spill: %w", err)
	}
	return b, true, nil
}

// errEOF is a short read's error as io.ReadFull gives it.
func errEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// ReadAll reads the rest of the file, size bytes, into one buffer: the
// framed records that Frames splits.
func (s *Reader) ReadAll(size int64) ([]byte, error) {
	b := make([]byte, size)
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	s.off += size
	return b, nil
}

// Close closes (and so removes) the file, unless the Reader is a Section.
func (s *Reader) Close() {
	if s.owns {
		s.f.Close()
	}
}

// Frame locates one record in a buffer of framed records: b[Off:End] is
// the record Decode reads, Round its round.
type Frame struct {
	Round    uint32
	Off, End int
}

// Frames splits a buffer of framed records (ReadAll) into its records.
func Frames(b []byte) ([]Frame, error) {
	var out []Frame
	for off := 0; off < len(b); {
		n, k := binary.Uvarint(b[off:])
		if k <= 0 || uint64(len(b)-off-k) < n {
			return nil, ErrCorrupt
		}
		start, end := off+k, off+k+int(n)
		round, k2 := binary.Uvarint(b[start:end])
		if k2 <= 0 {
			return nil, ErrCorrupt
		}
		out = append(out, Frame{Round: uint32(round), Off: start, End: end})
		off = end
	}
	return out, nil
}

// Decode decodes one record (without its frame); its slices point into b,
// its values into vals (reused, returned).
func Decode(b []byte, vals [][]byte) (Record, [][]byte, error) {
	var rec Record
	bad := false
	uv := func() uint64 {
		v, k := binary.Uvarint(b)
		if k <= 0 {
			bad = true
			return 0
		}
		b = b[k:]
		return v
	}
	field := func() []byte {
		l := uv()
		if bad || l == 0 {
			return nil
		}
		if l-1 > uint64(len(b)) {
			bad = true
			return nil
		}
		v := b[: l-1 : l-1]
		b = b[l-1:]
		return v
	}
	rec.Round = uint32(uv())
	rec.PK = field()
	rec.SK = field()
	rec.Problem = string(field())
	nv := uv()
	if bad || nv > uint64(len(b))+1 {
		return Record{}, vals, ErrCorrupt
	}
	vals = vals[:0]
	for range nv {
		vals = append(vals, field())
	}
	if bad || len(b) != 0 {
		return Record{}, vals, ErrCorrupt
	}
	rec.Values = vals
	return rec, vals, nil
}

func newBufReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }
