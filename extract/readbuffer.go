package extract

import (
	"bufio"
	"io"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// readBufferSize is what a source session reads from its socket at once.
const readBufferSize = 64 << 10

// BufferReads makes the sessions of cfg read their socket readBufferSize
// bytes at a time. pgx reads at most 8 KiB a call (its message buffer),
// so a load's COPY of a 1M-row table took some 35,000 read system calls;
// with a buffer of 64 KiB in front, an eighth of them.
func BufferReads(cfg *pgconn.Config) {
	build := cfg.BuildFrontend
	if build == nil {
		build = pgproto3.NewFrontend
	}
	cfg.BuildFrontend = func(r io.Reader, w io.Writer) *pgproto3.Frontend {
		return build(bufio.NewReaderSize(r, readBufferSize), w)
	}
}
