// Package target is the DynamoDB side of a plan: the definition of every
// target table (key schema, enabled global secondary indexes, capacity),
// its lifecycle (describe, create and wait until ACTIVE, delete), the checks
// that an existing table is the one the plan describes, and how calls that
// DynamoDB throttles or fails are retried.
//
// Every pipeline that creates or writes tables (load, the S3 import, bulk
// put, verify) goes through it, so all of them make and accept the same
// tables.
package target
