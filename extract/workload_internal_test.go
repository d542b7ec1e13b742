package extract

import (
	"fmt"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// TestParseFilters reads normalised statement text as pg_stat_statements
// keeps it, and attributes filters and joins to tables conservatively:
// what cannot be pinned to one table is left out rather than guessed.
func TestParseFilters(t *testing.T) {
	t.Parallel()
	schema := &catalog.Schema{Tables: []catalog.Table{
		{Schema: "public", Name: "rental", Columns: []catalog.Column{{Name: "rental_id"}, {Name: "customer_id"}, {Name: "staff_id"}, {Name: "last_update"}}},
		{Schema: "public", Name: "customer", Columns: []catalog.Column{{Name: "customer_id"}, {Name: "email"}, {Name: "last_update"}}},
		{Schema: "other", Name: "customer", Columns: []catalog.Column{{Name: "x"}}},
		{Schema: "sales", Name: "Order Items", Columns: []catalog.Column{{Name: "Order Id"}}},
	}}
	cases := []struct{ q, want string }{
		{`SELECT * FROM rental WHERE customer_id = $1`, `[public.rental[customer_id] false]`},
		{`select * from public.rental r where r.customer_id in ($1, $2) and r.staff_id = $3`, `[public.rental[customer_id staff_id] false]`},
		{`SELECT r.rental_id FROM rental AS r JOIN public.customer c ON c.customer_id = r.customer_id WHERE c.email = $1`,
			`[public.customer[customer_id] true public.rental[customer_id] true public.customer[email] false]`},
		{`SELECT * FROM rental WHERE $1 = staff_id`, `[public.rental[staff_id] false]`},
		// customer is in two schemas: without a search path it is ambiguous.
		{`SELECT * FROM customer WHERE email = $1`, `[]`},
		// last_update is a column of both tables: not attributed.
		{`SELECT * FROM rental r, public.customer c WHERE last_update = $1`, `[]`},
		{`SELECT * FROM sales."Order Items" WHERE "Order Id" = $1`, `[sales.Order Items[Order Id] false]`},
		{`UPDATE rental SET staff_id = $1 WHERE rental_id = $2`, `[public.rental[rental_id] false]`},
		{`SELECT * FROM rental WHERE lower(customer_id::text) = $1`, `[]`},
		{`SELECT * FROM rental WHERE customer_id > $1`, `[]`},
		{`INSERT INTO rental (customer_id) VALUES ($1)`, `[]`},
	}
	for _, c := range cases {
		var got []string
		for _, f := range parseFilters(c.q, schema) {
			got = append(got, fmt.Sprintf("%s.%s%v %v", f.schema, f.table, f.cols, f.join))
		}
		if s := fmt.Sprint(got); s != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.q, s, c.want)
		}
	}
}
