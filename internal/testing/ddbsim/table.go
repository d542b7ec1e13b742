package ddbsim

import (
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/pg2ddb/pg2ddb/internal/placement"
)

// keyAttr is one attribute of a table's primary key.
type keyAttr struct {
	name string
	typ  string // "S", "N" or "B"
}

// table is one simulated table. mu guards the token buckets, the statistics
// and the items; one lock per table keeps a BatchWriteItem to a single lock
// acquisition.
type table struct {
	name       string
	hash       keyAttr
	rng        *keyAttr // sort key, nil for a hash-only table
	gsis       []gsiDef // global secondary indexes (gsi.go)
	desc       tableDesc
	partitions int
	partWCU    float64 // simulated WCU/s per partition
	tableWCU   float64 // simulated WCU/s for the table
	createdSim float64
	activeAt   float64 // simulated time the table turns ACTIVE

	mu      sync.Mutex
	parts   []partition
	tbucket bucket
	stats   tableCounters
	keys    map[string]*keyRate // per partition key value, bounded
	items   map[string]*storedItem
	sorted  []*storedItem // items in scan order; nil when stale
	// gsiCache holds each index's items for the current sorted slice
	// (indexItems).
	gsiCache map[string]*gsiIndex
	// decoded holds the items of decodedFor, a sorted slice, decoded for
	// the indexes (decodedItems).
	decoded    []map[string]json.RawMessage
	decodedFor []*storedItem
	puts       int64 // accepted puts (ItemCount in count-only mode)
	// overwrites counts accepted puts that replaced a stored item with
	// the same key (ModeStore only).
	overwrites int64
}

// tableDesc holds the CreateTable input echoed by DescribeTable.
type tableDesc struct {
	KeySchema              json.RawMessage
	AttributeDefinitions   json.RawMessage
	GlobalSecondaryIndexes json.RawMessage `json:",omitempty"`
	LocalSecondaryIndexes  json.RawMessage `json:",omitempty"`
	BillingMode            string
	RCU, WCU               int64
	TableID                string
	CreationDateTime       float64
}

type storedItem struct {
	key    string // canonical key, see appendKey
	hash   uint64 // partition key hash, the scan order
	json   []byte // item in DynamoDB JSON, numbers canonical
	keyDoc []byte // key attributes only, for LastEvaluatedKey
	size   int
}

// bucket is a token bucket in simulated time. tokens may go negative: a
// request is admitted while tokens > 0 and pays its full cost, so an item
// larger than the burst still gets through and the long-run rate is exact.
type bucket struct {
	rate, burst, tokens, last float64
}

func (b *bucket) refill(now float64) {
	if now > b.last {
		b.tokens = min(b.burst, b.tokens+(now-b.last)*b.rate)
		b.last = now
	}
}

type partition struct {
	bucket
	Counters
	peakWCU int64 // highest accepted WCU in one simulated second
	series  []SecondStats
}

// Counters are write totals. Accepted writes were applied; throttled ones
// were refused for lack of budget.
type Counters struct {
	AcceptedItems  int64 `json:"accepted_items"`
	AcceptedWCU    int64 `json:"accepted_wcu"`
	ThrottledItems int64 `json:"throttled_items"`
	ThrottledWCU   int64 `json:"throttled_wcu"`
}

type tableCounters struct {
	Counters
	throttledCalls int64 // calls failed with ProvisionedThroughputExceededException
	faultUnproc    int64 // items returned unprocessed by fault injection
	firstWrite     float64
	lastWrite      float64
	untracked      int64 // writes to keys beyond MaxTrackedKeys
}

// keyRate tracks one partition key value's accepted writes in the current
// simulated second and its peak.
type keyRate struct {
	sec       int64
	wcu       int64
	items     int64
	peakWCU   int64
	peakItems int64
	total     int64
}

// hashKey returns the 64-bit routing hash of a partition key value: the
// first 8 bytes of MD5 over the value's bytes (UTF-8 for S, the canonical
// number string for N, the decoded bytes for B).
func hashKey(typ byte, canon string) uint64 {
	if typ == 'B' {
		raw, _ := base64.StdEncoding.DecodeString(canon)
		return placement.Hash(raw)
	}
	return placement.Hash([]byte(canon))
}

// rangeOf maps a hash to one of n equal ranges of the hash space; used for
// partitions and for Scan segments, so both are contiguous hash ranges.
func rangeOf(hash uint64, n int) int { return placement.Range(hash, n) }

// appendKeyValue appends the canonical value of a validated key attribute
// (an AttributeValue object).
func appendKeyValue(p *parser, b []byte, typ string, attr *node) []byte {
	v := p.get(attr, typ)
	if typ == "N" {
		d, _ := parseNum(v.str)
		return d.appendCanonical(b)
	}
	return append(b, v.str...)
}

// keyParts is what a write needs to know about its key.
type keyParts struct {
	key  string // uvarint(len(pk)) + pk + sk, pk and sk each type byte + canonical value
	pk   string // key[prefix : prefix+len(pk)]
	hash uint64
}

// makeKey builds the canonical key of an item or key map whose key
// attributes have been validated. With arena nil the key is a new string;
// otherwise it is appended to *arena and viewed without copying, for keys
// that die with the request (count mode's BatchWriteItem builds 25 per call
// and keeps none: the per-key statistics clone what they keep).
func (t *table) makeKey(p *parser, item *node, arena *[]byte) keyParts {
	p.scratch = append(p.scratch[:0], t.hash.typ[0])
	p.scratch = appendKeyValue(p, p.scratch, t.hash.typ, p.get(item, t.hash.name))
	pkLen := len(p.scratch)
	var buf []byte
	if arena != nil {
		buf = *arena
	} else {
		buf = make([]byte, 0, binary.MaxVarintLen64+pkLen+16)
	}
	start := len(buf)
	buf = binary.AppendUvarint(buf, uint64(pkLen))
	np := len(buf) - start
	buf = append(buf, p.scratch...)
	if t.rng != nil {
		buf = append(buf, t.rng.typ[0])
		buf = appendKeyValue(p, buf, t.rng.typ, p.get(item, t.rng.name))
	}
	var key string
	if arena != nil {
		*arena = buf
		key = bstr(buf[start:])
	} else {
		key = string(buf)
	}
	pk := key[np : np+pkLen]
	return keyParts{key: key, pk: pk, hash: hashKey(pk[0], pk[1:])}
}

// keyError checks a put item's key attributes (dynalite's validateItem).
func (t *table) itemKeyError(p *parser, item *node) *apiError {
	for i, k := range t.keyAttrs() {
		a := p.get(item, k.name)
		if a == nil {
			return validationErr("One or more parameter values were invalid: Missing the key " + k.name + " in the item")
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
			return validationErr("One or more parameter values were invalid: Type mismatch for key " + k.name + " expected: " + k.typ + " actual: " + actual)
		}
		if v.str == "" && k.typ != "N" {
			return validationErr("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty " + emptyWhat(k.typ) + " value. Key: " + k.name)
		}
		if err := keySizeError(k.typ, v.str, i == 0); err != nil {
			return err
		}
	}
	return nil
}

// keyMapError checks a Key map (dynalite's validateKey).
func (t *table) keyMapError(p *parser, key *node) *apiError {
	n := 0
	for _, kid := range p.kids(key) {
		if kid.kind != kNull {
			n++
		}
	}
	attrs := t.keyAttrs()
	if n != len(attrs) {
		return validationErr("The provided key element does not match the schema")
	}
	for i, k := range attrs {
		a := p.get(key, k.name)
		if a == nil {
			return validationErr("The provided key element does not match the schema")
		}
		f, _ := p.attrFields(a)
		v := f[attrTypeIndex(k.typ)]
		if v == nil {
			return validationErr("The provided key element does not match the schema")
		}
		if v.str == "" && k.typ != "N" {
			return validationErr("One or more parameter values were invalid: The AttributeValue for a key attribute cannot contain an empty " + emptyWhat(k.typ) + " value. Key: " + k.name)
		}
		if err := keySizeError(k.typ, v.str, i == 0); err != nil {
			return err
		}
	}
	return nil
}

func emptyWhat(typ string) string {
	if typ == "S" {
		return "string"
	}
	return "binary"
}

func keySizeError(typ, v string, isHash bool) *apiError {
	n := len(v)
	switch typ {
	case "N":
		return nil
	case "B":
		n = b64Len(v)
	}
	if isHash && n > 2048 {
		return validationErr("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes")
	}
	if !isHash && n > 1024 {
		return validationErr("One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes")
	}
	return nil
}

func (t *table) keyAttrs() []keyAttr {
	if t.rng == nil {
		return []keyAttr{t.hash}
	}
	return []keyAttr{t.hash, *t.rng}
}

// record updates the statistics for one write decision; t.mu is held.
func (t *table) record(pi int, pk string, wcu int64, now float64, accepted bool, maxKeys int, maxSeries int) {
	part := &t.parts[pi]
	sec := int64(now)
	var s *SecondStats
	if n := len(part.series); n > 0 && part.series[n-1].Second == sec {
		s = &part.series[n-1]
	} else {
		if n >= maxSeries {
			part.series = append(part.series[:0], part.series[n-maxSeries/2:]...)
		}
		part.series = append(part.series, SecondStats{Second: sec})
		s = &part.series[len(part.series)-1]
	}
	if !accepted {
		part.ThrottledItems++
		part.ThrottledWCU += wcu
		s.ThrottledItems++
		s.ThrottledWCU += wcu
		t.stats.ThrottledItems++
		t.stats.ThrottledWCU += wcu
		return
	}
	part.AcceptedItems++
	part.AcceptedWCU += wcu
	s.AcceptedItems++
	s.AcceptedWCU += wcu
	part.peakWCU = max(part.peakWCU, s.AcceptedWCU)
	if t.stats.AcceptedItems == 0 {
		t.stats.firstWrite = now
	}
	t.stats.lastWrite = now
	t.stats.AcceptedItems++
	t.stats.AcceptedWCU += wcu

	kr := t.keys[pk]
	if kr == nil {
		if len(t.keys) >= maxKeys {
			t.stats.untracked++
			return
		}
		kr = &keyRate{sec: sec}
		t.keys[strings.Clone(pk)] = kr
	}
	if kr.sec != sec {
		kr.sec, kr.wcu, kr.items = sec, 0, 0
	}
	kr.wcu += wcu
	kr.items++
	kr.total++
	kr.peakWCU = max(kr.peakWCU, kr.wcu)
	kr.peakItems = max(kr.peakItems, kr.items)
}

// scanOrder returns the items sorted by (hash, key); t.mu is held.
func (t *table) scanOrder() []*storedItem {
	if t.sorted == nil {
		t.sorted = make([]*storedItem, 0, len(t.items))
		for _, it := range t.items {
			t.sorted = append(t.sorted, it)
		}
		slices.SortFunc(t.sorted, func(a, b *storedItem) int {
			if c := cmp.Compare(a.hash, b.hash); c != 0 {
				return c
			}
			return strings.Compare(a.key, b.key)
		})
	}
	return t.sorted
}
