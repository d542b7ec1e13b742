package mapping

import (
	"context"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestDesignKeepsRowsWithFloatSpecials: a float and a numeric column in
// which the profile found NaN or ±Infinity are planned with specials:
// string and a note that says what the profile found and what the other
// choices do, so a load keeps those rows and the plan predicts no reject
// for them, whatever float_specials says. A float column without them
// carries no choice.
func TestDesignKeepsRowsWithFloatSpecials(t *testing.T) {
	s, p := orders(10_000, 2_000, 40)
	s.Tables[0].Columns = append(s.Tables[0].Columns,
		col("weight", "double precision", "N"), col("price", "numeric", "N"), col("height", "real", "N"))
	weight, price := prof("weight", 900, 10, 8), prof("price", 900, 10, 8)
	weight.Specials, price.Specials = 11, 2
	p.Tables[0].Columns = append(p.Tables[0].Columns, weight, price, prof("height", 900, 10, 4))
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{FloatSpecials: plans.FloatSpecialsReject})
	if err != nil {
		t.Fatal(err)
	}
	tb := &plan.Tables[0]
	got := map[string]plans.Attribute{}
	for _, a := range tb.Attributes {
		got[a.Column] = a
	}
	for col, n := range map[string]string{"weight": "11", "price": "2"} {
		a := got[col]
		if a.Specials != plans.FloatSpecialsString || !strings.Contains(a.Note, "the profile found "+n+" NaN or ±Infinity") ||
			!strings.Contains(a.Note, "specials: string keeps their rows") || !strings.Contains(a.Note, "reject: the rows to the rejects file") {
			t.Errorf("%s: specials %q, note %q", col, a.Specials, a.Note)
		}
	}
	if a := got["height"]; a.Specials != "" {
		t.Errorf("height has no NaN but specials %q", a.Specials)
	}
	if len(tb.RefusedValues) != 2 {
		t.Fatalf("refused values %+v, want weight and price", tb.RefusedValues)
	}
	if rs := tb.PredictedRejects(plan.Options); len(rs) != 0 {
		t.Errorf("the plan as designed predicts rejects %+v", rs)
	}
	if probs := plans.Validate(plan); len(probs) != 0 {
		t.Fatal(probs)
	}
}
