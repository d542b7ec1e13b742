package load_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// snapshotSource opens a snapshot on pool for the test.
func snapshotSource(t testing.TB, pool *pgxpool.Pool) load.SnapshotSource {
	t.Helper()
	s, err := extract.Begin(t.Context(), pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	return load.SnapshotSource{Snapshot: s}
}

func exec(t testing.TB, pool *pgxpool.Pool, sql ...string) {
	t.Helper()
	for _, q := range sql {
		if _, err := pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// catalogPlan builds a plain plan for every table of the database, as a
// stand-in for mapping.Design: the partition key is the first column of
// the primary key (else the first unique constraint, else all columns), the
// sort key the rest; every column is also an attribute.
func catalogPlan(t testing.TB, pool *pgxpool.Pool, prefix string) *plans.Plan {
	t.Helper()
	ctx := t.Context()
	rows, err := pool.Query(ctx, `
SELECT n.nspname, c.relname, a.attname,
       format_type(coalesce(nullif(bt.typbasetype, 0), a.atttypid), NULL),
       (SELECT typcategory FROM pg_type WHERE oid = coalesce(nullif(bt.typbasetype, 0), a.atttypid)),
       coalesce((SELECT array_position(ix.conkey, a.attnum) FROM pg_constraint ix
                  WHERE ix.conrelid = c.oid AND ix.contype IN ('p','u')
                  ORDER BY ix.contype, ix.conname LIMIT 1), 0)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type bt ON bt.oid = a.atttypid
WHERE c.relkind IN ('r','p') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog','information_schema') AND n.nspname NOT LIKE 'pg_toast%'
ORDER BY n.nspname, c.relname, a.attnum`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	p := &plans.Plan{Version: plans.FormatVersion, Options: plans.Options{Nulls: plans.NullsOmit, FloatSpecials: plans.FloatSpecialsReject}}
	type keyCol struct {
		pos  int
		part plans.KeyPart
	}
	var keys [][]keyCol
	var all [][]plans.KeyPart
	for rows.Next() {
		var schema, table, col, typ, cat string
		var keyPos int
		if err := rows.Scan(&schema, &table, &col, &typ, &cat, &keyPos); err != nil {
			t.Fatal(err)
		}
		src := schema + "." + table
		if len(p.Tables) == 0 || p.Tables[len(p.Tables)-1].Source != src {
			p.Tables = append(p.Tables, plans.Table{Source: src, Target: testenv.TableName(t, prefix+"_"+table), Capacity: plans.Capacity{Mode: plans.OnDemand}})
			keys = append(keys, nil)
			all = append(all, nil)
		}
		tb := &p.Tables[len(p.Tables)-1]
		tb.Attributes = append(tb.Attributes, attributeFor(col, typ, cat))
		part := keyPartFor(col, typ)
		all[len(all)-1] = append(all[len(all)-1], part)
		if keyPos > 0 {
			keys[len(keys)-1] = append(keys[len(keys)-1], keyCol{keyPos, part})
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for i := range p.Tables {
		var parts []plans.KeyPart
		for pos := 1; pos <= len(keys[i]); pos++ {
			for _, k := range keys[i] {
				if k.pos == pos {
					parts = append(parts, k.part)
				}
			}
		}
		if len(parts) == 0 {
			parts = all[i]
		}
		setKeys(&p.Tables[i], parts)
	}
	return p
}

func setKeys(tb *plans.Table, parts []plans.KeyPart) {
	tb.PartitionKey = plans.Key{Attribute: "pk", Type: "S", Parts: parts[:1]}
	tb.SortKey = nil
	if len(parts) > 1 {
		tb.SortKey = &plans.Key{Attribute: "sk", Type: "S", Parts: parts[1:]}
	}
}

func keyPartFor(col, typ string) plans.KeyPart {
	switch typ {
	case "smallint":
		return plans.KeyPart{Column: col, Encoding: plans.EncInteger, Width: 5}
	case "integer":
		return plans.KeyPart{Column: col, Encoding: plans.EncInteger, Width: 10}
	case "bigint":
		return plans.KeyPart{Column: col, Encoding: plans.EncInteger, Width: 19}
	case "date":
		return plans.KeyPart{Column: col, Encoding: plans.EncDate}
	case "timestamp without time zone":
		return plans.KeyPart{Column: col, Encoding: plans.EncTimestamp}
	case "timestamp with time zone":
		return plans.KeyPart{Column: col, Encoding: plans.EncTimestampTZ}
	}
	return plans.KeyPart{Column: col, Encoding: plans.EncString}
}

func attributeFor(col, typ, cat string) plans.Attribute {
	a := plans.Attribute{Column: col, Name: col, PGType: typ, Type: "S", Encoding: plans.AttrString}
	switch {
	case cat == "A":
		a.Type, a.Encoding = "L", plans.AttrArray
	case typ == "smallint" || typ == "integer" || typ == "bigint" || typ == "numeric" || typ == "money":
		a.Type, a.Encoding = "N", plans.AttrNumber
	case typ == "real" || typ == "double precision":
		a.Type, a.Encoding = "N", plans.AttrFloat
	case typ == "boolean":
		a.Type, a.Encoding = "BOOL", plans.AttrBool
	case typ == "bytea":
		a.Type, a.Encoding = "B", plans.AttrBinary
	case typ == "date":
		a.Encoding = plans.AttrDate
	case typ == "timestamp without time zone":
		a.Encoding = plans.AttrTimestamp
	case typ == "timestamp with time zone":
		a.Encoding = plans.AttrTimestampTZ
	case typ == "json" || typ == "jsonb":
		a.Type, a.Encoding = "M", plans.AttrJSON
	}
	return a
}

// scanAll returns every item of a DynamoDB table.
func scanAll(t testing.TB, db *dynamodb.Client, table string) []map[string]types.AttributeValue {
	t.Helper()
	var out []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		page, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
	}
	return out
}

func mustVerify(t testing.TB, p *plans.Plan, src load.Source, db load.ReadAPI, rejects string, sample int) *load.VerifyReport {
	t.Helper()
	rep, err := load.Verify(t.Context(), p, src, db, load.VerifyOptions{RejectsPath: rejects, Sample: sample})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		var b strings.Builder
		for _, tv := range rep.Tables {
			for _, d := range tv.Differences {
				fmt.Fprintf(&b, "\n  %s: %s", tv.Source, d)
			}
		}
		t.Fatalf("verify found differences:%s", b.String())
	}
	return rep
}
