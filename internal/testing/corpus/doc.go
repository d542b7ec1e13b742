// Package corpus builds an adversarial corpus of PostgreSQL tables, with
// their data, in a test database, and states for every table the key design
// a DynamoDB data-modelling expert would choose. It keeps pg2ddb's judgement
// honest on schemas nobody tuned the rules for (issue 11): tables without
// constraints, dense integers without defaults, uuid v4 and v7 ids stored as
// text, hot values in otherwise good columns, quoted mixed-case and unicode
// names, undeclared references, composite uniques, people's names that
// repeat, a jsonb-only table, a natural code beside a serial primary key,
// columns named pk and sk, an index and a row-level-security policy as the
// only evidence of how rows are read.
//
// The data is deterministic: every value is a function of generate_series'
// row number (md5 and modular arithmetic, no random()), so every build is the
// same corpus and a verdict that holds once holds every time. The whole
// corpus is 27 tables in two schemas, about 48,000 rows, and builds in a few
// seconds (2.8 s measured, with its database).
//
// It is test machinery: the verdict test in this package and the end-to-end
// CLI test in cmd/pg2ddb use it; pg2ddb itself never does.
package corpus
