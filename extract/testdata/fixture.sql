-- A fixture of pg2ddb's own for what the shared datasets lack: quoted and
-- mixed-case identifiers, json/jsonb, uuid with a gen_random_uuid default,
-- interval, inet, numeric arrays, a dense integer id without a default, a
-- low-cardinality status column and a hot value. Deterministic data (no
-- random()), so the assertions can be exact.
CREATE SCHEMA "Sales";

CREATE TYPE "Sales".order_status AS ENUM ('new', 'paid', 'shipped', 'cancelled');

CREATE DOMAIN "Sales"."Quantity" AS smallint CHECK (VALUE > 0);

CREATE TABLE "Sales"."Customers" (
    "CustomerID" varchar(12) PRIMARY KEY,
    "Name" text NOT NULL,
    email text UNIQUE
);
COMMENT ON TABLE "Sales"."Customers" IS 'who buys';

CREATE TABLE "Sales"."Order Items" (
    id integer PRIMARY KEY,
    "Qty" "Sales"."Quantity" NOT NULL,
    status "Sales".order_status NOT NULL,
    state text NOT NULL,
    "Customer" varchar(12) NOT NULL REFERENCES "Sales"."Customers",
    "Wëird ""name""" text,
    token uuid NOT NULL DEFAULT gen_random_uuid(),
    doc jsonb,
    meta json,
    lasted interval,
    addr inet,
    prices numeric(8,2)[],
    placed timestamptz NOT NULL,
    total numeric(12,2) GENERATED ALWAYS AS ("Qty" * 2.50) STORED,
    UNIQUE (id, "Customer")
);
COMMENT ON COLUMN "Sales"."Order Items"."Qty" IS 'units ordered';
CREATE UNIQUE INDEX "Order Items token" ON "Sales"."Order Items" (token);
CREATE UNIQUE INDEX order_items_lower_state ON "Sales"."Order Items" (lower(state), id);
CREATE UNIQUE INDEX order_items_partial ON "Sales"."Order Items" ("Customer") WHERE status = 'cancelled';

INSERT INTO "Sales"."Customers"
SELECT 'C' || lpad(n::text, 4, '0'), 'customer ' || n, 'c' || n || '@example.com' FROM generate_series(0, 599) n;

-- A composite foreign key, and one that references a unique column rather
-- than the primary key.
CREATE TABLE "Sales"."Shipments" (
    "OrderID" integer NOT NULL,
    "Customer" varchar(12) NOT NULL,
    notify text REFERENCES "Sales"."Customers" (email),
    FOREIGN KEY ("OrderID", "Customer") REFERENCES "Sales"."Order Items" (id, "Customer")
);

-- 5,000 rows: id 1..5000 in insertion order (dense, no default); status and
-- state with 3 values; customer C0000 holds 40 % of the rows (the hot value).
INSERT INTO "Sales"."Order Items"
    (id, "Qty", status, state, "Customer", "Wëird ""name""", doc, meta, lasted, addr, prices, placed)
SELECT n,
       1 + n % 7,
       (ARRAY['new', 'paid', 'shipped']::"Sales".order_status[])[1 + n % 3],
       (ARRAY['open', 'closed', 'held'])[1 + n % 3],
       CASE WHEN n % 5 < 2 THEN 'C0000' ELSE 'C' || lpad((1 + n % 599)::text, 4, '0') END,
       CASE WHEN n % 10 = 0 THEN NULL ELSE 'tab' || E'\t' || 'and "quote" ' || n END,
       jsonb_build_object('n', n, 'tags', jsonb_build_array('a', n % 4)),
       json_build_object('k', n % 3),
       make_interval(hours => n % 48),
       ('10.0.' || (n / 250) || '.' || (n % 250))::inet,
       ARRAY[n / 100.0, (n % 13) * 1.25]::numeric(8,2)[],
       timestamptz '2024-01-01 00:00:00+00' + n * interval '1 minute'
FROM generate_series(1, 5000) n;

INSERT INTO "Sales"."Shipments"
SELECT id, "Customer", 'c' || (id % 600) || '@example.com' FROM "Sales"."Order Items" WHERE id % 4 = 0;

-- A second schema, to check the schema filter, with time-ordered ids that
-- no default announces: ULIDs as text and version-7 uuids.
CREATE SCHEMA other;
CREATE TABLE other.note (body text);
INSERT INTO other.note VALUES ('x');
CREATE TABLE other.events (ulid text PRIMARY KEY, v7 uuid NOT NULL, v4 uuid NOT NULL, kind text NOT NULL);
INSERT INTO other.events
SELECT '01H' || upper(substr(md5(n::text), 1, 23)),
       (lpad(to_hex(1700000000000 + n), 12, '0') || '7' || substr(md5(n::text), 1, 3) || '8' || substr(md5(n::text), 4, 15))::uuid,
       (substr(md5(n::text), 1, 12) || '4' || substr(md5(n::text), 13, 3) || '9' || substr(md5(n::text), 16, 15))::uuid,
       'k' || n % 3
FROM generate_series(1, 1000) n;

ANALYZE;
