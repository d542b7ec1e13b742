package load

import (
	"context"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
)

// EncodedRow is what the encoding stage made of one row.
type EncodedRow struct {
	Pos    int64
	PK, SK string
	Digest [16]byte
	Body   string
	Reject string
}

// EncodeAll runs rows through the encoding stage with workers encoders
// and returns every row's outcome in the order the stage hands them back.
func EncodeAll(ctx context.Context, rows order.Iterator, enc *item.Encoder, workers int) ([]EncodedRow, error) {
	s := newEncodeStage(ctx, rows, enc, 0, nil, workers)
	defer s.stop()
	var out []EncodedRow
	for b := s.next(); b != nil; b = s.next() {
		if b.err != nil {
			return nil, b.err
		}
		for i, r := range b.rows {
			e := EncodedRow{Pos: r.Pos, PK: string(r.PK), SK: string(r.SK), Digest: b.digests[i], Body: string(b.items[i].Body)}
			if b.rejs[i] != nil {
				e.Reject = b.rejs[i].Reason
			}
			out = append(out, e)
		}
	}
	return out, s.Err()
}

// WithCheckpointVersion is o with a fresh load's checkpoint written in
// version v, as an earlier pg2ddb wrote it.
func WithCheckpointVersion(o Options, v int) Options {
	o.checkpointVersion = v
	return o
}
