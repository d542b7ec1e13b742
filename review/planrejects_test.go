package review

import (
	"encoding/json"
	"html"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestWritersShowThePlansPredictedRejects: every writer shows, per table,
// what the plan recorded of the values DynamoDB refuses and the rows it
// predicts a load rejects, beside the review's own count over its sampled
// rows; a table whose recorded values the plan keeps says it predicts
// none, and a table with nothing recorded says nothing.
func TestWritersShowThePlansPredictedRejects(t *testing.T) {
	t.Parallel()
	r := goldenReport(t)
	var rental, payment *Table
	for i := range r.Tables {
		switch r.Tables[i].Design.Source {
		case "public.rental":
			rental = &r.Tables[i]
		case "public.payment":
			payment = &r.Tables[i]
		}
	}
	opts := plans.Options{FloatSpecials: plans.FloatSpecialsReject}
	rental.Design.RefusedValues = []plans.RefusedValues{{Column: "rental_id", OutOfRange: 2}}
	rental.Design.Oversize = &plans.Oversize{Rows: 5, MinBytes: 500000, Columns: []plans.SizedColumn{{Column: "rental_date", MaxBytes: 600000}}}
	rental.PlanRejects = planRejects(rental.Design, opts)
	rental.Sizes = Sizes{RowsEncoded: 100, Rejected: 1, Reasons: map[string]int64{"item is 500000 bytes, over DynamoDB's 409600 (400 KB)": 1}}
	payment.Design.RefusedValues = []plans.RefusedValues{{Column: "amount", NaNInfinity: 3}}
	for i := range payment.Design.Attributes {
		if a := &payment.Design.Attributes[i]; a.Column == "amount" {
			a.Specials = plans.FloatSpecialsString
		}
	}
	payment.PlanRejects = planRejects(payment.Design, opts)
	for i := range r.Tables {
		if tb := &r.Tables[i]; tb != rental && tb != payment && planRejects(tb.Design, opts) != nil {
			t.Fatalf("%s: the golden plan records refused values", tb.Design.Source)
		}
	}
	wantRental := "the plan predicts at least 5 rejected rows from its profile of every row: rental_id: 2 rows (numbers beyond DynamoDB's range"
	wantOversize := "(whole item): 5 rows (items over DynamoDB's 400 KB: the values of rental_date alone weigh more)"
	wantPayment := "the plan predicts no rejected rows from what its profile recorded (amount: 3 NaN or ±Infinity)"
	for name, write := range map[string]func(*strings.Builder) error{
		"text":     func(b *strings.Builder) error { return WriteText(b, r) },
		"markdown": func(b *strings.Builder) error { return WriteMarkdown(b, r) },
		"html":     func(b *strings.Builder) error { return WriteHTML(b, r) },
	} {
		var b strings.Builder
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if name == "html" {
			out = html.UnescapeString(out)
		}
		for _, want := range []string{wantRental, wantOversize, wantPayment, "1 of them would be rejected"} {
			if strings.Count(out, want) != 1 {
				t.Errorf("%s: %q %d times, want once", name, want, strings.Count(out, want))
			}
		}
		if n := strings.Count(out, "the plan predicts"); n != 2 {
			t.Errorf("%s: %d tables with the plan's prediction, want rental and payment", name, n)
		}
	}
	var b strings.Builder
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tables []struct {
			PlanRejects *PlanRejects `json:"plan_rejects"`
			Sizes       Sizes        `json:"item_sizes"`
		} `json:"tables"`
	}
	if err := json.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for i, tb := range doc.Tables {
		pr := tb.PlanRejects
		switch r.Tables[i].Design.Source {
		case "public.rental":
			if pr == nil || pr.Rows != 5 || len(pr.Predicted) != 2 || pr.Predicted[1].Column != plans.WholeItem || tb.Sizes.Rejected != 1 {
				t.Errorf("rental in JSON: %+v beside %+v", pr, tb.Sizes)
			}
			seen++
		case "public.payment":
			if pr == nil || pr.Rows != 0 || len(pr.Predicted) != 0 || pr.Recorded != "amount: 3 NaN or ±Infinity" {
				t.Errorf("payment in JSON: %+v", pr)
			}
			seen++
		default:
			if pr != nil {
				t.Errorf("%s in JSON: %+v, want none", r.Tables[i].Design.Source, pr)
			}
		}
	}
	if seen != 2 {
		t.Errorf("%d of rental and payment in JSON", seen)
	}
}
