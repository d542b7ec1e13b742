package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The write floor (figure 1-floor) is what the load's sender and the
// count-only simulator alone take to write the loader's items on this
// machine, with no PostgreSQL and no pg2ddb pipeline: the exact
// BatchWriteItem bodies of one load, captured at the simulator beforehand
// and held in memory, sent again by a bare loop from as many goroutines as
// the loader's --workers through the sender a load uses (load.NewSender),
// each body signed and sent as it is; 1-floor-sdk sends them through the
// SDK's BatchWriteItem instead (--write-client sdk). Figure 1 divides the load
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

// The write floor runs in a child process of this program (-floor-child),
// so that its CPU time is the SDK's alone: the simulator stays in the
// parent. The bodies go to the child in one file, each length-prefixed.

// writeBodies writes bodies to path for a floor child.
func writeBodies(path string, bodies [][]byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var n [4]byte
	for _, b := range bodies {
		binary.BigEndian.PutUint32(n[:], uint32(len(b)))
		w.Write(n[:])
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// floorResult is what a floor child prints: the wall and CPU time of the
// sends alone.
type floorResult struct {
	Seconds float64 `json:"seconds"`
	CPU     float64 `json:"cpu_s"`
	// SimCPU is the CPU time of the bench process, where the simulator
	// runs, over the child's life: the simulator's share of the floor,
	// set by the parent.
	SimCPU float64 `json:"-"`
}

// runFloorChild is the child: it sends the bodies in path to table at
// endpoint from workers goroutines through the write client wc and
// prints a floorResult. With PG2DDB_BENCH_FLOOR_PROFILE set, it writes a
// CPU profile of the sends to that file (with .sdk appended for the SDK's
// BatchWriteItem).
func runFloorChild(ctx context.Context, path, endpoint, table string, workers int, wc load.WriteClient) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var bodies [][]byte
	for len(raw) >= 4 {
		l := binary.BigEndian.Uint32(raw)
		bodies = append(bodies, raw[4:4+l])
		raw = raw[4+l:]
	}
	// The client is pg2ddb's own, built as a load builds it (from the AWS
	// configuration chain, which the bench's environment gives static
	// credentials and a region), and each body goes out through the
	// sender a load with the same --write-client sends its own with: the
	// floor measures the cheapest client that is correct against AWS, the
	// one the load uses.
	cfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("floor: load AWS configuration: %w", err)
	}
	sender, why := load.NewSender(load.NewClient(cfg, endpoint), wc)
	if why != "" {
		return fmt.Errorf("floor: the %s write client is not available: %s", wc, why)
	}
	if path := os.Getenv("PG2DDB_BENCH_FLOOR_PROFILE"); path != "" {
		if wc == load.WriteSDK {
			path += ".sdk"
		}
		stop, err := startCPUProfile(path)
		if err != nil {
			return err
		}
		defer stop()
	}
	cpu0 := selfCPU()
	took, err := inParallel(workers, len(bodies), func(i int) error {
		out, err := sender.SendBatch(ctx, table, bodies[i])
		if err == nil && len(out.UnprocessedItems) > 0 {
			err = errors.New("items returned unprocessed by a simulator without a capacity limit")
		}
		if err != nil {
			return fmt.Errorf("bare write: %w", err)
		}
		return nil
	})
	cpu := selfCPU() - cpu0
	if err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(floorResult{Seconds: took.Seconds(), CPU: cpu.Seconds()})
}

// bareWriteChild creates t's table in a fresh count-only simulator and has
// a floor child send the bodies in path to it; it returns the wall and CPU
// time of the sends.
func (b *bench) bareWriteChild(ctx context.Context, t plans.Table, path string, items int64, wc load.WriteClient) (floorResult, error) {
	sim, err := startSim(unlimited(ddbsim.ModeCount))
	if err != nil {
		return floorResult{}, err
	}
	defer sim.Close()
	if err := createRawTable(ctx, ddbClient(sim.URL()), t); err != nil {
		return floorResult{}, err
	}
	self, err := os.Executable()
	if err != nil {
		return floorResult{}, err
	}
	cpu0 := selfCPU()
	ch, err := runChild(ctx, b.c.work, nil, b.logPath("floor-"+string(wc)), self, "-floor-child", path, "-floor-endpoint", sim.URL(),
		"-floor-table", t.Target, "-floor-client", string(wc), "-workers", strconv.Itoa(b.c.Workers))
	simCPU := selfCPU() - cpu0
	if err != nil {
		return floorResult{}, err
	}
	var r floorResult
	if err := json.Unmarshal([]byte(ch.Stdout), &r); err != nil {
		return floorResult{}, fmt.Errorf("floor child: %w", err)
	}
	r.SimCPU = simCPU.Seconds()
	if ts, _ := sim.TableStats(t.Target); ts.AcceptedItems != items {
		return floorResult{}, fmt.Errorf("bare write: the simulator accepted %d items, want %d", ts.AcceptedItems, items)
	}
	return r, nil
}

// startCPUProfile writes a CPU profile to path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
