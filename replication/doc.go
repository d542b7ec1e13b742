// Package replication reads the committed changes of a PostgreSQL database
// through a logical replication slot with the pgoutput plugin: it creates
// the publication of a plan's tables and the slot (exporting the slot's
// snapshot, from which the initial load reads), checks that every table's
// replica identity names the rows the plan's keys are built from, streams
// the changes as decoded events, and reports the position up to which they
// were applied so the server can advance the slot. It also lists and drops
// slots left behind. Like extract, it never writes a table's rows: the
// publication and the slot are the only things it creates on the source.
package replication
