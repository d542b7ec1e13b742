// Package verify checks that DynamoDB holds a plan's source rows: per
// table, the source rows minus the rejects equal the items (a parallel,
// consistent count), every enabled index holds the items that have its key
// attributes, and a deterministic sample of source rows, encoded as a load
// encodes them, matches the stored items attribute by attribute.
package verify
