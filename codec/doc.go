// Package codec is the one place that knows what pg2ddb does with each
// PostgreSQL type: the DynamoDB type and attribute encoding a column gets,
// whether and how it can be part of a key, the SQL that turns a value into
// the text a load writes, how that text is encoded as DynamoDB JSON, how
// wide it is, and how the type is shown to a person.
//
// Before it existed these rules lived in five switches (extract, mapping,
// two encoders in load, plans), keyed by type names compared as strings,
// and they disagreed: a numeric planned as S was written as N. Now mapping
// asks Attribute and KeyRule, extract asks KeyPartSQL, ValueSQL and
// KeyProblems, and load asks AppendValue and AppendKey, all from the same
// table (rules), and what the plan declares is what is written.
package codec
