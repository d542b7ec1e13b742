package mapping

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// designOne designs the first table of s and returns its partition and
// sort key columns and the partition key's first reason.
func designOne(t *testing.T, s *catalog.Schema, p *catalog.Profile, chk *fakeChecker) (pk, sk []string, why string) {
	t.Helper()
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if problems := plans.Validate(plan); len(problems) > 0 {
		t.Errorf("invalid plan: %v", problems)
	}
	return partColumns(&pt.PartitionKey), partColumns(pt.SortKey), pt.PartitionKey.Why[0]
}

// lines is order lines keyed by (order_code, item_no) in the given column
// order: order_code references orders' natural key and has only 20 values
// for 30,000 rows (fewer than √rows), item_no has 1,500 and looks like an
// identifier by its name.
func lines(keyOrder []string) (*catalog.Schema, *catalog.Profile) {
	rows := int64(30_000)
	s := &catalog.Schema{Database: "shop", Tables: []catalog.Table{
		{
			Schema: "public", Name: "lines", Kind: catalog.KindTable, Migratable: true,
			Columns: []catalog.Column{col("order_code", "text", "S"), col("item_no", "integer", "N"), col("qty", "integer", "N")},
			Uniques: []catalog.Index{{Name: "lines_key", Columns: keyOrder, Constraint: true}},
			ForeignKeys: []catalog.ForeignKey{{Name: "lines_order_fkey", Columns: []string{"order_code"},
				RefSchema: "public", RefTable: "orders", RefColumns: []string{"order_code"}}},
		},
		{
			Schema: "public", Name: "orders", Kind: catalog.KindTable, Migratable: false,
			Columns:    []catalog.Column{col("order_code", "text", "S")},
			PrimaryKey: &catalog.Index{Name: "orders_pkey", Columns: []string{"order_code"}, Constraint: true},
		},
	}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "lines", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("order_code", 20, 1_500, 8), prof("item_no", 1_500, 20, 4), prof("qty", 50, 900, 4),
		}},
		{Schema: "public", Name: "orders", Rows: 20, Columns: []catalog.ColumnProfile{prof("order_code", 20, 1, 8)}},
	}}
	return s, p
}

// TestCompositeKeyOwnerEitherOrder: UNIQUE(order_code, item_no), in either
// column order, says item_no is unique only within its order: the order is
// the partition key and item_no the sort key, however few orders there are
// and however identifier-like item_no is.
func TestCompositeKeyOwnerEitherOrder(t *testing.T) {
	for _, order := range [][]string{{"order_code", "item_no"}, {"item_no", "order_code"}} {
		s, p := lines(order)
		pk, sk, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"order_code", "item_no"}}})
		if !slices.Equal(pk, []string{"order_code"}) || !slices.Equal(sk, []string{"item_no"}) {
			t.Errorf("UNIQUE(%s): pk %v sk %v, want order_code / item_no", strings.Join(order, ", "), pk, sk)
		}
		if !strings.HasPrefix(why, "rule "+RuleCompositeKeyOwner+": ") {
			t.Errorf("UNIQUE(%s): why %q does not cite its rule", strings.Join(order, ", "), why)
		}
	}
}

// TestDeclaredKeyBeatsLookAlikes: a natural primary key stays the identity
// beside a name that is unique in today's data, and an integer primary key
// named as a row id (t_time_sk) is no natural key: the identifier the data
// proves unique (t_time_id) is.
func TestDeclaredKeyBeatsLookAlikes(t *testing.T) {
	rows := int64(500)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "airports", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("airport_code", "character", "S"), col("airport_name", "text", "S")},
		PrimaryKey: &catalog.Index{Name: "airports_pkey", Columns: []string{"airport_code"}, Constraint: true},
	}}}
	s.Tables[0].Columns[0].TypeModifier = "(3)"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "airports", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("airport_code", rows, 1, 3), prof("airport_name", rows, 1, 20),
	}}}}
	pk, sk, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"airport_name"}}})
	if !slices.Equal(pk, []string{"airport_code"}) || len(sk) != 0 || !strings.HasPrefix(why, "rule "+RuleDeclaredNaturalKey+": ") {
		t.Errorf("airports: pk %v sk %v why %q, want airport_code by %s", pk, sk, why, RuleDeclaredNaturalKey)
	}

	rows = 1440
	s = &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "time_dim", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("t_time_sk", "integer", "N"), col("t_time_id", "character", "S"), col("t_hour", "integer", "N")},
		PrimaryKey: &catalog.Index{Name: "time_dim_pkey", Columns: []string{"t_time_sk"}, Constraint: true},
	}}}
	s.Tables[0].Columns[1].TypeModifier = "(16)"
	p = &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "time_dim", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("t_time_sk", rows, 1, 4), prof("t_time_id", rows, 1, 16), prof("t_hour", 24, 60, 4),
	}}}}
	pk, _, why = designOne(t, s, p, &fakeChecker{unique: [][]string{{"t_time_sk"}, {"t_time_id"}}})
	if !slices.Equal(pk, []string{"t_time_id"}) || !strings.HasPrefix(why, "rule "+RuleDataUniqueNatural+": ") {
		t.Errorf("time_dim: pk %v why %q, want t_time_id by %s", pk, why, RuleDataUniqueNatural)
	}
}

// TestNamesNeedCardinality: number before the last word counts something
// (s_number_employees), and phonenumber is a contact detail, not an
// identifier.
func TestNamesNeedCardinality(t *testing.T) {
	for name, want := range map[string]role{
		"s_number_employees": roleOther,
		"phonenumber":        roleContact,
		"accountnumber":      roleIdentifier,
		"ticket_no":          roleIdentifier,
	} {
		c := col(name, "integer", "N")
		if name == "accountnumber" || name == "phonenumber" {
			c = col(name, "text", "S")
		}
		if got := roleOf("t", &c); got != want {
			t.Errorf("roleOf(%s) = %d, want %d", name, got, want)
		}
	}
	// The time of a row's last change changes with every update: it never
	// leads a sort key.
	for name, want := range map[string]bool{"modifieddate": true, "updated_at": true, "last_update": true, "ratechangedate": false, "orderdate": false, "created_at": false} {
		if changeStamp(name) != want {
			t.Errorf("changeStamp(%s) = %v, want %v", name, !want, want)
		}
	}
}

// TestEmptyStringsAreNoKey: a declared unique code that holds an empty
// string in some row is no key on its own (DynamoDB refuses an empty key
// value, so the load would reject those rows); plan finds it, not load.
func TestEmptyStringsAreNoKey(t *testing.T) {
	rows := int64(2000)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "products", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("product_id", "integer", "N"), col("sku", "text", "S"), col("title", "text", "S")},
		PrimaryKey: &catalog.Index{Name: "products_pkey", Columns: []string{"product_id"}, Constraint: true},
		Uniques:    []catalog.Index{{Name: "products_sku_key", Columns: []string{"sku"}, Constraint: true}},
	}}}
	s.Tables[0].Columns[0].Sequence = "public.products_product_id_seq"
	sku := prof("sku", rows, 1, 12)
	sku.Min, sku.Max = "", "ZZ-999"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "products", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("product_id", rows, 1, 4), sku, prof("title", rows, 1, 30),
	}}}}
	p.Tables[0].Columns[0].Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval}
	pk, _, _ := designOne(t, s, p, &fakeChecker{unique: [][]string{{"sku"}, {"title"}, {"product_id"}}})
	if slices.Contains(pk, "sku") {
		t.Errorf("pk %v: sku holds an empty string", pk)
	}
	sku.Min = "AA-001"
	p.Tables[0].Columns[1] = sku
	if pk, _, _ := designOne(t, s, p, &fakeChecker{unique: [][]string{{"sku"}, {"title"}, {"product_id"}}}); !slices.Equal(pk, []string{"sku"}) {
		t.Errorf("pk %v: without empty strings the unique sku is the key", pk)
	}
}

// TestNameOverMirroredKey: a 1:1 extension keyed by its parent's surrogate
// (people keyed by their entity's serial id) is found by its name: pk the
// family name, sk the given name then the mirrored id. A 1:1 extension
// without a name (counters) keeps the mirrored key.
func TestNameOverMirroredKey(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE entities (entity_id serial PRIMARY KEY, kind text NOT NULL)`,
		`INSERT INTO entities (kind) SELECT 'k' || (i % 3) FROM generate_series(1, 3000) i`,
		`CREATE TABLE people (entity_id int PRIMARY KEY REFERENCES entities, last_name text NOT NULL, first_name text NOT NULL)`,
		`INSERT INTO people SELECT i, 'last' || (i % 97), 'first' || (i % 89) FROM generate_series(1, 2000) i`,
		`CREATE TABLE counters (entity_id int PRIMARY KEY REFERENCES entities, visits int NOT NULL)`,
		`INSERT INTO counters SELECT i, i % 17 FROM generate_series(1, 2500) i`)
	people := table(t, p, "public.people")
	if pk, sk := partColumns(&people.PartitionKey), partColumns(people.SortKey); !slices.Equal(pk, []string{"last_name"}) || !slices.Equal(sk, []string{"first_name", "entity_id"}) {
		t.Errorf("people: %v / %v, want last_name / first_name, entity_id", pk, sk)
	} else if !strings.HasPrefix(people.PartitionKey.Why[0], "rule "+RuleNameOverMirroredKey+": ") {
		t.Errorf("people: why %q, want the rule named", people.PartitionKey.Why[0])
	}
	if pk := partColumns(&table(t, p, "public.counters").PartitionKey); !slices.Equal(pk, []string{"entity_id"}) {
		t.Errorf("counters: pk %v, want the mirrored entity_id (no name to find them by)", pk)
	}
}

// TestPlaceBeforeStreet: within an owner, a street line the data proves
// unique is preceded by the city it lies in (fewer values): coarse to fine.
func TestPlaceBeforeStreet(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE states (state_code text PRIMARY KEY)`,
		`INSERT INTO states SELECT 'S' || i FROM generate_series(1, 60) i`,
		`CREATE TABLE addresses (address_id serial PRIMARY KEY, state_code text NOT NULL REFERENCES states, city text NOT NULL, line1 text NOT NULL)`,
		`INSERT INTO addresses (state_code, city, line1) SELECT 'S' || (1 + i % 60), 'city' || (i % 240), i || ' Main Street' FROM generate_series(1, 3000) i`)
	a := table(t, p, "public.addresses")
	pk, sk := partColumns(&a.PartitionKey), partColumns(a.SortKey)
	if !slices.Equal(pk, []string{"state_code"}) || len(sk) < 2 || !slices.Equal(sk[:2], []string{"city", "line1"}) {
		t.Errorf("addresses: %v / %v, want state_code / city, line1, …", pk, sk)
	}
}

// TestTimeIsNoIdentity: a timestamp unique today (the clock's resolution)
// says when a row was made, not which row: with nothing natural, the
// table's own key is the last resort, never the time.
func TestTimeIsNoIdentity(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE threads (id bigserial PRIMARY KEY, created_at timestamp NOT NULL, updated_at timestamp NOT NULL)`,
		`INSERT INTO threads (created_at, updated_at) SELECT timestamp '2024-01-01' + i * interval '1 minute', timestamp '2024-02-01' + i * interval '1 minute' FROM generate_series(1, 2000) i`)
	if pk := partColumns(&table(t, p, "public.threads").PartitionKey); !slices.Equal(pk, []string{"id"}) {
		t.Errorf("threads: pk %v; want the table's own key as the last resort, not a time", pk)
	}
}

// TestDataProvenKeyIsAWarning: a key that only today's data proves unique
// (no constraint says so) is a plan warning, not only a why line; a key a
// constraint proves is not warned about.
func TestDataProvenKeyIsAWarning(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE genres (name text NOT NULL, note text)`,
		`INSERT INTO genres SELECT 'genre ' || i, NULL FROM generate_series(1, 40) i`,
		`CREATE TABLE labels (code text PRIMARY KEY, name text NOT NULL)`,
		`INSERT INTO labels SELECT 'L' || i, 'label ' || i FROM generate_series(1, 40) i`)
	g := table(t, p, "public.genres")
	if !slices.ContainsFunc(g.Warnings, func(w string) bool {
		return strings.HasPrefix(w, "DATA-PROVEN KEY: (name) is unique only by a check of today's data")
	}) {
		t.Errorf("genres: warnings %q, want the data-proven key named", g.Warnings)
	}
	if l := table(t, p, "public.labels"); slices.ContainsFunc(l.Warnings, func(w string) bool { return strings.HasPrefix(w, "DATA-PROVEN KEY") }) {
		t.Errorf("labels: warnings %q, want none about a key its primary key proves", l.Warnings)
	}
}

// TestUniqueExpressionProvesItsColumn: a unique index on lower(name) proves
// name unique as stored (equal values have equal images), so it is the
// alternate natural key beside the serial id, ahead of an e-mail only the
// data shows unique.
func TestUniqueExpressionProvesItsColumn(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE editors (id serial PRIMARY KEY, name text NOT NULL, email text NOT NULL)`,
		`INSERT INTO editors (name, email) SELECT 'Editor' || i, 'e' || i || '@example.org' FROM generate_series(1, 1500) i`,
		`CREATE UNIQUE INDEX editors_lower_name ON editors (lower(name))`)
	e := table(t, p, "public.editors")
	if pk := partColumns(&e.PartitionKey); !slices.Equal(pk, []string{"name"}) {
		t.Errorf("editors: pk %v (%q), want name, unique by editors_lower_name", pk, e.PartitionKey.Why)
	}
}

// TestOrderedListNamesTheOwner: of two references to accounts, the one a
// composite source index lists the rows by (account_id, created_at: an
// account's notifications, newest first) owns the rows; the sender, with
// an index of its own only, does not.
func TestOrderedListNamesTheOwner(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE accounts (handle text PRIMARY KEY)`,
		`INSERT INTO accounts SELECT 'u' || i FROM generate_series(1, 500) i`,
		`CREATE TABLE notices (id bigserial PRIMARY KEY, sender text NOT NULL REFERENCES accounts, recipient text NOT NULL REFERENCES accounts, created_at timestamp NOT NULL)`,
		`INSERT INTO notices (sender, recipient, created_at) SELECT 'u' || (1 + i % 500), 'u' || (1 + (i * 7) % 300), timestamp '2024-01-01' + i * interval '1 minute' FROM generate_series(1, 4000) i`,
		`CREATE INDEX notices_sender ON notices (sender)`,
		`CREATE INDEX notices_recipient_time ON notices (recipient, created_at DESC)`)
	n := table(t, p, "public.notices")
	if pk := partColumns(&n.PartitionKey); !slices.Equal(pk, []string{"recipient"}) {
		t.Errorf("notices: pk %v, want recipient, whose list the source keeps in order", pk)
	}
}

// TestNullableKeyParts: a unique index over columns declared nullable that
// hold no NULL in any row still names its owner: a media item's thumbnails
// are keyed by the item, the sizes within it.
func TestNullableKeyParts(t *testing.T) {
	rows := int64(3_000)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "thumbnails", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("media_id", "text", "S"), col("width", "integer", "N"), col("height", "integer", "N"), col("length", "integer", "N")},
		Uniques: []catalog.Index{{Name: "thumbnails_key", Columns: []string{"media_id", "width", "height"}}},
	}}}
	for i := 0; i < 3; i++ {
		s.Tables[0].Columns[i].NotNull = false
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "thumbnails", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("media_id", 800, 4, 20), prof("width", 1_000, 10, 4), prof("height", 1_000, 10, 4), prof("length", 2_900, 2, 4),
	}}}}
	pk, sk, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"width", "media_id"}, {"media_id", "width", "height"}}})
	if !slices.Equal(pk, []string{"media_id"}) || !slices.Equal(sk, []string{"width", "height"}) || !strings.HasPrefix(why, "rule "+RuleNullableKeyParts+": ") {
		t.Errorf("thumbnails: pk %v sk %v why %q, want media_id / width+height by %s", pk, sk, why, RuleNullableKeyParts)
	}
}

// TestVariedKeyPart: UNIQUE(medium, address), neither a reference nor a
// code, is owned by the address (many values), the two-value medium
// completing the key — not by user_id, a column only the data shows
// nearly unique.
func TestVariedKeyPart(t *testing.T) {
	rows := int64(800)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "user_threepids", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("user_id", "text", "S"), col("medium", "text", "S"), col("address", "text", "S")},
		Uniques: []catalog.Index{{Name: "medium_address", Columns: []string{"medium", "address"}, Constraint: true}},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "user_threepids", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("user_id", 700, 2, 30), prof("medium", 2, 700, 5), prof("address", rows, 1, 25),
	}}}}
	pk, sk, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"user_id", "address"}, {"address"}}})
	if !slices.Equal(pk, []string{"address"}) || !slices.Equal(sk, []string{"medium"}) || !strings.Contains(why, RuleVariedKeyPart) {
		t.Errorf("user_threepids: pk %v sk %v why %q, want address / medium by %s", pk, sk, why, RuleVariedKeyPart)
	}
}

// TestKeylessOwnerFirst: without a primary key, UNIQUE(room_id, type,
// state_key) names the rows' owner before UNIQUE(event_id), which stays a
// lookup.
func TestKeylessOwnerFirst(t *testing.T) {
	rows := int64(4_000)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "current_state", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("event_id", "text", "S"), col("room_id", "text", "S"), col("type", "text", "S"), col("state_key", "text", "S")},
		Uniques: []catalog.Index{
			{Name: "current_state_event_id_key", Columns: []string{"event_id"}, Constraint: true},
			{Name: "current_state_room_key", Columns: []string{"room_id", "type", "state_key"}, Constraint: true},
		},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "current_state", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("event_id", rows, 1, 44), prof("room_id", 400, 200, 30), prof("type", 12, 2_000, 14), prof("state_key", 1_000, 20, 30),
	}}}}
	pk, sk, why := designOne(t, s, p, &fakeChecker{})
	if !slices.Equal(pk, []string{"room_id"}) || !slices.Equal(sk, []string{"type", "state_key"}) || !strings.Contains(why, RuleKeylessOwnerFirst) {
		t.Errorf("current_state: pk %v sk %v why %q, want room_id / type+state_key by %s", pk, sk, why, RuleKeylessOwnerFirst)
	}
}

// pushersLike is a table keyed by UNIQUE(<code>, pushkey, user_name): the
// code has 3 values in 1,200 rows, the hottest holding two thirds; with
// parent set, a table named after the code's name (apps) is in the schema.
func pushersLike(code string, parent bool) (*catalog.Schema, *catalog.Profile) {
	rows := int64(1_200)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "pushers", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("id", "bigint", "N"), col("user_name", "text", "S"), col(code, "text", "S"), col("pushkey", "text", "S")},
		PrimaryKey: &catalog.Index{Name: "pushers_pkey", Columns: []string{"id"}, Constraint: true},
		Uniques:    []catalog.Index{{Name: "pushers_key", Columns: []string{code, "pushkey", "user_name"}, Constraint: true}},
	}}}
	idp := prof("id", rows, 1, 8)
	one := 1.0
	idp.Correlation, idp.Min, idp.Max = &one, "1", "1200"
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "pushers", Rows: rows, Columns: []catalog.ColumnProfile{
		idp, prof("user_name", 700, 5, 30), prof(code, 3, 800, 20), prof("pushkey", rows, 1, 40),
	}}}}
	if parent {
		s.Tables = append(s.Tables, catalog.Table{Schema: "public", Name: "apps", Kind: catalog.KindTable, Migratable: true,
			Columns:    []catalog.Column{col("id", "text", "S")},
			PrimaryKey: &catalog.Index{Name: "apps_pkey", Columns: []string{"id"}, Constraint: true}})
		p.Tables = append(p.Tables, catalog.TableProfile{Schema: "public", Name: "apps", Rows: 3, Columns: []catalog.ColumnProfile{prof("id", 3, 1, 20)}})
	}
	return s, p
}

// TestNamelessCodeYields: a code of few values named after no table
// (app_id, no apps table) yields the composite key to the key's
// many-valued code (user_name); named after a table of the schema it stays
// the owner, however few its values.
func TestNamelessCodeYields(t *testing.T) {
	s, p := pushersLike("app_id", false)
	pk, sk, why := designOne(t, s, p, &fakeChecker{})
	if !slices.Equal(pk, []string{"user_name"}) || !slices.Equal(sk, []string{"app_id", "pushkey"}) || !strings.Contains(why, RuleNamelessCodeYields) {
		t.Errorf("pushers: pk %v sk %v why %q, want user_name / app_id+pushkey by %s", pk, sk, why, RuleNamelessCodeYields)
	}
	s, p = pushersLike("app_id", true)
	if pk, sk, why := designOne(t, s, p, &fakeChecker{}); !slices.Equal(pk, []string{"app_id"}) || strings.Contains(why, RuleNamelessCodeYields) {
		t.Errorf("pushers beside apps: pk %v sk %v why %q, want app_id, a parent's id, as the owner", pk, sk, why)
	}
}

// TestUniqueKeyPrefix: when the base key no longer serves the leading two
// columns of UNIQUE(app_id, pushkey, user_name), they are a lookup of
// their own, served by an enabled index.
func TestUniqueKeyPrefix(t *testing.T) {
	s, p := pushersLike("app_id", false)
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	enabled := map[string]bool{}
	for _, ix := range pt.Indexes {
		enabled[ix.Name] = ix.Enabled
	}
	var found bool
	for _, ap := range pt.AccessPaths {
		if slices.Equal(ap.Columns, []string{"app_id", "pushkey"}) && strings.Contains(ap.Source, RuleUniqueKeyPrefix) {
			found = true
			if !enabled[ap.ServedBy] {
				t.Errorf("prefix lookup not served by an enabled index: %+v", ap)
			}
		}
	}
	if !found {
		t.Errorf("no access path for (app_id, pushkey): %+v", pt.AccessPaths)
	}
	// Served by the base key (app_id owns the rows beside an apps
	// table), the prefix is no access path of its own.
	s, p = pushersLike("app_id", true)
	plan, err = Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ap := range plan.Tables[0].AccessPaths {
		if strings.Contains(ap.Source, RuleUniqueKeyPrefix) {
			t.Errorf("prefix lookup listed though the base key serves it: %+v", ap)
		}
	}
}

// TestListedOwner: a notifications table without a primary key whose
// source lists the rows by user_id in two indexes is the user's, not the
// event's (event_id: two rows per value, a key only the data shows), and
// the (room_id, user_id) index still serves a room's rows.
func TestListedOwner(t *testing.T) {
	rows := int64(2_600)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "event_push_actions", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("room_id", "text", "S"), col("event_id", "text", "S"), col("user_id", "text", "S"), col("stream_ordering", "bigint", "N")},
		Indexes: []catalog.Index{
			{Name: "rm_tokens", Columns: []string{"user_id", "room_id", "stream_ordering"}},
			{Name: "u_highlight", Columns: []string{"user_id", "stream_ordering"}},
			{Name: "room_user", Columns: []string{"room_id", "user_id"}},
		},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "event_push_actions", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("room_id", 200, 300, 30), prof("event_id", 1_300, 2, 44), prof("user_id", 600, 20, 30), prof("stream_ordering", 1_300, 2, 8),
	}}}}
	chk := &fakeChecker{unique: [][]string{{"event_id", "user_id"}, {"user_id", "stream_ordering"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	pk, sk, why := partColumns(&pt.PartitionKey), partColumns(pt.SortKey), pt.PartitionKey.Why[0]
	if !slices.Equal(pk, []string{"user_id"}) || len(sk) == 0 || sk[0] != "room_id" || !strings.Contains(why, RuleListedOwner) {
		t.Errorf("event_push_actions: pk %v sk %v why %q, want user_id / room_id… by %s", pk, sk, why, RuleListedOwner)
	}
	for _, ap := range pt.AccessPaths {
		if slices.Equal(ap.Columns, []string{"room_id", "user_id"}) && (ap.ServedBy == plans.ServedByBase || ap.ServedBy == plans.ServedByNone) {
			t.Errorf("(room_id, user_id) served by %q: a room's rows need an index led by room_id", ap.ServedBy)
		}
	}
}

// TestNumberedValues: vendors keyed by a dense integer numbering, with a
// reference to their country (30 values for 900 rows) and a label whose
// values are zero-padded numbers under one prefix (Vendor-00001 …
// Vendor-00900). The label is a code a system issued, unique in the data:
// the identity (rule numbered-values), not a descriptive name the country
// owns. A label of words (Blue Harbour Trading) stays a name.
func TestNumberedValues(t *testing.T) {
	rows := int64(900)
	build := func(lo, hi string) (*catalog.Schema, *catalog.Profile) {
		s := &catalog.Schema{Tables: []catalog.Table{
			tableOf("vendors", []catalog.Column{col("vendor_seq", "integer", "N"), col("label", "character varying", "S"), col("country_id", "integer", "N")},
				[]string{"vendor_seq"}, fkTo("vendors_country_fkey", "country_id", "countries")),
			tableOf("countries", []catalog.Column{serialCol("id", "countries"), col("iso", "character", "S")}, []string{"id"}),
		}}
		s.Tables[1].Migratable = false
		label := prof("label", rows, 1, 12)
		label.Min, label.Max, label.TopValues = lo, hi, nil
		seq := prof("vendor_seq", rows, 1, 4)
		seq.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "vendors", Rows: rows, Columns: []catalog.ColumnProfile{
			seq, label, prof("country_id", 30, 60, 4),
		}}}}
		return s, p
	}
	s, p := build("Vendor-00001", "Vendor-00900")
	pk, sk, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"label"}, {"vendor_seq"}}})
	if !slices.Equal(pk, []string{"label"}) || len(sk) != 0 || !strings.Contains(why, "rule "+RuleNumberedValues) {
		t.Errorf("numbered labels: pk %v sk %v why %q, want label alone by %s", pk, sk, why, RuleNumberedValues)
	}
	// Numbered values inside a composite declared key are numbered
	// within the key's other part: no identity alone.
	ns := &catalog.Schema{Tables: []catalog.Table{tableOf("entries", []catalog.Column{col("space", "text", "S"), col("label", "text", "S"), col("body", "text", "S")}, []string{"space", "label"})}}
	label := prof("label", rows, 1, 12)
	label.Min, label.Max, label.TopValues = "entry-00001", "entry-00900", nil
	np := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "entries", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("space", 30, 30, 5), label, prof("body", rows, 1, 32),
	}}}}
	if pk, _, why := designOne(t, ns, np, &fakeChecker{unique: [][]string{{"label"}, {"body"}}}); strings.Contains(why, RuleNumberedValues) {
		t.Errorf("numbered labels in PRIMARY KEY (space, label): pk %v why %q, want no %s", pk, why, RuleNumberedValues)
	}
	s, p = build("Amber Coast Goods", "Zephyr Tools")
	if pk, _, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"label"}, {"vendor_seq"}}}); slices.Equal(pk, []string{"label"}) && strings.Contains(why, RuleNumberedValues) {
		t.Errorf("worded labels: pk %v why %q, want no %s", pk, why, RuleNumberedValues)
	}
}

// TestOrdinalPosition: a checklist's steps, numbered by a serial, owned by
// their checklist and placed by an integer position that the data shows
// unique within it (nothing declares it). The steps are read in position
// order: the position leads the sort key and the serial keeps it unique
// tomorrow (rule ordinal-position). A count beside it (attempts) is never
// tried as a sort key.
func TestOrdinalPosition(t *testing.T) {
	rows := int64(4_000)
	s := &catalog.Schema{Tables: []catalog.Table{
		tableOf("steps", []catalog.Column{serialCol("id", "steps"), col("checklist_id", "bigint", "N"), col("position", "integer", "N"), col("attempts", "integer", "N")},
			[]string{"id"}, fkTo("steps_checklist_fkey", "checklist_id", "checklists")),
		tableOf("checklists", []catalog.Column{serialCol("id", "checklists"), col("owner", "text", "S")}, []string{"id"}),
	}}
	s.Tables[1].Migratable = false
	id := prof("id", rows, 1, 4)
	id.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('steps_id_seq'::regclass)"}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "steps", Rows: rows, Columns: []catalog.ColumnProfile{
		id, prof("checklist_id", 1_000, 9, 4), prof("position", 9, 1_000, 4), prof("attempts", 9, 1_000, 4),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"id"}, {"checklist_id", "position"}, {"checklist_id", "attempts"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey)
	if !slices.Equal(pk, []string{"checklist_id"}) || !slices.Equal(sk, []string{"position", "id"}) {
		t.Errorf("steps: pk %v sk %v, want checklist_id / position, id", pk, sk)
	}
	if pt.SortKey == nil || !strings.Contains(strings.Join(pt.SortKey.Why, " "), "rule "+RuleOrdinalPosition) {
		t.Errorf("steps: sort key why does not cite %s: %v", RuleOrdinalPosition, pt.SortKey)
	}
}

// TestHandleBeforeMail: members keyed by a serial, with UNIQUE (email)
// declared before UNIQUE (display_name): the display name is the identity
// others see, the address a contact detail people change (rule
// handle-before-mail). Beside a unique public uuid, no handle, the address
// keeps its place.
func TestHandleBeforeMail(t *testing.T) {
	rows := int64(2_000)
	build := func(other string) (*catalog.Schema, *catalog.Profile) {
		s := &catalog.Schema{Tables: []catalog.Table{tableOf("members",
			[]catalog.Column{serialCol("id", "members"), col("email", "text", "S"), col(other, "text", "S"), col("joined_at", "timestamp with time zone", "D")}, []string{"id"})}}
		s.Tables[0].Uniques = []catalog.Index{
			{Name: "members_email_key", Columns: []string{"email"}, Constraint: true},
			{Name: "members_" + other + "_key", Columns: []string{other}, Constraint: true},
		}
		id := prof("id", rows, 1, 4)
		id.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('members_id_seq'::regclass)"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "members", Rows: rows, Columns: []catalog.ColumnProfile{
			id, prof("email", rows, 1, 24), prof(other, rows, 1, 12), prof("joined_at", rows, 1, 22),
		}}}}
		return s, p
	}
	s, p := build("display_name")
	pk, _, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"id"}, {"email"}, {"display_name"}}})
	if !slices.Equal(pk, []string{"display_name"}) || !strings.Contains(why, RuleHandleBeforeMail) {
		t.Errorf("display_name beside email: pk %v why %q, want display_name by %s", pk, why, RuleHandleBeforeMail)
	}
	s, p = build("public_uuid")
	if pk, _, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"id"}, {"email"}, {"public_uuid"}}}); !slices.Equal(pk, []string{"email"}) || strings.Contains(why, RuleHandleBeforeMail) {
		t.Errorf("uuid beside email: pk %v why %q, want email, no %s", pk, why, RuleHandleBeforeMail)
	}
}

// TestLoginFirst: staff keyed by a serial, with a badge number and a
// login, both unique, the badge first in the table: the login a person
// signs in with is the identity the application uses (rule login-first),
// whether the data alone proves both unique or unique constraints
// declare them (the badge's first).
func TestLoginFirst(t *testing.T) {
	rows := int64(300)
	for _, declared := range []bool{false, true} {
		s := &catalog.Schema{Tables: []catalog.Table{tableOf("staff",
			[]catalog.Column{serialCol("id", "staff"), col("badge_no", "text", "S"), col("login", "text", "S"), col("hired_on", "date", "D")}, []string{"id"})}}
		if declared {
			s.Tables[0].Uniques = []catalog.Index{{Name: "staff_badge_key", Columns: []string{"badge_no"}, Constraint: true}, {Name: "staff_login_key", Columns: []string{"login"}, Constraint: true}}
		}
		id := prof("id", rows, 1, 4)
		id.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('staff_id_seq'::regclass)"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "staff", Rows: rows, Columns: []catalog.ColumnProfile{
			id, prof("badge_no", rows, 1, 9), prof("login", rows, 1, 12), prof("hired_on", 200, 4, 4),
		}}}}
		pk, _, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"id"}, {"badge_no"}, {"login"}}})
		if !slices.Equal(pk, []string{"login"}) || !strings.Contains(why, RuleLoginFirst) {
			t.Errorf("declared %v: pk %v why %q, want login by %s", declared, pk, why, RuleLoginFirst)
		}
	}
}

// TestCalendarDate: calendar_days keyed by a dense integer, with a
// business code and the day's date, both unique in the data: each row is
// that day, so the date is the identity (rule calendar-date), not the
// code. The same columns in a table not named for time keep the code.
func TestCalendarDate(t *testing.T) {
	rows := int64(730)
	for _, table := range []string{"calendar_days", "promotions"} {
		s := &catalog.Schema{Tables: []catalog.Table{tableOf(table,
			[]catalog.Column{col("day_sk", "integer", "N"), col("day_code", "character", "S"), col("day", "date", "D"), col("weekday", "text", "S")}, []string{"day_sk"})}}
		s.Tables[0].Columns[1].TypeModifier = "(16)"
		sk := prof("day_sk", rows, 1, 4)
		sk.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: table, Rows: rows, Columns: []catalog.ColumnProfile{
			sk, prof("day_code", rows, 1, 16), prof("day", rows, 1, 4), prof("weekday", 7, 105, 9),
		}}}}
		pk, _, why := designOne(t, s, p, &fakeChecker{unique: [][]string{{"day_sk"}, {"day_code"}, {"day"}}})
		switch table {
		case "calendar_days":
			if !slices.Equal(pk, []string{"day"}) || !strings.Contains(why, RuleCalendarDate) {
				t.Errorf("%s: pk %v why %q, want day by %s", table, pk, why, RuleCalendarDate)
			}
		default:
			if !slices.Equal(pk, []string{"day_code"}) {
				t.Errorf("%s: pk %v why %q, want day_code", table, pk, why)
			}
		}
	}
}

// TestIndexedFlag: a run table keyed by a serial id, with a status of four
// values for 400 rows (fewer than √rows) and an ordinary index on it: the
// index says the application filters by the status, not that it names a
// row, so the status is no partition key (rule indexed-flag).
func TestIndexedFlag(t *testing.T) {
	rows := int64(400)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "runs", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("id", "integer", "N"), col("status", "text", "S"), col("started", "timestamp with time zone", "D")},
		PrimaryKey: &catalog.Index{Name: "runs_pkey", Columns: []string{"id"}, Constraint: true},
		Indexes:    []catalog.Index{{Name: "runs_status", Columns: []string{"status"}}},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "runs", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 4), prof("status", 4, 150, 8), prof("started", rows, 1, 8),
	}}}}
	p.Tables[0].Columns[0].Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('runs_id_seq'::regclass)"}}
	pk, _, why := designOne(t, s, p, &fakeChecker{})
	if slices.Equal(pk, []string{"status"}) {
		t.Errorf("pk %v (%s), want no indexed flag as partition key", pk, why)
	}
}

// TestPayloadNotKey: a blob table keyed by a serial id with a bytea body
// unique in every row: the body is the row's payload, in no key, index or
// reference, and never the partition key (rule payload-not-key).
func TestPayloadNotKey(t *testing.T) {
	rows := int64(400)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "blobs", Kind: catalog.KindTable, Migratable: true,
		Columns:    []catalog.Column{col("id", "integer", "N"), col("body", "bytea", "U")},
		PrimaryKey: &catalog.Index{Name: "blobs_pkey", Columns: []string{"id"}, Constraint: true},
	}}}
	for i := range s.Tables[0].Columns {
		s.Tables[0].Columns[i].NotNull = true
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "blobs", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 4), prof("body", rows, 1, 16),
	}}}}
	p.Tables[0].Columns[0].Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('blobs_id_seq'::regclass)"}}
	pk, _, why := designOne(t, s, p, &fakeChecker{})
	if slices.Equal(pk, []string{"body"}) {
		t.Errorf("pk %v (%s), want no payload as partition key", pk, why)
	}
}

// TestIndexedFlagSparesDeclaredKeyParts: the leading column of a declared
// key of several columns holds few values (pk: 40 namespaces for 2,000
// items; room: 10 rooms for 1,002 bookings by day), fewer than √rows. It
// leads the primary key, not only an ordinary index: it is part of the
// rows' identity, so rule indexed-flag does not call it a flag, and the
// declared key stays the key (pk / sk, room / day).
func TestIndexedFlagSparesDeclaredKeyParts(t *testing.T) {
	for _, tc := range []struct {
		table, part, sort, sortType, sortCat string
		rows, values                         int64
	}{
		{"kv_items", "pk", "sk", "text", "S", 2000, 40},
		{"bookings", "room", "day", "date", "D", 1002, 10},
	} {
		s := &catalog.Schema{Tables: []catalog.Table{{
			Schema: "public", Name: tc.table, Kind: catalog.KindTable, Migratable: true,
			Columns:    []catalog.Column{col(tc.part, "text", "S"), col(tc.sort, tc.sortType, tc.sortCat), col("payload", "text", "S")},
			PrimaryKey: &catalog.Index{Name: tc.table + "_pkey", Columns: []string{tc.part, tc.sort}, Constraint: true},
		}}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: tc.table, Rows: tc.rows, Columns: []catalog.ColumnProfile{
			prof(tc.part, tc.values, tc.rows/tc.values, 5), prof(tc.sort, tc.rows/tc.values+2, tc.values, 10), prof("payload", tc.rows, 1, 32),
		}}}}
		pk, sk, why := designOne(t, s, p, &fakeChecker{})
		if !slices.Equal(pk, []string{tc.part}) || !slices.Equal(sk, []string{tc.sort}) {
			t.Errorf("%s: key %v / %v (%s), want %s / %s", tc.table, pk, sk, why, tc.part, tc.sort)
		}
	}
}

// TestPayloadNotKeyLastResort: a table with no constraint, a bytea body
// unique in every row and a creation time: nothing natural passes, and
// the last resort's "first column that can be a key" skipped nothing, so
// the payload was the partition key. It is taken only when no other
// column can be a key (rule payload-not-key).
func TestPayloadNotKeyLastResort(t *testing.T) {
	rows := int64(400)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "blobs", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("body", "bytea", "U"), col("created", "timestamp with time zone", "D")},
	}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "blobs", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("body", rows, 1, 16), prof("created", rows, 1, 8),
	}}}}
	pk, _, why := designOne(t, s, p, &fakeChecker{})
	if slices.Equal(pk, []string{"body"}) {
		t.Errorf("pk %v (%s), want no payload as partition key", pk, why)
	}
	s.Tables[0].Columns = s.Tables[0].Columns[:1]
	p.Tables[0].Columns = p.Tables[0].Columns[:1]
	if pk, _, why := designOne(t, s, p, &fakeChecker{}); !slices.Equal(pk, []string{"body"}) {
		t.Errorf("only a payload: pk %v (%s), want body, the one column that can be a key", pk, why)
	}
}
