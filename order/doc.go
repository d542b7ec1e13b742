// Package order is the write order of a load: the rows of one plan table,
// read from the source in its own plain order, re-emitted in rounds so that
// consecutive writes go to different partition keys. It is pure: rows come
// in through a function and leave through Rounds; spill files (package
// spill) are its only I/O.
//
// The order is computed in pg2ddb, not on the source: the source is
// read with one plain SELECT in physical order (no ORDER BY, no window
// function, so no sort and no temporary files on the server), on its own
// goroutine a few blocks of rows ahead (prefetch.go), and the rows are
// re-emitted in rounds:
//
//   - round r holds the r-th item, in sort-key order (DynamoDB's: S and B
//     by bytes, N by value), of every partition key (after sharding) with
//     at least r rows, so a stopped load leaves each key's earliest items
//     (sortkey.go: rows that arrive in sort-key order within their key are
//     placed as they come; only the keys found out of order are sorted,
//     in bounded memory with spill files, once the scan ends). Nothing is
//     emitted before the scan ends. With Tuning.RoundsByArrival round r
//     holds each key's r-th row in read order instead, and round 1 is
//     emitted while the scan runs, so the first write comes with the
//     first rows. A table without a sort key has one row per key: its
//     rounds are by arrival. Inside a round keys come in the order their
//     row was placed. DynamoDB places items by a hash of the partition
//     key, so the read order of distinct keys is unrelated to that hash.
//   - Rows of rounds up to SpillRounds (or SpillRounds+1 when round 1 is
//     emitted during the scan) go to one spill file per round, later
//     rounds to a tail file that is processed again the same way (in
//     memory when it is small), on its own goroutine one segment ahead,
//     while the files before it are emitted. Spill files are unlinked as
//     soon as they are created.
//   - Memory: one map entry per distinct partition key, a 64-bit hash of
//     the key → its row count so far and, in sort-key order, its last sort
//     key (about 20–40 bytes per key, plus the sort key). Two keys sharing
//     a hash would share one count: their rows still never meet twice in
//     one round, so the order stays valid.
//
// Key collisions (two rows with one (pk, sk)) are rejected, every copy: a
// write never silently overwrites another row's item. When a
// primary key, unique constraint or unique index of the source (found in
// the snapshot when the read starts) has all its columns among the key's
// parts, no collision can exist and every row gets Copies 1. Otherwise the
// order counts every (pk, sk) under a 128-bit hash (16 bytes a row in
// memory up to Tuning.CollisionMemory rows, then in bucket files: see
// collisionCount) and holds round 1 back in a spill file too, so that every
// row's Copies is known before any row is emitted: the first write then
// comes after one plain scan of the table rather than during it.
//
// Whole-row duplicates (the plan's duplicates choice) are numbered by
// arrival under a 128-bit hash of the whole row: the n-th identical row
// gets occurrence n (identical rows are interchangeable, so which one is
// first changes nothing). Under the number choice the order holds, and a
// copy's number is the n-th that no real row's key has (see numbering).
//
// The order is deterministic within one snapshot: the scan runs with
// synchronize_seqscans off and without parallel workers, so a snapshot's
// heap is read in the same order every time. A resume reads a new snapshot;
// if rows moved in the heap since (VACUUM FULL, CLUSTER, an UPDATE), the
// claimed chunks' hashes differ and the resume is refused, naming the rows.
package order
