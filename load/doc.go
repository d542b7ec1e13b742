// Package load writes a plan's rows into DynamoDB with BatchWriteItem.
//
// A load reads each table from one consistent snapshot in the write order
// (package order: a plain scan in physical order, split over
// Options.Readers connections for a large table, interleaved in rounds by
// pg2ddb with local spill files), encodes rows into items (package item) in
// one reader goroutine, groups them into batches of contiguous positions
// and hands the batches to --workers writers under a write budget that
// adapts to throttling. Tables load side by side on connections that
// joined the snapshot, splitting Options.Readers among them (see group).
//
// A batch is acknowledged when every item of it is written; the contiguous
// acknowledged prefix is the frontier a resume writes on from. Rows go to
// the writers in chunks, each claimed in the checkpoint (with a hash of its
// rows) before any of its rows is sent, so a resume can prove that the rows
// it may have written are the rows it would write again (see Checkpoint).
// Rows that cannot be written go to the rejects file with the reason.
package load
