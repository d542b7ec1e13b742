package ddbsim

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/placement"
)

// Table management. These calls are rare, so they decode with encoding/json.

type createTableInput struct {
	TableName string
	KeySchema []struct {
		AttributeName string
		KeyType       string
	}
	AttributeDefinitions []struct {
		AttributeName string
		AttributeType string
	}
	BillingMode           string
	ProvisionedThroughput *struct {
		ReadCapacityUnits  int64
		WriteCapacityUnits int64
	}
	GlobalSecondaryIndexes json.RawMessage
	LocalSecondaryIndexes  json.RawMessage
}

func (s *Server) createTable(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	var in createTableInput
	if err := json.Unmarshal(p.buf, &in); err != nil {
		return nil, serErr("Unexpected field type")
	}
	var ce constraintErrors
	ce.checkTableName(p.get(req, "TableName"), "tableName")
	if len(in.KeySchema) == 0 {
		ce.add("null", "keySchema", "Member must not be null")
	} else if len(in.KeySchema) > 2 {
		ce.add(string(p.raw(p.get(req, "KeySchema"))), "keySchema", "Member must have length less than or equal to 2")
	}
	if in.AttributeDefinitions == nil {
		ce.add("null", "attributeDefinitions", "Member must not be null")
	}
	if err := ce.err(); err != nil {
		return nil, err
	}
	t := &table{name: strings.Clone(in.TableName)}
	types := map[string]string{}
	for _, a := range in.AttributeDefinitions {
		if a.AttributeType != "S" && a.AttributeType != "N" && a.AttributeType != "B" {
			return nil, validationErr("1 validation error detected: Value '" + a.AttributeType + "' at 'attributeDefinitions.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]")
		}
		types[a.AttributeName] = a.AttributeType
	}
	for i, k := range in.KeySchema {
		typ, ok := types[k.AttributeName]
		if !ok {
			return nil, validationErr("One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [" + k.AttributeName + "], AttributeDefinitions: [" + strings.Join(mapKeys(types), ", ") + "]")
		}
		switch {
		case i == 0 && k.KeyType == "HASH":
			t.hash = keyAttr{name: k.AttributeName, typ: typ}
		case i == 1 && k.KeyType == "RANGE":
			t.rng = &keyAttr{name: k.AttributeName, typ: typ}
		default:
			return nil, validationErr("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")
		}
	}
	gsis, gerr := parseGSIs(in.GlobalSecondaryIndexes, types)
	if gerr != nil {
		return nil, gerr
	}
	t.gsis = gsis

	var rcu, wcu int64
	billing := in.BillingMode
	if billing == "" {
		billing = "PROVISIONED"
	}
	if billing == "PROVISIONED" {
		if in.ProvisionedThroughput == nil {
			return nil, validationErr("One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED")
		}
		rcu, wcu = in.ProvisionedThroughput.ReadCapacityUnits, in.ProvisionedThroughput.WriteCapacityUnits
	}
	t.partitions = s.opts.Partitions
	if t.partitions == 0 {
		t.partitions = placement.PartitionsFor(billing == "PROVISIONED", rcu, wcu)
	}
	t.partWCU = s.opts.PartitionWCU
	t.tableWCU = s.opts.TableWCU
	if t.tableWCU == 0 {
		if billing == "PROVISIONED" {
			t.tableWCU = float64(wcu)
		} else {
			t.tableWCU = float64(t.partitions) * t.partWCU
		}
	}
	now := s.simNow()
	t.createdSim = now
	t.activeAt = now + s.opts.CreateDelay.Seconds()*s.opts.TimeScale
	t.parts = make([]partition, t.partitions)
	for i := range t.parts {
		t.parts[i].bucket = newBucket(t.partWCU, s.opts.BurstSeconds, now)
	}
	t.tbucket = newBucket(t.tableWCU, s.opts.BurstSeconds, now)
	t.keys = map[string]*keyRate{}
	if s.opts.Mode == ModeStore {
		t.items = map[string]*storedItem{}
	}
	t.desc = tableDesc{
		KeySchema:              rawMember(p, req, "KeySchema"),
		AttributeDefinitions:   rawMember(p, req, "AttributeDefinitions"),
		GlobalSecondaryIndexes: rawMember(p, req, "GlobalSecondaryIndexes"),
		LocalSecondaryIndexes:  rawMember(p, req, "LocalSecondaryIndexes"),
		BillingMode:            billing,
		RCU:                    rcu,
		WCU:                    wcu,
		TableID:                fmt.Sprintf("00000000-0000-4000-8000-%012x", s.reqID.Add(1)),
		CreationDateTime:       float64(time.Now().UnixMilli()) / 1000,
	}

	s.tmu.Lock()
	if _, ok := s.tables[t.name]; ok {
		s.tmu.Unlock()
		return nil, &apiError{status: 400, typ: typeInUse}
	}
	s.tables[t.name] = t
	s.tmu.Unlock()
	return s.describe(t, "TableDescription", "CREATING"), nil
}

func newBucket(rate, burstSeconds, now float64) bucket {
	burst := rate * burstSeconds
	return bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

func mapKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func rawMember(p *parser, obj *node, name string) json.RawMessage {
	n := p.get(obj, name)
	if n == nil {
		return nil
	}
	return json.RawMessage(slices.Clone(p.raw(n)))
}

// describe renders a TableDescription under the given member name.
func (s *Server) describe(t *table, member, status string) []byte {
	if status == "" {
		status = "ACTIVE"
		if s.simNow() < t.activeAt {
			status = "CREATING"
		}
	}
	type throughput struct {
		ReadCapacityUnits      int64
		WriteCapacityUnits     int64
		NumberOfDecreasesToday int64
	}
	type billing struct{ BillingMode string }
	d := struct {
		TableName              string
		TableStatus            string
		TableArn               string
		TableId                string
		KeySchema              json.RawMessage
		AttributeDefinitions   json.RawMessage
		GlobalSecondaryIndexes json.RawMessage `json:",omitempty"`
		LocalSecondaryIndexes  json.RawMessage `json:",omitempty"`
		ProvisionedThroughput  throughput
		BillingModeSummary     *billing `json:",omitempty"`
		CreationDateTime       float64
		ItemCount              int64
		TableSizeBytes         int64
	}{
		TableName:              t.name,
		TableStatus:            status,
		TableArn:               "arn:aws:dynamodb:us-east-1:000000000000:table/" + t.name,
		TableId:                t.desc.TableID,
		KeySchema:              t.desc.KeySchema,
		AttributeDefinitions:   t.desc.AttributeDefinitions,
		GlobalSecondaryIndexes: s.describeGSIs(t, status),
		LocalSecondaryIndexes:  t.desc.LocalSecondaryIndexes,
		ProvisionedThroughput:  throughput{ReadCapacityUnits: t.desc.RCU, WriteCapacityUnits: t.desc.WCU},
		CreationDateTime:       t.desc.CreationDateTime,
	}
	if t.desc.BillingMode == "PAY_PER_REQUEST" {
		d.BillingModeSummary = &billing{BillingMode: "PAY_PER_REQUEST"}
	}
	t.mu.Lock()
	if t.items != nil {
		d.ItemCount = int64(len(t.items))
		for _, it := range t.items {
			d.TableSizeBytes += int64(it.size)
		}
	} else {
		d.ItemCount = t.puts
	}
	t.mu.Unlock()
	b, err := json.Marshal(map[string]any{member: d})
	if err != nil {
		panic("ddbsim: marshal table description: " + err.Error()) // plain data, cannot fail
	}
	return b
}

// lookup returns the table for a data operation: it must exist and be ACTIVE.
func (s *Server) lookup(name string) (*table, *apiError) {
	s.tmu.RLock()
	t := s.tables[name]
	s.tmu.RUnlock()
	if t == nil || s.simNow() < t.activeAt {
		return nil, notFoundErr("Requested resource not found")
	}
	return t, nil
}

func (s *Server) tableNameArg(p *parser, req *node) (string, *apiError) {
	var ce constraintErrors
	n := p.get(req, "TableName")
	if n != nil {
		if err := checkStringType(n); err != nil {
			return "", err
		}
	}
	ce.checkTableName(n, "tableName")
	if err := ce.err(); err != nil {
		return "", err
	}
	return n.str, nil
}

func (s *Server) describeTable(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	name, err := s.tableNameArg(p, req)
	if err != nil {
		return nil, err
	}
	s.tmu.RLock()
	t := s.tables[name]
	s.tmu.RUnlock()
	if t == nil {
		return nil, notFoundErr("Requested resource not found: Table: " + name + " not found")
	}
	return s.describe(t, "Table", ""), nil
}

func (s *Server) deleteTable(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	name, err := s.tableNameArg(p, req)
	if err != nil {
		return nil, err
	}
	s.tmu.Lock()
	t := s.tables[name]
	delete(s.tables, name)
	s.tmu.Unlock()
	if t == nil {
		return nil, notFoundErr("Requested resource not found: Table: " + name + " not found")
	}
	return s.describe(t, "TableDescription", "DELETING"), nil
}

func (s *Server) listTables(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	limit := 100
	if n := p.get(req, "Limit"); n != nil {
		v, err := strconv.Atoi(n.str)
		if err != nil || v < 1 || v > 100 {
			return nil, validationErr("1 validation error detected: Value '" + n.str + "' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100")
		}
		limit = v
	}
	start := ""
	if n := p.get(req, "ExclusiveStartTableName"); n != nil {
		start = n.str
	}
	s.tmu.RLock()
	names := make([]string, 0, len(s.tables))
	for name := range s.tables {
		if name > start {
			names = append(names, name)
		}
	}
	s.tmu.RUnlock()
	slices.Sort(names)
	out := struct {
		TableNames             []string
		LastEvaluatedTableName string `json:",omitempty"`
	}{TableNames: names}
	if len(names) > limit {
		out.TableNames = names[:limit]
		out.LastEvaluatedTableName = names[limit-1]
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic("ddbsim: marshal table list: " + err.Error())
	}
	return b, nil
}
