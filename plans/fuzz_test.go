package plans

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzRead feeds the plan reader arbitrary files, starting from the seeds
// in testdata/fuzz/FuzzRead (written plans and hand edits of them). Read
// must never panic, and a plan it accepts must survive Write and Read
// unchanged: otherwise the file a person reviewed is not the plan that
// loads. Run it with `go test ./plans -run '^$' -fuzz FuzzRead -fuzzminimizetime 2s`:
// with the default minimisation time (60 s per new input, in which no
// new inputs run) a run of minutes is spent almost all minimising.
func FuzzRead(f *testing.F) {
	var sample bytes.Buffer
	if err := Write(&sample, samplePlan()); err != nil {
		f.Fatal(err)
	}
	f.Add(sample.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Read(bytes.NewReader(data))
		if err != nil {
			if p != nil {
				t.Fatalf("Read returned a plan with the error %v", err)
			}
			return
		}
		var out bytes.Buffer
		if err := Write(&out, p); err != nil {
			t.Fatalf("Write of an accepted plan: %v", err)
		}
		again, err := Read(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("the accepted plan, written, is refused: %v\ninput:\n%s\nwritten:\n%s", err, data, out.Bytes())
		}
		// An empty list and an absent one mean the same in a plan file.
		if diff := cmp.Diff(p, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("read → write → read changed the plan (-first +second):\n%s\ninput:\n%s\nwritten:\n%s", diff, data, out.Bytes())
		}
		var out2 bytes.Buffer
		if err := Write(&out2, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), out2.Bytes()) {
			t.Fatalf("write → read → write is not byte-identical:\n%s\n----\n%s", out.Bytes(), out2.Bytes())
		}
	})
}
