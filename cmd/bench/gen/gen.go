package gen

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Version changes whenever the generated data would change for the same
// Spec, so a kept database of an older generator is rebuilt.
const Version = 2

// Spec describes one generated table.
type Spec struct {
	Rows      int64   // orders
	Customers int64   // customer ids are 1..Customers (not all have orders)
	Zipf      float64 // exponent s of P(rank k) ∝ 1/k^s; 1 is classic Zipf
	Seed      int64
}

// DefaultSpec is the benchmark's table: 1M orders over 200k customer ids,
// Zipf exponent 0.8. The hottest customer holds 1.4% of the orders (about
// 14,000, against a median of 2), the ten hottest 6%.
//
// The exponent is chosen for figure 2 (spread). At the planned 8,000 WCU/s
// over 8 partitions of 1,000 WCU/s, the hottest customer takes 14 s at one
// key's 1,000 WCU/s against the whole table's 125 s, so it does not force
// write sharding, and the fullest partition holds about 1.09× the mean: the
// physical floor of any write order is near the ideal, and what the spread
// figure measures above it is the order's doing. With exponent 1 the
// hottest customer holds 5.7% and its partition 1.3× the mean, still below
// the planner's sharding threshold (12.5% at that rate): no order could
// come within 1.25× of the ideal, and the figure would measure the data.
func DefaultSpec() Spec { return Spec{Rows: 1_000_000, Customers: 200_000, Zipf: 0.8, Seed: 42} }

// Database is the name of the database holding the table of s.
func (s Spec) Database() string {
	return fmt.Sprintf("pg2ddb_bench_r%d_c%d_z%s_s%d", s.Rows, s.Customers,
		strings.ReplaceAll(fmt.Sprintf("%g", s.Zipf), ".", "p"), s.Seed)
}

// Table is the generated table's name.
const Table = "orders"

// marker is the database comment that says a database is complete.
func (s Spec) marker() string {
	return fmt.Sprintf("pg2ddb bench data v%d rows=%d customers=%d zipf=%g seed=%d", Version, s.Rows, s.Customers, s.Zipf, s.Seed)
}

// rankExpr is the SQL expression of a customer's popularity rank 1..N from
// the uniform u in [0,1): the inverse CDF of a continuous power law on
// [1, N+1) with exponent s, floored. For s = 1 it is floor((N+1)^u).
func rankExpr(u string, n int64, s float64) string {
	if math.Abs(s-1) < 1e-9 {
		return fmt.Sprintf("floor(power(%d::float8, %s))::bigint", n+1, u)
	}
	a := 1 - s
	// x = (1 + u*((N+1)^a - 1))^(1/a)
	return fmt.Sprintf("least(floor(power(1 + %s * (power(%d::float8, %g) - 1), %g))::bigint, %d)", u, n+1, a, 1/a, n)
}

// catalogSize is the number of distinct items documents; each order picks
// one by its hash. Building 1M jsonb values row by row costs more than the
// rest of the generator together, and real line items repeat too.
const catalogSize = 65536

// InsertSQL is the statement that fills the table.
func (s Spec) InsertSQL() string {
	// The rank is scrambled into a customer id by a bijection of 1..N
	// (multiplication by a number coprime to N, plus an offset), so the hot
	// customers are not simply ids 1, 2, 3.
	mult := coprime(s.Customers)
	off := (s.Seed*104729 + 17) % s.Customers
	if off < 0 {
		off += s.Customers
	}
	// u(k) is the k-th uniform in [0,1) of a row, from 32 bits of its hash.
	u := func(k int) string {
		return fmt.Sprintf("(('x' || substr(h, %d, 8))::bit(32)::bigint / 4294967296.0::float8)", 1+8*k)
	}
	return fmt.Sprintf(`
WITH catalog AS MATERIALIZED (
  SELECT k, CASE k %% 3
    WHEN 0 THEN jsonb_build_object('channel', 'web', 'lines', jsonb_build_array(
      jsonb_build_object('sku', 'SKU-' || substr(h, 1, 5), 'qty', 1 + k %% 4, 'price', (k %% 20000) * 0.01)))
    WHEN 1 THEN jsonb_build_object('channel', 'app', 'gift', k %% 2 = 0, 'lines', jsonb_build_array(
      jsonb_build_object('sku', 'SKU-' || substr(h, 1, 5), 'qty', 1, 'price', (k %% 12000) * 0.01),
      jsonb_build_object('sku', 'SKU-' || substr(h, 6, 5), 'qty', 2, 'price', (k %% 8000) * 0.01)))
    ELSE jsonb_build_object('channel', 'store', 'lines', jsonb_build_array(
      jsonb_build_object('sku', 'SKU-' || substr(h, 1, 5), 'qty', 1, 'price', 9.99),
      jsonb_build_object('sku', 'SKU-' || substr(h, 6, 5), 'qty', 1, 'price', 4.5),
      jsonb_build_object('sku', 'SKU-' || substr(h, 11, 5), 'qty', 3, 'price', 1.25)))
    END AS items
  FROM (SELECT k, md5('%[7]d:items:' || k) AS h FROM generate_series(0, %[9]d - 1) AS k) AS c
)
INSERT INTO %[1]s (order_id, customer_id, order_no, created_at, amount, status, items, note)
SELECT row_number() OVER (ORDER BY customer_id, order_no), customer_id, order_no, created_at, amount, status, items, note
FROM (
  SELECT r.customer_id,
         row_number() OVER (PARTITION BY r.customer_id ORDER BY r.created_at, r.i)::int AS order_no,
         r.created_at, r.amount, r.status, c.items, r.note
  FROM (
    SELECT i,
      ((%[2]s - 1) * %[3]d + %[10]d) %% %[4]d + 1 AS customer_id,
      timestamptz '2021-01-01 00:00:00+00' + floor(%[5]s * 94608000000000) * interval '1 microsecond' AS created_at,
      ((100 + floor(%[6]s * %[6]s * 99900)::bigint) * 0.01)::numeric(12,2) AS amount,
      CASE substr(h, 25, 1)
        WHEN '0' THEN 'pending' WHEN '1' THEN 'paid' WHEN '2' THEN 'paid' WHEN '3' THEN 'shipped' WHEN '4' THEN 'shipped'
        WHEN '5' THEN 'cancelled' WHEN '6' THEN 'refunded' ELSE 'delivered' END AS status,
      ('x' || substr(h, 26, 4))::bit(16)::int %% %[9]d AS ik,
      CASE WHEN substr(h, 30, 1) IN ('0', '1', '2', '3') THEN 'Leave at door ' || substr(h, 1, 12) || ' — ring twice' END AS note
    FROM (SELECT i, md5('%[7]d:' || i) AS h FROM generate_series(1, %[8]d::bigint) AS i OFFSET 0) AS g
  ) AS r
  JOIN catalog AS c ON c.k = r.ik
) AS t
ORDER BY customer_id, order_no`, Table, rankExpr(u(0), s.Customers, s.Zipf), mult, s.Customers, u(1), u(2), s.Seed, s.Rows, catalogSize, off)
}

// DDL creates the tables without their indexes (built after the insert).
const DDL = `
CREATE TABLE customers (
  customer_id integer NOT NULL,
  name        text NOT NULL,
  email       text NOT NULL,
  country     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE TABLE orders (
  order_id    bigserial NOT NULL,
  customer_id integer NOT NULL,
  order_no    integer NOT NULL,
  created_at  timestamptz NOT NULL,
  amount      numeric(12,2) NOT NULL,
  status      text NOT NULL,
  items       jsonb NOT NULL,
  note        text
)`

// customersSQL fills customers with every id 1..N, so the foreign key holds.
func (s Spec) customersSQL() string {
	return fmt.Sprintf(`
INSERT INTO customers (customer_id, name, email, country, created_at)
SELECT i, 'Customer ' || substr(h, 1, 8), 'c' || i || '@example.' || (ARRAY['com','org','net','de','fr'])[1 + i %% 5],
       (ARRAY['US','DE','FR','GB','JP','BR','IN','CA'])[1 + ('x' || substr(h, 9, 1))::bit(4)::int %% 8],
       timestamptz '2018-01-01 00:00:00+00' + floor(('x' || substr(h, 10, 8))::bit(32)::bigint / 4294967296.0::float8 * 94608000) * interval '1 second'
FROM (SELECT i, md5('%d:customer:' || i) AS h FROM generate_series(1, %d) AS i) AS g`, s.Seed, s.Customers)
}

// IndexDDL adds the keys: a surrogate primary key (the sequence-style key the
// planner must not pick as partition key), the natural key (customer_id,
// order_no) and the foreign key to customers that makes customer_id the
// entity the orders belong to.
var IndexDDL = []string{
	`ALTER TABLE customers ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id)`,
	`ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id)`,
	`ALTER TABLE orders ADD CONSTRAINT orders_customer_id_order_no_key UNIQUE (customer_id, order_no)`,
	`ALTER TABLE orders ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (customer_id)`,
	`SELECT setval(pg_get_serial_sequence('orders', 'order_id'), (SELECT max(order_id) FROM orders))`,
}

func coprime(n int64) int64 {
	for _, m := range []int64{7919, 7927, 7933, 7937, 7949, 104729} {
		if gcd(m, n) == 1 {
			return m
		}
	}
	return 1
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// WithDatabase returns the server URL with its database replaced by name.
func WithDatabase(server, name string) (string, error) {
	u, err := url.Parse(server)
	if err != nil {
		return "", fmt.Errorf("parse server URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// Ensure returns the URL of a database holding the table of s on the server
// at serverURL, generating it unless a complete one from the same generator
// version is there already. built reports whether it was generated.
func Ensure(ctx context.Context, serverURL string, s Spec, logf func(string, ...any)) (dbURL string, built bool, err error) {
	if s.Rows <= 0 || s.Customers <= 0 || s.Zipf <= 0 {
		return "", false, fmt.Errorf("gen: rows, customers and zipf must be positive")
	}
	name := s.Database()
	dbURL, err = WithDatabase(serverURL, name)
	if err != nil {
		return "", false, err
	}
	admin, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return "", false, fmt.Errorf("connect to %s: %w", serverURL, err)
	}
	defer admin.Close(context.WithoutCancel(ctx))
	var comment *string
	err = admin.QueryRow(ctx, `SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = $1`, name).Scan(&comment)
	if err == nil && comment != nil && *comment == s.marker() {
		return dbURL, false, nil
	}
	if err != nil && err != pgx.ErrNoRows {
		return "", false, err
	}
	start := time.Now()
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+ident+" WITH (FORCE)"); err != nil {
		return "", false, err
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+ident); err != nil {
		return "", false, err
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return "", false, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	steps := []string{
		"SET synchronous_commit = off",
		"SET work_mem = '512MB'",
		"SET maintenance_work_mem = '512MB'",
		"SET max_parallel_workers_per_gather = 0",
		"SET jit = off",
		DDL,
		s.customersSQL(),
		s.InsertSQL(),
	}
	steps = append(steps, IndexDDL...)
	for _, q := range steps {
		if _, err := conn.Exec(ctx, q); err != nil {
			return "", false, fmt.Errorf("generate %s: %w\n%s", name, err, q)
		}
	}
	// VACUUM sets the hint bits and the visibility map now, so the first
	// timed read does not pay for writing them back. (FREEZE would write
	// every page again for nothing a read-only benchmark needs.)
	for _, t := range []string{"customers", "orders"} {
		if _, err := conn.Exec(ctx, "VACUUM (ANALYZE) "+t); err != nil {
			return "", false, err
		}
	}
	if _, err := admin.Exec(ctx, "COMMENT ON DATABASE "+ident+" IS "+quote(s.marker())); err != nil {
		return "", false, err
	}
	if logf != nil {
		logf("generated %s (%d rows) in %.1fs", name, s.Rows, time.Since(start).Seconds())
	}
	return dbURL, true, nil
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
