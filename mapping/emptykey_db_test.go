package mapping

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestAllEmptyColumnIsNoKey: a text column that is ” in every row (a
// NOT NULL DEFAULT ” the application never set) cannot key a single row,
// however much its name looks like an identifier: every row would be
// rejected by the load. The plan keys the table on something else and
// predicts no rejects.
func TestAllEmptyColumnIsNoKey(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE service (id bigserial PRIMARY KEY, kind text NOT NULL, display_name text NOT NULL,
			encryption_key_id text NOT NULL DEFAULT '', created_at timestamptz NOT NULL)`,
		`INSERT INTO service (kind, display_name, created_at)
			SELECT 'K' || (i % 4), 'service ' || i, timestamptz '2024-01-01' + i * interval '1 hour' FROM generate_series(1, 12) i`,
	)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	var pt *plans.Table
	for i := range p.Tables {
		if p.Tables[i].Source == "public.service" {
			pt = &p.Tables[i]
		}
	}
	if pt == nil {
		t.Fatal("public.service not planned")
	}
	keys := []*plans.Key{&pt.PartitionKey}
	if pt.SortKey != nil {
		keys = append(keys, pt.SortKey)
	}
	for _, k := range keys {
		for _, part := range k.Parts {
			if part.Column == "encryption_key_id" && len(k.Parts) == 1 {
				t.Errorf("%s is keyed on encryption_key_id alone, '' in every row: %s", k.Attribute, strings.Join(k.Why, "; "))
			}
		}
	}
	if rs := pt.PredictedRejects(p.Options); len(rs) > 0 {
		t.Errorf("the plan predicts rejects: %+v", rs)
	}
}
