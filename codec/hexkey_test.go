package codec

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestHexKeyPartSortsAsBytes: the hex key part of a bytea round-trips to
// its bytes, is lowercase, two digits a byte, holds no separator or
// escape, and — joined into a composite key with a following part — sorts
// as the (bytes, next part) tuple does under DynamoDB's byte order,
// prefixes and 0x00 / 0xff / '#' bytes included.
func TestHexKeyPartSortsAsBytes(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 7))
	gen := func() []byte {
		b := make([]byte, r.IntN(5))
		for i := range b {
			b[i] = []byte{0x00, 0x01, '#', '\\', 0x7f, 0x80, 0xfe, 0xff}[r.IntN(8)]
		}
		return b
	}
	p := plans.KeyPart{Column: "run_id", Encoding: plans.EncHex}
	join := func(b []byte, n string) string {
		return string(HexKeyPart(nil, b)) + plans.Separator + KeyPartText(plans.KeyPart{Column: "n", Encoding: plans.EncInteger, Width: 5}, n, true)
	}
	for range 5000 {
		a, b := gen(), gen()
		ha, hb := HexKeyPart(nil, a), HexKeyPart(nil, b)
		if back, err := hex.DecodeString(string(ha)); err != nil || !bytes.Equal(back, a) {
			t.Fatalf("hex %q of %x does not round-trip: %x, %v", ha, a, back, err)
		}
		if len(ha) != 2*len(a) || strings.ToLower(string(ha)) != string(ha) || bytes.ContainsAny(ha, plans.Separator+`\`) {
			t.Fatalf("hex %q of %x: want lowercase, two digits a byte, no # or \\", ha, a)
		}
		if got := KeyPartText(p, `\x`+strings.ToUpper(string(ha)), true); got != string(ha) {
			t.Fatalf("KeyPartText of bytea text \\x%X = %q, want %q", a, got, ha)
		}
		want := bytes.Compare(a, b)
		if got := strings.Compare(string(ha), string(hb)); got != want {
			t.Fatalf("hex order %d of %x, %x; byte order %d", got, a, b, want)
		}
		if want == 0 {
			continue
		}
		if got := strings.Compare(join(a, "7"), join(b, "3")); got != want {
			t.Fatalf("joined keys of (%x, 7) and (%x, 3) compare %d, bytes %d", a, b, got, want)
		}
	}
}

// TestHexKeyPartSQLAndLoss: the SQL of a hex part is encode(…, 'hex')
// (lowercase, as PostgreSQL writes it), and hex is a lossless encoding of
// bytea and of nothing else.
func TestHexKeyPartSQLAndLoss(t *testing.T) {
	t.Parallel()
	p := plans.KeyPart{Column: "run_id", Encoding: plans.EncHex}
	got, err := KeyPartSQL(p, "bytea", true)
	if err != nil || got != `encode("run_id", 'hex')` {
		t.Errorf("KeyPartSQL = %q, %v", got, err)
	}
	if loss := KeyLoss("bytea", p); loss != "" {
		t.Errorf("KeyLoss(bytea, hex) = %q, want lossless", loss)
	}
	if loss := KeyLoss("text", p); loss == "" {
		t.Error("KeyLoss(text, hex) is empty: hex is no encoding of text")
	}
	if loss := KeyLoss("bytea", plans.KeyPart{Column: "run_id", Encoding: plans.EncBinary}); loss != "" {
		t.Errorf("KeyLoss(bytea, binary) = %q, want lossless", loss)
	}
}
