package s3load

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestAsyncWriterKeepsOrderAndErrors checks the export's staging writer:
// what is written arrives whole and in order, in buffers handed over as
// they fill; the destination's error comes back from Close, which can be
// called again.
func TestAsyncWriterKeepsOrderAndErrors(t *testing.T) {
	var want []byte
	dst := &failingWriter{n: 1 << 30}
	a := newAsyncWriter(dst, 64)
	for i := range 1000 {
		line := fmt.Sprintf("line %d\n", i)
		want = append(want, line...)
		if i%2 == 0 {
			a.WriteString(line)
		} else {
			a.Write([]byte(line))
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dst.got, want) {
		t.Fatalf("wrote %d bytes, want %d, or in another order", len(dst.got), len(want))
	}
	bad := newAsyncWriter(&failingWriter{n: 100}, 64)
	for range 100 {
		bad.WriteString("0123456789")
	}
	if err := bad.Close(); err == nil || err.Error() != "disk full" {
		t.Errorf("Close returned %v, want the destination's error", err)
	}
	if err := bad.Close(); err == nil {
		t.Errorf("a second Close forgot the error")
	}
}

// failingWriter takes n bytes, then fails.
type failingWriter struct {
	got []byte
	n   int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(f.got)+len(p) > f.n {
		return 0, errors.New("disk full")
	}
	f.got = append(f.got, p...)
	return len(p), nil
}
