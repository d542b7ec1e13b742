package ddbsim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// bulkJob is one StartBulkPutItems operation (see ops_import.go for the
// behaviour both loaders share).
type bulkJob struct {
	BulkOperationArn      string
	BulkOperationStatus   string
	ClientToken           string `json:",omitempty"`
	TableDetails          []map[string]string
	InputS3Configuration  json.RawMessage
	OutputS3Configuration json.RawMessage
	MaxWriteRequestUnits  *int64 `json:",omitempty"`
	PerformanceTier       string
	ProcessedItemCount    int64
	FailedItemCount       int64
	ProcessedInputBytes   int64
	StartTime             float64
	EndTime               float64 `json:",omitempty"`
	FailureCode           string  `json:",omitempty"`
	FailureMessage        string  `json:",omitempty"`
}

type bulkInput struct {
	TableName            string
	ClientToken          string
	MaxWriteRequestUnits *int64
	PerformanceTier      string
	InputS3Configuration *struct {
		S3Bucket             string
		S3KeyPrefix          string
		InputFormat          string
		InputCompressionType string
	}
	OutputS3Configuration *struct {
		S3Bucket    string
		S3KeyPrefix string
		OutputType  []string
	}
}

// BulkFailure is one line of the simulator's ERROR report for a bulk put:
// JSON lines under the output prefix, errors/OPERATION-ID/part-00000.json.
// AWS documents the report's purpose (items not written, with the reason)
// but pg2ddb was written against this shape; it names the input object
// and line, the reason, and the item as read (Record when the line was not
// JSON).
type BulkFailure struct {
	ErrorType    string          `json:"errorType"`
	ErrorMessage string          `json:"errorMessage"`
	SourceObject string          `json:"sourceObject"`
	LineNumber   int             `json:"lineNumber"`
	Item         json.RawMessage `json:"item,omitempty"`
	Record       string          `json:"record,omitempty"`
}

func (s *Server) startBulkPutItems(p *parser, _ *node, _ *decision) ([]byte, *apiError) {
	var in bulkInput
	if err := json.Unmarshal(p.buf, &in); err != nil {
		return nil, serErr("Unexpected field type")
	}
	var ce constraintErrors
	if in.InputS3Configuration == nil {
		ce.add("null", "inputS3Configuration", "Member must not be null")
	}
	if in.OutputS3Configuration == nil {
		ce.add("null", "outputS3Configuration", "Member must not be null")
	}
	if in.TableName == "" {
		ce.add("null", "tableName", "Member must not be null")
	}
	if in.MaxWriteRequestUnits != nil && *in.MaxWriteRequestUnits < 1024 {
		ce.add(strconv.FormatInt(*in.MaxWriteRequestUnits, 10), "maxWriteRequestUnits", "Member must have value greater than or equal to 1024")
	}
	if err := ce.err(); err != nil {
		return nil, err
	}
	ic := in.InputS3Configuration
	if err := s.checkInput(ic.InputFormat, ic.InputCompressionType); err != nil {
		return nil, err
	}
	if ic.InputFormat == "CSV" {
		return nil, validationErr("bulk put reads DYNAMODB_JSON or ION, not CSV")
	}
	t, aerr := s.lookup(in.TableName)
	if aerr != nil {
		return nil, notFoundErr("Requested resource not found: Table: " + in.TableName + " not found or not ACTIVE")
	}
	tier := or(in.PerformanceTier, "STANDARD")
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }

	s.jobs.mu.Lock()
	s.jobs.seq++
	id := fmt.Sprintf("%014d-%06d", time.Now().UnixMilli(), s.jobs.seq)
	j := &bulkJob{
		BulkOperationArn: "arn:aws:dynamodb:us-east-1:000000000000:table/" + t.name + "/bulk-operation/" + id, BulkOperationStatus: "IN_PROGRESS",
		ClientToken: in.ClientToken, TableDetails: []map[string]string{{"TableName": t.name, "TableId": t.desc.TableID}},
		InputS3Configuration: raw(in.InputS3Configuration), OutputS3Configuration: raw(in.OutputS3Configuration),
		MaxWriteRequestUnits: in.MaxWriteRequestUnits, PerformanceTier: tier, StartTime: epoch(time.Now()),
	}
	if s.jobs.bulk == nil {
		s.jobs.bulk = map[string]*bulkJob{}
	}
	s.jobs.bulk[j.BulkOperationArn] = j
	out := s.bulkDescription(j)
	s.jobs.mu.Unlock()

	oc := in.OutputS3Configuration
	reportErrors := false
	for _, o := range oc.OutputType {
		reportErrors = reportErrors || o == "ERROR"
	}
	s.runJob(func(ctx context.Context) {
		tp := &parser{}
		var processed, failed int64
		var report bytes.Buffer
		size, failure := s.eachItem(ctx, ic.S3Bucket, ic.S3KeyPrefix, or(ic.InputCompressionType, "NONE"), func(obj string, lineNo int, line []byte) {
			processed++
			reason := s.ingest(tp, t, line)
			if reason == "" {
				return
			}
			failed++
			if !reportErrors {
				return
			}
			f := BulkFailure{ErrorType: "ERROR", ErrorMessage: reason, SourceObject: "s3://" + ic.S3Bucket + "/" + obj, LineNumber: lineNo}
			if root, err := tp.parse(line); err == nil && root.kind == kObj && tp.get(&root, "Item") != nil {
				f.Item = json.RawMessage(bytes.Clone(tp.raw(tp.get(&root, "Item"))))
			} else {
				f.Record = string(line)
			}
			b, _ := json.Marshal(f)
			report.Write(b)
			report.WriteByte('\n')
		}, func(n int64) {
			s.jobs.mu.Lock()
			j.ProcessedInputBytes, j.ProcessedItemCount, j.FailedItemCount = n, processed, failed
			s.jobs.mu.Unlock()
		})
		if failure == "" && report.Len() > 0 {
			bucket := or(oc.S3Bucket, ic.S3Bucket)
			key := oc.S3KeyPrefix + "errors/" + id + "/part-00000.json"
			if err := s.opts.S3.Put(ctx, bucket, key, report.Bytes()); err != nil {
				failure = fmt.Sprintf("write the error report s3://%s/%s: %v", bucket, key, err)
			}
		}
		s.jobs.mu.Lock()
		defer s.jobs.mu.Unlock()
		j.ProcessedInputBytes, j.ProcessedItemCount, j.FailedItemCount = size, processed, failed
		switch {
		case failure != "":
			j.BulkOperationStatus, j.FailureCode, j.FailureMessage = "FAILED", "BulkOperationFailed", failure
		case failed > 0:
			j.BulkOperationStatus = "COMPLETED_WITH_ERRORS"
		default:
			j.BulkOperationStatus = "COMPLETED"
		}
		j.EndTime = epoch(time.Now())
	})
	return out, nil
}

// bulkDescription renders a job; s.jobs.mu is held.
func (s *Server) bulkDescription(j *bulkJob) []byte {
	b, err := json.Marshal(map[string]any{"BulkOperationDescription": j})
	if err != nil {
		panic("ddbsim: marshal bulk operation description: " + err.Error()) // plain data
	}
	return b
}

func (s *Server) describeBulkOperation(p *parser, req *node, _ *decision) ([]byte, *apiError) {
	n := p.get(req, "BulkOperationArn")
	if n == nil || n.kind != kStr {
		return nil, validationErr("1 validation error detected: Value null at 'bulkOperationArn' failed to satisfy constraint: Member must not be null")
	}
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	j := s.jobs.bulk[n.str]
	if j == nil {
		return nil, notFoundErr("Bulk operation not found: " + n.str)
	}
	return s.bulkDescription(j), nil
}
