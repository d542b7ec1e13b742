package item

import (
	"fmt"
	"strings"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/plans"
)

// WireItem is one encoded row as the loader sends it: the item in
// DynamoDB's JSON wire form ({"attr":{"S":"…"},…}), written straight from
// the row's text, so the hot path builds no attribute-value maps for the
// SDK to serialize: maps, values and the serializer were most of a load's
// CPU. FuzzWireMatchesSDK holds it to what the SDK's serializer writes.
type WireItem struct {
	// Pos is the source row's position in the load order.
	Pos int64
	// Key is the partition key value, a NUL, and the sort key value, as
	// Item.Key; the partition key is Key[:pkLen].
	ID    string
	pkLen int
	// Body is the item's DynamoDB JSON. It may share its backing array
	// with other items of the same batch.
	Body []byte
	// Size is the item's size by DynamoDB's rules; WCU its write cost.
	Size int
	WCU  int
}

// PK and SK are the item's key values as text (raw bytes for a B key).
func (it *WireItem) PK() string { return it.ID[:it.pkLen] }
func (it *WireItem) SK() string { return it.ID[it.pkLen+1:] }

// AppendWire appends the wire form of row's item to dst and returns the
// extended buffer with the item (whose Body is the appended part), or
// says why the row cannot be written (dst is then returned unchanged).
// Every value is encoded by its codec.Value, the one item encoder.
func (e *Encoder) AppendWire(dst []byte, row *order.Row) ([]byte, WireItem, *Reject) {
	return e.AppendWireID(dst, row, string(AppendID(nil, row.PK, row.SK)))
}

// AppendID appends an item's ID (WireItem.ID) for the key values pk and
// sk to dst: the partition key value, a NUL, the sort key value.
func AppendID(dst, pk, sk []byte) []byte {
	return append(append(append(dst, pk...), 0), sk...)
}

// AppendWireID is AppendWire with the item's ID given: id must be
// string(AppendID(nil, row.PK, row.SK)). A caller encoding many rows
// makes their IDs substrings of one string, one allocation instead of
// one a row.
func (e *Encoder) AppendWireID(dst []byte, row *order.Row, id string) ([]byte, WireItem, *Reject) {
	start := len(dst)
	it := WireItem{Pos: row.Pos, ID: id, pkLen: len(row.PK)}
	out, size, ok := e.appendRow(dst, row, nil)
	if !ok {
		// Encode the row again, collecting every reason and what can be
		// encoded of it, so the rejects file can name all problems and the
		// row can be found in the source.
		var reasons []string
		out, _, _ = e.appendRow(dst[:start], row, &reasons)
		rej := &Reject{Reason: strings.Join(reasons, "; ")}
		if len(reasons) == 0 {
			rej.Reason = "internal error: row refused without a reason"
		}
		if attrs, err := DecodeItem(out[start:]); err == nil {
			rej.Item = attrs
		}
		return dst[:start], it, rej
	}
	it.Body = out[start:len(out):len(out)]
	it.Size, it.WCU = size, WCU(size)
	return out, it, nil
}

// appendRow appends row's item and returns its size. With reasons nil it
// stops at the first problem and reports !ok (the hot path builds no
// error text for valid rows); with reasons set it appends every problem to
// it and skips what cannot be encoded, for the rejects file.
func (e *Encoder) appendRow(dst []byte, row *order.Row, reasons *[]string) ([]byte, int, bool) {
	ok := true
	bad := func(format string, args ...any) {
		ok = false
		if reasons != nil {
			*reasons = append(*reasons, fmt.Sprintf(format, args...))
		}
	}
	if row.Problem == plans.DuplicateReason {
		// A repeat that the plan's keep-one choice drops (extract
		// marks it): recorded, never silently left out.
		bad("%s", plans.DuplicateReason)
	} else if row.Problem != "" {
		bad("key cannot be encoded: %s", row.Problem)
	} else if row.PK == nil || (e.skAttr != "" && row.SK == nil) {
		bad("key cannot be encoded: NULL key value")
	}
	if !ok && reasons == nil {
		return dst, 0, false
	}
	dst = append(dst, '{')
	size, n := 0, 0
	dst, n = e.appendKey(dst, e.wirePK, e.pkAttr, e.pkType, row.PK, maxPKBytes, "partition key", bad)
	size += n
	if e.skAttr != "" {
		dst, n = e.appendKey(dst, e.wireSK, e.skAttr, e.skType, row.SK, maxSKBytes, "sort key", bad)
		size += n
	}
	if row.Copies > 1 {
		bad("key collision: %d source rows map to %s", row.Copies, e.describeKey(row))
	}
	if !ok && reasons == nil {
		return dst, 0, false
	}
	// By index: a copy of each attribute was a twentieth of this loop.
	for i := range e.table.Attributes {
		a := &e.table.Attributes[i]
		v := row.Values[i]
		if v == nil && (e.options.Nulls != plans.NullsWrite || e.indexKey[i]) || v != nil && e.values[i].Omits(v) {
			continue
		}
		mark := len(dst)
		if mark > 0 && dst[mark-1] != '{' {
			dst = append(dst, ',')
		}
		dst = append(dst, e.wireNames[i]...)
		if v == nil {
			dst = append(dst, `{"NULL":true}`...)
			size += e.nameLen[i] + 1
			continue
		}
		var err error
		if dst, n, err = e.values[i].Append(dst, v); err != nil {
			dst = dst[:mark]
			if bad("column %s: %v", a.Column, err); reasons == nil {
				return dst, 0, false
			}
			continue
		}
		if e.indexKey[i] {
			var why string
			switch {
			case len(v) == 0 && (a.Type == "S" || a.Type == "B"):
				why = "is empty"
			case n > e.indexMax[i]:
				why = fmt.Sprintf("is %d bytes, over DynamoDB's %d", n, e.indexMax[i])
			}
			if why != "" {
				if bad("column %s %s: DynamoDB refuses it as the key of index %s", a.Column, why, e.indexName[i]); reasons == nil {
					return dst, 0, false
				}
			}
		}
		size += e.nameLen[i] + n
	}
	for i := range e.derived {
		d := &e.derived[i]
		v := e.derivedValue(d, row.Values)
		if v == nil {
			// Absent from the index by design (a sparse index).
			continue
		}
		if len(v) > d.limit {
			if bad("key %s of index %s is %d bytes, over DynamoDB's %d", d.name, d.index, len(v), d.limit); reasons == nil {
				return dst, 0, false
			}
			continue
		}
		mark := len(dst)
		if dst[mark-1] != '{' {
			dst = append(dst, ',')
		}
		var err error
		if dst, n, err = codec.AppendScalar(append(dst, d.wire...), d.typ, v); err != nil {
			dst = dst[:mark]
			if bad("key %s of index %s: %v", d.name, d.index, err); reasons == nil {
				return dst, 0, false
			}
			continue
		}
		size += len(d.name) + n
	}
	if size > MaxItemBytes {
		bad("item is %d bytes, over DynamoDB's %d (400 KB)", size, MaxItemBytes)
	}
	return append(dst, '}'), size, ok
}

// appendKey appends a key attribute (name is its quoted name and colon) and
// returns its size; a problem goes to bad, and a value that cannot be
// encoded is left out.
func (e *Encoder) appendKey(dst, name []byte, attr, typ string, v []byte, limit int, what string, bad func(string, ...any)) ([]byte, int) {
	if v == nil {
		return dst, 0
	}
	if len(v) == 0 {
		bad("empty %s (%s): DynamoDB keys cannot be empty", what, attr)
	} else if len(v) > limit {
		bad("%s (%s) is %d bytes, over DynamoDB's %d", what, attr, len(v), limit)
	}
	mark := len(dst)
	if dst[mark-1] != '{' {
		dst = append(dst, ',')
	}
	out, n, err := codec.AppendScalar(append(dst, name...), typ, v)
	if err != nil {
		bad("%s (%s): %v", what, attr, err)
		return dst[:mark], 0
	}
	return out, len(attr) + n
}

// wireName is an attribute name as the wire form writes it before a value.
func wireName(name string) []byte { return append(ddbjson.AppendString(nil, name), ':') }
