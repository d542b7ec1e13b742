package follow

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/target"
)

// maxBatch is BatchWriteItem's limit of requests per call.
const maxBatch = 25

// apply writes a window: its writes partitioned by key over the workers,
// each worker sending its share in calls of up to 25. A window holds one
// write per item, so no call holds a key twice and the order among them
// does not matter.
func (f *follower) apply(ctx context.Context, w *window) error {
	type share struct {
		ts  *tableState
		ops []*op
	}
	parts := make([][]share, f.opts.Workers)
	for _, ts := range f.byTarget {
		ops := w.ops[ts]
		if len(ops) == 0 {
			continue
		}
		split := make([][]*op, f.opts.Workers)
		for _, o := range ops {
			h := fnv.New32a()
			io.WriteString(h, o.text) //nolint:errcheck // hashes never fail
			i := int(h.Sum32() % uint32(f.opts.Workers))
			split[i] = append(split[i], o)
		}
		for i, s := range split {
			if len(s) > 0 {
				parts[i] = append(parts[i], share{ts: ts, ops: s})
			}
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, part := range parts {
		if len(part) == 0 {
			continue
		}
		g.Go(func() error {
			for _, s := range part {
				for lo := 0; lo < len(s.ops); lo += maxBatch {
					if err := f.write(gctx, s.ts, s.ops[lo:min(lo+maxBatch, len(s.ops))]); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// write sends ops of one table until DynamoDB acknowledged every one,
// retrying what comes back unprocessed or throttled with back-off. A put
// DynamoDB refuses goes to the rejects file, and its key is deleted: the
// item must not keep a state its row no longer has.
func (f *follower) write(ctx context.Context, ts *tableState, ops []*op) error {
	table := ts.t.Target
	pending := ops
	attempt := 0
	var last error
	for len(pending) > 0 {
		reqs := make([]types.WriteRequest, len(pending))
		for i, o := range pending {
			if o.put != nil {
				reqs[i].PutRequest = &types.PutRequest{Item: o.put}
			} else {
				reqs[i].DeleteRequest = &types.DeleteRequest{Key: o.del}
			}
		}
		out, err := f.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: reqs}}, noSDKRetries)
		switch {
		case err != nil && ctx.Err() != nil:
			return ctx.Err()
		case err != nil && isValidation(err):
			if len(pending) > 1 {
				for _, o := range pending {
					if err := f.write(ctx, ts, []*op{o}); err != nil {
						return err
					}
				}
				return nil
			}
			o := pending[0]
			if o.put == nil {
				return fmt.Errorf("delete from %s: %w", table, err)
			}
			ts.counts.rejected.Add(1)
			if f.rejects != nil {
				if rerr := f.rejects.Add(item.RejectOf(ts.t, -1, o.put, "DynamoDB refused the item: "+errMessage(err))); rerr != nil {
					return rerr
				}
			}
			k := map[string]types.AttributeValue{ts.t.PartitionKey.Attribute: o.put[ts.t.PartitionKey.Attribute]}
			if ts.t.SortKey != nil {
				k[ts.t.SortKey.Attribute] = o.put[ts.t.SortKey.Attribute]
			}
			pending = []*op{{del: k, text: o.text}}
			continue
		case err != nil && target.Retryable(err):
			last = err
		case err != nil:
			return fmt.Errorf("write %s: %w", table, err)
		}
		left := pending
		if err == nil {
			left = remaining(ts, pending, out.UnprocessedItems[table])
			if len(left) > 0 {
				last = fmt.Errorf("%d of %d writes returned unprocessed", len(left), len(pending))
			}
		}
		if len(left) < len(pending) {
			attempt = 0
		}
		pending = left
		if len(pending) == 0 {
			return nil
		}
		attempt++
		if attempt >= f.opts.Retry.Attempts {
			return fmt.Errorf("gave up writing %s after %d attempts without progress: %w", table, attempt, last)
		}
		if err := target.Sleep(ctx, f.opts.Retry.Backoff(attempt-1)); err != nil {
			return err
		}
	}
	return nil
}

// remaining are the ops DynamoDB returned unprocessed, matched by key.
func remaining(ts *tableState, pending []*op, unprocessed []types.WriteRequest) []*op {
	if len(unprocessed) == 0 {
		return nil
	}
	want := map[string]bool{}
	for _, r := range unprocessed {
		switch {
		case r.PutRequest != nil:
			want[item.KeyOf(ts.t, r.PutRequest.Item).Text(ts.t)] = true
		case r.DeleteRequest != nil:
			want[item.KeyOf(ts.t, r.DeleteRequest.Key).Text(ts.t)] = true
		}
	}
	var out []*op
	for _, o := range pending {
		if want[o.text] {
			out = append(out, o)
		}
	}
	if len(out) != len(unprocessed) {
		// Cannot tell which came back: send them all again (each write
		// sets its item's state, so sending it twice is harmless).
		return pending
	}
	return out
}

func isValidation(err error) bool {
	var ae smithy.APIError
	return errors.As(err, &ae) && ae.ErrorCode() == "ValidationException"
}

func errMessage(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorMessage()
	}
	return err.Error()
}

// noSDKRetries leaves retries to write, which backs off per call.
func noSDKRetries(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} }
