// Package gen builds the benchmark's source data in PostgreSQL: an
// orders-like table whose customers follow a Zipf distribution (a few very
// hot customers), stored clustered by customer as if loaded customer by
// customer, deterministic for a seed.
//
// Everything is computed by one INSERT … SELECT in SQL: the per-row
// pseudo-random numbers come from md5(seed:i) (four 32-bit uniforms per
// row), so the data does not depend on the server's PRNG, on parallel plans
// or on the session.
package gen
