package ddbsim

import (
	"slices"
	"strconv"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
)

// Some dynalite messages embed a member as JavaScript's JSON.stringify prints
// it after dynalite's type pass (e.g. the "> 25 requests" error quotes the
// whole RequestItems map). These functions reproduce that rendering: object
// members in JavaScript property order, AttributeValue members in dynalite's
// type order, nulls and unknown members dropped. They only run on error paths.

// jsOrder returns the indices of an object's members in the order a
// JavaScript object built by JSON.parse lists them: array-index keys in
// ascending numeric order first, then the others in insertion order; for a
// repeated key the first position and the last value.
func jsOrder(kids []node) []int {
	type ent struct {
		key   string
		idx   int // index of the value (last occurrence)
		num   uint64
		isNum bool
	}
	var ents []ent
	pos := map[string]int{}
	for i := range kids {
		k := kids[i].key
		if j, ok := pos[k]; ok {
			ents[j].idx = i
			continue
		}
		pos[k] = len(ents)
		e := ent{key: k, idx: i}
		if v, err := strconv.ParseUint(k, 10, 32); err == nil && v < 1<<32-1 && strconv.FormatUint(v, 10) == k {
			e.num, e.isNum = v, true
		}
		ents = append(ents, e)
	}
	var nums, strs []ent
	for _, e := range ents {
		if e.isNum {
			nums = append(nums, e)
		} else {
			strs = append(strs, e)
		}
	}
	slices.SortStableFunc(nums, func(a, b ent) int {
		switch {
		case a.num < b.num:
			return -1
		case a.num > b.num:
			return 1
		}
		return 0
	})
	out := make([]int, 0, len(ents))
	for _, e := range nums {
		out = append(out, e.idx)
	}
	for _, e := range strs {
		out = append(out, e.idx)
	}
	return out
}

// jsRequestItems renders BatchWriteItem's RequestItems.
func (p *parser) jsRequestItems(ri *node) string {
	var b []byte
	b = append(b, '{')
	kids := p.kids(ri)
	first := true
	for _, i := range jsOrder(kids) {
		t := &kids[i]
		if t.kind == kNull {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = ddbjson.AppendString(b, t.key)
		b = append(b, ':', '[')
		for j, req := range p.kids(t) {
			if j > 0 {
				b = append(b, ',')
			}
			b = p.jsWriteRequest(b, &req)
		}
		b = append(b, ']')
	}
	return string(append(b, '}'))
}

func (p *parser) jsWriteRequest(b []byte, req *node) []byte {
	if req.kind == kNull {
		return append(b, "null"...)
	}
	b = append(b, '{')
	first := true
	for _, name := range [...]string{"DeleteRequest", "PutRequest"} {
		r := p.get(req, name)
		if r == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = ddbjson.AppendString(b, name)
		b = append(b, ':', '{')
		member := "Key"
		if name == "PutRequest" {
			member = "Item"
		}
		if m := p.get(r, member); m != nil {
			b = ddbjson.AppendString(b, member)
			b = append(b, ':')
			b = p.jsAttrMap(b, m)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func (p *parser) jsAttrMap(b []byte, m *node) []byte {
	b = append(b, '{')
	kids := p.kids(m)
	first := true
	for _, i := range jsOrder(kids) {
		a := &kids[i]
		if a.kind == kNull {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = ddbjson.AppendString(b, a.key)
		b = append(b, ':')
		b = p.jsAttr(b, a)
	}
	return append(b, '}')
}

func (p *parser) jsAttr(b []byte, a *node) []byte {
	if a.kind == kNull {
		return append(b, "null"...)
	}
	f, _ := p.attrFields(a)
	b = append(b, '{')
	first := true
	for t, v := range f {
		if v == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = ddbjson.AppendString(b, attrTypes[t])
		b = append(b, ':')
		switch t {
		case tS, tB, tN:
			b = ddbjson.AppendString(b, v.str)
		case tBOOL, tNULL:
			bv, _ := boolValue(v)
			b = strconv.AppendBool(b, bv)
		case tSS, tNS, tBS:
			b = append(b, '[')
			for i, e := range p.kids(v) {
				if i > 0 {
					b = append(b, ',')
				}
				if e.kind == kNull {
					b = append(b, "null"...)
				} else {
					b = ddbjson.AppendString(b, e.str)
				}
			}
			b = append(b, ']')
		case tL:
			b = append(b, '[')
			kids := p.kids(v)
			for i := range kids {
				if i > 0 {
					b = append(b, ',')
				}
				b = p.jsAttr(b, &kids[i])
			}
			b = append(b, ']')
		case tM:
			b = p.jsAttrMap(b, v)
		}
	}
	return append(b, '}')
}
