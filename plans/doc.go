// Package plans is the plan document: the DynamoDB design for a set of
// PostgreSQL tables that a person reviews, edits and commits, and that load
// carries out. A plan names tables and columns, never pointers into a schema
// model, so a file reviewed today loads tomorrow; and it imports no other
// package of the project, so it stays readable on its own.
//
// The rationale sits next to each decision: chosen keys with their score and
// evidence, rejected candidates with reasons, warnings and estimates.
package plans
