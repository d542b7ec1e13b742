package ddbsim

import (
	"sort"
	"strconv"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
)

// Reads are served from the store (nothing in count-only mode) and are not
// budgeted. Projections and filters are not supported; they are rejected
// rather than ignored so that a caller never trusts a result it did not ask
// for.

var unsupportedRead = [...]string{"ProjectionExpression", "AttributesToGet", "FilterExpression", "ScanFilter", "ConditionalOperator", "IndexName"}

// checkUnsupportedScan is checkUnsupported for Scan, which reads an index
// too (gsi.go).
func checkUnsupportedScan(p *parser, req *node) *apiError {
	for _, name := range unsupportedRead {
		if name != "IndexName" && p.get(req, name) != nil {
			return validationErr("ddbsim does not support " + name)
		}
	}
	return nil
}

func checkUnsupported(p *parser, req *node) *apiError {
	for _, name := range unsupportedRead {
		if p.get(req, name) != nil {
			return validationErr("ddbsim does not support " + name)
		}
	}
	return nil
}

func (s *Server) getItem(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	tn := p.get(req, "TableName")
	key := p.get(req, "Key")
	if tn != nil {
		if err := checkStringType(tn); err != nil {
			return nil, err
		}
	}
	if key != nil {
		if err := p.checkAttrMapType(key); err != nil {
			return nil, err
		}
	}
	var ce constraintErrors
	ce.checkTableName(tn, "tableName")
	if key == nil {
		ce.add("null", "key", "Member must not be null")
	}
	if err := ce.err(); err != nil {
		return nil, err
	}
	if err := checkUnsupported(p, req); err != nil {
		return nil, err
	}
	if msg := p.itemAttrError(key); msg != "" {
		return nil, validationErr(msg)
	}
	t, err := s.lookup(tn.str)
	if err != nil {
		return nil, err
	}
	if err := t.keyMapError(p, key); err != nil {
		return nil, err
	}
	kp := t.makeKey(p, key, nil)
	out := append(make([]byte, 0, 256), '{')
	if t.items != nil {
		t.mu.Lock()
		it := t.items[kp.key]
		t.mu.Unlock()
		if it != nil {
			out = append(out, `"Item":`...)
			out = append(out, it.json...)
		}
	}
	return append(out, '}'), nil
}

func (s *Server) batchGetItem(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	ri := p.get(req, "RequestItems")
	if ri == nil {
		return nil, validationErr("1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null")
	}
	if ri.kind != kObj {
		return nil, serErr("Unexpected field type")
	}
	tables := p.kids(ri)
	if len(tables) == 0 {
		return nil, validationErr("1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1")
	}
	total := 0
	for i := range tables {
		tr := &tables[i]
		if tr.kind != kObj {
			return nil, serErr("Unexpected value type in payload")
		}
		keys := p.get(tr, "Keys")
		if keys == nil {
			return nil, validationErr("1 validation error detected: Value null at 'requestItems." + tr.key + ".member.keys' failed to satisfy constraint: Member must not be null")
		}
		if keys.kind != kArr {
			return nil, serErr("Unexpected field type")
		}
		for j := range p.kids(keys) {
			if err := p.checkAttrMapType(&p.kids(keys)[j]); err != nil {
				return nil, err
			}
		}
		if err := checkUnsupported(p, tr); err != nil {
			return nil, err
		}
		if keys.n < 1 || keys.n > 100 {
			return nil, validationErr("1 validation error detected: Value '" + string(p.raw(keys)) + "' at 'requestItems." + tr.key + ".member.keys' failed to satisfy constraint: Member must have length less than or equal to 100")
		}
		ks := p.kids(keys)
		for j := range ks {
			if msg := p.itemAttrError(&ks[j]); msg != "" {
				return nil, validationErr(msg)
			}
			total++
			if total > 100 {
				return nil, validationErr("Too many items requested for the BatchGetItem call")
			}
		}
	}
	out := append(make([]byte, 0, 1024), `{"Responses":{`...)
	for i := range tables {
		t, err := s.lookup(tables[i].key)
		if err != nil {
			return nil, err
		}
		ks := p.kids(p.get(&tables[i], "Keys"))
		seen := make([]string, 0, len(ks))
		for j := range ks {
			if err := t.keyMapError(p, &ks[j]); err != nil {
				return nil, err
			}
			kp := t.makeKey(p, &ks[j], nil)
			for _, k := range seen {
				if k == kp.key {
					return nil, validationErr("Provided list of item keys contains duplicates")
				}
			}
			seen = append(seen, kp.key)
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = ddbjson.AppendString(out, tables[i].key)
		out = append(out, ":["...)
		first := true
		if t.items != nil {
			t.mu.Lock()
			for _, k := range seen {
				if it := t.items[k]; it != nil {
					if !first {
						out = append(out, ',')
					}
					first = false
					out = append(out, it.json...)
				}
			}
			t.mu.Unlock()
		}
		out = append(out, ']')
	}
	return append(out, `},"UnprocessedKeys":{}}`...), nil
}

// scanPageBytes is DynamoDB's page size limit for Scan.
const scanPageBytes = 1 << 20

func intArg(p *parser, req *node, name string) (int, bool, *apiError) {
	n := p.get(req, name)
	if n == nil {
		return 0, false, nil
	}
	switch n.kind {
	case kNum:
	case kStr:
		return 0, false, serErr("STRING_VALUE cannot be converted to Integer")
	default:
		return 0, false, serErr("Unexpected field type")
	}
	f, err := strconv.ParseFloat(n.str, 64)
	if err != nil {
		return 0, false, serErr("Unexpected field type")
	}
	return int(f), true, nil
}

func (s *Server) scan(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	tn := p.get(req, "TableName")
	sel := p.get(req, "Select")
	for _, n := range []*node{tn, sel} {
		if n != nil {
			if err := checkStringType(n); err != nil {
				return nil, err
			}
		}
	}
	totalSegs, hasTotal, err := intArg(p, req, "TotalSegments")
	if err != nil {
		return nil, err
	}
	seg, hasSeg, err := intArg(p, req, "Segment")
	if err != nil {
		return nil, err
	}
	limit, hasLimit, err := intArg(p, req, "Limit")
	if err != nil {
		return nil, err
	}
	esk := p.get(req, "ExclusiveStartKey")
	if esk != nil {
		if err := p.checkAttrMapType(esk); err != nil {
			return nil, err
		}
	}
	var ce constraintErrors
	ce.checkEnum(sel, "select", "SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES")
	if hasTotal && totalSegs < 1 {
		ce.add(strconv.Itoa(totalSegs), "totalSegments", "Member must have value greater than or equal to 1")
	}
	ce.checkTableName(tn, "tableName")
	if hasSeg && seg < 0 {
		ce.add(strconv.Itoa(seg), "segment", "Member must have value greater than or equal to 0")
	}
	if hasLimit && limit < 1 {
		ce.add(strconv.Itoa(limit), "limit", "Member must have value greater than or equal to 1")
	}
	if err := ce.err(); err != nil {
		return nil, err
	}
	if err := checkUnsupportedScan(p, req); err != nil {
		return nil, err
	}
	if esk != nil {
		if msg := p.itemAttrError(esk); msg != "" {
			return nil, validationErr("The provided starting key is invalid: " + msg)
		}
	}
	if hasSeg && seg != 0 && !hasTotal {
		return nil, validationErr("The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	}
	if hasTotal {
		if !hasSeg {
			return nil, validationErr("The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
		}
		if seg >= totalSegs {
			return nil, validationErr("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: " + strconv.Itoa(seg) + " is not less than TotalSegments: " + strconv.Itoa(totalSegs))
		}
	} else {
		seg, totalSegs = 0, 1
	}
	t, aerr := s.lookup(tn.str)
	if aerr != nil {
		return nil, aerr
	}
	if in := p.get(req, "IndexName"); in != nil {
		return s.scanIndex(p, req, t, in.str, sel != nil && sel.str == "COUNT", seg, totalSegs, limit, hasLimit)
	}
	var start *keyParts
	if esk != nil {
		if err := t.keyMapError(p, esk); err != nil {
			return nil, validationErr("The provided starting key is invalid: " + err.msg)
		}
		kp := t.makeKey(p, esk, nil)
		start = &kp
	}
	countOnly := sel != nil && sel.str == "COUNT"

	out := append(make([]byte, 0, 4096), '{')
	if !countOnly {
		out = append(out, `"Items":[`...)
	}
	count, bytes := 0, 0
	var last *storedItem
	more := false
	if t.items != nil {
		t.mu.Lock()
		order := t.scanOrder()
		i := segmentStart(order, seg, totalSegs, start)
		for ; i < len(order) && rangeOf(order[i].hash, totalSegs) == seg; i++ {
			if (hasLimit && count >= limit) || bytes >= scanPageBytes {
				more = true
				break
			}
			it := order[i]
			if !countOnly {
				if count > 0 {
					out = append(out, ',')
				}
				out = append(out, it.json...)
			}
			count++
			bytes += it.size
			last = it
		}
		t.mu.Unlock()
	}
	if !countOnly {
		out = append(out, "],"...)
	}
	out = append(out, `"Count":`...)
	out = strconv.AppendInt(out, int64(count), 10)
	out = append(out, `,"ScannedCount":`...)
	out = strconv.AppendInt(out, int64(count), 10)
	if more && last != nil {
		out = append(out, `,"LastEvaluatedKey":`...)
		out = append(out, last.keyDoc...)
	}
	return append(out, '}'), nil
}

// segmentStart is the index in order (scan order: by hash, then key) of
// the first item of segment seg of totalSegs at or after the exclusive
// start key, for the table's Scan and an index's alike.
func segmentStart(order []*storedItem, seg, totalSegs int, start *keyParts) int {
	i := sort.Search(len(order), func(i int) bool { return rangeOf(order[i].hash, totalSegs) >= seg })
	if start != nil {
		j := sort.Search(len(order), func(i int) bool {
			it := order[i]
			return it.hash > start.hash || (it.hash == start.hash && it.key > start.key)
		})
		i = max(i, j)
	}
	return i
}
