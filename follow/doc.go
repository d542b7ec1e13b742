// Package follow applies the changes a replication slot streams to the
// DynamoDB tables of a plan, after the initial load: every committed
// INSERT, UPDATE and DELETE of a plan table, encoded with the plan's item
// encoder, in commit order per item, until stopped or caught up.
//
// # Windows
//
// Changes are taken in commit order into windows of at most
// Options.Window changes (a window closes early when the stream has
// nothing more to give at once). Within a window only the last state of
// each item counts: an INSERT or UPDATE is a put of the whole item, a
// DELETE a delete, an UPDATE that changes the item's key a delete of the
// old key and a put of the new. So a window holds at most one write per
// item, and its writes go out in parallel, partitioned by key over
// Options.Workers writers (BatchWriteItem, 25 a call); the order of
// commits per item is kept because a window is applied whole before the
// next one. The next window is read and encoded while one is written.
//
// # Crash safety and idempotence
//
// When every write of a window is acknowledged (and the rejects it
// produced are durable), the end of the last transaction the window
// completed is confirmed to the slot: the slot's confirmed position never
// passes a change DynamoDB has not acknowledged. After a crash the server
// streams again from the confirmed position, and the changes after it are
// applied again. Every write sets an item to the state the row had after
// its change (or deletes it), so applying a suffix of the stream again, in
// order, ends in the same state: re-applied changes are idempotent.
//
// # Unchanged TOASTed values
//
// pgoutput does not send a large value an UPDATE left unchanged (the
// marker 'u'). Such a column is taken from the old row when the change
// carries it whole (REPLICA IDENTITY FULL); otherwise from the source's
// current row with the same replica identity, read when the change is
// encoded. That value is at least as new as the change, and any later
// change to it follows in the stream, so the item ends equal to the
// source. If the row no longer exists (deleted or re-keyed since, which
// also follows in the stream), nothing is written for it: a later change
// removes or replaces the item. The attribute is never erased. A
// key-changing UPDATE is handled the same way: its new item is complete
// before the old key is deleted.
package follow
