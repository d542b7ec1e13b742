package spill

import (
	"encoding/binary"
	"errors"
	"os"
	"reflect"
	"testing"
)

func sample() []Record {
	return []Record{
		{Round: 1, PK: []byte("c1"), SK: []byte("2024-01-01"), Values: [][]byte{[]byte("a"), nil, {}}},
		{Round: 2, PK: []byte("c1"), SK: nil, Problem: "sort key is NULL", Values: [][]byte{nil}},
		{Round: 7, PK: []byte{}, SK: []byte{0, 1, 2}, Values: nil},
		{Round: 1 << 20, PK: []byte("ü#\\"), SK: []byte("x"), Values: [][]byte{make([]byte, 70_000)}},
	}
}

// clone copies rec out of the reader's buffers, keeping nil and empty apart.
func clone(rec Record) Record {
	cp := func(b []byte) []byte {
		if b == nil {
			return nil
		}
		return append([]byte{}, b...)
	}
	out := Record{Round: rec.Round, PK: cp(rec.PK), SK: cp(rec.SK), Problem: rec.Problem}
	for _, v := range rec.Values {
		out.Values = append(out.Values, cp(v))
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	w, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for _, rec := range sample() {
		n, err := w.Write(rec)
		if err != nil {
			t.Fatal(err)
		}
		size += n
	}
	if w.Size() != size {
		t.Fatalf("Size() = %d, the writes took %d", w.Size(), size)
	}
	r, err := w.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []Record
	for {
		rec, ok, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		got = append(got, clone(rec))
	}
	if !reflect.DeepEqual(got, sample()) {
		t.Fatalf("read back\n%v\nwant\n%v", got, sample())
	}
}

func TestFramesAndDecodeReadWhatWasWritten(t *testing.T) {
	w, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range sample() {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	r, err := w.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := r.ReadAll(w.Size())
	if err != nil {
		t.Fatal(err)
	}
	frames, err := Frames(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != len(sample()) {
		t.Fatalf("%d frames, want %d", len(frames), len(sample()))
	}
	for i, f := range frames {
		rec, _, err := Decode(b[f.Off:f.End], nil)
		if err != nil {
			t.Fatal(err)
		}
		if f.Round != sample()[i].Round || !reflect.DeepEqual(clone(rec), sample()[i]) {
			t.Errorf("frame %d: round %d, %v; want %v", i, f.Round, clone(rec), sample()[i])
		}
	}
}

// TestCorruptionIsAnError cuts and damages a valid file at every byte and
// requires an error or a correct record, never a record that differs from
// the one written.
func TestCorruptionIsAnError(t *testing.T) {
	rec := Record{Round: 3, PK: []byte("c1"), SK: []byte("2024-01-01"), Problem: "p", Values: [][]byte{[]byte("a"), nil, {}}}
	w, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	r, err := w.Reader()
	if err != nil {
		t.Fatal(err)
	}
	good, err := r.ReadAll(w.Size())
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	for cut := 1; cut < len(good); cut++ {
		if _, err := Frames(good[:cut]); !errors.Is(err, ErrCorrupt) {
			t.Errorf("cut at %d of %d: Frames err = %v, want ErrCorrupt", cut, len(good), err)
		}
	}
	frames, _ := Frames(good)
	body := good[frames[0].Off:frames[0].End]
	for i := range body {
		for _, flip := range []byte{0x01, 0x80, 0xff} {
			bad := append([]byte{}, body...)
			bad[i] ^= flip
			got, _, err := Decode(bad, nil)
			if err != nil {
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("byte %d ^ %#x: err = %v, want ErrCorrupt", i, flip, err)
				}
				continue
			}
			if reflect.DeepEqual(clone(got), rec) {
				t.Fatalf("byte %d ^ %#x: a damaged record decoded as the original", i, flip)
			}
		}
	}
	// A truncated file read record by record is an error, not a short read.
	f, err := TempFile(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(good[:len(good)-3]); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	tr := &Reader{f: f, r: newBufReader(f)}
	if _, _, err := tr.Next(); err == nil {
		t.Fatal("a truncated record read without error")
	}
	tr.Close()
}

func TestTempFileLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(sample()[0]); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("spill file visible in its directory: %v", ents)
	}
	w.Close()
}

func TestWriteRoundMovesARecordToAnotherRound(t *testing.T) {
	a, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	want := Record{Round: 3, PK: []byte("k"), SK: nil, Problem: "p", Values: [][]byte{[]byte("v"), nil, {}}}
	if _, err := a.Write(want); err != nil {
		t.Fatal(err)
	}
	rd, err := a.Reader()
	if err != nil {
		t.Fatal(err)
	}
	body, ok, err := rd.NextRaw()
	if !ok || err != nil {
		t.Fatalf("NextRaw: %v %v", ok, err)
	}
	_, k := binary.Uvarint(body)
	b, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	n, err := b.WriteRound(70000, body[k:])
	if err != nil || n != b.Size() {
		t.Fatalf("WriteRound: %d bytes, size %d, %v", n, b.Size(), err)
	}
	rd2, err := b.Reader()
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := rd2.Next()
	if !ok || err != nil {
		t.Fatalf("Next: %v %v", ok, err)
	}
	want.Round = 70000
	if got.Round != want.Round || string(got.PK) != "k" || got.SK != nil || got.Problem != "p" || len(got.Values) != 3 || got.Values[1] != nil || got.Values[2] == nil {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// TestSectionsReadWhileTheFileGrows: sections read a range of records
// with their offsets, two at once, while records are appended after them;
// the file then reads whole, the appended records included.
func TestSectionsReadWhileTheFileGrows(t *testing.T) {
	w, err := Create(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	recs := sample()
	var offs []int64
	for _, rec := range recs[:2] {
		offs = append(offs, w.Size())
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	bound := w.Size()
	a, err := w.Section(0, bound)
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.Section(offs[1], bound)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs[2:] {
		if _, err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	read := func(r *Reader, from int) {
		t.Helper()
		for i := from; ; i++ {
			at := r.Offset()
			rec, ok, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if i != 2 || at != bound {
					t.Fatalf("section ends after record %d at offset %d, want 2 at %d", i, at, bound)
				}
				return
			}
			if at != offs[i] || !reflect.DeepEqual(clone(rec), recs[i]) {
				t.Fatalf("record %d at offset %d: %+v, want %+v at %d", i, at, rec, recs[i], offs[i])
			}
		}
	}
	read(b, 1)
	read(a, 0)
	a.Close()
	b.Close()
	rest, err := w.Rest(offs[1])
	if err != nil {
		t.Fatal(err)
	}
	defer rest.Close()
	n := 0
	for {
		rec, ok, err := rest.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if !reflect.DeepEqual(clone(rec), recs[1+n]) {
			t.Fatalf("record %d after the sections: %+v", 1+n, rec)
		}
		n++
	}
	if n != len(recs)-1 {
		t.Fatalf("%d records from offset %d, want %d", n, offs[1], len(recs)-1)
	}
}

// TestFlusherWritesInOrder: files whose buffers a Flusher writes read
// back every record in order, records larger than a buffer included, and
// a section made mid-way sees every record written before it.
func TestFlusherWritesInOrder(t *testing.T) {
	fl := NewFlusher()
	defer fl.Close()
	dir := t.TempDir()
	var ws []*Writer
	for range 3 {
		w, err := CreateAsync(dir, fl)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		ws = append(ws, w)
	}
	recs := sample()
	var want []Record
	var mid int64
	for i := range 600 {
		rec := recs[i%len(recs)]
		rec.Round = uint32(i)
		for _, w := range ws {
			if _, err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		want = append(want, rec)
		if i == 300 {
			mid = ws[1].Size()
		}
	}
	sec, err := ws[1].Section(0, mid)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		rec, ok, err := sec.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if !reflect.DeepEqual(clone(rec), want[n]) {
			t.Fatalf("section record %d differs", n)
		}
		n++
	}
	if n != 301 {
		t.Fatalf("section of %d records, want 301", n)
	}
	for _, w := range ws {
		rd, err := w.Reader()
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; ; i++ {
			rec, ok, err := rd.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if i != len(want) {
					t.Fatalf("%d records, want %d", i, len(want))
				}
				break
			}
			if !reflect.DeepEqual(clone(rec), want[i]) {
				t.Fatalf("record %d differs", i)
			}
		}
	}
}
