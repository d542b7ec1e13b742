package mapping

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// fakeChecker answers uniqueness from a list of unique column sets (order
// insensitive) and records what it was asked.
type fakeChecker struct {
	unique [][]string
	asked  [][]string
	err    error
}

func (f *fakeChecker) Unique(_ context.Context, _, _ string, cols []string) (catalog.UniqueResult, error) {
	f.asked = append(f.asked, cols)
	if f.err != nil {
		return catalog.UniqueResult{}, f.err
	}
	for _, u := range f.unique {
		if containsAll(cols, u) {
			return catalog.UniqueResult{Unique: true, Proof: "checked: unique"}, nil
		}
	}
	return catalog.UniqueResult{Proof: "checked: 3 duplicates", Duplicates: 3}, nil
}

func col(name, base, category string) catalog.Column {
	return catalog.Column{Name: name, Type: base, BaseType: base, Category: category, NotNull: true}
}

func prof(name string, distinct, hot int64, width int) catalog.ColumnProfile {
	return catalog.ColumnProfile{Name: name, Distinct: distinct, TopValues: []catalog.ValueCount{{Value: "v", Count: hot}}, AvgWidth: float64(width), MaxWidth: width}
}

// orders is a table whose only FK is hot: one customer holds most rows.
func orders(rows, customers, hottest int64) (*catalog.Schema, *catalog.Profile) {
	s := &catalog.Schema{Database: "shop", Tables: []catalog.Table{{
		Schema: "public", Name: "orders", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{
			col("order_id", "bigint", "N"), col("customer_id", "integer", "N"),
			col("ordered_at", "timestamp with time zone", "D"), col("status", "text", "S"),
		},
		PrimaryKey:  &catalog.Index{Name: "orders_pkey", Columns: []string{"order_id"}, Constraint: true},
		ForeignKeys: []catalog.ForeignKey{{Name: "orders_customer_fkey", Columns: []string{"customer_id"}, RefSchema: "public", RefTable: "customer", RefColumns: []string{"customer_id"}}},
	}}}
	s.Tables[0].Columns[0].Sequence = "public.orders_order_id_seq"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "orders", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("order_id", rows, 1, 7), prof("customer_id", customers, hottest, 5),
		prof("ordered_at", rows, 1, 22), prof("status", 3, rows/2, 7),
	}}}}
	p.Tables[0].Columns[0].Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('orders_order_id_seq'::regclass)"}}
	return s, p
}

func TestDesignChoosesNaturalKeyAndProvesSortKey(t *testing.T) {
	t.Parallel()
	s, p := orders(100_000, 5_000, 60)
	chk := &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if got := partColumns(&pt.PartitionKey); !slices.Equal(got, []string{"customer_id"}) {
		t.Fatalf("pk = %v", got)
	}
	if pt.PartitionKey.Type != "N" || pt.PartitionKey.Parts[0].Encoding != plans.EncNumber {
		t.Errorf("a lone integer key stays a Number: %+v", pt.PartitionKey)
	}
	// Only a data check proves (customer_id, ordered_at) unique, and a time
	// is no identifier: the table's own key is appended so the item key
	// stays unique tomorrow, and the plan says so.
	if got := partColumns(pt.SortKey); !slices.Equal(got, []string{"ordered_at", "order_id"}) {
		t.Errorf("sk = %v, want the time-like ordered_at proven by the check, then the table's key", got)
	}
	if pt.SortKey.Type != "S" || pt.SortKey.Parts[0].Encoding != plans.EncTimestampTZ {
		t.Errorf("sk = %+v", pt.SortKey)
	}
	if !strings.Contains(strings.Join(pt.SortKey.Why, " "), "order_id appended: (customer_id, ordered_at) is unique only by a check of today's data") {
		t.Errorf("sk why = %q", pt.SortKey.Why)
	}
	if pt.Unique != "unique by primary key orders_pkey (order_id), and checked: unique" || pt.Sharding != nil || len(pt.Warnings) != 0 {
		t.Errorf("unique %q sharding %+v warnings %v", pt.Unique, pt.Sharding, pt.Warnings)
	}
	if why := rejectedFor(&pt, "order_id"); !strings.Contains(why, "sequence-style id (nextval default: default nextval('orders_order_id_seq'::regclass))") {
		t.Errorf("order_id rejection = %q", why)
	}
	if why := rejectedFor(&pt, "status"); why != "" {
		t.Errorf("status has no evidence of meaning and should not be listed: %q", why)
	}
	if problems := plans.Validate(plan); len(problems) > 0 {
		t.Errorf("invalid plan: %v", problems)
	}
}

func TestDesignFallsBackToSurrogateInSortKey(t *testing.T) {
	t.Parallel()
	s, p := orders(100_000, 5_000, 60)
	// Nothing natural is unique: the time orders the items and the surrogate
	// id comes last, proven by the primary key it contains.
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if got := partColumns(pt.SortKey); !slices.Equal(got, []string{"ordered_at", "order_id"}) {
		t.Fatalf("sk = %v, want ordered_at#order_id", got)
	}
	if !strings.Contains(pt.Unique, "primary key orders_pkey") {
		t.Errorf("unique = %q", pt.Unique)
	}
}

func TestDesignShardsHotKey(t *testing.T) {
	t.Parallel()
	// One customer holds 90,000 of 100,000 orders: 90 s alone at 1,000
	// WCU/s against 25 s for the table at 4,000 WCU/s. The next customer
	// holds 60: only one value is hot, so the key is kept and sharded.
	s, p := orders(100_000, 200, 90_000)
	p.Tables[0].Columns[1].TopValues = append(p.Tables[0].Columns[1].TopValues, catalog.ValueCount{Value: "w", Count: 60})
	chk := &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}
	// By default the hot owner stays whole: the plan states the load's
	// tail, since nothing says the live write rate needs sharding.
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pt := plan.Tables[0]; pt.Sharding != nil || partColumns(&pt.PartitionKey)[0] != "customer_id" ||
		!strings.Contains(strings.Join(pt.PartitionKey.Why, "\n"), "not write-sharded: the hottest customer_id (v) holds 90,000 items = 1 min 30 s") {
		t.Errorf("without the flag or live write statistics: sharding %+v, why %q", pt.Sharding, pt.PartitionKey.Why)
	}
	// The source's own statistics: 2,000 rows/s, 90% on the hottest
	// customer = 1,800 WCU/s, over one partition → 1.8 × 1.5 headroom → 3.
	live := &catalog.Workload{Writes: []catalog.TableWrites{{Schema: "public", Table: "orders", Writes: 2_000 * 3600, Seconds: 3600}}}
	plan, err = Design(context.Background(), s, p, chk, Options{Workload: live})
	if err != nil {
		t.Fatal(err)
	}
	if sh := plan.Tables[0].Sharding; sh == nil || sh.Shards != 3 || !strings.Contains(sh.Why[0], "live write rate (2000.0 rows/s") {
		t.Errorf("with a live write rate of 2,000 rows/s: sharding %+v", sh)
	}
	// Asked for: sharded for the load.
	plan, err = Design(context.Background(), s, p, chk, Options{ShardHotKeys: true})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if pt.Sharding == nil {
		t.Fatalf("no sharding for a key holding 90%% of the rows: %+v", pt.Estimates)
	}
	// Hot key write rate = 4,000 × 0.9 = 3,600 WCU/s → 3.6 partitions,
	// × 1.5 headroom → 6.
	if pt.Sharding.Shards != 6 {
		t.Errorf("shards = %d, want 6", pt.Sharding.Shards)
	}
	if pt.PartitionKey.Type != "S" || pt.PartitionKey.Parts[0].Encoding != plans.EncInteger || pt.PartitionKey.Parts[0].Width != 10 {
		t.Errorf("a sharded key is a string with a fixed-width integer: %+v", pt.PartitionKey)
	}
	if !strings.Contains(pt.Sharding.ReadCost, "6 queries") || len(pt.Sharding.Why) < 2 {
		t.Errorf("sharding = %+v", pt.Sharding)
	}
	if pt.Estimates.ItemsPerKeyMax != 15_000 || pt.Estimates.HotKeyFloorSeconds != 15 {
		t.Errorf("estimates after sharding: %+v", pt.Estimates)
	}
	if problems := plans.Validate(plan); len(problems) > 0 {
		t.Errorf("invalid plan: %v", problems)
	}
	// A higher rate needs more shards; the cap holds.
	plan, _ = Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}, Options{WriteRate: 400_000, MaxShards: 50, ShardHotKeys: true})
	if got := plan.Tables[0].Sharding.Shards; got != 50 || len(plan.Tables[0].Warnings) == 0 {
		t.Errorf("shards at 400,000 WCU/s with cap 50 = %d, warnings %v", got, plan.Tables[0].Warnings)
	}
}

func TestDesignGatesName(t *testing.T) {
	t.Parallel()
	s, p := orders(16_044, 2, 8_100)
	s.Tables[0].Columns = append(s.Tables[0].Columns, col("email", "text", "S"), col("flag", "boolean", "B"))
	s.Tables[0].ForeignKeys = append(s.Tables[0].ForeignKeys, catalog.ForeignKey{Name: "f", Columns: []string{"flag"}, RefSchema: "public", RefTable: "x", RefColumns: []string{"y"}})
	email := prof("email", 16_000, 2, 3000)
	email.Nulls = 44
	p.Tables[0].Columns = append(p.Tables[0].Columns, email, prof("flag", 2, 9000, 1))
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	for cols, want := range map[string]string{
		"email": "email: 44 NULLs in 16,044 rows",
		"flag":  "flag: boolean maps to BOOL",
	} {
		if why := rejectedFor(pt, cols); !strings.Contains(why, want) {
			t.Errorf("%s rejection = %q, want %q", cols, why, want)
		}
	}
	if why := rejectedFor(pt, "email"); !strings.Contains(why, "over DynamoDB's 2,048-byte partition key limit") {
		t.Errorf("email width not rejected: %q", why)
	}
	// Nothing passes every gate: the owner stays the key, hot during the
	// load (load planning, not design), never the sequence-style order_id
	// nor a time that says when a row was made, and the warning says so.
	if got := partColumns(&pt.PartitionKey); !slices.Equal(got, []string{"customer_id"}) {
		t.Errorf("pk = %v, want the owner customer_id", got)
	}
	if len(pt.Warnings) == 0 || !strings.HasPrefix(pt.Warnings[0], "no candidate passes the throughput gate: customer_id") || !strings.Contains(pt.Warnings[0], "customer_id: 2 distinct values in 16,044 rows; the hottest (v) holds 8,100 items") {
		t.Errorf("warnings = %v", pt.Warnings)
	}
}

func TestSmallTableKeysByThroughput(t *testing.T) {
	t.Parallel()
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "language", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("language_id", "integer", "N"), col("name", "character", "S")},
		PrimaryKey: &catalog.Index{Name: "language_pkey", Columns: []string{"language_id"}, Constraint: true},
	}, {Schema: "public", Name: "v", Kind: catalog.KindView}}}
	s.Tables[0].Columns[0].Sequence = "public.language_language_id_seq"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "language", Rows: 6, Columns: []catalog.ColumnProfile{
		prof("language_id", 6, 1, 1), prof("name", 6, 1, 20),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"name"}}}, Options{Database: "pagila"})
	if err != nil {
		t.Fatal(err)
	}
	if got := partColumns(&plan.Tables[0].PartitionKey); !slices.Equal(got, []string{"name"}) || plan.Tables[0].SortKey != nil {
		t.Errorf("language pk = %v, want name alone", got)
	}
	if len(plan.Skipped) != 1 || !strings.HasPrefix(plan.Skipped[0].Why, "view") || plan.Source.Database != "pagila" {
		t.Errorf("skipped %v, source %+v", plan.Skipped, plan.Source)
	}
	// Two rows share a name: a table this small passes the throughput gate
	// anyway, and the surrogate only ends the sort key as a tiebreak.
	p.Tables[0].Columns[1].Distinct = 5
	p.Tables[0].Columns[1].TopValues[0].Count = 2
	plan, _ = Design(context.Background(), s, p, &fakeChecker{}, Options{})
	pt := &plan.Tables[0]
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"name"}) || !slices.Equal(sk, []string{"language_id"}) || len(pt.Warnings) != 0 {
		t.Errorf("language pk %v sk %v warnings %v, want name / language_id without warnings", pk, sk, pt.Warnings)
	}
}

func TestDesignWarnsLoudlyWhenNothingIsUnique(t *testing.T) {
	t.Parallel()
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "hist", Kind: catalog.KindTable, Migratable: true,
		Columns:     []catalog.Column{col("customer_id", "integer", "N"), col("product_id", "integer", "N"), col("note", "jsonb", "U")},
		ForeignKeys: []catalog.ForeignKey{{Name: "f", Columns: []string{"customer_id"}, RefSchema: "public", RefTable: "customer", RefColumns: []string{"id"}}},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "hist", Rows: 1000, Columns: []catalog.ColumnProfile{
		prof("customer_id", 500, 5, 3), prof("product_id", 900, 3, 3), prof("note", 900, 3, 30),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if !strings.HasPrefix(pt.Unique, "NOT UNIQUE") || !slices.ContainsFunc(pt.Warnings, func(w string) bool { return strings.HasPrefix(w, "NOT UNIQUE") }) || pt.Duplicates != nil {
		t.Errorf("unique %q warnings %v duplicates %+v", pt.Unique, pt.Warnings, pt.Duplicates)
	}
	// Without the column a key cannot hold, the key is the whole row:
	// its copies are whole-row duplicates, numbered, and the one-part
	// integer sort key becomes a string that can take the number.
	s.Tables[0].Columns = s.Tables[0].Columns[:2]
	plan, err = Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt = plan.Tables[0]
	if d := pt.Duplicates; d == nil || d.Action != plans.DuplicatesNumber || d.Groups != 3 || pt.SortKey == nil || pt.SortKey.Type != "S" ||
		strings.HasPrefix(pt.Unique, "NOT UNIQUE") || len(plans.Validate(plan)) > 0 {
		t.Errorf("whole-row duplicates: %+v, sort key %+v, unique %q, problems %v", d, pt.SortKey, pt.Unique, plans.Validate(plan))
	}
	// The checker's failure is an error, wrapped with the table.
	_, err = Design(context.Background(), s, p, &fakeChecker{err: errors.New("boom")}, Options{})
	if err == nil || !strings.Contains(err.Error(), "public.hist") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("err = %v", err)
	}
	if _, err := Design(context.Background(), nil, p, &fakeChecker{}, Options{}); err == nil {
		t.Error("nil schema accepted")
	}
}

func TestAttributeTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		c        catalog.Column
		maxWidth int
		typ, enc string
		excluded bool
	}{
		{col("a", "smallint", "N"), 0, "N", plans.AttrNumber, false},
		{catalog.Column{Name: "a", BaseType: "numeric", TypeModifier: "(12,2)", Category: "N"}, 0, "N", plans.AttrNumber, false},
		{catalog.Column{Name: "a", BaseType: "numeric", TypeModifier: "(60,2)", Category: "N"}, 0, "S", plans.AttrNumber, false},
		{col("a", "numeric", "N"), 80, "S", plans.AttrNumber, false},
		{col("a", "double precision", "N"), 0, "N", plans.AttrFloat, false},
		{col("a", "boolean", "B"), 0, "BOOL", plans.AttrBool, false},
		{col("a", "character varying", "S"), 0, "S", plans.AttrString, false},
		{col("a", "bytea", "U"), 0, "B", plans.AttrBinary, false},
		{col("a", "date", "D"), 0, "S", plans.AttrDate, false},
		{col("a", "timestamp without time zone", "D"), 0, "S", plans.AttrTimestamp, false},
		{col("a", "timestamp with time zone", "D"), 0, "S", plans.AttrTimestampTZ, false},
		{col("a", "uuid", "U"), 0, "S", plans.AttrString, false},
		{col("a", "jsonb", "U"), 0, "M", plans.AttrJSON, false},
		{col("a", "text[]", "A"), 0, "L", plans.AttrArray, false},
		{col("a", "public.mpaa_rating", "E"), 0, "S", plans.AttrString, false},
		{col("a", "interval", "T"), 0, "S", plans.AttrString, false},
		{col("a", "inet", "I"), 0, "S", plans.AttrString, false},
		{col("a", "money", "N"), 0, "S", plans.AttrString, false},
		{col("a", "tsvector", "U"), 0, "", "", true},
		{catalog.Column{Name: "a", BaseType: "integer", Generated: "b * 2"}, 0, "", "", true},
	}
	for _, tc := range cases {
		a, ex := attributeFor(&tc.c, &catalog.ColumnProfile{MaxWidth: tc.maxWidth})
		if (ex != nil) != tc.excluded {
			t.Errorf("%s%s: excluded = %v", tc.c.BaseType, tc.c.Generated, ex)
			continue
		}
		if ex == nil && (a.Type != tc.typ || a.Encoding != tc.enc) {
			t.Errorf("%s%s: %s/%s, want %s/%s", tc.c.BaseType, tc.c.TypeModifier, a.Type, a.Encoding, tc.typ, tc.enc)
		}
	}
}

func TestEstimateLoad(t *testing.T) {
	t.Parallel()
	// 100,000 WCU over 10 keys of 10,000 WCU each: interleaved, 25 s at
	// 4,000 WCU/s (10 keys at 400 WCU/s each); in key order one key at a
	// time at 1,000 WCU/s: 100 s.
	e := plans.Estimates{TotalWCU: 100_000, WCUPerItem: 1, DistinctPartitionKeys: 10, ItemsPerKeyMax: 10_000}
	lt := EstimateLoad(e, 4000)
	if lt.Interleaved != 25 || lt.TableOrder != 100 {
		t.Errorf("EstimateLoad = %+v, want 25 s / 100 s", lt)
	}
	// A hot key sets the floor for both orders.
	e.ItemsPerKeyMax = 60_000
	if lt := EstimateLoad(e, 4000); lt.Interleaved != 60 {
		t.Errorf("hot floor: %+v", lt)
	}
	// Many small keys: no difference.
	e = plans.Estimates{TotalWCU: 16_044, WCUPerItem: 1, DistinctPartitionKeys: 4_580, ItemsPerKeyMax: 5}
	if lt := EstimateLoad(e, 4000); lt.Interleaved != lt.TableOrder {
		t.Errorf("small keys: %+v", lt)
	}
	if lt := EstimateLoad(e, 0); lt != (LoadTime{}) {
		t.Errorf("zero rate: %+v", lt)
	}
	total := TotalLoad(&plans.Plan{Options: plans.Options{WriteRate: 4000}, Tables: []plans.Table{{Estimates: e}, {Estimates: e}}})
	if total.Interleaved < 8 || total.Interleaved > 8.1 {
		t.Errorf("TotalLoad = %+v", total)
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"customer_ref": "customer ref", "Customer Ref": "customer ref", "customerRef": "customer ref",
		`"Order Archive"`: "order archive", "HTTPServerID": "http server id", "sensor-serial2": "sensor serial2",
		"CUSTOMER_REF": "customer ref", "état_civil": "état civil",
	} {
		if got := strings.Join(words(in), " "); got != want {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRoleOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		table, column, category string
		want                    role
	}{
		{"country", "country", "S", rolePlace}, {"categories", "categoryname", "S", roleName}, {"products", "product_name", "S", roleName},
		{"customer", "email", "S", roleIdentifier}, {"actor", "first_name", "S", roleGivenName}, {"actor", "last_name", "S", roleFamilyName},
		{"audit", "user_name", "S", roleIdentifier}, {"us_states", "state_abbr", "S", roleIdentifier}, {"us_states", "state_name", "S", rolePlace},
		{"suppliers", "contact_name", "S", roleGivenName}, {"suppliers", "company_name", "S", roleDescriptive},
		{"Readings", "SensorSerial", "S", roleIdentifier}, {"Order Archive", "Customer Ref", "S", roleIdentifier},
		{"reorder", "quan_low", "N", roleMeasure}, {"reorder", "date_low", "D", roleTime}, {"film", "title", "S", roleName},
		{"customers", "phone", "S", roleContact}, {"cust_hist", "customerid", "N", roleIdentifier}, {"Person", "LastName", "S", roleFamilyName},
	} {
		c := catalog.Column{Name: tc.column, Category: tc.category, BaseType: "text"}
		if tc.category == "N" {
			c.BaseType = "integer"
		}
		if got := roleOf(tc.table, &c); got != tc.want {
			t.Errorf("roleOf(%s, %s) = %v, want %v", tc.table, tc.column, got, tc.want)
		}
	}
}

// statsChecker is a fakeChecker that also counts multi-column keys exactly.
type statsChecker struct {
	fakeChecker
	stats map[string]catalog.KeyStats
	asked []string
}

func (s *statsChecker) KeyStats(_ context.Context, _, _ string, cols []string) (catalog.KeyStats, error) {
	key := strings.Join(cols, ",")
	s.asked = append(s.asked, key)
	return s.stats[key], nil
}

// readings is a table with no constraint at all, as a new user's schema
// may be: a dense integer without a default (sequence-style by the data),
// a quoted mixed-case sensor reference, a reading time and a measure.
func readings() (*catalog.Schema, *catalog.Profile) {
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "Sensor Readings", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{
			col("ReadingNo", "bigint", "N"), col("Sensor Serial", "text", "S"),
			col("takenAt", "timestamp with time zone", "D"), col("Value", "numeric", "N"),
		},
	}, {
		Schema: "public", Name: "sensors", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("sensor_serial", "text", "S"), col("site", "text", "S")},
		PrimaryKey: &catalog.Index{Name: "sensors_pkey", Columns: []string{"sensor_serial"}, Constraint: true},
	}}}
	s.Tables[0].Columns[1].NotNull = false
	rows := int64(50_000)
	serial := prof("Sensor Serial", 400, 180, 12)
	serial.TopValues = append(serial.TopValues, catalog.ValueCount{Value: "w", Count: 170})
	serial.Min, serial.Max = "S-0001", "S-0400"
	sensors := prof("sensor_serial", 500, 1, 12)
	sensors.Min, sensors.Max = "S-0001", "S-0500"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "Sensor Readings", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("ReadingNo", rows, 1, 6), serial, prof("takenAt", rows, 1, 27), prof("Value", 9_000, 40, 5),
	}}, {Schema: "public", Name: "sensors", Rows: 500, Columns: []catalog.ColumnProfile{sensors, prof("site", 20, 40, 8)}}}}
	p.Tables[0].Columns[0].Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic: 50,000 distinct of 50,000 rows"}}
	return s, p
}

func TestDesignUnconstrainedTableUsesImpliedReference(t *testing.T) {
	t.Parallel()
	s, p := readings()
	chk := &fakeChecker{unique: [][]string{{"Sensor Serial", "takenAt"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := table(t, plan, "public.Sensor Readings")
	if pk := partColumns(&pt.PartitionKey); !slices.Equal(pk, []string{"Sensor Serial"}) {
		t.Fatalf("pk = %v, want the quoted, undeclared reference to sensors", pk)
	}
	if why := strings.Join(pt.PartitionKey.Why, "; "); !strings.Contains(why, "undeclared reference to public.sensors.sensor_serial") {
		t.Errorf("pk why = %q", why)
	}
	if sk := partColumns(pt.SortKey); !slices.Equal(sk, []string{"takenAt"}) {
		t.Errorf("sk = %v, want takenAt", sk)
	}
	// No constraint to append: the plan says the pair is unique by today's
	// data only.
	if why := strings.Join(pt.SortKey.Why, "; "); !strings.Contains(why, "unique only by a check of today's data") {
		t.Errorf("sk why = %q", why)
	}
	if why := rejectedFor(pt, "ReadingNo"); !strings.Contains(why, "sequence-style") || !strings.Contains(why, "means nothing outside PostgreSQL") {
		t.Errorf("ReadingNo rejection = %q", why)
	}
}

func TestDesignSequenceEvidenceIsFinalInFallback(t *testing.T) {
	t.Parallel()
	s, p := readings()
	// The reference is NULL in places and nothing else is natural: the
	// fallback must still not partition by the dense ReadingNo.
	p.Tables[0].Columns[1].Nulls = 10
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"takenAt"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := table(t, plan, "public.Sensor Readings")
	if pk := partColumns(&pt.PartitionKey); slices.Contains(pk, "ReadingNo") {
		t.Errorf("pk = %v: a column with sequence evidence is never the partition key", pk)
	}
	if len(pt.Warnings) == 0 || !strings.HasPrefix(pt.Warnings[0], "no natural key passes") || !strings.Contains(pt.Warnings[0], "Sensor Serial (Sensor Serial: 10 NULLs") {
		t.Errorf("warnings = %q, want no natural key passes naming the best rejected", pt.Warnings)
	}
}

func TestDesignCountsCompositeKeysExactly(t *testing.T) {
	t.Parallel()
	// Two codes, each hot on many values at 40,000 WCU/s (the table's ideal
	// load is 5 s, the hottest shop alone takes 9 s): only the pair can
	// pass, and its statistics come from an exact count, not the profile.
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "visits", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("shop_code", "text", "S"), col("region_code", "text", "S"), col("at", "timestamp with time zone", "D")},
	}}}
	rows := int64(200_000)
	shop, region := prof("shop_code", 40, 9_000, 6), prof("region_code", 30, 12_000, 4)
	for i := 0; i < 12; i++ {
		shop.TopValues = append(shop.TopValues, catalog.ValueCount{Value: "s", Count: 8_000})
		region.TopValues = append(region.TopValues, catalog.ValueCount{Value: "r", Count: 11_000})
	}
	at := prof("at", rows, 1, 27)
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "visits", Rows: rows, Columns: []catalog.ColumnProfile{shop, region, at}}}}
	chk := &statsChecker{fakeChecker: fakeChecker{unique: [][]string{{"shop_code", "region_code", "at"}}},
		stats: map[string]catalog.KeyStats{"shop_code,region_code": {Distinct: 321, MaxPerKey: 700, HottestKey: "S1#R1"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{WriteRate: 40_000})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk := partColumns(&pt.PartitionKey); !slices.Equal(pk, []string{"shop_code", "region_code"}) {
		t.Fatalf("pk = %v, want the pair", pk)
	}
	if why := strings.Join(pt.PartitionKey.Why, "; "); !strings.Contains(why, "321 distinct values in 200,000 rows, the hottest (S1#R1) holds 700 items") {
		t.Errorf("pk why = %q, want the exact counts", why)
	}
	if pt.Estimates.DistinctPartitionKeys != 321 || pt.Estimates.ItemsPerKeyMax != 700 {
		t.Errorf("estimates = %+v", pt.Estimates)
	}
	if !slices.Contains(chk.asked, "shop_code,region_code") {
		t.Errorf("exact counts asked for %v", chk.asked)
	}
}

func TestDesignReadsEvidenceFromIndexesAndPolicies(t *testing.T) {
	t.Parallel()
	// Nothing is named like an identifier: a session token has more values
	// than the actor, but the row-level-security policy and the index say
	// rows are read by actor.
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "audit_events", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("id", "bigint", "N"), col("actor", "text", "S"), col("session", "text", "S")},
		PrimaryKey: &catalog.Index{Name: "audit_events_pkey", Columns: []string{"id"}, Constraint: true},
	}}}
	s.Tables[0].Columns[0].Sequence = "public.audit_events_id_seq"
	rows := int64(3000)
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "audit_events", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 4), prof("actor", 60, 50, 4), prof("session", 2900, 2, 32),
	}}}}
	design := func() *plans.Table {
		plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return &plan.Tables[0]
	}
	if pk := partColumns(&design().PartitionKey); !slices.Equal(pk, []string{"session"}) {
		t.Fatalf("without evidence pk = %v, want the column with the most values", pk)
	}
	s.Tables[0].Policies = []catalog.Policy{{Name: "own", Using: "(actor = CURRENT_USER)", Columns: []string{"actor"}}}
	pt := design()
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"actor"}) || !slices.Equal(sk, []string{"id"}) {
		t.Errorf("with the policy pk = %v sk = %v, want actor / id", pk, sk)
	}
	if why := strings.Join(pt.PartitionKey.Why, "; "); !strings.Contains(why, "row-level-security policy own USING (actor = CURRENT_USER)") {
		t.Errorf("pk why = %q", why)
	}
	if len(pt.Warnings) > 0 {
		t.Errorf("a key with evidence is natural: warnings %q", pt.Warnings)
	}
	s.Tables[0].Policies = nil
	s.Tables[0].Indexes = []catalog.Index{{Name: "audit_events_actor", Columns: []string{"actor"}}}
	if pk := partColumns(&design().PartitionKey); !slices.Equal(pk, []string{"actor"}) {
		t.Errorf("with the index pk = %v, want actor", pk)
	}
}

// TestDesignKeepsOneCopyWhenTheKeyCannotBeNumbered: whole-row duplicates
// of a table whose only key is an exact number (type N, no string form)
// cannot take an occurrence number, so the plan drops the repeats and
// says why, and the plan is valid.
func TestDesignKeepsOneCopyWhenTheKeyCannotBeNumbered(t *testing.T) {
	t.Parallel()
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "amounts", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("amount", "numeric", "N")},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "amounts", Rows: 1000, Columns: []catalog.ColumnProfile{
		prof("amount", 900, 3, 6),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	d := pt.Duplicates
	if d == nil || d.Action != plans.DuplicatesKeepOne || pt.PartitionKey.Type != "N" || !strings.Contains(strings.Join(d.Why, " "), "cannot take an occurrence number") ||
		len(pt.Warnings) == 0 || !strings.Contains(pt.Warnings[len(pt.Warnings)-1], "duplicates: keep-one") {
		t.Errorf("duplicates %+v, key %+v, warnings %q", d, pt.PartitionKey, pt.Warnings)
	}
	if probs := plans.Validate(plan); len(probs) > 0 {
		t.Errorf("plan invalid: %v", probs)
	}
}
