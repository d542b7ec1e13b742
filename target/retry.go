package target

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/smithy-go"
)

// Retry is how writes are retried: capped exponential back-off with full
// jitter (sleep a uniform random time in [0, min(Cap, Base·2^attempt))),
// AWS's recommendation for both throttling and server errors.
type Retry struct {
	Base time.Duration
	Cap  time.Duration
	// Attempts is how many calls in a row may make no progress before the
	// load gives up; a call that writes any item resets the count.
	Attempts int
}

// DefaultRetry gives up after about 30 s without any progress.
var DefaultRetry = Retry{Base: 50 * time.Millisecond, Cap: 5 * time.Second, Attempts: 12}

func (r Retry) Backoff(attempt int) time.Duration {
	d := r.Cap
	if attempt < 30 {
		if e := r.Base << attempt; e > 0 && e < d {
			d = e
		}
	}
	return time.Duration(rand.Int64N(int64(d) + 1))
}

// Sleep waits d or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// retryables are the SDK's standard checks (throttling and transient
// error codes, 5xx statuses, broken connections) and a response cut off
// mid-body, which a reader can ask for again.
var retryables = retry.IsErrorRetryables(append(slices.Clone(retry.DefaultRetryables),
	retry.IsErrorRetryableFunc(func(err error) aws.Ternary {
		var de *smithy.DeserializationError
		if errors.As(err, &de) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return aws.TrueTernary
		}
		return aws.UnknownTernary
	}),
))

// Retryable reports whether a failed call is worth another attempt:
// throttling, a server error, a broken connection.
func Retryable(err error) bool {
	return retryables.IsErrorRetryable(err) == aws.TrueTernary
}

// Do calls fn until it succeeds, fails with an error that is not
// Retryable, or has failed Attempts times in a row, sleeping Backoff
// between attempts: the policy of the load's writes, for the calls of
// the commands that read.
func (r Retry) Do(ctx context.Context, fn func() error) error {
	for attempt := 0; ; attempt++ {
		err := fn()
		if err == nil || !Retryable(err) || attempt+1 >= r.Attempts || ctx.Err() != nil {
			return err
		}
		if serr := Sleep(ctx, r.Backoff(attempt)); serr != nil {
			return err
		}
	}
}
