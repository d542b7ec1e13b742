// Package catalog is pg2ddb's model of a source database: its tables,
// columns, declared keys, indexes, references and policies (Schema), what
// the data looks like (Profile), what the application runs (Workload), and
// the answers to uniqueness and key-spread questions.
//
// It is plain types: package extract fills them from PostgreSQL, package
// mapping reads them to design keys, and neither the driver nor the AWS SDK
// is imported here. The model is plain structs in catalog order (slices,
// not maps) so that its JSON rendering is deterministic and can be kept as
// golden files; the JSON field names are part of `pg2ddb inspect --format
// json` and stay stable.
package catalog
