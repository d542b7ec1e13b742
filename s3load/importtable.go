package s3load

import (
	"context"
	"errors"
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

// ImportAPI is what an import needs of DynamoDB. *dynamodb.Client
// implements it.
type ImportAPI interface {
	target.API
	ImportTable(ctx context.Context, in *dynamodb.ImportTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ImportTableOutput, error)
	DescribeImport(ctx context.Context, in *dynamodb.DescribeImportInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeImportOutput, error)
}

// JobOptions tune an import or a bulk put of an export.
type JobOptions struct {
	From   Location
	Tables []string
	// Capacity overrides the plan's capacity of the tables created.
	Capacity *plans.Capacity
	// Timeout bounds the wait for each table's job (default 6 h); a job
	// still running then is reported with its ARN, not waited for.
	Timeout   time.Duration
	PollEvery time.Duration
	Progress  func(pipeline.Progress)
	Logf      func(format string, args ...any)

	// Bulk put only.
	MaxWriteUnits int64
	Existing      target.Existing
	// RejectsPath receives the items a bulk put could not write, from its
	// S3 error report (appended: the export's rejects stay).
	RejectsPath string
}

func (o *JobOptions) defaults() {
	if o.Timeout <= 0 {
		o.Timeout = 6 * time.Hour
	}
	if o.PollEvery <= 0 {
		o.PollEvery = time.Second
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
}

// JobResult is what one table's import or bulk put did.
type JobResult struct {
	Target, Arn, Status string
	// Processed counts the input items read, Written those written, Errors
	// those refused; Bytes the uncompressed input read.
	Processed, Written, Errors, Bytes int64
	// LogGroup is the CloudWatch log group an import writes its errors
	// to; Reports where a bulk put wrote its error report.
	LogGroup, Reports string
	Elapsed           time.Duration
	// Incomplete says pg2ddb stopped waiting before the job ended (Ctrl-C,
	// JobOptions.Timeout): Status is the job's last known state, and the
	// job goes on in AWS.
	Incomplete bool
}

// stoppedWaiting marks r incomplete when err is the end of the wait for
// its job, not of the job (Ctrl-C, the timeout), and reports the table's
// last progress as done but incomplete, so no display calls it finished.
func stoppedWaiting(opts JobOptions, t *plans.Table, total int64, r *JobResult, err error) {
	if !errors.Is(err, pipeline.ErrInterrupted) && !errors.Is(err, ErrJobTimeout) {
		return
	}
	r.Incomplete = true
	if opts.Progress != nil {
		opts.Progress(pipeline.Progress{Source: t.Source, Target: t.Target, Total: total, Read: r.Processed, Written: r.Written, Rejected: r.Errors,
			Elapsed: r.Elapsed, Done: true, Incomplete: true})
	}
}

// exportedTables reads the export's manifest and returns the plan's
// selected tables, refusing tables the export does not hold whole or
// whose plan changed since.
func exportedTables(ctx context.Context, plan *plans.Plan, c S3API, from Location, only []string) ([]plans.Table, *Manifest, error) {
	tables, err := plan.Select(only)
	if err != nil {
		return nil, nil, err
	}
	m, err := ReadManifest(ctx, c, from)
	if err != nil {
		return nil, nil, err
	}
	if m == nil {
		return nil, nil, fmt.Errorf("no export at %s: %s%s is missing; run pg2ddb export first", from, from, ManifestName)
	}
	for _, t := range tables {
		et := m.Table(t.Target)
		switch {
		case et == nil || !et.Done:
			return nil, nil, fmt.Errorf("the export at %s does not hold table %s whole; run pg2ddb export (--resume) first", from, t.Target)
		case et.Plan.Diff(item.Fingerprint(t, plan.Options)) != "":
			return nil, nil, fmt.Errorf("plan table %s changed since the export at %s: %s; export again", t.Source, from, et.Plan.Diff(item.Fingerprint(t, plan.Options)))
		}
	}
	return tables, m, nil
}

// Import creates each of the plan's tables from the export at
// opts.From with ImportTable (DynamoDB JSON, the export's compression),
// one after another, polling DescribeImport until the import ends.
// ImportTable only creates new tables, so Import refuses, before it
// starts any, when one of them exists, unless opts.Existing is target.Recreate:
// then it deletes them first, listing them.
func Import(ctx context.Context, plan *plans.Plan, db ImportAPI, c S3API, opts JobOptions) ([]JobResult, error) {
	opts.defaults()
	tables, m, err := exportedTables(ctx, plan, c, opts.From, opts.Tables)
	if err != nil {
		return nil, err
	}
	var exist []string
	for _, t := range tables {
		d, err := target.Describe(ctx, db, t.Target)
		if err != nil {
			return nil, err
		}
		if d != nil {
			exist = append(exist, t.Target)
		}
	}
	if len(exist) > 0 && opts.Existing == target.Recreate {
		opts.Logf("--recreate: deleting %d existing tables: %v", len(exist), exist)
		for _, name := range exist {
			if err := target.Delete(ctx, db, name); err != nil {
				return nil, err
			}
		}
	} else if len(exist) > 0 {
		return nil, fmt.Errorf("import creates new tables only, and these exist: %s; delete them (--recreate), or use bulk-put to write into existing tables", strings.Join(exist, ", "))
	}
	var res []JobResult
	var failed []string
	for _, t := range tables {
		et := m.Table(t.Target)
		capacity := t.Capacity
		if opts.Capacity != nil {
			capacity = *opts.Capacity
		}
		params, err := target.Definition(t, capacity)
		if err != nil {
			return res, fmt.Errorf("import table %s: %w", t.Target, err)
		}
		if len(et.Objects) == 0 {
			// Nothing to import, and an import of no objects fails: an
			// empty table is created as load creates it.
			opts.Logf("%s is empty: creating it (%s)", t.Target, target.CapacityText(capacity))
			if err := target.Create(ctx, db, t, capacity); err != nil {
				return res, err
			}
			res = append(res, JobResult{Target: t.Target, Status: "CREATED (empty)"})
			continue
		}
		opts.Logf("importing %s from %s (%d objects, %s items)", t.Target, opts.From.String()+strings.TrimPrefix(et.Prefix, opts.From.Prefix), len(et.Objects), plans.Thousands(et.Items))
		out, err := db.ImportTable(ctx, &dynamodb.ImportTableInput{
			InputFormat:             types.InputFormatDynamodbJson,
			InputCompressionType:    types.InputCompressionType(ImportCompression(m.Compression)),
			S3BucketSource:          &types.S3BucketSource{S3Bucket: aws.String(opts.From.Bucket), S3KeyPrefix: aws.String(et.Prefix)},
			TableCreationParameters: params,
		})
		if err != nil {
			return res, fmt.Errorf("import %s: %w", t.Target, err)
		}
		arn := aws.ToString(out.ImportTableDescription.ImportArn)
		r := JobResult{Target: t.Target, Arn: arn}
		start := time.Now()
		err = poll(ctx, opts, t.Target, arn, func(ctx context.Context) (bool, error) {
			d, err := db.DescribeImport(ctx, &dynamodb.DescribeImportInput{ImportArn: aws.String(arn)})
			if err != nil {
				return false, fmt.Errorf("describe import of %s: %w", t.Target, err)
			}
			it := d.ImportTableDescription
			r.Status = string(it.ImportStatus)
			r.Processed, r.Written, r.Errors, r.Bytes = it.ProcessedItemCount, it.ImportedItemCount, it.ErrorCount, aws.ToInt64(it.ProcessedSizeBytes)
			r.LogGroup = aws.ToString(it.CloudWatchLogGroupArn)
			r.Elapsed = time.Since(start)
			done := it.ImportStatus != types.ImportStatusInProgress && it.ImportStatus != types.ImportStatusCancelling
			if opts.Progress != nil {
				opts.Progress(pipeline.Progress{Source: t.Source, Target: t.Target, Total: et.Items, Read: r.Processed, Written: r.Written, Rejected: r.Errors, Elapsed: r.Elapsed, Done: done})
			}
			if done && it.ImportStatus != types.ImportStatusCompleted {
				return true, fmt.Errorf("import of %s ended %s: %s %s (import %s; errors in CloudWatch log group %s)",
					t.Target, it.ImportStatus, aws.ToString(it.FailureCode), aws.ToString(it.FailureMessage), arn, r.LogGroup)
			}
			return done, nil
		})
		stoppedWaiting(opts, &t, et.Items, &r, err)
		res = append(res, r)
		if err != nil {
			return res, err
		}
		if r.Errors > 0 {
			failed = append(failed, fmt.Sprintf("%s: %d items refused", t.Target, r.Errors))
		}
	}
	if len(failed) > 0 {
		return res, fmt.Errorf("import refused items (%s); the reasons are in CloudWatch log group %s", strings.Join(failed, "; "), res[len(res)-1].LogGroup)
	}
	return res, nil
}

// ErrJobTimeout is returned (wrapped) when an import or bulk put was still
// running after JobOptions.Timeout.
var ErrJobTimeout = errors.New("still running")

// poll calls check every PollEvery until it reports done, ctx ends or the
// timeout passes; the last two are reported with the job's ARN, since the
// job goes on in AWS.
func poll(ctx context.Context, opts JobOptions, table, arn string, check func(context.Context) (bool, error)) error {
	deadline := time.Now().Add(opts.Timeout)
	for {
		done, err := check(ctx)
		if err != nil && ctx.Err() != nil {
			// Ctrl-C while a describe call was on its way, not only
			// between calls: the job goes on all the same.
			return fmt.Errorf("%w: stopped waiting for %s (%s); it goes on in AWS", pipeline.ErrInterrupted, table, arn)
		}
		if err != nil || done {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s: %w after %s (%s); it goes on in AWS: poll it with aws dynamodb describe-import/describe-bulk-operation", table, ErrJobTimeout, opts.Timeout, arn)
		}
		if err := target.Sleep(ctx, opts.PollEvery); err != nil {
			return fmt.Errorf("%w: stopped waiting for %s (%s); it goes on in AWS", pipeline.ErrInterrupted, table, arn)
		}
	}
}
