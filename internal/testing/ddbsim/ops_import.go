package ddbsim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"
)

// ImportTable and StartBulkPutItems: DynamoDB's S3 loaders, as documented
// (developer guide "Import from S3", "Bulk put items", checked 2026-11):
//
//   - input is DYNAMODB_JSON, one {"Item":{…}} per line, in every object
//     under S3KeyPrefix, compressed GZIP, ZSTD or NONE; ION and CSV are
//     refused with a ValidationException naming what the simulator reads;
//   - ImportTable creates a NEW table (ResourceInUseException if it
//     exists), CREATING while the import runs and ACTIVE when it completes
//     (a failed import leaves no table); bulk put
//     needs an existing ACTIVE table (ResourceNotFoundException otherwise);
//   - a line that is not an item DynamoDB would take (malformed JSON, no
//     Item, bad attribute values, missing or mistyped key, over 400 KB) is
//     counted in ErrorCount (import) or FailedItemCount (bulk put, whose
//     status then ends COMPLETED_WITH_ERRORS and whose ERROR report goes
//     to the output location), and the others are written; duplicate keys
//     overwrite, the last line read wins;
//   - status is IN_PROGRESS (for at least Options.JobDelay) and then
//     COMPLETED or FAILED (no objects, an unreadable object); counts are
//     ProcessedItemCount, ImportedItemCount, ErrorCount and
//     ProcessedSizeBytes (uncompressed bytes read).
//
// Writes bypass the partition budgets: AWS's engine does not consume the
// table's capacity for an import, and the simulator does not meter bulk
// puts against MaxWriteRequestUnits either.

// jobs are the server's import and bulk put operations.
type jobs struct {
	mu      sync.Mutex
	imports map[string]*importJob
	bulk    map[string]*bulkJob
	wg      sync.WaitGroup
	seq     int
}

type importJob struct {
	ImportArn               string
	ImportStatus            string
	TableArn                string
	TableId                 string
	ClientToken             string          `json:",omitempty"`
	S3BucketSource          json.RawMessage `json:",omitempty"`
	InputFormat             string
	InputCompressionType    string
	TableCreationParameters json.RawMessage `json:",omitempty"`
	StartTime               float64
	EndTime                 float64 `json:",omitempty"`
	ImportedItemCount       int64
	ProcessedItemCount      int64
	ProcessedSizeBytes      int64
	ErrorCount              int64
	CloudWatchLogGroupArn   string
	FailureCode             string `json:",omitempty"`
	FailureMessage          string `json:",omitempty"`
}

type importInput struct {
	InputFormat          string
	InputCompressionType string
	ClientToken          string
	S3BucketSource       *struct {
		S3Bucket    string
		S3KeyPrefix string
	}
	TableCreationParameters json.RawMessage
}

func epoch(t time.Time) float64 { return float64(t.UnixMilli()) / 1000 }

// checkInput validates the parts of an import or bulk put request that
// both share.
func (s *Server) checkInput(format, compression string) *apiError {
	if s.opts.S3 == nil {
		return validationErr("ddbsim: no S3 endpoint to read from (start it with -s3-endpoint or -s3-port)")
	}
	switch format {
	case "DYNAMODB_JSON":
	case "ION", "CSV":
		return validationErr("ddbsim reads only DYNAMODB_JSON input, not " + format)
	default:
		return validationErr("1 validation error detected: Value '" + format + "' at 'inputFormat' failed to satisfy constraint: Member must satisfy enum value set: [DYNAMODB_JSON, ION, CSV]")
	}
	switch compression {
	case "", "NONE", "GZIP", "ZSTD":
	default:
		return validationErr("1 validation error detected: Value '" + compression + "' at 'inputCompressionType' failed to satisfy constraint: Member must satisfy enum value set: [GZIP, ZSTD, NONE]")
	}
	return nil
}

func (s *Server) importTable(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	var in importInput
	if err := json.Unmarshal(p.buf, &in); err != nil {
		return nil, serErr("Unexpected field type")
	}
	if in.S3BucketSource == nil || in.S3BucketSource.S3Bucket == "" {
		return nil, validationErr("1 validation error detected: Value null at 's3BucketSource' failed to satisfy constraint: Member must not be null")
	}
	if len(in.TableCreationParameters) == 0 {
		return nil, validationErr("1 validation error detected: Value null at 'tableCreationParameters' failed to satisfy constraint: Member must not be null")
	}
	if err := s.checkInput(in.InputFormat, in.InputCompressionType); err != nil {
		return nil, err
	}
	// Create the table with CreateTable's own validation, then put a
	// placeholder in its place until the import completes: like AWS's
	// table during an import, it is CREATING to DescribeTable, refuses
	// data operations, and its name is taken.
	tp := &parser{}
	root, err := tp.parse(bytes.Clone(in.TableCreationParameters))
	if err != nil || root.kind != kObj {
		return nil, serErr("Unexpected field type")
	}
	name := ""
	if n := tp.get(&root, "TableName"); n != nil {
		name = n.str
	}
	s.tmu.RLock()
	_, exists := s.tables[name]
	s.tmu.RUnlock()
	if exists {
		return nil, &apiError{status: 400, typ: typeInUse, msg: "Table already exists: " + name}
	}
	if _, aerr := s.createTable(tp, &root, nil); aerr != nil {
		return nil, aerr
	}
	s.tmu.Lock()
	t := s.tables[name]
	ph := &table{name: t.name, hash: t.hash, rng: t.rng, gsis: t.gsis, desc: t.desc, partitions: t.partitions,
		partWCU: t.partWCU, tableWCU: t.tableWCU, createdSim: t.createdSim, activeAt: math.Inf(1)}
	s.tables[name] = ph
	s.tmu.Unlock()

	s.jobs.mu.Lock()
	s.jobs.seq++
	arn := fmt.Sprintf("arn:aws:dynamodb:us-east-1:000000000000:table/%s/import/%014d-%06d", name, time.Now().UnixMilli(), s.jobs.seq)
	j := &importJob{
		ImportArn: arn, ImportStatus: "IN_PROGRESS", TableArn: "arn:aws:dynamodb:us-east-1:000000000000:table/" + name,
		TableId: t.desc.TableID, ClientToken: in.ClientToken, S3BucketSource: rawMember(p, req, "S3BucketSource"),
		InputFormat: in.InputFormat, InputCompressionType: or(in.InputCompressionType, "NONE"),
		TableCreationParameters: in.TableCreationParameters, StartTime: epoch(time.Now()),
		CloudWatchLogGroupArn: "arn:aws:logs:us-east-1:000000000000:log-group:/aws-dynamodb/imports:*",
	}
	if s.jobs.imports == nil {
		s.jobs.imports = map[string]*importJob{}
	}
	s.jobs.imports[arn] = j
	out := s.importDescription(j)
	s.jobs.mu.Unlock()

	bucket, prefix, comp := in.S3BucketSource.S3Bucket, in.S3BucketSource.S3KeyPrefix, j.InputCompressionType
	s.runJob(func(ctx context.Context) {
		var imported, processed, errs int64
		size, failure := s.eachItem(ctx, bucket, prefix, comp, func(obj string, lineNo int, line []byte) {
			processed++
			if reason := s.ingest(tp, t, line); reason != "" {
				errs++
				return
			}
			imported++
		}, func(n int64) {
			s.jobs.mu.Lock()
			j.ProcessedSizeBytes = n
			j.ProcessedItemCount, j.ImportedItemCount, j.ErrorCount = processed, imported, errs
			s.jobs.mu.Unlock()
		})
		status := "COMPLETED"
		s.tmu.Lock()
		switch {
		case s.tables[name] != ph:
			if failure == "" {
				failure = "table " + name + " was deleted while the import ran"
			}
		case failure == "":
			s.tables[name] = t
		default:
			delete(s.tables, name) // a failed import leaves no table
		}
		s.tmu.Unlock()
		s.jobs.mu.Lock()
		defer s.jobs.mu.Unlock()
		j.ProcessedSizeBytes = size
		j.ProcessedItemCount, j.ImportedItemCount, j.ErrorCount = processed, imported, errs
		if failure != "" {
			status, j.FailureCode, j.FailureMessage = "FAILED", "ImportFailed", failure
		}
		j.ImportStatus, j.EndTime = status, epoch(time.Now())
	})
	return out, nil
}

func or(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// importDescription renders a job; s.jobs.mu is held.
func (s *Server) importDescription(j *importJob) []byte {
	b, err := json.Marshal(map[string]any{"ImportTableDescription": j})
	if err != nil {
		panic("ddbsim: marshal import description: " + err.Error()) // plain data
	}
	return b
}

func (s *Server) describeImport(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	n := p.get(req, "ImportArn")
	if n == nil || n.kind != kStr {
		return nil, validationErr("1 validation error detected: Value null at 'importArn' failed to satisfy constraint: Member must not be null")
	}
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	j := s.jobs.imports[n.str]
	if j == nil {
		return nil, &apiError{status: 400, typ: "com.amazonaws.dynamodb.v20120810#ImportNotFoundException", msg: "Import not found: " + n.str}
	}
	return s.importDescription(j), nil
}

// runJob runs fn in a goroutine the server owns: it starts after
// Options.JobDelay and its context ends when the server closes, which
// waits for it.
func (s *Server) runJob(fn func(ctx context.Context)) {
	s.jobs.wg.Add(1)
	go func() {
		defer s.jobs.wg.Done()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			select {
			case <-s.done:
				cancel()
			case <-ctx.Done():
			}
		}()
		if s.opts.JobDelay > 0 {
			t := time.NewTimer(s.opts.JobDelay)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return
			}
		}
		fn(ctx)
	}()
}

// eachItem calls fn with every non-empty line of every object under
// prefix, object by object in key order, and progress with the
// uncompressed bytes read after each object. It returns those bytes and a
// failure message that ends the job (no objects, an object that cannot be
// read or decompressed).
func (s *Server) eachItem(ctx context.Context, bucket, prefix, compression string, fn func(obj string, line int, b []byte), progress func(int64)) (int64, string) {
	keys, err := s.opts.S3.List(ctx, bucket, prefix)
	if err != nil {
		return 0, fmt.Sprintf("list s3://%s/%s: %v", bucket, prefix, err)
	}
	if len(keys) == 0 {
		return 0, fmt.Sprintf("no objects under s3://%s/%s", bucket, prefix)
	}
	if len(keys) > 50_000 {
		return 0, fmt.Sprintf("%d objects under s3://%s/%s, over the limit of 50,000", len(keys), bucket, prefix)
	}
	var size int64
	for _, k := range keys {
		if ctx.Err() != nil {
			return size, "cancelled: the server stopped"
		}
		raw, err := s.opts.S3.Get(ctx, bucket, k)
		if err != nil {
			return size, fmt.Sprintf("read s3://%s/%s: %v", bucket, k, err)
		}
		data, err := decompress(raw, compression)
		if err != nil {
			return size, fmt.Sprintf("s3://%s/%s: %v", bucket, k, err)
		}
		size += int64(len(data))
		for i, line := range bytes.Split(data, []byte{'\n'}) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			fn(k, i+1, line)
		}
		progress(size)
	}
	return size, ""
}

// ingest validates one input line as an item of t and stores it, or says
// why DynamoDB would refuse it. The line must not change afterwards.
func (s *Server) ingest(p *parser, t *table, line []byte) string {
	root, err := p.parse(line)
	if err != nil || root.kind != kObj {
		return "malformed JSON line"
	}
	item := p.get(&root, "Item")
	if item == nil || item.kind != kObj {
		return `line has no "Item" object`
	}
	if e := p.checkAttrMapType(item); e != nil {
		return strings.TrimSpace(e.msg + " " + e.typ)
	}
	if msg := p.itemAttrError(item); msg != "" {
		return msg
	}
	size := p.itemSize(item)
	if size > maxItemSize {
		return "Item size has exceeded the maximum allowed size"
	}
	if e := t.itemKeyError(p, item); e != nil {
		return e.msg
	}
	// An index key DynamoDB refuses fails the item here as it fails a
	// put, so the S3 path shows what AWS would do.
	if e := t.indexKeyError(p, item); e != nil {
		return e.msg
	}
	key := t.makeKey(p, item, nil)
	var st *storedItem
	if t.items != nil {
		st = p.newStoredItem(t, item, key, size)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.puts++
	if t.items != nil {
		if _, existed := t.items[key.key]; existed {
			t.overwrites++
		}
		t.items[key.key] = st
		t.sorted = nil
	}
	return ""
}
