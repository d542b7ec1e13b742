package ddbsim

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/internal/placement"
)

// Mode selects whether written items are kept.
type Mode int

const (
	// ModeStore keeps items in memory; reads return them.
	ModeStore Mode = iota
	// ModeCount validates and counts writes and stores nothing: the fastest
	// sink, for measuring a loader.
	ModeCount
)

func (m Mode) String() string {
	if m == ModeCount {
		return "count"
	}
	return "store"
}

// ParseMode parses "store" or "count".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "store":
		return ModeStore, nil
	case "count":
		return ModeCount, nil
	}
	return 0, fmt.Errorf("ddbsim: unknown mode %q (want store or count)", s)
}

// Faults configures injected failures. Rates are probabilities in [0,1] per
// eligible request (UnprocessedRate per item of a BatchWriteItem).
type Faults struct {
	InternalErrorRate float64       // 500 InternalServerError
	ThrottleRate      float64       // 400 ThrottlingException
	DropRate          float64       // connection closed without a response
	Latency           time.Duration // added to every eligible request
	LatencyJitter     time.Duration // plus a uniform random [0, LatencyJitter)
	UnprocessedRate   float64       // share of batch items returned unprocessed
	// Ops lists the operations faults apply to. Empty means the data
	// operations (BatchWriteItem, PutItem, GetItem, BatchGetItem, Scan);
	// table management is left alone so test setup stays deterministic.
	Ops []string
}

func (f Faults) enabled() bool {
	return f.InternalErrorRate > 0 || f.ThrottleRate > 0 || f.DropRate > 0 ||
		f.Latency > 0 || f.LatencyJitter > 0 || f.UnprocessedRate > 0
}

// Options configures a Server. The zero value is a store-mode server with
// DynamoDB's default budgets in real time.
type Options struct {
	Mode         Mode
	Partitions   int     // partitions per table; 0 derives them from capacity
	PartitionWCU float64 // simulated WCU/s per partition; default 1000
	TableWCU     float64 // simulated WCU/s per table; 0: provisioned WCU or Partitions*PartitionWCU
	BurstSeconds float64 // bucket size in seconds of budget; default 0.1
	TimeScale    float64 // simulated seconds per wall second; default 1
	// Clock is what simulated time is measured on (times TimeScale); nil
	// is the wall clock. With a ManualClock time moves only when the caller
	// advances it, so budgets, throttling and the per-second figures are
	// the same on every run and take no wall time.
	Clock  Clock
	Faults Faults
	Seed   uint64

	// CreateDelay is how long (wall time) a new table stays CREATING.
	CreateDelay time.Duration
	// MaxTrackedKeys bounds the per-key rate map per table; default 100,000.
	MaxTrackedKeys int
	// MaxSeriesSeconds bounds each partition's per-second series; when full,
	// the older half is dropped. Default 3,600.
	MaxSeriesSeconds int
	// MaxFaultLog bounds FaultLog; later faults are counted, not logged.
	// Default 100,000.
	MaxFaultLog int

	// S3 is where ImportTable and StartBulkPutItems read their input
	// (see ops_import.go); nil refuses them.
	S3 ObjectStore
	// JobDelay is how long (wall time) an import or bulk put stays
	// IN_PROGRESS before it starts reading, so clients can be tested
	// against a job that does not finish in time.
	JobDelay time.Duration
}

func (o *Options) defaults() error {
	if o.PartitionWCU == 0 {
		o.PartitionWCU = placement.PartitionWCU
	}
	if o.BurstSeconds == 0 {
		o.BurstSeconds = placement.BurstSeconds
	}
	if o.TimeScale == 0 {
		o.TimeScale = 1
	}
	if o.Clock == nil {
		o.Clock = wallClock{}
	}
	if o.MaxTrackedKeys == 0 {
		o.MaxTrackedKeys = 100_000
	}
	if o.MaxSeriesSeconds == 0 {
		o.MaxSeriesSeconds = 3600
	}
	if o.MaxFaultLog == 0 {
		o.MaxFaultLog = 100_000
	}
	if len(o.Faults.Ops) == 0 {
		o.Faults.Ops = []string{"BatchWriteItem", "PutItem", "GetItem", "BatchGetItem", "Scan"}
	}
	switch {
	case o.Partitions < 0, o.PartitionWCU < 0, o.TableWCU < 0, o.BurstSeconds < 0, o.TimeScale < 0:
		return errors.New("ddbsim: negative option")
	case o.MaxSeriesSeconds < 2:
		return errors.New("ddbsim: MaxSeriesSeconds must be at least 2")
	}
	for _, r := range []float64{o.Faults.InternalErrorRate, o.Faults.ThrottleRate, o.Faults.DropRate, o.Faults.UnprocessedRate} {
		if r < 0 || r > 1 || math.IsNaN(r) {
			return fmt.Errorf("ddbsim: fault rate %v outside [0,1]", r)
		}
	}
	return nil
}

// FaultEvent is one eligible request's fault decision.
type FaultEvent struct {
	Seq         int64         `json:"seq"` // 1-based arrival order among eligible requests
	Op          string        `json:"op"`
	Fault       string        `json:"fault,omitempty"` // "", "drop", "internal" or "throttle"
	Latency     time.Duration `json:"latency_ns,omitempty"`
	Unprocessed int           `json:"unprocessed,omitempty"` // items returned unprocessed by injection
}

// Server is a simulated DynamoDB endpoint. It is an http.Handler, so it can
// be mounted in an httptest.Server; Start runs it on its own listener.
type Server struct {
	opts  Options
	start time.Time
	done  chan struct{} // closed by Close; ends injected sleeps
	once  sync.Once

	tmu    sync.RWMutex
	tables map[string]*table

	fmu      sync.Mutex
	rng      *rand.Rand
	faultSeq int64
	faultLog []FaultEvent
	fcount   FaultStats

	reqID   atomic.Uint64
	faultOp map[string]bool

	parsers sync.Pool

	jobs jobs // imports and bulk puts

	// Set by Start.
	srv *http.Server
	ln  net.Listener
	wg  sync.WaitGroup
	url string
}

// New returns a Server that is not listening; use it as an http.Handler.
func New(opts Options) (*Server, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	s := &Server{
		opts:    opts,
		start:   opts.Clock.Now(),
		done:    make(chan struct{}),
		tables:  map[string]*table{},
		rng:     rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)),
		faultOp: map[string]bool{},
	}
	for _, op := range opts.Faults.Ops {
		s.faultOp[op] = true
	}
	s.parsers.New = func() any { return &parser{} }
	return s, nil
}

// Start runs a new Server on addr (host:port; "" means 127.0.0.1 on a free
// port). The server runs until Close.
func Start(addr string, opts Options) (*Server, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("ddbsim: listen on %s: %w", addr, err)
	}
	s.ln = ln
	s.url = "http://" + ln.Addr().String()
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		_ = s.srv.Serve(ln) // returns http.ErrServerClosed after Close
	}()
	return s, nil
}

// URL is the endpoint of a server made by Start (for BaseEndpoint).
func (s *Server) URL() string { return s.url }

// Close stops the listener of a started server, closes its connections,
// ends injected delays and waits for the serve goroutine. It is safe to call
// more than once and on a server made by New.
func (s *Server) Close() error {
	var err error
	s.once.Do(func() {
		close(s.done)
		if s.srv != nil {
			err = s.srv.Close()
			s.wg.Wait()
		}
		s.jobs.wg.Wait()
	})
	return err
}

// simNow is the simulated time in seconds since the server started.
func (s *Server) simNow() float64 {
	return s.opts.Clock.Now().Sub(s.start).Seconds() * s.opts.TimeScale
}

// FaultLog returns the fault decisions so far, in arrival order.
func (s *Server) FaultLog() []FaultEvent {
	s.fmu.Lock()
	defer s.fmu.Unlock()
	return slices.Clone(s.faultLog)
}

// decision is the fault plan for one request.
type decision struct {
	logIdx  int // index in faultLog, -1 if not logged
	fault   string
	latency time.Duration
	items   *rand.Rand // per-item draws for UnprocessedRate; nil if none
}

func (s *Server) decide(op string) decision {
	f := s.opts.Faults
	s.fmu.Lock()
	defer s.fmu.Unlock()
	s.faultSeq++
	s.fcount.Requests++
	// Always draw the same three values so that the sequence depends only on
	// the seed and the order of requests.
	r, j, itemSeed := s.rng.Float64(), s.rng.Float64(), s.rng.Uint64()
	d := decision{logIdx: -1}
	switch {
	case r < f.DropRate:
		d.fault = "drop"
		s.fcount.Dropped++
	case r < f.DropRate+f.InternalErrorRate:
		d.fault = "internal"
		s.fcount.InternalErrors++
	case r < f.DropRate+f.InternalErrorRate+f.ThrottleRate:
		d.fault = "throttle"
		s.fcount.Throttles++
	}
	d.latency = f.Latency + time.Duration(j*float64(f.LatencyJitter))
	if d.latency > 0 {
		s.fcount.Delayed++
	}
	if f.UnprocessedRate > 0 && op == "BatchWriteItem" && d.fault == "" {
		d.items = rand.New(rand.NewPCG(itemSeed, ^itemSeed))
	}
	if len(s.faultLog) < s.opts.MaxFaultLog {
		d.logIdx = len(s.faultLog)
		s.faultLog = append(s.faultLog, FaultEvent{Seq: s.faultSeq, Op: op, Fault: d.fault, Latency: d.latency})
	}
	return d
}

func (s *Server) logUnprocessed(d *decision, n int) {
	if n == 0 {
		return
	}
	s.fmu.Lock()
	defer s.fmu.Unlock()
	s.fcount.UnprocessedItems += int64(n)
	if d.logIdx >= 0 {
		s.faultLog[d.logIdx].Unprocessed = n
	}
}

const maxRequestBytes = 16 << 20

// ServeHTTP implements the DynamoDB JSON protocol.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, "healthy: ddbsim ")
		return
	}
	w.Header().Set("x-amzn-RequestId", strconv.FormatUint(s.reqID.Add(1), 36))
	target := r.Header.Get("X-Amz-Target")
	api, op, ok := strings.Cut(target, ".")
	if r.Method != http.MethodPost || !ok || api != "DynamoDB_20120810" || handlers[op] == nil {
		writeError(w, &apiError{status: 400, typ: typeUnknownOp})
		return
	}

	var d decision
	if s.opts.Faults.enabled() && s.faultOp[op] {
		d = s.decide(op)
		if d.latency > 0 {
			t := time.NewTimer(d.latency)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			case <-s.done:
				t.Stop()
			}
		}
		switch d.fault {
		case "drop":
			s.drop(w)
			return
		case "internal":
			writeError(w, &apiError{status: 500, typ: typeInternal, msg: "Internal server error"})
			return
		case "throttle":
			writeError(w, &apiError{status: 400, typ: typeThrottling, msg: "Rate of requests exceeds the allowed throughput."})
			return
		}
	}

	p := s.parsers.Get().(*parser)
	defer s.parsers.Put(p)
	// A BatchWriteItem body is read into the pooled parser's buffer: it is
	// the bulk of what a load sends, and BatchWriteItem keeps nothing that
	// points into its body beyond the request (stored items, keys and
	// statistics are copies). Other operations get a fresh body because
	// some keep strings from it (see the top of json.go).
	var buf []byte
	if op == "BatchWriteItem" {
		buf = p.body[:0]
	}
	body, err := readBody(r, buf)
	if op == "BatchWriteItem" && cap(body) <= maxPooledBody {
		p.body = body
	}
	if err != nil {
		if errors.Is(err, errTooLarge) {
			w.WriteHeader(http.StatusRequestEntityTooLarge)
		}
		return
	}
	if len(body) == 0 {
		writeError(w, &apiError{status: 400, typ: typeSerialization, upperM: true})
		return
	}
	root, err := p.parse(body)
	if err != nil || root.kind != kObj {
		writeError(w, &apiError{status: 400, typ: typeSerialization, upperM: true})
		return
	}
	out, aerr := handlers[op](s, p, &root, &d)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	setCRC32(w, out)
	_, _ = w.Write(out)
}

// setCRC32 sends DynamoDB's X-Amz-Crc32 response checksum (CRC-32 IEEE of
// the body). aws-sdk-go-v2 validates it when present and logs a warning on
// every response without it, which would flood a loader's output.
func setCRC32(w http.ResponseWriter, body []byte) {
	w.Header().Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
}

type handler func(s *Server, p *parser, req *node, d *decision) ([]byte, *apiError)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"CreateTable":    (*Server).createTable,
		"DescribeTable":  (*Server).describeTable,
		"DeleteTable":    (*Server).deleteTable,
		"ListTables":     (*Server).listTables,
		"BatchWriteItem": (*Server).batchWriteItem,
		"PutItem":        (*Server).putItem,
		"GetItem":        (*Server).getItem,
		"BatchGetItem":   (*Server).batchGetItem,
		"Scan":           (*Server).scan,

		"ImportTable":           (*Server).importTable,
		"DescribeImport":        (*Server).describeImport,
		"StartBulkPutItems":     (*Server).startBulkPutItems,
		"DescribeBulkOperation": (*Server).describeBulkOperation,
	}
}

var errTooLarge = errors.New("request body over 16 MB")

// maxPooledBody bounds the body buffer a pooled parser keeps; a rare huge
// request should not pin its buffer for the life of the server.
const maxPooledBody = 1 << 20

// readBody reads the request body, appending to buf[:0] (which may be nil)
// when it is large enough for the declared length.
func readBody(r *http.Request, buf []byte) ([]byte, error) {
	if r.ContentLength > maxRequestBytes {
		return nil, errTooLarge
	}
	n := r.ContentLength
	if n < 0 {
		n = 4096
	}
	if int64(cap(buf)) < n+1 {
		buf = make([]byte, 0, n+1)
	}
	buf = buf[:0]
	lr := io.LimitReader(r.Body, maxRequestBytes+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
	}
	if len(buf) > maxRequestBytes {
		return nil, errTooLarge
	}
	return buf, nil
}

// drop closes the client connection without a response.
func (s *Server) drop(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// Not hijackable (HTTP/2): abort the handler, which resets the stream.
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

func writeError(w http.ResponseWriter, e *apiError) {
	b := make([]byte, 0, 96+len(e.msg))
	b = append(b, `{"__type":`...)
	b = ddbjson.AppendString(b, e.typ)
	if e.msg != "" || e.typ == typeInUse {
		if e.upperM {
			b = append(b, `,"Message":`...)
		} else {
			b = append(b, `,"message":`...)
		}
		b = ddbjson.AppendString(b, e.msg)
	}
	b = append(b, '}')
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	setCRC32(w, b)
	w.WriteHeader(e.status)
	_, _ = w.Write(b)
}
