package ddbsim

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Global secondary indexes, as far as a load and its verify use them: a
// table created with indexes describes them (ACTIVE with the table, their
// item counts), a put whose index key attribute has the wrong type is
// refused as DynamoDB refuses it, and Scan with IndexName reads the items
// that have the index's key attributes (a sparse index leaves out the
// others), projected as the index says. The index is derived from the
// table's items when read rather than stored: it is always consistent, as
// a real index becomes shortly after a write, and its writes are not
// budgeted separately.

// maxGSIs is DynamoDB's limit of global secondary indexes per table.
const maxGSIs = 20

// gsiDef is one global secondary index of a table.
type gsiDef struct {
	name       string
	hash       keyAttr
	rng        *keyAttr
	projection string   // ALL, KEYS_ONLY or INCLUDE
	nonKey     []string // INCLUDE's attributes
}

type gsiInput struct {
	IndexName string
	KeySchema []struct {
		AttributeName string
		KeyType       string
	}
	Projection struct {
		ProjectionType   string
		NonKeyAttributes []string
	}
}

// parseGSIs reads CreateTable's GlobalSecondaryIndexes against the
// attribute definitions (types), with DynamoDB's checks that a load could
// trip over: defined key attributes, unique names, at most 20.
func parseGSIs(raw json.RawMessage, types map[string]string) ([]gsiDef, *apiError) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var in []gsiInput
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, serErr("Unexpected field type")
	}
	if len(in) > maxGSIs {
		return nil, validationErr("One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of " + strconv.Itoa(maxGSIs))
	}
	var out []gsiDef
	for _, g := range in {
		if len(g.IndexName) < 3 || len(g.IndexName) > 255 {
			return nil, validationErr("1 validation error detected: Value '" + g.IndexName + "' at 'globalSecondaryIndexes.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3")
		}
		if slices.ContainsFunc(out, func(d gsiDef) bool { return d.name == g.IndexName }) {
			return nil, validationErr("One or more parameter values were invalid: Duplicate index name: " + g.IndexName)
		}
		d := gsiDef{name: g.IndexName, projection: g.Projection.ProjectionType, nonKey: g.Projection.NonKeyAttributes}
		switch d.projection {
		case "ALL", "KEYS_ONLY", "INCLUDE":
		default:
			return nil, validationErr("One or more parameter values were invalid: Unknown ProjectionType: " + d.projection)
		}
		if len(g.KeySchema) == 0 || len(g.KeySchema) > 2 {
			return nil, validationErr("1 validation error detected: Value at 'globalSecondaryIndexes.member.keySchema' failed to satisfy constraint: Member must have length less than or equal to 2")
		}
		for i, k := range g.KeySchema {
			typ, ok := types[k.AttributeName]
			if !ok {
				return nil, validationErr("One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [" + k.AttributeName + "], AttributeDefinitions: [" + joinKeys(types) + "]")
			}
			switch {
			case i == 0 && k.KeyType == "HASH":
				d.hash = keyAttr{name: k.AttributeName, typ: typ}
			case i == 1 && k.KeyType == "RANGE":
				d.rng = &keyAttr{name: k.AttributeName, typ: typ}
			default:
				return nil, validationErr("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")
			}
		}
		out = append(out, d)
	}
	return out, nil
}

func joinKeys(m map[string]string) string {
	s := ""
	for i, k := range mapKeys(m) {
		if i > 0 {
			s += ", "
		}
		s += k
	}
	return s
}

func (g *gsiDef) keyAttrs() []keyAttr {
	if g.rng == nil {
		return []keyAttr{g.hash}
	}
	return []keyAttr{g.hash, *g.rng}
}

// indexKeyError refuses a put whose index key attribute has another type
// than the index's, is empty, or is too long; an item without the
// attribute is fine (it is not in the index).
func (t *table) indexKeyError(p *parser, item *node) *apiError {
	for gi := range t.gsis {
		g := &t.gsis[gi]
		for i, k := range g.keyAttrs() {
			a := p.get(item, k.name)
			if a == nil {
				continue
			}
			f, _ := p.attrFields(a)
			v := f[attrTypeIndex(k.typ)]
			if v == nil {
				actual := ""
				for ti, fv := range f {
					if fv != nil {
						actual = attrTypes[ti]
						break
					}
				}
				return validationErr("One or more parameter values were invalid: Type mismatch for Index Key " + k.name + " Expected: " + k.typ + " Actual: " + actual + " IndexName: " + g.name)
			}
			if v.str == "" && k.typ != "N" {
				return validationErr("One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty " + emptyWhat(k.typ) + " value. IndexName: " + g.name + ", IndexKey: " + k.name)
			}
			if err := keySizeError(k.typ, v.str, i == 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// inIndex reports whether a stored item has every key attribute of g.
func (g *gsiDef) inIndex(item map[string]json.RawMessage) bool {
	for _, k := range g.keyAttrs() {
		if _, ok := item[k.name]; !ok {
			return false
		}
	}
	return true
}

// project keeps what g projects of item: the table's and the index's key
// attributes, plus INCLUDE's, or everything for ALL.
func (t *table) project(g *gsiDef, item map[string]json.RawMessage) map[string]json.RawMessage {
	if g.projection == "ALL" {
		return item
	}
	keep := []string{t.hash.name}
	if t.rng != nil {
		keep = append(keep, t.rng.name)
	}
	for _, k := range g.keyAttrs() {
		keep = append(keep, k.name)
	}
	if g.projection == "INCLUDE" {
		keep = append(keep, g.nonKey...)
	}
	out := map[string]json.RawMessage{}
	for _, k := range keep {
		if v, ok := item[k]; ok {
			out[k] = v
		}
	}
	return out
}

func (t *table) gsi(name string) *gsiDef {
	for i := range t.gsis {
		if t.gsis[i].name == name {
			return &t.gsis[i]
		}
	}
	return nil
}

// indexItems are the items of index g in scan order, projected, with the
// stored item each came from; the caller holds t.mu.
func (t *table) indexItems(g *gsiDef) ([]*storedItem, []map[string]json.RawMessage) {
	order := t.scanOrder()
	// Every page of a scan and every DescribeTable reads the index: it is
	// built once per version of the items (scanOrder makes a new slice
	// after any change) instead of decoding every item each time.
	if c := t.gsiCache[g.name]; c != nil && len(c.order) == len(order) && (len(order) == 0 || &c.order[0] == &order[0]) {
		return c.its, c.docs
	}
	var its []*storedItem
	var docs []map[string]json.RawMessage
	for i, m := range t.decodedItems(order) {
		if m != nil && g.inIndex(m) {
			its = append(its, order[i])
			docs = append(docs, t.project(g, m))
		}
	}
	if t.gsiCache == nil {
		t.gsiCache = map[string]*gsiIndex{}
	}
	t.gsiCache[g.name] = &gsiIndex{order: order, its: its, docs: docs}
	return its, docs
}

// decodedItems returns the items of order (the table's scan order)
// decoded, nil where one does not decode, once per version of the items
// for all the table's indexes: the maps are only read, never changed.
func (t *table) decodedItems(order []*storedItem) []map[string]json.RawMessage {
	if len(t.decodedFor) == len(order) && (len(order) == 0 || &t.decodedFor[0] == &order[0]) {
		return t.decoded
	}
	decoded := make([]map[string]json.RawMessage, len(order))
	for i, it := range order {
		var m map[string]json.RawMessage
		if json.Unmarshal(it.json, &m) == nil { // stored by appendAttrMap: always an object
			decoded[i] = m
		}
	}
	t.decoded, t.decodedFor = decoded, order
	return decoded
}

// gsiIndex is an index's items as indexItems built them from order, the
// table's items in scan order at the time.
type gsiIndex struct {
	order []*storedItem
	its   []*storedItem
	docs  []map[string]json.RawMessage
}

// describeGSIs is DescribeTable's GlobalSecondaryIndexes: each index with
// the status of its table and its item count and size.
func (s *Server) describeGSIs(t *table, status string) json.RawMessage {
	if len(t.gsis) == 0 {
		return nil
	}
	var raw []map[string]any
	if err := json.Unmarshal(t.desc.GlobalSecondaryIndexes, &raw); err != nil || len(raw) != len(t.gsis) {
		return t.desc.GlobalSecondaryIndexes
	}
	t.mu.Lock()
	for i := range t.gsis {
		var count, size int64
		if t.items != nil {
			its, _ := t.indexItems(&t.gsis[i])
			count = int64(len(its))
			for _, it := range its {
				size += int64(it.size)
			}
		}
		raw[i]["IndexStatus"] = status
		raw[i]["ItemCount"] = count
		raw[i]["IndexSizeBytes"] = size
		raw[i]["IndexArn"] = "arn:aws:dynamodb:us-east-1:000000000000:table/" + t.name + "/index/" + t.gsis[i].name
	}
	t.mu.Unlock()
	b, err := json.Marshal(raw)
	if err != nil {
		panic("ddbsim: marshal index description: " + err.Error()) // plain data, cannot fail
	}
	return b
}

// scanIndex is Scan with IndexName: the index's items in the table's scan
// order, segmented and paged like a table scan. LastEvaluatedKey carries
// the table's and the index's key attributes, as DynamoDB's does.
func (s *Server) scanIndex(p *parser, req *node, t *table, name string, countOnly bool, seg, totalSegs, limit int, hasLimit bool) ([]byte, *apiError) {
	g := t.gsi(name)
	if g == nil {
		return nil, validationErr("The table does not have the specified index: " + name)
	}
	if cr := p.get(req, "ConsistentRead"); cr != nil && cr.kind == kTrue {
		return nil, validationErr("Consistent reads are not supported on global secondary indexes")
	}
	var start *keyParts
	if esk := p.get(req, "ExclusiveStartKey"); esk != nil {
		for _, k := range t.keyAttrs() {
			if p.get(esk, k.name) == nil {
				return nil, validationErr("The provided starting key is invalid: The provided key element does not match the schema")
			}
		}
		kp := t.makeKey(p, esk, nil)
		start = &kp
	}
	out := append(make([]byte, 0, 4096), '{')
	if !countOnly {
		out = append(out, `"Items":[`...)
	}
	count, bytes := 0, 0
	var lastKey map[string]json.RawMessage
	more := false
	if t.items != nil {
		t.mu.Lock()
		its, docs := t.indexItems(g)
		i := segmentStart(its, seg, totalSegs, start)
		for ; i < len(its) && rangeOf(its[i].hash, totalSegs) == seg; i++ {
			if (hasLimit && count >= limit) || bytes >= scanPageBytes {
				more = true
				break
			}
			if !countOnly {
				if count > 0 {
					out = append(out, ',')
				}
				b, _ := json.Marshal(docs[i])
				out = append(out, b...)
			}
			count++
			bytes += its[i].size
			lastKey = map[string]json.RawMessage{}
			for _, k := range append(t.keyAttrs(), g.keyAttrs()...) {
				lastKey[k.name] = docs[i][k.name]
			}
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
	if more && lastKey != nil {
		b, _ := json.Marshal(lastKey)
		out = append(out, `,"LastEvaluatedKey":`...)
		out = append(out, b...)
	}
	return append(out, '}'), nil
}
