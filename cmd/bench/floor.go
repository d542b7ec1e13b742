package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The write floor (figure 1-floor) is what the AWS SDK and the count-only
// simulator alone take to write the loader's items on this machine, with
// no PostgreSQL and no pg2ddb: the exact BatchWriteItem bodies of one load,
// captured at the simulator beforehand and held in memory, sent again by
// a bare loop of SDK calls from as many goroutines as the loader's
// --workers, each body signed and sent as it is. Figure 1 divides the load
// by a COPY of the table, which knows nothing of the write side; the floor
// shows how much of that ratio the write side alone takes here (both the
// client and the simulator run on the same cores as the load).

// captureBodies loads d once, untimed, into a count-only simulator that
// keeps a copy of every BatchWriteItem request body it accepts.
func (b *bench) captureBodies(ctx context.Context, d *dataset) ([][]byte, error) {
	sim, err := ddbsim.New(unlimited(ddbsim.ModeCount))
	if err != nil {
		return nil, err
	}
	defer sim.Close()
	var mu sync.Mutex
	var bodies [][]byte
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.Header.Get("X-Amz-Target"), ".BatchWriteItem") {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			mu.Lock()
			bodies = append(bodies, body)
			mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		sim.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln) //nolint:errcheck // ends with Close below
	defer srv.Close()
	if _, err := b.load(ctx, d, "http://"+ln.Addr().String(), "fig1-capture"); err != nil {
		return nil, err
	}
	ts, _ := sim.TableStats(d.table().Target)
	if ts.AcceptedItems != d.spec.Rows {
		return nil, fmt.Errorf("capture load: the simulator accepted %d items, want %d", ts.AcceptedItems, d.spec.Rows)
	}
	return bodies, nil
}

// bareWrite creates t's table in a fresh count-only simulator and sends
// bodies to it from workers goroutines; it returns the wall time of the
// writes alone.
func bareWrite(ctx context.Context, t plans.Table, bodies [][]byte, items int64, workers int) (time.Duration, error) {
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return 0, err
	}
	defer sim.Close()
	db := ddbClient(sim.URL())
	if err := createRawTable(ctx, db, t); err != nil {
		return 0, err
	}
	// The SDK's serializer needs a valid input; its output is replaced
	// by the captured body before signing.
	placeholder := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{t.Target: {}}}
	took, err := inParallel(workers, len(bodies), func(i int) error {
		out, err := db.BatchWriteItem(ctx, placeholder, func(o *dynamodb.Options) {
			o.Retryer = aws.NopRetryer{}
			o.APIOptions = append(o.APIOptions, func(s *middleware.Stack) error {
				return s.Serialize.Insert(rawBody(bodies[i]), "OperationSerializer", middleware.After)
			})
		})
		if err == nil && len(out.UnprocessedItems) > 0 {
			err = errors.New("items returned unprocessed by a simulator without a capacity limit")
		}
		if err != nil {
			return fmt.Errorf("bare write: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if ts, _ := sim.TableStats(t.Target); ts.AcceptedItems != items {
		return 0, fmt.Errorf("bare write: the simulator accepted %d items, want %d", ts.AcceptedItems, items)
	}
	return took, nil
}

// rawBody replaces the serialized BatchWriteItem input with a captured body.
type rawBody []byte

func (rawBody) ID() string { return "bench.RawBody" }

func (b rawBody) HandleSerialize(ctx context.Context, in middleware.SerializeInput, next middleware.SerializeHandler) (
	middleware.SerializeOutput, middleware.Metadata, error,
) {
	req, ok := in.Request.(*smithyhttp.Request)
	if !ok {
		return middleware.SerializeOutput{}, middleware.Metadata{}, fmt.Errorf("raw body: unexpected transport request %T", in.Request)
	}
	sreq, err := req.SetStream(bytes.NewReader(b))
	if err != nil {
		return middleware.SerializeOutput{}, middleware.Metadata{}, err
	}
	in.Request = sreq
	return next.HandleSerialize(ctx, in)
}
