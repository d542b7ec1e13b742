package load_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// typesSQL is a table whose values sit at the seams of the codec: numbers
// wider than DynamoDB's 38 digits, dates and times before year 1, blank-
// padded character(n) values, alone and in arrays.
var typesSQL = []string{
	`CREATE TABLE public.seams (
	   name text PRIMARY KEY, big numeric(50,0), wide numeric, d date, ts timestamp, tstz timestamptz,
	   code character(6), codes character(4)[])`,
	`INSERT INTO public.seams
	 SELECT 'row ' || g, 10::numeric ^ 45 + g, (10::numeric ^ 39 + g) / 10, date '2024-01-01' + g,
	        timestamp '2024-01-01 10:00' + g * interval '1 hour', timestamptz '2024-01-01 10:00+00' + g * interval '1 hour',
	        'c' || g, ARRAY['x', 'y' || g]
	 FROM generate_series(1, 120) g`,
	`INSERT INTO public.seams VALUES ('caesar', 12345678901234567890123456789012345678901234567890,
	   1234567890123456789012345678901234567890, '0044-03-15 BC', '0044-03-15 10:00:01.5 BC', '0044-03-15 10:00:00+00 BC',
	   'ab', ARRAY['x', 'yz'])`,
	`ANALYZE public.seams`,
}

// TestCodecSeamsLoadAndVerify loads that table with the plan mapping
// designs and requires every row written as the plan declares and verify
// clean. On main before the codec, the numerics planned S were written N
// (and rejected by DynamoDB), 44 BC was stored as AD 44, and character(n)
// elements of arrays kept their padding.
func TestCodecSeamsLoadAndVerify(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, typesSQL...)
	src := snapshotSource(t, db.Pool)
	p := fixture.DesignPlan(t, src.Snapshot, testenv.TableName(t, "seams")+"_")
	tb := &p.Tables[0]
	declared := map[string]string{}
	for _, a := range tb.Attributes {
		declared[a.Column] = a.Type
	}
	if declared["big"] != "S" || declared["wide"] != "S" {
		t.Fatalf("numeric(50,0) and the 40-digit numeric should be planned S: %+v", tb.Attributes)
	}
	dir := t.TempDir()
	rejects := filepath.Join(dir, "rejects.jsonl")
	ddb := testenv.DynamoDB(t)
	res, err := load.Run(t.Context(), p, src, ddb, load.Options{Workers: 2, RejectsPath: rejects})
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.Written != 121 || tr.Rejected != 0 {
		recs, _ := item.ReadRejects(rejects)
		first := ""
		if len(recs) > 0 {
			first = recs[0].Reason
		}
		t.Fatalf("written %d, rejected %d, the first because: %s", tr.Written, tr.Rejected, first)
	}
	fixture.MustVerify(t, p, src, ddb, rejects, 121)

	var caesar map[string]types.AttributeValue
	for _, it := range fixture.ScanAll(t, ddb, tb.Target) {
		if s, ok := it["name"].(*types.AttributeValueMemberS); ok && s.Value == "caesar" {
			caesar = it
		}
	}
	if caesar == nil {
		t.Fatal("the caesar row is not in the table")
	}
	got := string(item.MarshalItem(caesar))
	for _, want := range []string{
		`"big":{"S":"12345678901234567890123456789012345678901234567890"}`,
		`"wide":{"S":"1234567890123456789012345678901234567890"}`,
		`"d":{"S":"0044-03-15 BC"}`,
		`"ts":{"S":"0044-03-15T10:00:01.500000 BC"}`,
		`"tstz":{"S":"0044-03-15T10:00:00.000000Z BC"}`,
		`"code":{"S":"ab"}`,
		`"codes":{"L":[{"S":"x"},{"S":"yz"}]}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("caesar lacks %s:\n%s", want, got)
		}
	}
}

// TestBCKeyRejected edits the designed plan so the date is the sort key
// (as a reviewer may): the row of 44 BC cannot be a key part — key
// encodings sort as strings and have no era — so it goes to the rejects
// file with the reason, instead of being written as AD 44.
func TestBCKeyRejected(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, typesSQL...)
	src := snapshotSource(t, db.Pool)
	p := fixture.DesignPlan(t, src.Snapshot, testenv.TableName(t, "bckey")+"_")
	tb := &p.Tables[0]
	tb.Sharding = nil
	tb.PartitionKey = plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "name", Encoding: plans.EncString}}}
	for _, col := range []string{"d", "ts", "tstz"} {
		enc := map[string]string{"d": plans.EncDate, "ts": plans.EncTimestamp, "tstz": plans.EncTimestampTZ}[col]
		t.Run(col, func(t *testing.T) {
			tb.SortKey = &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: col, Encoding: enc}}}
			tb.Target = testenv.TableName(t, "bckey"+col+time.Now().Format("150405"))
			rejects := filepath.Join(t.TempDir(), "rejects.jsonl")
			res, err := load.Run(t.Context(), p, src, testenv.DynamoDB(t), load.Options{Workers: 2, RejectsPath: rejects, MaxRejects: 1})
			if err != nil {
				t.Fatal(err)
			}
			recs, err := item.ReadRejects(rejects)
			if err != nil {
				t.Fatal(err)
			}
			if tr := res.Tables[0]; tr.Written != 120 || len(recs) != 1 {
				t.Fatalf("written %d, %d rejects, want 120 and 1", tr.Written, len(recs))
			}
			if !strings.Contains(recs[0].Reason, "before year 1") || !strings.Contains(recs[0].Reason, "0044-03-15") {
				t.Errorf("reason %q does not say the key is BC", recs[0].Reason)
			}
		})
	}
}
