package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
	"github.com/pg2ddb/pg2ddb/target"
)

// Figure 1-par: the load's pipeline alone. The rows the load reads are
// captured once as a binary COPY of the table's extract.ReplaySQL (the
// load's own SELECT, with its text-format columns cast to text so the COPY
// carries the bytes the load's result rows carry); a child process of this
// program replays them from memory through the load — decoding the
// tuples, the raw column decoders, the write order (rounds, spill files),
// hashing and encoding, batching and checkpointing — into a null sink
// whose BatchWriteItem accepts every call without sending it anywhere: no
// PostgreSQL, no SDK, no simulator. It runs at GOMAXPROCS=1 and at every
// core, and the figure is the ratio of their rates.

// captureReplay writes the binary COPY of d's table's extract.ReplaySQL to
// a file, for the replays of figure 1-par. It reads as the load reads
// (extract's stream): in one snapshot, without parallel workers and
// without joining another scan of the table midway (synchronize_seqscans
// off), so the rows come in the heap's order, the order the load's write
// order receives them in. A parallel COPY hands out the heap's blocks
// among its workers, and a synchronized scan starts wherever a concurrent
// one is: either reorders the rows within their keys, which the write
// order then sorts on the client (settle), work the load does not do on
// this table.
func (b *bench) captureReplay(ctx context.Context, d *dataset) (string, error) {
	q, err := extract.ReplaySQL(d.table())
	if err != nil {
		return "", err
	}
	path := filepath.Join(b.c.work, "replay.copy")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	conn, err := pgx.Connect(ctx, d.url)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return "", err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, "SET LOCAL synchronize_seqscans = off; SET LOCAL max_parallel_workers_per_gather = 0"); err != nil {
		return "", err
	}
	if _, err := conn.PgConn().CopyTo(ctx, w, "COPY ("+q+") TO STDOUT (FORMAT binary)"); err != nil {
		return "", fmt.Errorf("COPY: %w", err)
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	return path, f.Close()
}

// replayResult is what a replay child prints.
type replayResult struct {
	Rows    int64   `json:"rows"`
	Seconds float64 `json:"seconds"`
	Procs   int     `json:"procs"`
	CPU     float64 `json:"cpu_s"`
}

// runReplay is the child: it loads plan's one table from the captured COPY
// in file, timing the load alone, and prints a replayResult.
func runReplay(ctx context.Context, file, planPath, orderName, profile, memProfile string) error {
	p, err := plans.ReadFile(planPath)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	o, err := extract.ParseOrder(orderName)
	if err != nil {
		return err
	}
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return err
	}
	defer sim.Close()
	db := &nullSink{Client: ddbClient(sim.URL())}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if memProfile != "" {
		// One sample per 4 KiB allocated, not per 512 KiB: the per-row
		// allocations of a million rows show by count.
		runtime.MemProfileRate = 4096
	}
	cpu0 := selfCPU()
	start := time.Now()
	res, err := load.Run(ctx, p, replaySource{data: data}, db, load.Options{Workers: 8, Order: o, Existing: target.Recreate})
	took := time.Since(start)
	cpu := selfCPU() - cpu0
	if err != nil {
		return err
	}
	if memProfile != "" {
		if err := writeAllocs(memProfile); err != nil {
			return err
		}
	}
	var rows int64
	for _, t := range res.Tables {
		rows += t.Written + t.Rejected
	}
	return json.NewEncoder(os.Stdout).Encode(replayResult{Rows: rows, Seconds: took.Seconds(), Procs: runtime.GOMAXPROCS(0), CPU: cpu.Seconds()})
}

// writeAllocs writes the allocation profile of the process so far to path.
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// selfCPU is this process's user + system CPU time so far.
func selfCPU() time.Duration { return procCPU(os.Getpid()) }

// nullSink accepts every BatchWriteItem call without sending it; the
// table's lifecycle goes to the simulator.
type nullSink struct{ *dynamodb.Client }

func (*nullSink) BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	return &dynamodb.BatchWriteItemOutput{}, nil
}

// replaySource is a load.Source reading a captured binary COPY of a
// table's ReplaySQL instead of PostgreSQL. The bench table's key is
// proven unique by its source, so no collisions are held.
type replaySource struct{ data []byte }

func (s replaySource) Rows(_ context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error) {
	dec, err := newCopyDecoder(s.data, t)
	if err != nil {
		return nil, err
	}
	tune := opts.Tuning
	tune.RoundsByArrival = opts.Order == extract.OrderInterleaveArrival
	r := order.New(t, dec.next, false, opts.Order == extract.OrderArrival, tune)
	return &replayRows{r: r, row: order.Row{Values: make([][]byte, len(t.Attributes))}}, nil
}

type replayRows struct {
	r   *order.Rounds
	row order.Row
	err error
}

func (r *replayRows) Next() bool {
	if r.err != nil {
		return false
	}
	ok, err := r.r.Next()
	if err != nil {
		r.err = err
		return false
	}
	if ok {
		r.r.Fill(&r.row)
	}
	return ok
}
func (r *replayRows) Row() *order.Row { return &r.row }

// Blocks hands the order's rows to the load in blocks, as extract.Rows does.
func (r *replayRows) Blocks() *order.Rounds { return r.r }
func (r *replayRows) Err() error            { return r.err }
func (r *replayRows) Close()                { r.r.Close() }

// copyDecoder reads the tuples of a binary COPY as extract.Rows reads the
// load's result rows: text columns as their bytes, the binary columns that
// codec.RawValue decodes through its decoder.
type copyDecoder struct {
	b      []byte
	raw    []func(dst, v []byte) ([]byte, error)
	rawBuf [][]byte
	fields [][]byte
	vals   [][]byte
}

var copySignature = []byte("PGCOPY\n\xff\r\n\x00")

func newCopyDecoder(data []byte, t plans.Table) (*copyDecoder, error) {
	if len(data) < len(copySignature)+8 || string(data[:len(copySignature)]) != string(copySignature) {
		return nil, errors.New("replay: not a binary COPY")
	}
	b := data[len(copySignature)+4:]
	ext := binary.BigEndian.Uint32(b)
	b = b[4+ext:]
	d := &copyDecoder{b: b, raw: make([]func(dst, v []byte) ([]byte, error), len(t.Attributes)), rawBuf: make([][]byte, len(t.Attributes)),
		vals: make([][]byte, len(t.Attributes))}
	for i, a := range t.Attributes {
		if r, ok := codec.RawValue(a); ok && r.Binary {
			d.raw[i] = r.Decode
		}
	}
	return d, nil
}

func (d *copyDecoder) next() (spill.Record, bool, error) {
	if len(d.b) < 2 {
		return spill.Record{}, false, errors.New("replay: COPY data ends without its trailer")
	}
	n := int16(binary.BigEndian.Uint16(d.b))
	d.b = d.b[2:]
	if n == -1 {
		return spill.Record{}, false, nil
	}
	if int(n) != 4+len(d.vals) {
		return spill.Record{}, false, fmt.Errorf("replay: tuple of %d fields, want %d", n, 4+len(d.vals))
	}
	d.fields = d.fields[:0]
	for range n {
		if len(d.b) < 4 {
			return spill.Record{}, false, errors.New("replay: truncated tuple")
		}
		l := int32(binary.BigEndian.Uint32(d.b))
		d.b = d.b[4:]
		if l < 0 {
			d.fields = append(d.fields, nil)
			continue
		}
		if int(l) > len(d.b) {
			return spill.Record{}, false, errors.New("replay: truncated field")
		}
		d.fields = append(d.fields, d.b[:l:l])
		d.b = d.b[l:]
	}
	for i := range d.vals {
		v := d.fields[4+i]
		if v != nil && d.raw[i] != nil {
			out, err := d.raw[i](d.rawBuf[i][:0], v)
			if err != nil {
				return spill.Record{}, false, fmt.Errorf("replay: column %d: %w", i, err)
			}
			d.rawBuf[i], v = out, out
		}
		d.vals[i] = v
	}
	return spill.Record{PK: d.fields[0], SK: d.fields[1], Problem: string(d.fields[2]), Values: d.vals}, true, nil
}
