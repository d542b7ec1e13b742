package s3load

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/plans"
)

// BulkAPI is what a bulk put needs of DynamoDB. *dynamodb.Client
// implements it.
type BulkAPI interface {
	target.API
	StartBulkPutItems(ctx context.Context, in *dynamodb.StartBulkPutItemsInput, optFns ...func(*dynamodb.Options)) (*dynamodb.StartBulkPutItemsOutput, error)
	DescribeBulkOperation(ctx context.Context, in *dynamodb.DescribeBulkOperationInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeBulkOperationOutput, error)
}

// MinBulkWriteUnits is StartBulkPutItems' lowest MaxWriteRequestUnits.
const MinBulkWriteUnits = 1024

// BulkPut writes the export at opts.From into the plan's tables with
// StartBulkPutItems, one table after another, polling
// DescribeBulkOperation. Tables are prepared as a load prepares them: a
// missing table is created, --recreate deletes and recreates existing
// ones (listing them first), and an existing table must have the plan's
// key schema; a non-empty one needs Existing Append or target.Recreate. Items
// the bulk put could not write are read from its ERROR report in S3 and
// appended to the rejects file with their reasons, so verify expects them
// missing and a person can see why.
func BulkPut(ctx context.Context, plan *plans.Plan, db BulkAPI, c S3API, opts JobOptions) ([]JobResult, error) {
	opts.defaults()
	if opts.MaxWriteUnits != 0 && opts.MaxWriteUnits < MinBulkWriteUnits {
		return nil, fmt.Errorf("bulk put: --max-write-units must be at least %d (StartBulkPutItems' minimum), got %d", MinBulkWriteUnits, opts.MaxWriteUnits)
	}
	tables, m, err := exportedTables(ctx, plan, c, opts.From, opts.Tables)
	if err != nil {
		return nil, err
	}
	if err := target.Prepare(ctx, db, tables, target.PrepareOptions{Existing: opts.Existing, Capacity: opts.Capacity, Logf: opts.Logf}); err != nil {
		return nil, err
	}
	// Each run's reports go under a prefix of their own, to the
	// nanosecond: two runs in one second must not read each other's.
	run := time.Now().UTC().Format("20060102T150405.000000000Z")
	var res []JobResult
	var failedItems []string
	for _, t := range tables {
		et := m.Table(t.Target)
		if len(et.Objects) == 0 {
			res = append(res, JobResult{Target: t.Target, Status: "EMPTY (nothing to put)"})
			continue
		}
		reports := opts.From.Key("reports/" + t.Target + "/" + run + "/")
		in := &dynamodb.StartBulkPutItemsInput{
			TableName: aws.String(t.Target),
			InputS3Configuration: &types.InputS3Configuration{
				InputFormat: types.BulkOperationInputFormatDynamodbJson, S3Bucket: aws.String(opts.From.Bucket), S3KeyPrefix: aws.String(et.Prefix),
				InputCompressionType: types.InputCompressionType(ImportCompression(m.Compression)),
			},
			OutputS3Configuration: &types.OutputS3Configuration{
				OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}, S3Bucket: aws.String(opts.From.Bucket), S3KeyPrefix: aws.String(reports),
			},
		}
		if units := bulkWriteUnits(t, opts); units > 0 {
			in.MaxWriteRequestUnits = aws.Int64(units)
		}
		opts.Logf("bulk put into %s from %s%s (%d objects, %s items)", t.Target, "s3://"+opts.From.Bucket+"/", et.Prefix, len(et.Objects), plans.Thousands(et.Items))
		out, err := db.StartBulkPutItems(ctx, in)
		if err != nil {
			return res, fmt.Errorf("bulk put into %s: %w", t.Target, err)
		}
		arn := aws.ToString(out.BulkOperationDescription.BulkOperationArn)
		r := JobResult{Target: t.Target, Arn: arn, Reports: "s3://" + opts.From.Bucket + "/" + reports}
		start := time.Now()
		err = poll(ctx, opts, t.Target, arn, func(ctx context.Context) (bool, error) {
			d, err := db.DescribeBulkOperation(ctx, &dynamodb.DescribeBulkOperationInput{BulkOperationArn: aws.String(arn)})
			if err != nil {
				return false, fmt.Errorf("describe bulk put into %s: %w", t.Target, err)
			}
			b := d.BulkOperationDescription
			r.Status = string(b.BulkOperationStatus)
			r.Processed, r.Errors, r.Bytes = b.ProcessedItemCount, b.FailedItemCount, aws.ToInt64(b.ProcessedInputBytes)
			r.Written = r.Processed - r.Errors
			r.Elapsed = time.Since(start)
			var done bool
			switch b.BulkOperationStatus {
			case types.BulkOperationStatusCompleted, types.BulkOperationStatusCompletedWithErrors:
				done = true
			case types.BulkOperationStatusFailed, types.BulkOperationStatusCancelled:
				return true, fmt.Errorf("bulk put into %s ended %s: %s %s (%s)", t.Target, b.BulkOperationStatus, aws.ToString(b.FailureCode), aws.ToString(b.FailureMessage), arn)
			}
			if opts.Progress != nil {
				opts.Progress(pipeline.Progress{Source: t.Source, Target: t.Target, Total: et.Items, Read: r.Processed, Written: r.Written, Rejected: r.Errors, Elapsed: r.Elapsed, Done: done})
			}
			return done, nil
		})
		stoppedWaiting(opts, &t, et.Items, &r, err)
		res = append(res, r)
		if err != nil {
			return res, err
		}
		// Every run puts every item again, so an earlier run's failures of
		// this table are replaced by this run's (none when it wrote all).
		n, err := mergeBulkReport(ctx, c, opts.From.Bucket, reports, t, opts.RejectsPath, r.Errors > 0)
		if err != nil {
			return res, err
		}
		if r.Errors > 0 {
			if n != r.Errors {
				opts.Logf("warning: %s: the bulk put counts %d failed items but its report under %s holds %d", t.Target, r.Errors, r.Reports, n)
			}
			failedItems = append(failedItems, fmt.Sprintf("%s: %d", t.Target, r.Errors))
		}
	}
	if len(failedItems) > 0 {
		where := ""
		if opts.RejectsPath != "" {
			where = " (added to " + opts.RejectsPath + " with the reasons)"
		}
		return res, &BulkFailedItemsError{Msg: fmt.Sprintf("bulk put could not write some items%s: %s", where, strings.Join(failedItems, ", "))}
	}
	return res, nil
}

// BulkFailedItemsError says a bulk put completed but left items out.
type BulkFailedItemsError struct{ Msg string }

func (e *BulkFailedItemsError) Error() string { return e.Msg }

// bulkReportLine is one record of a bulk put's ERROR report. Field names
// are read case-insensitively (encoding/json), so "Item"/"item" and
// "ErrorMessage"/"errorMessage" both work.
type bulkReportLine struct {
	ErrorType    string          `json:"errorType"`
	ErrorMessage string          `json:"errorMessage"`
	SourceObject string          `json:"sourceObject"`
	LineNumber   int             `json:"lineNumber"`
	Item         json.RawMessage `json:"item"`
	Record       string          `json:"record"`
}

// bulkReason starts the reason of every rejects line a bulk put adds.
const bulkReason = "bulk put: "

// mergeBulkReport replaces, in the rejects file, the lines an earlier bulk
// put of t added with the failed items of this one's report (every object
// under prefix; read only when read is set), and returns how many it read.
// The file is rewritten through a temporary file and a rename.
func mergeBulkReport(ctx context.Context, c S3API, bucket, prefix string, t plans.Table, rejectsPath string, read bool) (int64, error) {
	var n int64
	var add bytes.Buffer
	if read {
		objs, err := listKeys(ctx, c, bucket, prefix)
		if err != nil {
			return 0, err
		}
		for _, o := range objs {
			b, err := getObject(ctx, c, bucket, aws.ToString(o.Key))
			if err != nil {
				return n, err
			}
			for i, line := range bytes.Split(b, []byte{'\n'}) {
				if len(bytes.TrimSpace(line)) == 0 {
					continue
				}
				var rl bulkReportLine
				if err := json.Unmarshal(line, &rl); err != nil {
					return n, fmt.Errorf("bulk put report s3://%s/%s line %d: %w", bucket, aws.ToString(o.Key), i+1, err)
				}
				n++
				rec := item.RejectRecord{Table: t.Target, Source: t.Source, Position: -1,
					Reason: bulkReason + rl.ErrorMessage + " (" + rl.SourceObject + " line " + fmt.Sprint(rl.LineNumber) + ")"}
				if len(rl.Item) > 0 {
					rec.Item = rl.Item
					if attrs, err := item.DecodeItem(rl.Item); err == nil {
						rec.Key = item.KeyOf(t, attrs).Map(t)
					}
				} else {
					rec.Item, _ = json.Marshal(map[string]string{"record": rl.Record})
				}
				b, err := json.Marshal(rec)
				if err != nil {
					return n, fmt.Errorf("rejects file: %w", err)
				}
				add.Write(b)
				add.WriteByte('\n')
			}
		}
	}
	if rejectsPath == "" {
		return n, nil
	}
	var keep bytes.Buffer
	stale := 0
	if err := item.ScanRejects(rejectsPath, func(r item.RejectRecord, line []byte) {
		if r.Table == t.Target && r.Position == -1 && strings.HasPrefix(r.Reason, bulkReason) {
			stale++
			return
		}
		keep.Write(line)
		keep.WriteByte('\n')
	}); err != nil {
		return n, err
	}
	if stale == 0 && add.Len() == 0 {
		return n, nil
	}
	keep.Write(add.Bytes())
	if err := item.WriteFileAtomic(rejectsPath, keep.Bytes()); err != nil {
		return n, fmt.Errorf("write rejects file %s: %w", rejectsPath, err)
	}
	return n, nil
}

// bulkWriteUnits is a table's MaxWriteRequestUnits: the flag's, else the
// plan's provisioned write units (raised to StartBulkPutItems' floor of
// 1,024), else 0, which leaves it to AWS.
func bulkWriteUnits(t plans.Table, opts JobOptions) int64 {
	switch {
	case opts.MaxWriteUnits > 0:
		return opts.MaxWriteUnits
	case t.Capacity.Mode == plans.Provisioned && t.Capacity.WriteUnits > 0:
		return max(t.Capacity.WriteUnits, MinBulkWriteUnits)
	}
	return 0
}
