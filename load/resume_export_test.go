package load

// SetChunkRows makes chunks smaller for a test, so a table of a few
// thousand rows spans several claims; the returned func restores it.
func SetChunkRows(n int64) (restore func()) {
	old := chunkRows
	chunkRows = n
	return func() { chunkRows = old }
}
