package codec

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestKeyLossRefusesEncodingsThatMergeValues: the encodings mapping
// chooses, and string, keep every value apart; a hand edit that keeps
// only the day of a timestamp, the local time of a timestamptz or the
// whole part of a numeric is refused with the reason, and so is an
// encoding of another type.
func TestKeyLossRefusesEncodingsThatMergeValues(t *testing.T) {
	part := func(enc string, width int) plans.KeyPart {
		return plans.KeyPart{Column: "c", Encoding: enc, Width: width}
	}
	for _, c := range []struct {
		pgType string
		part   plans.KeyPart
		want   string // "" lossless, else a fragment of the reason
	}{
		{"text", part(plans.EncString, 0), ""},
		{"integer", part(plans.EncInteger, 10), ""},
		{"integer", part(plans.EncInteger, 3), ""}, // wider values are rejected rows, not merged ones
		{"bigint", part(plans.EncNumber, 0), ""},
		{"numeric", part(plans.EncNumber, 0), ""},
		{"numeric", part(plans.EncString, 0), ""},
		{"date", part(plans.EncDate, 0), ""},
		{"timestamp without time zone", part(plans.EncTimestamp, 0), ""},
		{"timestamp with time zone", part(plans.EncTimestampTZ, 0), ""},
		{"uuid", part(plans.EncString, 0), ""},
		{"bytea", part(plans.EncBinary, 0), ""},
		{"timestamp with time zone", part(plans.EncDate, 0), "keeps only the day"},
		{"timestamp without time zone", part(plans.EncDate, 0), "keeps only the day"},
		{"timestamp with time zone", part(plans.EncTimestamp, 0), "daylight-saving"},
		{"numeric", part(plans.EncInteger, 8), "drops the fraction"},
		{"double precision", part(plans.EncInteger, 8), "drops the fraction"},
		{"double precision", part(plans.EncNumber, 0), "not an encoding of this type"},
		{"text", part(plans.EncDate, 0), "not an encoding of this type; use string"},
		{"date", part(plans.EncInteger, 8), "use date or string"},
	} {
		got := KeyLoss(c.pgType, c.part)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s as %s: %q, want %q", c.pgType, c.part.Encoding, got, c.want)
		}
	}
}
