// Package mapping is where pg2ddb's judgement lives: from a schema and a
// profile of the data it designs the DynamoDB table for every source table —
// a natural partition key chosen by one decision list of named rules
// over one model of the schema as a graph (graph.go: tables, declared keys,
// references declared and inferred, with their evidence)
// (rules.go: declared keys and the owners in composite keys first, then
// data-proven identifiers, then gated candidates scored by their evidence),
// a sort key proven to make every item unique, write sharding when the
// source's live write rate (or the user) asks for it, the access paths the
// application needs, the type of every attribute and the estimates that
// justify it.
//
// It does no I/O of its own. The one question statistics cannot answer —
// whether a set of columns is exactly unique — goes through the
// UniquenessChecker the caller passes (extract.Snapshot in production, a
// fake in unit tests).
package mapping
