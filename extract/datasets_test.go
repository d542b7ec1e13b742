package extract_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// inspectAndProfile reads a whole dataset the way `pg2ddb inspect` does.
func inspectAndProfile(t *testing.T, dataset string) (*extract.Snapshot, *catalog.Schema, *catalog.Profile) {
	t.Helper()
	db := testenv.NewDatabase(t, dataset)
	s := snapshot(t, db)
	sc := mustInspect(t, s, extract.InspectOptions{})
	p := profile(t, s, sc, extract.ProfileOptions{})
	for _, tp := range p.Tables {
		if tp.Error != "" {
			t.Errorf("%s.%s: %s", tp.Schema, tp.Name, tp.Error)
		}
	}
	return s, sc, p
}

func wantSequence(t *testing.T, p *catalog.Profile, table, column string, kind catalog.SequenceKind, evidence string) {
	t.Helper()
	c := mustColumn(t, p, "public", table, column)
	if c.Sequence == nil || c.Sequence.Kind != kind || !strings.Contains(strings.Join(c.Sequence.Evidence, "; "), evidence) {
		t.Errorf("%s.%s: sequence %+v, want %s with evidence %q", table, column, c.Sequence, kind, evidence)
	}
}

func wantNoSequence(t *testing.T, p *catalog.Profile, table, column string) {
	t.Helper()
	if c := mustColumn(t, p, "public", table, column); c.Sequence != nil {
		t.Errorf("%s.%s is a natural column, classified %+v", table, column, c.Sequence)
	}
}

func TestPagila(t *testing.T) {
	t.Parallel()
	_, sc, p := inspectAndProfile(t, "pagila")

	payment := mustTable(t, sc, "public", "payment")
	if payment.Kind != catalog.KindPartitioned || !payment.Migratable || len(payment.Partitions) != 7 {
		t.Errorf("payment: kind %q, partitions %q", payment.Kind, payment.Partitions)
	}
	for _, tb := range sc.Tables {
		if strings.HasPrefix(tb.Name, "payment_p") {
			t.Errorf("partition %s listed as a table", tb.Name)
		}
	}
	refs := map[string]bool{}
	for _, fk := range payment.ForeignKeys {
		if !strings.HasPrefix(fk.FromPartition, "public.payment_p2022_") {
			t.Errorf("payment foreign key %s: from partition %q", fk.Name, fk.FromPartition)
		}
		refs[fk.RefTable+"."+strings.Join(fk.RefColumns, ",")] = true
	}
	if len(payment.ForeignKeys) != 3 || !refs["customer.customer_id"] || !refs["rental.rental_id"] || !refs["staff.staff_id"] {
		t.Errorf("payment should carry its partitions' 3 foreign keys once each: %+v", payment.ForeignKeys)
	}
	if tp := p.Table("public", "payment"); tp.Rows != 16049 {
		t.Errorf("payment rows %d: the profile of a partitioned table covers all its partitions", tp.Rows)
	}
	if mv := mustTable(t, sc, "public", "rental_by_category"); mv.Kind != catalog.KindMaterializedView || mv.Migratable {
		t.Errorf("rental_by_category: %+v", mv)
	}
	if v := mustTable(t, sc, "public", "actor_info"); v.Kind != catalog.KindView || v.Migratable || p.Table("public", "actor_info") != nil {
		t.Errorf("views are listed, not migratable and not profiled: %+v", v)
	}
	film := mustTable(t, sc, "public", "film")
	if c := film.Column("release_year"); c.Domain != "public.year" || c.BaseType != "integer" {
		t.Errorf("release_year: %+v", c)
	}
	if c := film.Column("rating"); len(c.Enum) != 5 || c.Category != "E" {
		t.Errorf("rating: %+v", c)
	}
	if c := film.Column("special_features"); c.Element != "text" || c.BaseType != "text[]" {
		t.Errorf("special_features: %+v", c)
	}

	wantSequence(t, p, "rental", "rental_id", catalog.SeqNextval, "default nextval('public.rental_rental_id_seq'::regclass)")
	wantSequence(t, p, "payment", "payment_id", catalog.SeqNextval, "nextval('public.payment_payment_id_seq'::regclass)")
	for _, table := range []string{"actor", "address", "category", "city", "country", "customer", "film", "inventory", "language", "staff", "store"} {
		wantSequence(t, p, table, table+"_id", catalog.SeqNextval, "nextval(")
	}
	for _, c := range [][2]string{
		{"rental", "customer_id"}, {"rental", "inventory_id"}, {"rental", "staff_id"}, {"payment", "customer_id"},
		{"payment", "rental_id"}, {"store", "address_id"}, {"film_actor", "actor_id"}, {"customer", "email"},
		{"film", "title"},
	} {
		wantNoSequence(t, p, c[0], c[1])
	}
	// A reference that is unique, dense and in step with the insertion
	// order only mirrors the referenced table's surrogate.
	wantSequence(t, p, "store", "manager_staff_id", catalog.SeqDenseMonotonic, "mirrors public.staff's surrogate id")
	wantSequence(t, p, "customer", "address_id", catalog.SeqDenseMonotonic, "mirrors public.address's surrogate id")
	if c := mustColumn(t, p, "public", "rental", "staff_id"); c.Distinct != 2 || c.TopValues[0].Count != 8040 {
		t.Errorf("rental.staff_id: %+v", c)
	}
	// character(20) is padded by PostgreSQL and written unpadded by a load:
	// shown and sized as written.
	if c := mustColumn(t, p, "public", "language", "name"); c.TopValues[0].Value != "English" || c.MaxWidth != 8 || c.Max != "Mandarin" {
		t.Errorf("language.name (character(20)): top %q, max width %d, max %q", c.TopValues[0].Value, c.MaxWidth, c.Max)
	}
	golden(t, "pagila.profile.json", stableProfile(p))
}

// stableProfile drops what depends on the server rather than on the data:
// on-disk sizes and the planner's sampled correlations.
func stableProfile(p *catalog.Profile) *catalog.Profile {
	out := &catalog.Profile{}
	for _, tp := range p.Tables {
		tp.TotalBytes = 0
		cols := append([]catalog.ColumnProfile(nil), tp.Columns...)
		for i := range cols {
			cols[i].Correlation = nil
		}
		tp.Columns = cols
		out.Tables = append(out.Tables, tp)
	}
	return out
}

func TestChinook(t *testing.T) {
	t.Parallel()
	_, _, p := inspectAndProfile(t, "chinook")
	for _, table := range []string{"album", "artist", "customer", "employee", "genre", "invoice", "invoice_line", "media_type", "playlist", "track"} {
		wantSequence(t, p, table, table+"_id", catalog.SeqIdentity, "identity column (GENERATED ALWAYS)")
	}
	wantSequence(t, p, "album", "album_id", catalog.SeqIdentity, "owned sequence public.album_album_id_seq")
	for _, c := range [][2]string{{"playlist_track", "playlist_id"}, {"playlist_track", "track_id"}, {"track", "album_id"}, {"employee", "reports_to"}} {
		wantNoSequence(t, p, c[0], c[1])
	}
	hot := mustColumn(t, p, "public", "playlist_track", "playlist_id")
	if hot.Distinct != 14 || hot.TopValues[0].Count != 3290 || hot.TopValues[1].Count != 3290 {
		t.Errorf("playlist_track.playlist_id: distinct %d top %+v", hot.Distinct, hot.TopValues)
	}
}

func TestNorthwind(t *testing.T) {
	t.Parallel()
	_, sc, p := inspectAndProfile(t, "northwind")
	for _, c := range [][2]string{{"customers", "customer_id"}, {"territories", "territory_id"}, {"orders", "customer_id"}, {"employee_territories", "territory_id"}} {
		wantNoSequence(t, p, c[0], c[1])
	}
	if c := mustTable(t, sc, "public", "customers").Column("customer_id"); c.BaseType != "character varying" || c.Sequence != "" {
		t.Errorf("customers.customer_id: %+v", c)
	}
	if c := mustColumn(t, p, "public", "customers", "customer_id"); c.Min != "ALFKI" || c.Distinct != 91 {
		t.Errorf("customers.customer_id: %+v", c)
	}
	// Integer ids without a default are still ids: dense and in insertion order.
	wantSequence(t, p, "orders", "order_id", catalog.SeqDenseMonotonic, "830 distinct of 830 rows")
	if tp := p.Table("public", "customer_demographics"); tp.Rows != 0 || tp.Error != "" {
		t.Errorf("empty table: %+v", tp)
	}
}

func TestEmployees(t *testing.T) {
	t.Parallel()
	_, sc, p := inspectAndProfile(t, "employees")
	// How rows are read is evidence for a key: the ordinary indexes and the
	// columns a row-level-security policy names.
	audit := mustTable(t, sc, "public", "audit")
	var indexed []string
	for _, ix := range audit.Indexes {
		indexed = append(indexed, ix.Name+"("+strings.Join(ix.Columns, ",")+")")
	}
	if !slices.Contains(indexed, "idx_audit_username(user_name)") {
		t.Errorf("audit indexes = %v", indexed)
	}
	var policyColumns []string
	for _, pol := range audit.Policies {
		policyColumns = append(policyColumns, pol.Name+":"+strings.Join(pol.Columns, ","))
	}
	if !slices.Equal(policyColumns, []string{"audit_insert_system:", "audit_user_isolation:user_name"}) {
		t.Errorf("audit policies = %v", policyColumns)
	}
	// Members of composite natural keys that reference employee are not
	// this table's ids.
	for _, c := range [][2]string{{"salary", "emp_no"}, {"title", "emp_no"}, {"dept_emp", "emp_no"}, {"dept_manager", "emp_no"}, {"dept_emp", "dept_no"}} {
		wantNoSequence(t, p, c[0], c[1])
	}
	if c := mustColumn(t, p, "public", "salary", "to_date"); c.TopValues[0].Value != "9999-01-01" {
		t.Errorf("salary.to_date placeholder: %+v", c.TopValues)
	}
}

func TestDellstore2(t *testing.T) {
	t.Parallel()
	s, sc, p := inspectAndProfile(t, "dellstore2")
	noPK := 0
	for _, tb := range sc.Tables {
		if tb.Migratable && tb.PrimaryKey == nil {
			noPK++
			if tp := p.Table(tb.Schema, tb.Name); tp == nil || len(tp.Columns) != len(tb.Columns) {
				t.Errorf("%s without a primary key not profiled: %+v", tb.Name, tp)
			}
		}
	}
	if noPK != 3 {
		t.Errorf("%d tables without a primary key, want 3", noPK)
	}
	ctx := context.Background()
	r, err := s.Unique(ctx, "public", "orderlines", []string{"orderid", "orderlineid"})
	if err != nil || !r.Unique || !strings.Contains(r.Proof, "(orderid, orderlineid)") || strings.HasPrefix(r.Proof, "checked") {
		t.Errorf("orderlines (orderid, orderlineid) should be proven by its unique constraint: %+v %v", r, err)
	}
	r, err = s.Unique(ctx, "public", "cust_hist", []string{"customerid"})
	if err != nil || r.Unique || r.Duplicates == 0 || !strings.HasPrefix(r.Proof, "checked: ") {
		t.Errorf("cust_hist (customerid) is not unique: %+v %v", r, err)
	}
	wantNoSequence(t, p, "orderlines", "orderid")
}
