package corpus

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Verdict is the expert's key design of one table. Only what is set is
// asserted, so a verdict states what an expert is sure of and leaves
// equally defensible details open.
type Verdict struct {
	// PartitionKey lists the partition key's columns in order.
	PartitionKey []string
	// SortKey lists the leading columns of the sort key; more columns may
	// follow (a tiebreak).
	SortKey []string
	// NoSortKey says the partition key alone identifies a row.
	NoSortKey bool
	// Tiebreak is the column the sort key must end with: a sequence-style
	// id may only appear there.
	Tiebreak string
	// Sharded says whether the partition key must be write-sharded (one
	// hot value would hold the load back). Always asserted unless Skipped.
	Sharded bool
	// NotPartitionKey are columns that must never be part of the partition
	// key: sequence-style ids, surrogates of other tables.
	NotPartitionKey []string
	// NoNaturalKey says no column is a natural key: the plan must warn that
	// no natural key passed, whatever key it then uses.
	NoNaturalKey bool
	// NoWarnings says the plan of this table must carry no warning: its key
	// is natural and proven by a constraint, nothing to review.
	NoWarnings bool
	// Skipped says the table cannot be a DynamoDB table (no key-able
	// column) and must be listed as skipped with the reason, without
	// aborting the plan of the other tables.
	Skipped bool
	// Why is the expert's reasoning.
	Why string
}

// Table is one corpus table: where it lives, how many rows it has and its
// verdict.
type Table struct {
	Schema, Name string
	Rows         int64
	Verdict      Verdict
	// sql creates and fills the table.
	sql string
}

// QualifiedName is schema.name, as plans name tables.
func (t Table) QualifiedName() string { return t.Schema + "." + t.Name }

// LongName is a 63-byte identifier (PostgreSQL's limit, NAMEDATALEN-1)
// with capitals, umlauts and spaces: a target name must be derived from it
// safely.
const LongName = "Kundenbestellungen Übersicht für das Geschäftsjahr 2024 Q1+2"

// uuidV4 is an SQL expression of a version-4 uuid (random bits) as text,
// derived from the integer expression i.
func uuidV4(i string) string {
	return fmt.Sprintf(`(substr(md5('k'||%[1]s),1,8)||'-'||substr(md5('k'||%[1]s),9,4)||'-4'||substr(md5('k'||%[1]s),14,3)||'-a'||substr(md5('k'||%[1]s),18,3)||'-'||substr(md5('k'||%[1]s),21,12))`, i)
}

// tables is the corpus, parents before children.
var tables = []Table{
	{
		Schema: "public", Name: "warehouses", Rows: 40,
		Verdict: Verdict{PartitionKey: []string{"warehouse_code"}, NoSortKey: true, NoWarnings: true,
			Why: "a natural text primary key (WH-001…) is the natural key: first-class, no fallback warning"},
		sql: `CREATE TABLE warehouses (warehouse_code text PRIMARY KEY, name text NOT NULL, city text NOT NULL);
INSERT INTO warehouses SELECT 'WH-'||lpad(i::text,3,'0'), 'Warehouse '||i, (ARRAY['Lyon','Porto','Gdansk','Leeds','Turin','Graz','Brno','Cork'])[1+i%8]
FROM generate_series(1,40) i;`,
	},
	{
		Schema: "public", Name: "warehouse_bins", Rows: 4000,
		Verdict: Verdict{PartitionKey: []string{"warehouse_code"}, SortKey: []string{"bin_label"},
			Why: "no constraints at all; warehouse_code is an undeclared reference to warehouses (name and values match), the owning entity (40 values × 100 bins, 0.1 s per key): pk warehouse_code, sk bin_label, the item collection of the warehouse"},
		sql: `CREATE TABLE warehouse_bins (warehouse_code text, bin_label text, capacity integer);
INSERT INTO warehouse_bins SELECT 'WH-'||lpad((1+(i/100))::text,3,'0'), chr(65+(i%100)/10)||'-'||lpad((i%10)::text,2,'0'), 10+(i*7)%90
FROM generate_series(0,3999) i;`,
	},
	{
		Schema: "public", Name: "sensor_readings", Rows: 3000,
		Verdict: Verdict{PartitionKey: []string{"sensor_serial"}, SortKey: []string{"read_at"},
			Why: "no constraints; the device's serial number is the entity (150 values × 20 readings), readings ordered by time within it"},
		sql: `CREATE TABLE sensor_readings (sensor_serial text, read_at timestamptz, reading double precision);
INSERT INTO sensor_readings SELECT 'SN-'||lpad((1000+(i*37)%150)::text,6,'0'), timestamptz '2024-03-01 00:00:00+00' + (i/150) * interval '5 min' + ((i*37)%150) * interval '1 s', ((i*7919)%1000)/10.0
FROM generate_series(0,2999) i;`,
	},
	{
		Schema: "public", Name: "ledger_entries", Rows: 5000,
		Verdict: Verdict{PartitionKey: []string{"account_code"}, Tiebreak: "entry_no", NotPartitionKey: []string{"entry_no"},
			Why: "entry_no is a dense monotonic integer without a default (sequence evidence from the data): only a tiebreak; the account code (250 values, 20 entries each) is the entity"},
		sql: `CREATE TABLE ledger_entries (entry_no integer PRIMARY KEY, account_code text NOT NULL, posted_on date NOT NULL, amount numeric(12,2) NOT NULL);
INSERT INTO ledger_entries SELECT i, 'ACC-'||lpad((1+(i*13)%250)::text,4,'0'), date '2024-01-01' + i/40, ((i*7919)%100000)/100.0
FROM generate_series(1,5000) i;`,
	},
	{
		Schema: "public", Name: "metrics", Rows: 3000,
		Verdict: Verdict{PartitionKey: []string{"host"}, Tiebreak: "sample_no", NotPartitionKey: []string{"sample_no"},
			Why: "no constraints; sample_no is dense 1..N in insertion order (sequence-style although nothing declares it): pk host (30 values × 100), sample_no only as the sort key"},
		sql: `CREATE TABLE metrics (sample_no bigint, host text, cpu double precision);
INSERT INTO metrics SELECT i, 'host-'||lpad((1+i%30)::text,2,'0'), ((i*31)%1000)/10.0
FROM generate_series(1,3000) i;`,
	},
	{
		Schema: "public", Name: "api_keys", Rows: 2000,
		Verdict: Verdict{PartitionKey: []string{"key_id"}, NoSortKey: true,
			Why: "an application-made version-4 uuid stored as text is random, stable across reloads and the identity clients use: a good partition key, not sequence-style"},
		sql: `CREATE TABLE api_keys (key_id text PRIMARY KEY, label text NOT NULL, created_at timestamptz NOT NULL);
INSERT INTO api_keys SELECT ` + uuidV4("i") + `, 'label-'||(i%20), timestamptz '2024-01-01 00:00:00+00' + i * interval '1 h'
FROM generate_series(1,2000) i ORDER BY md5('k'||i);`,
	},
	{
		Schema: "public", Name: "events_v7", Rows: 4000,
		Verdict: Verdict{PartitionKey: []string{"tenant_key"}, Tiebreak: "event_id", NotPartitionKey: []string{"event_id"},
			Why: "event_id is a version-7 uuid as text: it grows with time (sequence evidence from the data); the tenant (50 values × 80 events) is the entity, the v7 id sorts its events by time"},
		sql: `CREATE TABLE events_v7 (event_id text PRIMARY KEY, tenant_key text NOT NULL, kind text NOT NULL, at timestamptz NOT NULL);
INSERT INTO events_v7 SELECT substr(h,1,8)||'-'||substr(h,9,4)||'-7'||substr(md5('e'||i),1,3)||'-b'||substr(md5('e'||i),4,3)||'-'||substr(md5('e'||i),7,12),
  'tenant-'||lpad((1+(i*7)%50)::text,2,'0'), (ARRAY['open','close','update','delete','view'])[1+i%5], timestamptz '2024-05-01 00:00:00+00' + i * interval '1 s'
FROM (SELECT i, lpad(to_hex(1714521600000::bigint + i::bigint * 1000), 12, '0') AS h FROM generate_series(1,4000) i) s;`,
	},
	{
		Schema: "public", Name: "Order Archive", Rows: 3000,
		Verdict: Verdict{PartitionKey: []string{"Customer Ref"}, Tiebreak: "Order No", NotPartitionKey: []string{"Order No"},
			Why: "quoted name with a space and capitals (the target name must be made safe); \"Order No\" is a dense integer without a default: a tiebreak only; the customer reference (300 values × 10) is the entity"},
		sql: `CREATE TABLE "Order Archive" ("Order No" integer PRIMARY KEY, "Customer Ref" text NOT NULL, "Placed At" timestamptz NOT NULL, "Total" numeric(10,2) NOT NULL);
INSERT INTO "Order Archive" SELECT i, 'C-'||lpad((1+(i*17)%300)::text,4,'0'), timestamptz '2023-01-01 00:00:00+00' + i * interval '37 min', ((i*7919)%50000)/100.0
FROM generate_series(1,3000) i;`,
	},
	{
		Schema: "public", Name: "Order_Archive", Rows: 50,
		Verdict: Verdict{PartitionKey: []string{"archive_code"}, NoSortKey: true,
			Why: "its name is what \"Order Archive\" becomes once sanitised: the two target names must not collide; a natural text primary key"},
		sql: `CREATE TABLE "Order_Archive" (archive_code text PRIMARY KEY, note text);
INSERT INTO "Order_Archive" SELECT 'AR-'||lpad(i::text,3,'0'), 'box '||i FROM generate_series(1,50) i;`,
	},
	{
		Schema: "public", Name: LongName, Rows: 500,
		Verdict: Verdict{PartitionKey: []string{"Bestell-Nr"}, NoSortKey: true,
			Why: "a 63-byte unicode name with spaces; its natural order number (B-00001…) is the primary key"},
		sql: `CREATE TABLE "` + LongName + `" ("Bestell-Nr" text PRIMARY KEY, "Kunde" text NOT NULL);
INSERT INTO "` + LongName + `" SELECT 'B-'||lpad(i::text,5,'0'), 'Kunde '||(i%70) FROM generate_series(1,500) i;`,
	},
	{
		Schema: "public", Name: "tenants", Rows: 301,
		Verdict: Verdict{PartitionKey: []string{"tenant_code"}, NoSortKey: true, NoWarnings: true,
			Why: "a natural text primary key"},
		sql: `CREATE TABLE tenants (tenant_code text PRIMARY KEY, name text NOT NULL);
INSERT INTO tenants SELECT 'T-'||lpad(i::text,3,'0'), 'Tenant '||i FROM generate_series(0,299) i;
INSERT INTO tenants VALUES ('ACME', 'Acme Corporation');`,
	},
	{
		Schema: "archive", Name: "tenants", Rows: 40,
		Verdict: Verdict{PartitionKey: []string{"tenant_code"}, NoSortKey: true, NoWarnings: true,
			Why: "the same table name in a second schema: a natural text primary key, and a target name that must not collide with public.tenants"},
		sql: `CREATE SCHEMA archive;
CREATE TABLE archive.tenants (tenant_code text PRIMARY KEY, name text NOT NULL, closed_on date NOT NULL);
INSERT INTO archive.tenants SELECT 'X-'||lpad(i::text,3,'0'), 'Former tenant '||i, date '2020-01-01' + i*9 FROM generate_series(1,40) i;`,
	},
	{
		Schema: "public", Name: "tenant_invoices", Rows: 6000,
		Verdict: Verdict{PartitionKey: []string{"tenant_code"}, SortKey: []string{"invoice_number"},
			Why: "UNIQUE (tenant_code, invoice_number) with tenant_code the owning foreign key: pk tenant_code, sk invoice_number; ACME holds 2,500 of 6,000 invoices (2.5 s at 1,000 WCU/s against a 1.5 s ideal load at 4,000 WCU/s): a one-second tail of one load, so the key stays whole — sharding is permanent and costs every reader of a tenant a query per shard, and nothing says the live write rate needs it"},
		sql: `CREATE TABLE tenant_invoices (tenant_code text NOT NULL REFERENCES tenants, invoice_number text NOT NULL, issued_on date NOT NULL, amount numeric(10,2) NOT NULL,
  UNIQUE (tenant_code, invoice_number));
INSERT INTO tenant_invoices SELECT t, 'INV-'||lpad((row_number() OVER (PARTITION BY t ORDER BY i))::text,5,'0'), date '2024-01-01' + i/50, ((i*7919)%90000)/100.0
FROM (SELECT i, CASE WHEN i <= 2500 THEN 'ACME' ELSE 'T-'||lpad((i%300)::text,3,'0') END AS t FROM generate_series(1,6000) i) s ORDER BY i;`,
	},
	{
		Schema: "public", Name: "customers", Rows: 2000,
		Verdict: Verdict{PartitionKey: []string{"customer_code"}, NoSortKey: true, NotPartitionKey: []string{"id"},
			Why: "a natural code (UNIQUE customer_code) beside a serial primary key: the code is the identity people and other systems use; the serial id means nothing outside PostgreSQL"},
		sql: `CREATE TABLE customers (id serial PRIMARY KEY, customer_code text NOT NULL UNIQUE, full_name text NOT NULL, email text);
INSERT INTO customers (customer_code, full_name, email) SELECT 'CUST-'||lpad((i*7)::text,6,'0'),
  (ARRAY['Anna','Ben','Carla','David','Eva','Femi','Gita','Hugo'])[1+i%8]||' '||(ARRAY['Smith','Ng','Garcia','Kowalski','Okafor','Rossi'])[1+i%6], 'c'||i||'@example.com'
FROM generate_series(1,2000) i;`,
	},
	{
		Schema: "public", Name: "people", Rows: 3000,
		Verdict: Verdict{PartitionKey: []string{"last_name"}, SortKey: []string{"first_name"}, Tiebreak: "person_id", NotPartitionKey: []string{"person_id"},
			Why: "no natural identifier; people are looked up by family name (80 values, ~38 each): pk last_name, sk first_name then the identity id as a tiebreak, since names repeat and (last, first) is not unique"},
		sql: `CREATE TABLE people (person_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, birth_date date NOT NULL);
INSERT INTO people (first_name, last_name, birth_date) SELECT 'First'||lpad(((i*11)%60)::text,2,'0'), 'Last'||lpad(((i*7)%80)::text,2,'0'), date '1950-01-01' + (i*97)%20000
FROM generate_series(1,3000) i;`,
	},
	{
		Schema: "public", Name: "staff", Rows: 500,
		Verdict: Verdict{PartitionKey: []string{"handle"}, NoSortKey: true, NotPartitionKey: []string{"staff_id"},
			Why: "a unique handle beside a serial id: the handle is the natural identifier"},
		sql: `CREATE TABLE staff (staff_id serial PRIMARY KEY, handle text NOT NULL UNIQUE, full_name text NOT NULL);
INSERT INTO staff (handle, full_name) SELECT 'user'||substr(md5('s'||i),1,8), 'Staff '||(i%90) FROM generate_series(1,500) i;`,
	},
	{
		Schema: "public", Name: "branches", Rows: 500,
		Verdict: Verdict{PartitionKey: []string{"branch_code"}, NoSortKey: true, NotPartitionKey: []string{"branch_id", "manager_staff_id"},
			Why: "manager_staff_id mirrors staff's surrogate in step with branch_id and is not the owner (a branch is not the manager's): sequence-style; branch_code is the natural key"},
		sql: `CREATE TABLE branches (branch_id serial PRIMARY KEY, branch_code text NOT NULL UNIQUE, manager_staff_id integer NOT NULL UNIQUE REFERENCES staff, city text NOT NULL);
INSERT INTO branches (branch_code, manager_staff_id, city) SELECT 'BR'||lpad((i*3)::text,5,'0'), i, 'City '||(i%45) FROM generate_series(1,500) i;`,
	},
	{
		Schema: "public", Name: "articles", Rows: 400,
		Verdict: Verdict{PartitionKey: []string{"slug"}, NoSortKey: true, NoWarnings: true,
			Why: "a slug primary key is a natural identifier"},
		sql: `CREATE TABLE articles (slug text PRIMARY KEY, title text NOT NULL, published_at timestamptz NOT NULL);
INSERT INTO articles SELECT 'post-'||substr(md5('a'||i),1,10), 'Article '||i, timestamptz '2022-01-01 00:00:00+00' + i * interval '1 day' FROM generate_series(1,400) i;`,
	},
	{
		Schema: "public", Name: "tags", Rows: 60,
		Verdict: Verdict{PartitionKey: []string{"tag"}, NoSortKey: true, NoWarnings: true,
			Why: "a natural text primary key in a small table"},
		sql: `CREATE TABLE tags (tag text PRIMARY KEY);
INSERT INTO tags SELECT 'tag-'||lpad(i::text,2,'0') FROM generate_series(1,60) i;`,
	},
	{
		Schema: "public", Name: "article_tags", Rows: 1200,
		Verdict: Verdict{PartitionKey: []string{"slug"}, SortKey: []string{"tag"},
			Why: "PRIMARY KEY (slug, tag) with slug the owning foreign key (article_tags after articles): pk slug, sk tag — the item collection of the article; no composite of two foreign keys"},
		sql: `CREATE TABLE article_tags (slug text NOT NULL REFERENCES articles, tag text NOT NULL REFERENCES tags, PRIMARY KEY (slug, tag));
INSERT INTO article_tags SELECT a.slug, 'tag-'||lpad((1+(a.n*7+k*11)%60)::text,2,'0') FROM (SELECT slug, row_number() OVER (ORDER BY slug) n FROM articles) a, generate_series(0,2) k;`,
	},
	{
		Schema: "public", Name: "country_codes", Rows: 200,
		Verdict: Verdict{PartitionKey: []string{"iso2"}, NoSortKey: true,
			Why: "an ISO-style two-letter primary key: short, unique, the identifier people use"},
		sql: `CREATE TABLE country_codes (iso2 char(2) PRIMARY KEY, iso3 char(3) NOT NULL UNIQUE, name text NOT NULL UNIQUE, population bigint NOT NULL);
INSERT INTO country_codes SELECT chr(65+i/26)||chr(65+i%26), chr(65+i/26)||chr(65+i%26)||chr(65+(i*7)%26), 'Country '||i, 100000 + (i*7919)%9000000 FROM generate_series(0,199) i;`,
	},
	{
		Schema: "public", Name: "user_accounts", Rows: 1500,
		Verdict: Verdict{PartitionKey: []string{"handle"}, NoSortKey: true, NotPartitionKey: []string{"account_id"},
			Why: "account_id is a database-generated uuid (default gen_random_uuid()): it changes on a reload and means nothing outside PostgreSQL; the unique handle is the natural key, display names repeat"},
		sql: `CREATE TABLE user_accounts (account_id uuid PRIMARY KEY DEFAULT gen_random_uuid(), handle text NOT NULL UNIQUE, display_name text NOT NULL);
INSERT INTO user_accounts SELECT ` + uuidV4("i") + `::uuid, '@'||substr(md5('h'||i),1,9), 'Name '||(i%120) FROM generate_series(1,1500) i;`,
	},
	{
		Schema: "public", Name: "kv_items", Rows: 2000,
		Verdict: Verdict{PartitionKey: []string{"pk"}, SortKey: []string{"sk"},
			Why: "a single-table-design export: PRIMARY KEY (pk, sk) with columns named pk and sk; pk (40 values × 50) is the partition key, and pg2ddb's own key attributes must give way to the columns' names"},
		sql: `CREATE TABLE kv_items (pk text NOT NULL, sk text NOT NULL, payload text NOT NULL, PRIMARY KEY (pk, sk));
INSERT INTO kv_items SELECT 'ns-'||lpad((i%40)::text,2,'0'), 'item-'||lpad(i::text,5,'0'), md5('v'||i) FROM generate_series(1,2000) i;`,
	},
	{
		Schema: "public", Name: "ShipmentEvents", Rows: 2000,
		Verdict: Verdict{PartitionKey: []string{"trackingNo"}, SortKey: []string{"eventTime"},
			Why: "camelCase names and no constraints: trackingNo (tracking_no, 400 parcels × 5 events) is the identifier the events belong to, ordered by eventTime; statusCode is named like a code but holds 5 states, not identities"},
		sql: `CREATE TABLE "ShipmentEvents" ("trackingNo" text NOT NULL, "eventTime" timestamptz NOT NULL, "statusCode" text NOT NULL, "note" text);
INSERT INTO "ShipmentEvents" SELECT 'TRK'||lpad(((i*7)%400)::text,7,'0'), timestamptz '2024-06-01 00:00:00+00' + (i/400) * interval '6 h' + ((i*7)%400) * interval '1 s',
  (ARRAY['CREATED','PICKED','IN_TRANSIT','OUT_FOR_DELIVERY','DELIVERED'])[1+i/400], CASE WHEN i%9=0 THEN 'left at door' END
FROM generate_series(0,1999) i;`,
	},
	{
		Schema: "public", Name: "audit_events", Rows: 3000,
		Verdict: Verdict{PartitionKey: []string{"actor"}, Tiebreak: "id", NotPartitionKey: []string{"id"},
			Why: "a bigserial id and nothing named like an identifier, but the index on actor and the row-level-security policy USING (actor = current_user) say how rows are read: pk actor (60 values × 50), the id only as a tiebreak"},
		sql: `CREATE TABLE audit_events (id bigserial PRIMARY KEY, actor text NOT NULL, action text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX audit_events_actor ON audit_events (actor);
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_events_own ON audit_events USING (actor = current_user);
INSERT INTO audit_events (actor, action, at) SELECT 'u'||lpad(((i*13)%60)::text,3,'0'), (ARRAY['login','logout','read','write','grant','revoke','export','delete'])[1+i%8],
  timestamptz '2024-04-01 00:00:00+00' + i * interval '17 s' FROM generate_series(1,3000) i;`,
	},
	{
		Schema: "public", Name: "raw_payloads", Rows: 100,
		Verdict: Verdict{Skipped: true,
			Why: "only a jsonb column: nothing can be a DynamoDB key; the table is skipped with the reason, the plan of the others goes on"},
		sql: `CREATE TABLE raw_payloads (doc jsonb);
INSERT INTO raw_payloads SELECT jsonb_build_object('n', i, 'tag', 'x'||(i%5)) FROM generate_series(1,100) i;`,
	},
	{
		Schema: "public", Name: "import_batches", Rows: 300,
		Verdict: Verdict{NoNaturalKey: true,
			Why: "a serial id, a free-text note and a load time: nothing natural identifies a batch; the plan must say so and name the best rejected candidates"},
		sql: `CREATE TABLE import_batches (id serial PRIMARY KEY, note text, loaded_at timestamptz NOT NULL);
INSERT INTO import_batches (note, loaded_at) SELECT 'batch '||md5('b'||i), timestamptz '2024-02-01 00:00:00+00' + i * interval '10 min' FROM generate_series(1,300) i;`,
	},
}

// Tables returns the corpus tables with their verdicts, parents first.
func Tables() []Table { return append([]Table(nil), tables...) }

// Build creates every corpus table in pool's database and fills it, then
// analyzes the tables so the planner's statistics match the data. The
// database should be empty and belong to the caller's test.
func Build(ctx context.Context, pool *pgxpool.Pool) error {
	for _, t := range tables {
		if _, err := pool.Exec(ctx, t.sql); err != nil {
			return fmt.Errorf("corpus: build %s: %w", t.QualifiedName(), err)
		}
	}
	if _, err := pool.Exec(ctx, "ANALYZE"); err != nil {
		return fmt.Errorf("corpus: analyze: %w", err)
	}
	return nil
}
