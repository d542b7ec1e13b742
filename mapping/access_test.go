package mapping

import (
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestAccessPathsServeConstraintsAndForeignKeys designs pagila, chinook and
// employees and checks issue 15's acceptance: every unique constraint and
// every parent→children foreign key is served by the base key or a
// proposed index. The foreign keys left unserved are named: each is a
// classification (fewer values than the square root of the rows), whose
// index partition key would fail the throughput gate — and the plan says
// so.
func TestAccessPathsServeConstraintsAndForeignKeys(t *testing.T) {
	unserved := map[string][]string{
		"pagila":    {"inventory by store_id (items of public.store)", "payment by staff_id (items of public.staff)", "rental by staff_id (items of public.staff)"},
		"chinook":   {"playlist_track by playlist_id (items of public.playlist)", "track by genre_id (items of public.genre)", "track by media_type_id (items of public.media_type)"},
		"employees": {"dept_emp by dept_no (items of public.department)"},
	}
	for _, ds := range []string{"pagila", "chinook", "employees"} {
		t.Run(ds, func(t *testing.T) {
			p, _ := designDataset(t, ds)
			var got []string
			var uniques, fks int
			for _, pt := range p.Tables {
				names := map[string]*plans.Index{}
				for i := range pt.Indexes {
					names[pt.Indexes[i].Name] = &pt.Indexes[i]
				}
				if len(pt.Indexes) > plans.MaxIndexes {
					t.Errorf("%s: %d indexes", pt.Source, len(pt.Indexes))
				}
				for _, a := range pt.AccessPaths {
					if a.ServedBy != plans.ServedByBase && a.ServedBy != plans.ServedByNone && names[a.ServedBy] == nil {
						t.Errorf("%s: %s served by unknown index %s", pt.Source, a.Name, a.ServedBy)
					}
					switch a.Kind {
					case plans.AccessUnique:
						uniques++
						if a.ServedBy == plans.ServedByNone {
							t.Errorf("unique lookup %s not served: %v", a.Name, a.Why)
						}
					case plans.AccessForeignKey:
						fks++
						if a.ServedBy == plans.ServedByNone {
							got = append(got, a.Name)
							why := strings.Join(a.Why, "; ")
							if !strings.Contains(why, "a classification (") || !strings.Contains(why, "too hot for an index partition key") {
								t.Errorf("%s not served without the classification and throughput reasons: %s", a.Name, why)
							}
						}
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, unserved[ds]) {
				t.Errorf("foreign-key lookups not served: %q, want only the classifications %q", got, unserved[ds])
			}
			if fks == 0 {
				t.Error("no foreign-key lookups listed")
			}
			t.Logf("%s: %d unique and %d foreign-key lookups, %d foreign keys left as classifications", ds, uniques, fks, len(got))
		})
	}
}

// TestNamedLookups asserts the design of named lookups: which index serves
// each, whether it is on by default and by which rule, its projection.
func TestNamedLookups(t *testing.T) {
	type want struct {
		table, lookup, servedBy string
		enabled                 bool
		rule, projection        string
	}
	cases := map[string][]want{
		"pagila": {
			{"public.rental", "rental by customer_id (items of public.customer)", "gsi_customer_id", false, "foreign key without an index on the child columns", plans.ProjectAll},
			{"public.payment", "payment by rental_id (items of public.rental)", "gsi_rental_id", false, "foreign key of a 1:1 link", plans.ProjectAll},
			{"public.payment", "payment by customer_id (items of public.customer)", plans.ServedByBase, false, "", ""},
			{"public.film_actor", "film_actor by actor_id (items of public.actor)", "gsi_actor_id", true, "foreign key with an index on the child columns", plans.ProjectAll},
			{"public.customer", "customer by store_id (items of public.store)", "gsi_store_id", true, "foreign key with an index on the child columns", plans.ProjectAll},
			{"public.store", "store by manager_staff_id", "gsi_manager_staff_id", true, "unique constraint", plans.ProjectKeys},
			{"public.rental", "rental by rental_date, inventory_id, customer_id", plans.ServedByBase, false, "", ""},
		},
		"chinook": {
			{"public.invoice_line", "invoice_line by track_id (items of public.track)", "gsi_track_id", true, "foreign key with an index on the child columns", plans.ProjectAll},
			{"public.track", "track by album_id (items of public.album)", plans.ServedByBase, false, "", ""},
			{"public.invoice", "invoice by customer_id (items of public.customer)", plans.ServedByBase, false, "", ""},
			{"public.employee", "employee by reports_to (items of public.employee)", "gsi_reports_to", true, "foreign key with an index on the child columns", plans.ProjectAll},
		},
		// products.prod_id is the table's own serial, though
		// inventory's key is named like it: no index on a surrogate.
		"dellstore2": {
			{"public.products", "products by prod_id", plans.ServedByNone, false, "", ""},
		},
		"employees": {
			{"public.department", "department by dept_name", "gsi_dept_name", true, "unique constraint", plans.ProjectKeys},
			{"public.salary", "salary by emp_no (items of public.employee)", plans.ServedByBase, false, "", ""},
			{"public.dept_manager", "dept_manager by emp_no (items of public.employee)", "gsi_emp_no", false, "foreign key of a 1:1 link", plans.ProjectAll},
		},
	}
	for ds, ws := range cases {
		t.Run(ds, func(t *testing.T) {
			p, _ := designDataset(t, ds)
			for _, w := range ws {
				pt := table(t, p, w.table)
				i := slices.IndexFunc(pt.AccessPaths, func(a plans.AccessPath) bool { return a.Name == w.lookup })
				if i < 0 {
					t.Errorf("%s: no lookup %q", w.table, w.lookup)
					continue
				}
				a := pt.AccessPaths[i]
				if a.ServedBy != w.servedBy {
					t.Errorf("%s: served by %s, want %s (%v)", w.lookup, a.ServedBy, w.servedBy, a.Why)
					continue
				}
				if w.servedBy == plans.ServedByBase || w.servedBy == plans.ServedByNone {
					continue
				}
				j := slices.IndexFunc(pt.Indexes, func(ix plans.Index) bool { return ix.Name == w.servedBy })
				ix := pt.Indexes[j]
				if ix.Enabled != w.enabled || !strings.HasPrefix(ix.Rule, w.rule) || ix.Projection != w.projection {
					t.Errorf("%s: index %s enabled %v rule %q projection %s; want %v %q… %s", w.lookup, ix.Name, ix.Enabled, ix.Rule, ix.Projection, w.enabled, w.rule, w.projection)
				}
				if ix.PartitionKey.Parts[0].Column != a.Columns[0] || ix.TotalWCU <= 0 || ix.WCUPerItem < 1 {
					t.Errorf("%s: index %s key %v, write cost %d WCU (%g per item)", w.lookup, ix.Name, ix.PartitionKey.Parts, ix.TotalWCU, ix.WCUPerItem)
				}
			}
		})
	}
}

// TestIndexWritesInTheEstimates: enabled indexes add their writes to the
// table's load time and on-demand cost, and a reviewer who turns them off
// in the plan gets the estimates without them.
func TestIndexWritesInTheEstimates(t *testing.T) {
	p, _ := designDataset(t, "chinook")
	pt := table(t, p, "public.invoice_line")
	if pt.Estimates.IndexWCU != 2240 || IndexWCU(pt) != 2240 {
		t.Fatalf("invoice_line index writes %d (plan) %d (computed), want 2,240: one per line for gsi_track_id", pt.Estimates.IndexWCU, IndexWCU(pt))
	}
	on := EstimateCost(pt, pt.Estimates, p.Options.WriteRate, DefaultPricing())
	onTime := TotalLoad(p).Interleaved
	for i := range pt.Indexes {
		pt.Indexes[i].Enabled = false
	}
	off := EstimateCost(pt, pt.Estimates, p.Options.WriteRate, DefaultPricing())
	if on.OnDemand.Dollars <= off.OnDemand.Dollars || !strings.Contains(on.OnDemand.Basis, "2,240 index") {
		t.Errorf("on-demand cost with the index %g (%s), without %g: the index writes are not billed", on.OnDemand.Dollars, on.OnDemand.Basis, off.OnDemand.Dollars)
	}
	if want := on.OnDemand.Dollars * float64(pt.Estimates.TotalWCU) / float64(pt.Estimates.TotalWCU+2240); off.OnDemand.Dollars-want > 1e-12 || want-off.OnDemand.Dollars > 1e-12 {
		t.Errorf("cost without the index %g, want %g", off.OnDemand.Dollars, want)
	}
	if TotalLoad(p).Interleaved >= onTime {
		t.Errorf("load time with indexes off %g, not below %g with them on", TotalLoad(p).Interleaved, onTime)
	}
}
