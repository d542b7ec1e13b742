// Package review renders pg2ddb review as one self-contained HTML page: per
// table the key design and warnings, the items-per-key histogram, a
// partition-heat picture of the load in both orders, the access paths and
// proposed indexes, sample items, and the cost and time table. Charts are
// inline SVG drawn by html/template (which escapes everything that came
// from the database), so the page needs no network and no JavaScript: it
// is read in a pull request, an e-mail attachment or an air-gapped
// review the same way.
//
// The package draws; it does not measure. cmd/pg2ddb's review command reads
// the source and fills a Report.
package review
