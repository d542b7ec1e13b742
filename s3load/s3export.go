package s3load

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/s3/transfermanager"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Export compressions; DynamoDB's import and bulk put read all three.
const (
	CompressGzip = "gzip"
	CompressZstd = "zstd"
	CompressNone = "none"
)

// MaxImportObjects is AWS's limit of S3 objects per ImportTable and per
// StartBulkPutItems.
const MaxImportObjects = 50_000

// ManifestName is the export's manifest, under the export's prefix.
const ManifestName = "manifest.json"

// manifestVersion changes when the manifest's meaning does.
const manifestVersion = 1

// Manifest says what an export wrote, so that import, bulk put and people
// know what is there: per table its objects, their item counts and their
// SHA-256. It is rewritten after every finished table; a table without
// Done was being exported when the run stopped and its objects are not to
// be trusted (export --resume writes them again).
type Manifest struct {
	Version     int           `json:"version"`
	Compression string        `json:"compression"`
	ObjectSize  int64         `json:"object_size"`
	Tables      []ExportTable `json:"tables"`
}

// ExportTable is one table of an export.
type ExportTable struct {
	Source string `json:"source"`
	Target string `json:"target"`
	// Prefix is the key prefix of the table's objects (ends with "/"):
	// ImportTable and StartBulkPutItems read every object under it.
	Prefix string `json:"prefix"`
	// Plan fingerprints the plan table the objects were written for; a
	// resume exports a table again when it changed.
	Plan item.PlanFingerprint `json:"plan"`
	// SourceRows is the rows read from the snapshot, set when the table
	// is done.
	SourceRows int64 `json:"source_rows"`
	Items      int64 `json:"items"`
	Rejected   int64 `json:"rejected"`
	// Bytes is the uncompressed size of the items' JSON lines: what an
	// import is billed for.
	Bytes   int64          `json:"bytes"`
	Objects []ExportObject `json:"objects"`
	Done    bool           `json:"done"`
}

// ExportObject is one uploaded object.
type ExportObject struct {
	Key   string `json:"key"`
	Items int64  `json:"items"`
	// Bytes is its uncompressed size, Size what S3 stores.
	Bytes  int64  `json:"bytes"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Table returns the manifest's entry for target, or nil.
func (m *Manifest) Table(target string) *ExportTable {
	for i := range m.Tables {
		if m.Tables[i].Target == target {
			return &m.Tables[i]
		}
	}
	return nil
}

// ReadManifest reads the manifest of the export at loc; nil, nil when
// there is none.
func ReadManifest(ctx context.Context, c S3API, loc Location) (*Manifest, error) {
	b, err := getObject(ctx, c, loc.Bucket, loc.Key(ManifestName))
	if err != nil || b == nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("read the export manifest %s%s: %w", loc, ManifestName, err)
	}
	if m.Version != manifestVersion {
		return nil, fmt.Errorf("the export manifest %s%s has version %d; this pg2ddb reads %d", loc, ManifestName, m.Version, manifestVersion)
	}
	return &m, nil
}

// Source is where an export reads rows: every call must see the same
// consistent data (one snapshot). *extract.Snapshot is one.
type Source interface {
	Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error)
}

// ExportOptions tune an export. To is required.
type ExportOptions struct {
	To Location
	// Compression is gzip (default), zstd or none.
	Compression string
	// ObjectSize bounds the uncompressed bytes of one object (default
	// 64 MiB); the stored object is smaller when compressed.
	ObjectSize int64
	// Uploads is the number of objects uploaded at once (default 4); each
	// is a multipart, parallel upload through the transfer manager.
	Uploads int
	// Readers is the number of source connections that read one large
	// table at once, as for a load (extract.StreamOptions.Readers).
	Readers int
	// Resume keeps the tables the manifest marks done (with an unchanged
	// plan) and exports the others again from scratch.
	Resume        bool
	RejectsPath   string
	LimitRejects  bool
	MaxRejects    int64
	Tables        []string
	TempDir       string
	Progress      func(pipeline.Progress)
	ProgressEvery time.Duration
	Logf          func(format string, args ...any)
}

// maxShards bounds a table's shards: each open one holds a compressor.
const maxShards = 64

func (o *ExportOptions) defaults() error {
	switch o.Compression {
	case "":
		o.Compression = CompressGzip
	case CompressGzip, CompressZstd, CompressNone:
	default:
		return fmt.Errorf("export: compression must be gzip, zstd or none, got %q", o.Compression)
	}
	if o.ObjectSize <= 0 {
		o.ObjectSize = 64 << 20
	}
	if o.ObjectSize < item.MaxItemBytes+64 {
		return fmt.Errorf("export: object size %d is below one item's maximum (%d bytes)", o.ObjectSize, item.MaxItemBytes+64)
	}
	if o.Uploads <= 0 {
		o.Uploads = 4
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = 500 * time.Millisecond
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	return nil
}

// ext is the object name suffix of a compression.
func ext(compression string) string {
	switch compression {
	case CompressGzip:
		return ".json.gz"
	case CompressZstd:
		return ".json.zst"
	}
	return ".json"
}

// ImportCompression is the ImportTable/StartBulkPutItems name of a
// compression.
func ImportCompression(compression string) string {
	switch compression {
	case CompressGzip:
		return "GZIP"
	case CompressZstd:
		return "ZSTD"
	}
	return "NONE"
}

// Export writes the plan's tables to S3 as DynamoDB JSON lines
// ({"Item":{…}} per line), the input ImportTable and StartBulkPutItems
// read, from one snapshot (src), with the direct load's encoder and
// rejects policy: a row DynamoDB would refuse goes to the rejects file and
// never to S3.
//
// Items are spread over objects by a hash of their key (AWS advises input
// not sorted by partition key): a table gets k shards, k from its size
// estimate and ObjectSize (at most 64), and shard s is written as objects
// s-0000, s-0001, … each closed when the next line would pass
// ObjectSize. The object an item lands in depends only on the rows, the
// plan and the options, so exporting a table again re-produces the same
// objects; that is how --resume stays exact: it deletes whatever a killed
// run left of an unfinished table and writes it again, and the manifest
// names only finished tables' objects as Done. Objects are staged in a
// temporary directory and uploaded while the read goes on.
func Export(ctx context.Context, plan *plans.Plan, src Source, c S3API, opts ExportOptions) (*Manifest, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	tables, err := plan.Select(opts.Tables)
	if err != nil {
		return nil, err
	}
	m := &Manifest{Version: manifestVersion, Compression: opts.Compression, ObjectSize: opts.ObjectSize}
	if opts.Resume {
		old, err := ReadManifest(ctx, c, opts.To)
		if err != nil {
			return nil, err
		}
		if old == nil {
			return nil, fmt.Errorf("export --resume: no manifest at %s%s", opts.To, ManifestName)
		}
		if old.Compression != opts.Compression || old.ObjectSize != opts.ObjectSize {
			return nil, fmt.Errorf("export --resume: the export at %s used --compression %s --object-size %d; resume with the same", opts.To, old.Compression, old.ObjectSize)
		}
		m = old
	}
	var rejects *item.RejectsFile
	if opts.RejectsPath != "" {
		var keep func(item.RejectRecord) bool
		if opts.Resume {
			// The rejects of a table an earlier run exported are kept;
			// the others are produced again.
			keep = func(r item.RejectRecord) bool { et := m.Table(r.Table); return et != nil && et.Done }
		}
		var opened item.OpenedRejects
		if keep != nil {
			rejects, opened, err = item.OpenRejects(opts.RejectsPath, keep)
		} else {
			// A fresh export moves aside the earlier lines of its own
			// tables only: another table's stay for verify.
			set := map[string]bool{}
			for _, t := range tables {
				set[t.Target] = true
			}
			rejects, opened, err = item.OpenRejectsFor(opts.RejectsPath, func(target string) bool { return set[target] })
		}
		if err != nil {
			return nil, err
		}
		defer rejects.Close()
		if opened.MovedTo != "" {
			opts.Logf("moved the rejects of an earlier run from %s to %s", opts.RejectsPath, opened.MovedTo)
		}
	}
	planned := plans.PlannedDrops(tables)
	x := &exporter{opts: opts, src: src, c: c, m: m, rejects: rejects, maxRejects: opts.MaxRejects + planned}
	for _, et := range m.Tables {
		if et.Done {
			x.rejected.Add(et.Rejected)
		}
	}
	if err := x.saveManifest(ctx); err != nil {
		return nil, err
	}
	for _, t := range tables {
		fp := item.Fingerprint(t, plan.Options)
		if et := m.Table(t.Target); et != nil && et.Done && et.Plan.Diff(fp) == "" {
			opts.Logf("%s: exported by an earlier run (%d objects), kept", t.Target, len(et.Objects))
			continue
		}
		enc, err := item.NewEncoder(t, plan.Options)
		if err != nil {
			return nil, err
		}
		if err := x.table(ctx, t, enc, fp); err != nil {
			return m, err
		}
	}
	return m, nil
}

// exporter is one export run.
type exporter struct {
	opts       ExportOptions
	src        Source
	c          S3API
	m          *Manifest
	mu         sync.Mutex // guards m's current table while uploads run
	rejects    *item.RejectsFile
	rejected   atomic.Int64
	maxRejects int64
}

func (x *exporter) saveManifest(ctx context.Context) error {
	x.mu.Lock()
	b, err := json.MarshalIndent(x.m, "", "  ")
	x.mu.Unlock()
	if err != nil {
		return fmt.Errorf("export manifest: %w", err)
	}
	return x.put(ctx, x.opts.To.Key(ManifestName), b)
}

func (x *exporter) put(ctx context.Context, key string, b []byte) error {
	tm := transfermanager.New(x.c)
	_, err := tm.UploadObject(ctx, &transfermanager.UploadObjectInput{
		Bucket: aws.String(x.opts.To.Bucket), Key: aws.String(key), Body: bytes.NewReader(b),
	})
	if err != nil {
		return fmt.Errorf("upload s3://%s/%s: %w", x.opts.To.Bucket, key, err)
	}
	return nil
}

// singlePutMax is the upload manager's default multipart threshold:
// staged objects smaller than this go up in one PutObject.
const singlePutMax = 16 << 20

// shardCount is how many shards a table's items are spread over: about a
// quarter of the objects its size estimate needs, at most maxShards, so
// that each shard fills several objects and most of them are closed, and
// uploaded, while the read goes on; with one object per shard every
// upload waited for the end of the read.
func (x *exporter) shardCount(t plans.Table, rows int64) int {
	avg := max(t.Estimates.AvgItemBytes, 100)
	want := (rows*(avg+16) + 4*x.opts.ObjectSize - 1) / (4 * x.opts.ObjectSize)
	return int(min(max(want, 1), maxShards))
}

// shard is one open staged object of a table.
type shard struct {
	index, part int
	path        string
	f           *os.File
	file        *bufio.Writer                   // buffers f
	sum         interface{ Sum([]byte) []byte } // SHA-256 of what is stored
	counted     *countWriter
	comp        io.WriteCloser
	w           *asyncWriter // into comp
	items       int64
	bytes       int64
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func (x *exporter) openShard(dir string, index, part int) (*shard, error) {
	s := &shard{index: index, part: part, path: filepath.Join(dir, fmt.Sprintf("%03d-%04d", index, part))}
	var err error
	if s.f, err = os.Create(s.path); err != nil {
		return nil, fmt.Errorf("export: stage an object: %w", err)
	}
	h := sha256.New()
	s.sum = h
	// The compressors write their output in pieces of a few hundred bytes;
	// the staged file gets it through a buffer, not a system call each
	// (which measured 0.7 s of a 1M-row export).
	s.file = bufio.NewWriterSize(s.f, 256<<10)
	s.counted = &countWriter{w: io.MultiWriter(s.file, h)}
	switch x.opts.Compression {
	case CompressGzip:
		s.comp, err = gzip.NewWriterLevel(s.counted, gzip.BestSpeed)
	case CompressZstd:
		s.comp, err = zstd.NewWriter(s.counted, zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true), zstd.WithEncoderLevel(zstd.SpeedFastest))
	default:
		s.comp = nopCloser{s.counted}
	}
	if err != nil {
		s.f.Close()
		return nil, fmt.Errorf("export: compressor: %w", err)
	}
	s.w = newAsyncWriter(s.comp, 256<<10)
	return s, nil
}

// asyncWriter hands what is written to it to w on a goroutine of its own,
// in buffers of size bytes: each staged object compresses on its own
// goroutine while the table's reader encodes the next items, so an export
// uses more than one core (compression was a third of its CPU, all on the
// reader's goroutine). Close flushes, waits for the goroutine to end and
// returns the first error of w; the goroutine ends only there, so every
// asyncWriter must be closed, also on error paths (Close is idempotent).
type asyncWriter struct {
	buf    []byte
	size   int
	full   chan []byte // buffers for the goroutine
	free   chan []byte // buffers it has written
	done   chan error  // the goroutine's end
	err    error
	closed bool
}

func newAsyncWriter(w io.Writer, size int) *asyncWriter {
	a := &asyncWriter{size: size, full: make(chan []byte, 2), free: make(chan []byte, 3), done: make(chan error, 1)}
	a.buf = make([]byte, 0, size)
	a.free <- make([]byte, 0, size)
	a.free <- make([]byte, 0, size)
	go func() {
		var err error
		for b := range a.full {
			if err == nil {
				_, err = w.Write(b)
			}
			a.free <- b[:0]
		}
		a.done <- err
	}()
	return a
}

func (a *asyncWriter) Write(p []byte) (int, error) {
	a.buf = append(a.buf, p...)
	a.handOn()
	return len(p), nil
}

func (a *asyncWriter) WriteString(s string) (int, error) {
	a.buf = append(a.buf, s...)
	a.handOn()
	return len(s), nil
}

// handOn passes a full buffer to the goroutine and takes a written one.
func (a *asyncWriter) handOn() {
	if len(a.buf) >= a.size {
		a.full <- a.buf
		a.buf = <-a.free
	}
}

// Close writes what is left, ends the goroutine and returns w's first error.
func (a *asyncWriter) Close() error {
	if a.closed {
		return a.err
	}
	a.closed = true
	if len(a.buf) > 0 {
		a.full <- a.buf
	}
	close(a.full)
	a.err = <-a.done
	return a.err
}

// finish flushes and closes the staged object.
func (s *shard) finish() error {
	if err := s.w.Close(); err != nil {
		return fmt.Errorf("export: stage an object: %w", err)
	}
	if err := s.comp.Close(); err != nil {
		return fmt.Errorf("export: stage an object: %w", err)
	}
	if err := s.file.Flush(); err != nil {
		return fmt.Errorf("export: stage an object: %w", err)
	}
	if err := s.f.Close(); err != nil {
		return fmt.Errorf("export: stage an object: %w", err)
	}
	return nil
}

// table exports one table: deletes what an earlier run left under its
// prefix, streams its rows from the snapshot, stages the objects and
// uploads each as soon as it is closed.
func (x *exporter) table(ctx context.Context, t plans.Table, enc *item.Encoder, fp item.PlanFingerprint) error {
	start := time.Now()
	prefix := x.opts.To.Key("data/" + t.Target + "/")
	// The plan's estimate sizes the shards and the progress total; the
	// exact count is the rows read, known at the end. A count(*) first
	// was a whole extra scan of the table before the first row (0.4 s of
	// a 4 s export of 1M rows), and the plan's figure also keeps the shard
	// count, and so the objects, the same from run to run.
	rows := max(t.Estimates.Items, 0)
	x.mu.Lock()
	et := x.m.Table(t.Target)
	if et == nil {
		x.m.Tables = append(x.m.Tables, ExportTable{Source: t.Source, Target: t.Target})
		et = &x.m.Tables[len(x.m.Tables)-1]
	}
	*et = ExportTable{Source: t.Source, Target: t.Target, Prefix: prefix, Plan: fp}
	x.mu.Unlock()
	if err := x.saveManifest(ctx); err != nil {
		return err
	}
	if err := deletePrefix(ctx, x.c, x.opts.To.Bucket, prefix); err != nil {
		return err
	}
	dir, err := os.MkdirTemp(x.opts.TempDir, "pg2ddb-export-")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	defer os.RemoveAll(dir)

	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(x.opts.Uploads + 1) // the reader plus the uploads
	tm := transfermanager.New(x.c, func(o *transfermanager.Options) { o.Concurrency = 4 })
	var objects []ExportObject
	var read, items, rejected, uploaded atomic.Int64
	upload := func(s *shard) {
		g.Go(func() error {
			defer os.Remove(s.path)
			f, err := os.Open(s.path)
			if err != nil {
				return fmt.Errorf("export: %w", err)
			}
			defer f.Close()
			key := prefix + fmt.Sprintf("%03d-%04d", s.index, s.part) + ext(x.opts.Compression)
			if s.counted.n < singlePutMax {
				// What the upload manager does below its multipart
				// threshold, without first copying the object into
				// memory it has just allocated (io.ReadAll): the file
				// is the body. That copy's page faults were an eighth
				// of an export's CPU.
				_, err = x.c.PutObject(gctx, &s3.PutObjectInput{
					Bucket: aws.String(x.opts.To.Bucket), Key: aws.String(key), Body: f, ContentLength: aws.Int64(s.counted.n),
				})
			} else {
				_, err = tm.UploadObject(gctx, &transfermanager.UploadObjectInput{
					Bucket: aws.String(x.opts.To.Bucket), Key: aws.String(key), Body: f,
				})
			}
			if err != nil {
				return fmt.Errorf("upload s3://%s/%s: %w", x.opts.To.Bucket, key, err)
			}
			uploaded.Add(s.items)
			x.mu.Lock()
			objects = append(objects, ExportObject{Key: key, Items: s.items, Bytes: s.bytes, Size: s.counted.n, SHA256: hex.EncodeToString(s.sum.Sum(nil))})
			x.mu.Unlock()
			return nil
		})
	}
	progress := func(done bool) {
		if x.opts.Progress != nil {
			total := max(rows, read.Load())
			if done {
				total = read.Load()
			}
			x.opts.Progress(pipeline.Progress{Source: t.Source, Target: t.Target, Total: total, Read: read.Load(),
				Written: uploaded.Load(), Rejected: rejected.Load(), Elapsed: time.Since(start), Done: done})
		}
	}
	k := x.shardCount(t, rows)
	g.Go(func() error {
		shards := make([]*shard, k)
		defer func() {
			for _, s := range shards {
				if s != nil {
					s.w.Close() // ends its goroutine; the object is abandoned
					s.f.Close()
				}
			}
		}()
		// The interleave's read without its rounds: no sort on the source,
		// parallel readers, key collisions and duplicates handled as a
		// load handles them, and no round files (ImportTable and bulk put
		// spread their writes themselves). Its order is deterministic in
		// one snapshot, so a resumed export re-produces the same objects.
		it, err := x.src.Rows(gctx, t, extract.StreamOptions{Order: extract.OrderArrival, Readers: x.opts.Readers})
		if err != nil {
			return err
		}
		defer it.Close()
		var buf []byte
		lastReport := time.Now()
		for it.Next() {
			row := it.Row()
			read.Add(1)
			var w item.WireItem
			var bad *item.Reject
			buf, w, bad = enc.AppendWire(buf[:0], row)
			if bad != nil {
				rejected.Add(1)
				if x.rejects != nil {
					if err := x.rejects.Add(item.RejectOf(t, row.Pos, bad.Item, bad.Reason)); err != nil {
						return err
					}
				}
				if x.opts.LimitRejects && x.rejected.Add(1) > x.maxRejects {
					return &pipeline.TooManyRejectsError{Rejected: x.rejected.Load(), Max: x.opts.MaxRejects, Planned: x.maxRejects - x.opts.MaxRejects, Path: x.opts.RejectsPath, Table: t.Target}
				}
				continue
			}
			h := fnv.New64a()
			h.Write([]byte(w.ID))
			i := int(h.Sum64() % uint64(k))
			line := int64(len(w.Body)) + int64(len(`{"Item":}`)+1)
			s := shards[i]
			if s != nil && s.bytes+line > x.opts.ObjectSize {
				if err := s.finish(); err != nil {
					return err
				}
				upload(s)
				shards[i] = nil
				if s, err = x.openShard(dir, i, s.part+1); err != nil {
					return err
				}
				shards[i] = s
			} else if s == nil {
				if s, err = x.openShard(dir, i, 0); err != nil {
					return err
				}
				shards[i] = s
			}
			s.w.WriteString(`{"Item":`)
			s.w.Write(w.Body)
			if _, err := s.w.WriteString("}\n"); err != nil {
				return fmt.Errorf("export: stage an object: %w", err)
			}
			s.items++
			s.bytes += line
			items.Add(1)
			// The clock is read every 256 rows: once a row, it is a
			// visible share of an export's CPU.
			if read.Load()%256 == 0 && time.Since(lastReport) >= x.opts.ProgressEvery {
				lastReport = time.Now()
				progress(false)
			}
		}
		if err := it.Err(); err != nil {
			return err
		}
		for i, s := range shards {
			if s == nil {
				continue
			}
			if err := s.finish(); err != nil {
				return err
			}
			shards[i] = nil
			upload(s)
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		var tooMany *pipeline.TooManyRejectsError
		if ctx.Err() != nil && !errors.As(err, &tooMany) {
			return fmt.Errorf("%w: export of %s stopped; continue with export --resume", pipeline.ErrInterrupted, t.Target)
		}
		return err
	}
	if len(objects) > MaxImportObjects {
		return fmt.Errorf("export %s: %d objects, over AWS's %d per import; raise --object-size", t.Target, len(objects), MaxImportObjects)
	}
	if x.rejects != nil {
		if err := x.rejects.Sync(); err != nil {
			return err
		}
	}
	slices.SortFunc(objects, func(a, b ExportObject) int { return strings.Compare(a.Key, b.Key) })
	x.mu.Lock()
	et = x.m.Table(t.Target)
	et.Objects, et.Items, et.Rejected, et.Done = objects, items.Load(), rejected.Load(), true
	et.SourceRows = read.Load()
	for _, o := range objects {
		et.Bytes += o.Bytes
	}
	x.mu.Unlock()
	progress(true)
	return x.saveManifest(ctx)
}
