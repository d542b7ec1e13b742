// Package spill is the file format of the write order's spill files: rows
// kept on local disk between the read of a table and their round, as
// length-framed records of a round, the key, a problem and the values, each
// field length-prefixed so that NULL and empty stay apart.
//
// Files are unlinked as soon as they are created, so nothing is left behind
// whatever ends the run. A file's full buffers are written by the goroutine
// that fills them, or handed to a Flusher that writes them on its own. A
// file is written, then read from the start; sections of it
// (Writer.Section) may be read while records are appended after them. A
// corrupt file is an error, never a silently short read.
package spill
