package item

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestDerivedKeyOfBytea: an index key derived from a bytea attribute and
// a number joins the bytes' lowercase hex, as extract's encode(c, 'hex')
// writes a base key of the same parts, so load, verify and sync agree; the
// attribute itself keeps the raw bytes (B). The index key validates.
func TestDerivedKeyOfBytea(t *testing.T) {
	t.Parallel()
	tb := plans.Table{
		Source:       "public.runs",
		Target:       "runs",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
		Attributes: []plans.Attribute{
			{Column: "id", Name: "id", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "run_id", Name: "run_id", PGType: "bytea", Type: "B", Encoding: plans.AttrBinary},
			{Column: "n", Name: "n", PGType: "integer", Type: "N", Encoding: plans.AttrNumber},
		},
		Indexes: []plans.Index{{Name: "gsi_run", Enabled: true, Projection: plans.ProjectAll,
			PartitionKey: plans.Key{Attribute: "gsi_run_pk", Type: "S", Parts: []plans.KeyPart{
				{Column: "run_id", Encoding: plans.EncHex}, {Column: "n", Encoding: plans.EncInteger, Width: 10}}}}},
	}
	for _, pr := range plans.Validate(&plans.Plan{Version: plans.FormatVersion, Tables: []plans.Table{tb}}) {
		if strings.Contains(fmt.Sprint(pr), "indexes") {
			t.Errorf("the hex index key does not validate: %v", pr)
		}
	}
	e, err := NewEncoder(tb, plans.Options{Nulls: plans.NullsOmit})
	if err != nil {
		t.Fatal(err)
	}
	it, rej := e.Encode(&order.Row{PK: []byte("a"), Copies: 1, Values: [][]byte{[]byte("a"), {0x00, '#', 0xAB, 0xff}, []byte("7")}})
	if rej != nil {
		t.Fatalf("rejected: %s", rej.Reason)
	}
	if v, ok := it.Attrs["gsi_run_pk"].(*types.AttributeValueMemberS); !ok || v.Value != "0023abff#0000000007" {
		t.Errorf("gsi_run_pk = %#v, want S 0023abff#0000000007", it.Attrs["gsi_run_pk"])
	}
	if v, ok := it.Attrs["run_id"].(*types.AttributeValueMemberB); !ok || string(v.Value) != "\x00#\xab\xff" {
		t.Errorf("run_id = %#v, want the raw bytes", it.Attrs["run_id"])
	}
}
