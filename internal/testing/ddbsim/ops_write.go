package ddbsim

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
)

// writeOp is one put or delete of a BatchWriteItem (or a PutItem).
type writeOp struct {
	req   *node // the WriteRequest, echoed in UnprocessedItems
	item  *node // Item of a put, Key of a delete
	del   bool
	key   keyParts
	part  int
	wcu   int64
	store *storedItem // prepared item for store mode
	done  bool        // accepted
}

const (
	pteMessage      = "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."
	noSchemaMatch   = "The provided key element does not match the schema"
	writeRequestCls = "com.amazonaws.dynamodb.v20120810."
)

// checkRequestItemsTypes is stage 1 (JSON types) for BatchWriteItem.
func (p *parser) checkRequestItemsTypes(ri *node) *apiError {
	switch ri.kind {
	case kObj:
	case kArr:
		return serErr("Unrecognized collection type java.util.Map<java.lang.String, java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>")
	default:
		return serErr("Unexpected field type")
	}
	for _, tl := range p.kids(ri) {
		switch tl.kind {
		case kNull:
			continue
		case kArr:
		case kObj:
			return serErr("Start of structure or map found where not expected")
		default:
			return serErr("class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')")
		}
		reqs := p.kids(&tl)
		for i := range reqs {
			r := &reqs[i]
			switch r.kind {
			case kNull:
				continue
			case kObj:
			case kArr:
				return serErr("Unrecognized collection type class " + writeRequestCls + "WriteRequest")
			default:
				return serErr("Unexpected value type in payload")
			}
			for _, name := range [...]string{"DeleteRequest", "PutRequest"} {
				m := p.get(r, name)
				if m == nil {
					continue
				}
				switch m.kind {
				case kObj:
				case kArr:
					return serErr("Unrecognized collection type class " + writeRequestCls + name)
				default:
					return serErr("Unexpected field type")
				}
				inner := "Key"
				if name == "PutRequest" {
					inner = "Item"
				}
				if v := p.get(m, inner); v != nil {
					if err := p.checkAttrMapType(v); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// putOrDelete returns the request's operation as dynalite sees it: a put if
// PutRequest is present, else a delete, else nothing.
func (p *parser) putOrDelete(r *node) (item *node, del bool, ok bool) {
	if r.kind != kObj {
		return nil, false, false
	}
	if m := p.get(r, "PutRequest"); m != nil {
		return p.get(m, "Item"), false, true
	}
	if m := p.get(r, "DeleteRequest"); m != nil {
		return p.get(m, "Key"), true, true
	}
	return nil, false, false
}

func (s *Server) batchWriteItem(p *parser, req *node, d *decision) ([]byte, *apiError) {
	ri := p.get(req, "RequestItems")
	rcc := p.get(req, "ReturnConsumedCapacity")
	ricm := p.get(req, "ReturnItemCollectionMetrics")

	// Stage 1: JSON types.
	for _, n := range []*node{rcc, ricm} {
		if n != nil {
			if err := checkStringType(n); err != nil {
				return nil, err
			}
		}
	}
	if ri != nil {
		if err := p.checkRequestItemsTypes(ri); err != nil {
			return nil, err
		}
	}

	// Stage 2: member constraints.
	var ce constraintErrors
	ce.checkEnum(rcc, "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	ce.checkEnum(ricm, "returnItemCollectionMetrics", "SIZE", "NONE")
	tables := p.kids(ri)
	if ri == nil {
		ce.add("null", "requestItems", "Member must not be null")
	} else {
		if len(tables) == 0 {
			ce.add("{}", "requestItems", "Member must have length greater than or equal to 1")
		}
		for i := range tables {
			name := tables[i].key
			if l := len([]rune(name)); l < 3 || l > 255 || !validTableNameChars(name) {
				ce.add(p.jsRequestItems(ri), "requestItems", "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: "+tableNamePattern+"]")
			}
		}
		for i := range tables {
			if n := tables[i].n; n < 1 || n > 25 {
				ce.add(p.jsRequestItems(ri), "requestItems", "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]")
			}
		}
		for i := range tables {
			for j, r := range p.kids(&tables[i]) {
				for _, name := range [...]string{"DeleteRequest", "PutRequest"} {
					m := p.get(&r, name)
					if m == nil {
						continue
					}
					member, inner := "Key", "key"
					if name == "PutRequest" {
						member, inner = "Item", "item"
					}
					if p.get(m, member) == nil {
						ce.add("null", "requestItems."+tables[i].key+".member."+strconv.Itoa(j+1)+".member."+strings.ToLower(name[:1])+name[1:]+"."+inner, "Member must not be null")
					}
				}
			}
		}
	}
	if err := ce.err(); err != nil {
		return nil, err
	}

	// Stage 3: custom rules on the values. Item sizes are kept for stage 4.
	sizes := p.sizes[:0]
	defer func() { p.sizes = sizes[:0] }()
	for i := range tables {
		for _, r := range p.kids(&tables[i]) {
			if _, _, ok := p.putOrDelete(&r); !ok {
				return nil, validationErr("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes")
			}
		}
		reqs := p.kids(&tables[i])
		for j := range reqs {
			item, del, _ := p.putOrDelete(&reqs[j])
			size, msg := p.checkAttrMap(item)
			if msg != "" {
				return nil, validationErr(msg)
			}
			if del {
				size = 0
			}
			if size > maxItemSize {
				return nil, validationErr("Item size has exceeded the maximum allowed size")
			}
			sizes = append(sizes, size)
		}
	}

	// Stage 4: tables and keys.
	type tableOps struct {
		t   *table
		key string
		ops []writeOp
	}
	var all []tableOps
	p.keys = p.keys[:0]
	p.ops = p.ops[:0]
	defer func() { clear(p.ops); p.ops = p.ops[:0] }() // drop item pointers
	nth := 0
	for i := range tables {
		t, err := s.lookup(tables[i].key)
		if err != nil {
			return nil, err
		}
		reqs := p.kids(&tables[i])
		// The ops of all tables share one pooled backing array; each
		// table's slice is capped so that appends cannot spill into the
		// next table's.
		opsStart := len(p.ops)
		p.ops = slices.Grow(p.ops, len(reqs))
		ops := p.ops[opsStart : opsStart : opsStart+len(reqs)]
		for j := range reqs {
			item, del, _ := p.putOrDelete(&reqs[j])
			var kerr *apiError
			if del {
				kerr = t.keyMapError(p, item)
			} else {
				kerr = t.itemKeyError(p, item)
				if kerr == nil {
					kerr = t.indexKeyError(p, item)
				}
			}
			if kerr != nil {
				if strings.Contains(kerr.msg, "Missing the key") || strings.Contains(kerr.msg, "Type mismatch for key") {
					kerr.msg = noSchemaMatch
				}
				return nil, kerr
			}
			op := writeOp{req: &reqs[j], item: item, del: del, wcu: 1}
			var arena *[]byte
			if t.items == nil {
				arena = &p.keys
			}
			op.key = t.makeKey(p, item, arena)
			for k := range ops {
				if ops[k].key.key == op.key.key {
					return nil, validationErr("Provided list of item keys contains duplicates")
				}
			}
			op.part = rangeOf(op.key.hash, t.partitions)
			size := sizes[nth]
			nth++
			if !del {
				op.wcu = int64(wcuFor(size))
				if t.items != nil {
					op.store = p.newStoredItem(t, item, op.key, size)
				}
			}
			ops = append(ops, op)
		}
		p.ops = p.ops[:opsStart+len(ops)]
		all = append(all, tableOps{t: t, key: tables[i].key, ops: ops})
	}

	// Apply: budgets, statistics, storage.
	var accepted, throttled, injected int
	consumed := make([]int64, len(all))
	for i := range all {
		a, f, inj := s.apply(all[i].t, all[i].ops, d)
		accepted += a
		throttled += f
		injected += inj
		for _, op := range all[i].ops {
			if op.done {
				consumed[i] += op.wcu
			}
		}
	}
	s.logUnprocessed(d, injected)
	if accepted == 0 && throttled > 0 {
		for i := range all {
			all[i].t.mu.Lock()
			all[i].t.stats.throttledCalls++
			all[i].t.mu.Unlock()
		}
		return nil, &apiError{status: 400, typ: typePTE, msg: pteMessage}
	}

	out := make([]byte, 0, 64)
	out = append(out, `{"UnprocessedItems":{`...)
	firstTable := true
	for i := range all {
		if len(all[i].ops) == 0 {
			continue
		}
		firstReq := true
		for _, op := range all[i].ops {
			if op.done {
				continue
			}
			if firstReq {
				if !firstTable {
					out = append(out, ',')
				}
				firstTable = false
				out = ddbjson.AppendString(out, all[i].key)
				out = append(out, ":["...)
			} else {
				out = append(out, ',')
			}
			firstReq = false
			out = append(out, p.raw(op.req)...)
		}
		if !firstReq {
			out = append(out, ']')
		}
	}
	out = append(out, '}')
	if rcc != nil && (rcc.str == "TOTAL" || rcc.str == "INDEXES") {
		out = append(out, `,"ConsumedCapacity":[`...)
		for i := range all {
			if i > 0 {
				out = append(out, ',')
			}
			out = appendConsumed(out, all[i].key, consumed[i])
		}
		out = append(out, ']')
	}
	return append(out, '}'), nil
}

func appendConsumed(b []byte, table string, wcu int64) []byte {
	b = append(b, `{"TableName":`...)
	b = ddbjson.AppendString(b, table)
	b = append(b, `,"CapacityUnits":`...)
	b = strconv.AppendInt(b, wcu, 10)
	return append(b, '}')
}

// apply admits the table's writes against its budgets in request order,
// records statistics and stores accepted puts. It returns how many writes
// were accepted, throttled and returned unprocessed by fault injection.
func (s *Server) apply(t *table, ops []writeOp, d *decision) (accepted, throttled, injected int) {
	now := s.simNow()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tbucket.refill(now)
	for i := range ops {
		op := &ops[i]
		if d.items != nil && d.items.Float64() < s.opts.Faults.UnprocessedRate {
			injected++
			t.stats.faultUnproc++
			continue
		}
		pb := &t.parts[op.part].bucket
		pb.refill(now)
		if pb.tokens <= 0 || t.tbucket.tokens <= 0 {
			throttled++
			t.record(op.part, op.key.pk, op.wcu, now, false, s.opts.MaxTrackedKeys, s.opts.MaxSeriesSeconds)
			continue
		}
		pb.tokens -= float64(op.wcu)
		t.tbucket.tokens -= float64(op.wcu)
		op.done = true
		accepted++
		t.record(op.part, op.key.pk, op.wcu, now, true, s.opts.MaxTrackedKeys, s.opts.MaxSeriesSeconds)
		if !op.del {
			t.puts++
		}
		if t.items == nil {
			continue
		}
		_, existed := t.items[op.key.key]
		switch {
		case op.del && existed:
			delete(t.items, op.key.key)
			t.sorted = nil
		case !op.del:
			t.items[op.key.key] = op.store
			if existed {
				t.overwrites++
			}
			t.sorted = nil // a new item, or the sorted slice holds the replaced one
		}
	}
	return accepted, throttled, injected
}

// newStoredItem serializes a validated item for storage, numbers canonical.
func (p *parser) newStoredItem(t *table, item *node, key keyParts, size int) *storedItem {
	it := &storedItem{key: key.key, hash: key.hash, size: size}
	it.json = p.appendAttrMap(make([]byte, 0, item.end-item.start), item)
	kd := append(make([]byte, 0, 64), '{')
	for i, k := range t.keyAttrs() {
		if i > 0 {
			kd = append(kd, ',')
		}
		kd = ddbjson.AppendString(kd, k.name)
		kd = append(kd, ':')
		kd = p.appendAttr(kd, p.get(item, k.name))
	}
	it.keyDoc = append(kd, '}')
	return it
}

func (p *parser) appendAttrMap(b []byte, m *node) []byte {
	b = append(b, '{')
	first := true
	kids := p.kids(m)
	for i := range kids {
		if kids[i].kind == kNull {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = ddbjson.AppendString(b, kids[i].key)
		b = append(b, ':')
		b = p.appendAttr(b, &kids[i])
	}
	return append(b, '}')
}

func (p *parser) appendAttr(b []byte, a *node) []byte {
	f, _ := p.attrFields(a)
	for t, v := range f {
		if v == nil {
			continue
		}
		b = append(b, '{')
		b = ddbjson.AppendString(b, attrTypes[t])
		b = append(b, ':')
		switch t {
		case tS, tB:
			b = ddbjson.AppendString(b, v.str)
		case tN:
			b = append(b, '"')
			d, _ := parseNum(v.str)
			b = d.appendCanonical(b)
			b = append(b, '"')
		case tBOOL, tNULL:
			bv, _ := boolValue(v)
			b = strconv.AppendBool(b, bv)
		case tSS, tBS, tNS:
			b = append(b, '[')
			for i, e := range p.kids(v) {
				if i > 0 {
					b = append(b, ',')
				}
				if t == tNS {
					b = append(b, '"')
					d, _ := parseNum(e.str)
					b = d.appendCanonical(b)
					b = append(b, '"')
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
				b = p.appendAttr(b, &kids[i])
			}
			b = append(b, ']')
		case tM:
			b = p.appendAttrMap(b, v)
		}
		return append(b, '}')
	}
	return append(b, "{}"...)
}

func (s *Server) putItem(p *parser, req *node, d *decision) ([]byte, *apiError) {
	tn := p.get(req, "TableName")
	item := p.get(req, "Item")
	rcc := p.get(req, "ReturnConsumedCapacity")
	rv := p.get(req, "ReturnValues")
	ricm := p.get(req, "ReturnItemCollectionMetrics")
	for _, n := range []*node{rcc, tn, rv, ricm} {
		if n != nil {
			if err := checkStringType(n); err != nil {
				return nil, err
			}
		}
	}
	if item != nil {
		if err := p.checkAttrMapType(item); err != nil {
			return nil, err
		}
	}
	var ce constraintErrors
	ce.checkEnum(rcc, "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	ce.checkTableName(tn, "tableName")
	if item == nil {
		ce.add("null", "item", "Member must not be null")
	}
	ce.checkEnum(rv, "returnValues", "ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW")
	ce.checkEnum(ricm, "returnItemCollectionMetrics", "SIZE", "NONE")
	if err := ce.err(); err != nil {
		return nil, err
	}
	for _, unsupported := range [...]string{"ConditionExpression", "Expected", "ConditionalOperator"} {
		if p.get(req, unsupported) != nil {
			return nil, validationErr("ddbsim does not support " + unsupported)
		}
	}
	if msg := p.itemAttrError(item); msg != "" {
		return nil, validationErr(msg)
	}
	if rv != nil && rv.str != "ALL_OLD" && rv.str != "NONE" {
		return nil, validationErr("ReturnValues can only be ALL_OLD or NONE")
	}
	size := p.itemSize(item)
	if size > maxItemSize {
		return nil, validationErr("Item size has exceeded the maximum allowed size")
	}
	t, err := s.lookup(tn.str)
	if err != nil {
		return nil, err
	}
	if err := t.itemKeyError(p, item); err != nil {
		return nil, err
	}
	if err := t.indexKeyError(p, item); err != nil {
		return nil, err
	}
	op := writeOp{req: item, item: item, wcu: int64(wcuFor(size))}
	op.key = t.makeKey(p, item, nil)
	op.part = rangeOf(op.key.hash, t.partitions)
	if t.items != nil {
		op.store = p.newStoredItem(t, item, op.key, size)
	}
	var old *storedItem
	if rv != nil && rv.str == "ALL_OLD" && t.items != nil {
		t.mu.Lock()
		old = t.items[op.key.key]
		t.mu.Unlock()
	}
	ops := []writeOp{op}
	if _, throttled, _ := s.apply(t, ops, &decision{}); throttled > 0 {
		t.mu.Lock()
		t.stats.throttledCalls++
		t.mu.Unlock()
		return nil, &apiError{status: 400, typ: typePTE, msg: pteMessage}
	}
	out := append(make([]byte, 0, 64), '{')
	if old != nil {
		out = append(out, `"Attributes":`...)
		out = append(out, old.json...)
	}
	if rcc != nil && (rcc.str == "TOTAL" || rcc.str == "INDEXES") {
		if old != nil {
			out = append(out, ',')
		}
		out = append(out, `"ConsumedCapacity":`...)
		out = appendConsumed(out, tn.str, op.wcu)
	}
	return append(out, '}'), nil
}
