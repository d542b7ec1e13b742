// Package review is pg2ddb review, the dry run of a plan: Build measures
// each plan table against the source — the distribution of its partition
// keys, sample items and item sizes from real rows encoded exactly as a
// load encodes them, the load time and cost those imply and, for the
// page, a simulated partition heat of the load in interleaved and in
// table order — and returns a Report, without writing anything anywhere.
//
// One writer per format renders the Report: WriteText for a terminal,
// WriteMarkdown for a pull request, WriteJSON for tools, and WriteHTML for
// one self-contained page whose charts are inline SVG drawn by
// html/template (which escapes everything that came from the database),
// so the page needs no network and no JavaScript and reads the same in a
// pull request, an e-mail attachment or an air-gapped review.
//
// Build reads the source through Source, which *extract.Snapshot
// implements; the package itself never sees a connection.
package review
