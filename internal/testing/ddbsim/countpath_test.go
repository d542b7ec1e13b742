package ddbsim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestCheckAttrMapAgreesWithTwoWalks holds the one-walk validation and sizing
// of BatchWriteItem items to what itemAttrError and itemSize say, for the
// shapes its fast path takes and for those it hands back to them.
func TestCheckAttrMapAgreesWithTwoWalks(t *testing.T) {
	items := []string{
		`{"pk":{"N":"2"},"sk":{"N":"1"},"created_at":{"S":"2022-09-01T20:25:02.406227Z"},"amount":{"N":"733.60"},"items":{"M":{"lines":{"L":[{"M":{"qty":{"N":"2"},"sku":{"S":"SKU-b6778"},"price":{"N":"79.01"}}}]},"channel":{"S":"web"}}}}`,
		`{"a":{"N":"-0.000120"},"b":{"N":"1E+5"},"c":{"BOOL":false},"d":{"NULL":true},"e":{"B":"AAEC"},"f":{"SS":["x","y"]},"g":{"NS":["1","2.5"]},"h":{"BS":["AA=="]}}`,
		`{"a":null,"b":{"S":"x"},"c":{"M":{"x":null,"y":{"L":[]}}}}`,
		`{"a":{"L":[{"N":"1"},{"S":""},{"M":{}},{"L":[{"L":[{"N":"12345678901234567890"}]}]}]}}`,
		// Errors, nested at several depths.
		`{"a":{"N":"1x"}}`,
		`{"a":{"N":""}}`,
		`{"a":{"M":{"b":{"L":[{"N":"1"},{"N":"1e200"}]}}}}`,
		`{"a":{"L":[{"N":"1"},null]}}`,
		`{"a":{"L":[{"S":"x"},{}]}}`,
		`{"a":{"M":{"b":{"S":"x","N":"1"}}}}`,
		`{"a":{"M":{"b":{"N":"1","N":"y"}}}}`,
		`{"a":{"M":{"b":{"NULL":false}}}}`,
		`{"a":{"L":[{"SS":[]}]}}`,
		`{"a":{"L":[{"NS":["1","1.0"]}]}}`,
		`{"a":{"S":"x","X":"y"}}`,
		`{"a":{"X":"y"}}`,
		`{"a":{"N":null,"S":"x"}}`,
		`{"a":{"N":"1"},"b":{"N":"123456789012345678901234567890123456789"}}`,
		`{"a":{"N":"1e-131"}}`,
	}
	for _, src := range items {
		p := &parser{}
		root, err := p.parse([]byte(src))
		if err != nil {
			t.Fatalf("parse %s: %v", src, err)
		}
		wantMsg := p.itemAttrError(&root)
		wantSize := 0
		if wantMsg == "" {
			wantSize = p.itemSize(&root)
		}
		gotSize, gotMsg := p.checkAttrMap(&root)
		if gotMsg != wantMsg || gotSize != wantSize {
			t.Errorf("%s\none walk:  size %d, %q\ntwo walks: size %d, %q", src, gotSize, gotMsg, wantSize, wantMsg)
		}
	}
}

// TestCountModeBatchWrites sends BatchWriteItem calls of different sizes to
// one count-mode server, so later bodies, keys and write lists reuse the
// buffers of earlier ones, and checks that each call is judged and counted
// on its own: duplicate keys (numbers compared canonically), a second table
// in the same call, the per-key statistics.
func TestCountModeBatchWrites(t *testing.T) {
	sim := startSim(t, Options{Mode: ModeCount, Partitions: 4, PartitionWCU: 1e9})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	createTable(t, c, "counta", true)
	createTable(t, c, "countb", true)

	item := func(pk string, sk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"pk": sv(pk), "sk": nv(sk),
			"doc": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
				"lines": &types.AttributeValueMemberL{Value: []types.AttributeValue{nv("1.5"), sv(strings.Repeat("z", len(pk)*7))}},
			}}}
	}
	var reqsA, reqsB []types.WriteRequest
	for i := range 25 {
		reqsA = append(reqsA, put(item(fmt.Sprintf("customer-with-a-long-key-%03d", i), fmt.Sprint(i))))
		reqsB = append(reqsB, put(item(fmt.Sprintf("b%d", i), "1")))
	}
	in := batch("counta", reqsA...)
	in.RequestItems["countb"] = reqsB
	if _, err := c.BatchWriteItem(ctx, in); err != nil {
		t.Fatalf("two tables of 25 puts: %v", err)
	}
	// A shorter body after a longer one, then a duplicate that only the
	// canonical number form shows, then a batch whose keys repeat the
	// first call's (no duplicate within the call).
	if _, err := c.BatchWriteItem(ctx, batch("counta", put(item("x", "2")), put(item("y", "2")))); err != nil {
		t.Fatalf("two puts: %v", err)
	}
	_, err := c.BatchWriteItem(ctx, batch("counta", put(item("x", "1.50")), put(item("y", "3")), put(item("x", "15E-1"))))
	if err == nil || !strings.Contains(err.Error(), "Provided list of item keys contains duplicates") {
		t.Fatalf("duplicate key 1.50 / 15E-1: got %v, want the duplicates error", err)
	}
	if _, err := c.BatchWriteItem(ctx, batch("counta", reqsA[:3]...)); err != nil {
		t.Fatalf("three puts again: %v", err)
	}
	_, err = c.BatchWriteItem(ctx, batch("counta", put(map[string]types.AttributeValue{"pk": sv("z"), "sk": nv("1"),
		"doc": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"n": nv("1e126")}}}}})))
	if err == nil || !strings.Contains(err.Error(), "Number overflow") {
		t.Fatalf("number overflow inside L/M: got %v, want the overflow error", err)
	}

	a, _ := sim.TableStats("counta")
	b, _ := sim.TableStats("countb")
	if a.AcceptedItems != 30 || a.AcceptedPuts != 30 || b.AcceptedItems != 25 {
		t.Errorf("accepted: counta %d items %d puts, countb %d items; want 30, 30, 25", a.AcceptedItems, a.AcceptedPuts, b.AcceptedItems)
	}
	if a.TrackedKeys != 27 || b.TrackedKeys != 25 {
		t.Errorf("tracked keys: counta %d, countb %d; want 27, 25", a.TrackedKeys, b.TrackedKeys)
	}
	for _, k := range a.HotKeys {
		if k.Key != "S:x" && k.Key != "S:y" && !strings.HasPrefix(k.Key, "S:customer-with-a-long-key-0") {
			t.Errorf("counta hot key %q is not one that was written", k.Key)
		}
	}
}
