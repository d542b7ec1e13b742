package codec

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestInetKeyPartIsItsPrintedText: an inet key part is the address as
// PostgreSQL prints it (abbrev, no "/32" on a host), like the attribute.
func TestInetKeyPartIsItsPrintedText(t *testing.T) {
	for _, composite := range []bool{false, true} {
		got, err := KeyPartSQL(plans.KeyPart{Column: "addr", Encoding: plans.EncString}, "inet", composite)
		if err != nil || !strings.Contains(got, `abbrev("addr")`) || strings.Contains(got, "::text") {
			t.Errorf("composite %v: %s, %v", composite, got, err)
		}
	}
	if got, _ := ValueSQL(plans.Attribute{Column: "addr", PGType: "inet", Encoding: plans.AttrString}); got != `abbrev("addr")` {
		t.Errorf("inet attribute: %s", got)
	}
	if got, _ := ValueSQL(plans.Attribute{Column: "net", PGType: "cidr", Encoding: plans.AttrString}); got != `"net"::text` {
		t.Errorf("cidr attribute: %s", got)
	}
}
