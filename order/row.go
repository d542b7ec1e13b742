package order

// Row is one source row as a load needs it. Its byte slices are valid until
// the next call of Next.
type Row struct {
	// Pos is the row's 0-based position in the stream's order.
	Pos int64
	// PK and SK are the key values (text, or raw bytes for a B key); nil
	// when NULL (SK is nil for a table without a sort key).
	PK, SK []byte
	// Problem says why the key cannot be encoded; empty when it can.
	Problem string
	// Copies is the number of source rows with this (PK, SK); more than
	// one is a key collision.
	Copies int64
	// Values are the attributes in plan order: text, or raw bytes for
	// AttrBinary; nil for NULL.
	Values [][]byte
}

// Iterator is a stream of a plan table's rows in write order, as the
// pipelines read it; *extract.Rows is one.
type Iterator interface {
	Next() bool
	// Row is the current row; it is reused by Next.
	Row() *Row
	Err() error
	Close()
}
