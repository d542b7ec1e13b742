package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/s3load"
	"github.com/pg2ddb/pg2ddb/target"
)

// The S3 path: export writes a plan's items to S3 as DynamoDB JSON, and
// import (new tables, ImportTable) or bulk-put (existing tables,
// StartBulkPutItems) have AWS's own engine load them. Three commands
// rather than a load mode, because each step is a separate job a person
// may run, repeat or hand over (export once, import into a test account,
// bulk-put into staging again and again).

// s3Flags say where S3 is: the standard AWS chain ($AWS_ENDPOINT_URL_S3
// included), with --s3-endpoint-url on top; a local server given there is
// addressed path-style, which they need.
type s3Flags struct {
	endpoint string
}

func (f *s3Flags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.endpoint, "s3-endpoint-url", "", "S3 endpoint URL, addressed path-style (default: the AWS chain, e.g. $AWS_ENDPOINT_URL_S3)")
}

func (f *s3Flags) client(ctx context.Context, region string) (*s3.Client, error) {
	cfg, err := awsConfig(ctx, region, f.endpoint, "AWS_ENDPOINT_URL_S3")
	if err != nil {
		return nil, err
	}
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		// Objects without a checksum (S3-compatible servers, small
		// uploads) are read without validation either way; the SDK's log
		// line about each would land in the user's terminal.
		o.DisableLogOutputChecksumValidationSkipped = true
		if f.endpoint != "" {
			o.BaseEndpoint = aws.String(f.endpoint)
			o.UsePathStyle = true
		}
	}), nil
}

func (a *app) exportCommand() *cobra.Command {
	var (
		to, compression, rejects, progress string
		objectSize                         int64
		resume                             bool
		maxRejects                         int64
		tables                             []string
		s3f                                s3Flags
	)
	c := &cobra.Command{
		Use:   "export PLAN --to s3://BUCKET/PREFIX",
		Short: "Write a plan's items to S3 as DynamoDB JSON, for import or bulk-put",
		Long: `export reads every plan table from one consistent snapshot and writes its items
to S3 as DynamoDB JSON lines ({"Item":{...}} per line), the input of DynamoDB's
ImportTable and StartBulkPutItems, with the encoder and rejects policy of load:
rows DynamoDB would refuse go to the rejects file, never to S3.

Items are spread over objects by a hash of their key (AWS advises input not
sorted by partition key), objects hold at most --object-size bytes of JSON, and
are uploaded multipart and in parallel while the read goes on. PREFIX/manifest.json
lists each table's objects with item counts and SHA-256. --resume keeps the
tables a stopped export finished and writes the others again; a table's objects
come out the same each time, so nothing is duplicated or missing.`,
		Example: `  pg2ddb export plans/shop.yaml --to s3://my-bucket/shop/2026-11-23
  pg2ddb export plans/shop.yaml --to s3://my-bucket/shop --compression zstd --resume`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			loc, err := s3load.ParseURL(to)
			if err != nil {
				return fmt.Errorf("export: --to: %w", err)
			}
			if err := checkWritable("--rejects", or(rejects, args[0]+".rejects.jsonl")); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			ctx := cmd.Context()
			op, err := a.openPlan(ctx, args[0], tables)
			if err != nil {
				return err
			}
			defer op.close(ctx)
			if err := checkPredictedRejects("export", op.plan, maxRejects, resume); err != nil {
				return err
			}
			sc, err := s3f.client(ctx, a.target.region)
			if err != nil {
				return err
			}
			ui, err := newS3Progress(a.stderr, progress, "exporting", "exported")
			if err != nil {
				return err
			}
			rejectsPath := or(rejects, args[0]+".rejects.jsonl")
			m, err := s3load.Export(ctx, op.plan, load.SnapshotSource{Snapshot: op.snap}, sc, s3load.ExportOptions{
				To: loc, Compression: compression, ObjectSize: objectSize, Resume: resume, Readers: a.source.defaultReaders(),
				RejectsPath: rejectsPath, LimitRejects: true, MaxRejects: maxRejects, Tables: tables,
				Progress: ui.update, Logf: ui.logf,
			})
			ui.finish()
			if m != nil {
				printManifest(a.stdout, m, loc)
			}
			return err
		},
	}
	a.source.register(c.Flags())
	a.target.register(c.Flags())
	s3f.register(c.Flags())
	fs := c.Flags()
	fs.StringVar(&to, "to", "", "where to write: s3://BUCKET/PREFIX (required)")
	_ = c.MarkFlagRequired("to")
	fs.StringVar(&compression, "compression", s3load.CompressGzip, "object compression: gzip, zstd or none")
	fs.Int64Var(&objectSize, "object-size", 64<<20, "largest object, in bytes of uncompressed JSON")
	fs.BoolVar(&resume, "resume", false, "keep the tables a stopped export finished; write the others again")
	fs.StringVar(&rejects, "rejects", "", "rejects file, JSON lines (default: PLAN.rejects.jsonl)")
	fs.Int64Var(&maxRejects, "max-rejects", 0, "rejected rows allowed; one more stops the export with exit status 3")
	fs.StringSliceVar(&tables, "tables", nil, "export only these tables, comma-separated")
	fs.StringVar(&progress, "progress", "auto", "progress display: auto, bar, log, json or none")
	return c
}

func printManifest(w io.Writer, m *s3load.Manifest, loc s3load.Location) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\tsource rows\titems\trejected\tobjects\tJSON bytes\tstored bytes\t")
	for _, t := range m.Tables {
		var stored int64
		for _, o := range t.Objects {
			stored += o.Size
		}
		state := ""
		if !t.Done {
			state = " (unfinished)"
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%s\t%s\t%d\t%s\t%s\t\n", t.Target, state, plans.Thousands(t.SourceRows), plans.Thousands(t.Items),
			plans.Thousands(t.Rejected), len(t.Objects), plans.Thousands(t.Bytes), plans.Thousands(stored))
	}
	tw.Flush()
	fmt.Fprintf(w, "manifest: %s%s (%s)\n", loc, s3load.ManifestName, m.Compression)
}

// s3LoadFlags are the flags import and bulk-put share.
type s3LoadFlags struct {
	from, progress     string
	capacity           capacityFlags
	timeout, pollEvery time.Duration
	tables             []string
	s3f                s3Flags
	// yes confirms --recreate's deletions (import and bulk-put).
	yes bool
}

func (f *s3LoadFlags) register(fs *pflag.FlagSet) {
	f.s3f.register(fs)
	fs.StringVar(&f.from, "from", "", "the export to load: s3://BUCKET/PREFIX (required)")
	fs.StringSliceVar(&f.tables, "tables", nil, "only these tables, comma-separated")
	f.capacity.register(fs, false)
	fs.DurationVar(&f.timeout, "timeout", 6*time.Hour, "longest wait for one table's job; a job still running is reported with its ARN")
	fs.DurationVar(&f.pollEvery, "poll", 2*time.Second, "how often the job's status is read")
	fs.StringVar(&f.progress, "progress", "auto", "progress display: auto, bar, log, json or none")
}

// s3Job is one of AWS's engines loading an export into a plan's tables.
type s3Job func(ctx context.Context, p *plans.Plan, db *dynamodb.Client, sc *s3.Client, opts s3load.JobOptions) ([]s3load.JobResult, error)

// s3Jobs are the engines by the name of the command that runs them (and
// of load --via).
var s3Jobs = map[string]s3Job{
	"import": func(ctx context.Context, p *plans.Plan, db *dynamodb.Client, sc *s3.Client, opts s3load.JobOptions) ([]s3load.JobResult, error) {
		return s3load.Import(ctx, p, db, sc, opts)
	},
	"bulk-put": func(ctx context.Context, p *plans.Plan, db *dynamodb.Client, sc *s3.Client, opts s3load.JobOptions) ([]s3load.JobResult, error) {
		return s3load.BulkPut(ctx, p, db, sc, opts)
	},
}

// runS3Load is the body of import and bulk-put (what): the export named by
// --from loaded into the tables of the plan at planPath by AWS's engine,
// with opts as the command's own flags set them.
func (a *app) runS3Load(ctx context.Context, what, planPath string, f *s3LoadFlags, opts s3load.JobOptions) error {
	loc, err := s3load.ParseURL(f.from)
	if err != nil {
		return fmt.Errorf("%s: --from: %w", what, err)
	}
	opts.From, opts.Tables, opts.Timeout, opts.PollEvery = loc, f.tables, f.timeout, f.pollEvery
	if opts.Capacity, err = f.capacity.capacity(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	sc, err := f.s3f.client(ctx, a.target.region)
	if err != nil {
		return err
	}
	ui, err := newS3Progress(a.stderr, f.progress, what+" running", what+" done")
	if err != nil {
		return err
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		return err
	}
	db, err := a.target.client(ctx)
	if err != nil {
		return err
	}
	if opts.Existing == target.Recreate {
		tables, err := p.Select(f.tables)
		if err != nil {
			return err
		}
		if err := a.confirmRecreate(ctx, what, db, tables, f.yes); err != nil {
			return err
		}
	}
	return a.runJob(ctx, s3Jobs[what], ui, p, db, sc, opts)
}

// runJob runs an import or a bulk put with ui showing its progress, and
// prints its results.
func (a *app) runJob(ctx context.Context, job s3Job, ui *s3Progress, p *plans.Plan, db *dynamodb.Client, sc *s3.Client, opts s3load.JobOptions) error {
	opts.Progress, opts.Logf = ui.update, ui.logf
	res, err := job(ctx, p, db, sc, opts)
	ui.finish()
	printJobs(a.stdout, res)
	return err
}

func printJobs(w io.Writer, res []s3load.JobResult) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "table\tstatus\tprocessed\twritten\terrors\tbytes\ttime\t")
	for _, r := range res {
		status := r.Status
		if r.Incomplete {
			status += ", incomplete"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Target, status, plans.Thousands(r.Processed), plans.Thousands(r.Written),
			plans.Thousands(r.Errors), plans.Thousands(r.Bytes), r.Elapsed.Round(time.Millisecond))
	}
	tw.Flush()
	for _, r := range res {
		if r.Incomplete {
			fmt.Fprintf(w, "%s: incomplete: pg2ddb stopped waiting with %s items processed; the job goes on in AWS (%s)\n",
				r.Target, plans.Thousands(r.Processed), r.Arn)
		}
		switch {
		case r.Errors > 0 && r.LogGroup != "":
			fmt.Fprintf(w, "%s: %d errors, in CloudWatch log group %s\n", r.Target, r.Errors, r.LogGroup)
		case r.Errors > 0 && r.Reports != "":
			fmt.Fprintf(w, "%s: %d failed items, report under %s\n", r.Target, r.Errors, r.Reports)
		}
	}
}

func (a *app) importCommand() *cobra.Command {
	var (
		f        s3LoadFlags
		recreate bool
	)
	c := &cobra.Command{
		Use:   "import PLAN --from s3://BUCKET/PREFIX",
		Short: "Create the plan's tables from an export with DynamoDB's ImportTable",
		Long: `import creates each plan table from the objects pg2ddb export wrote, with
DynamoDB's ImportTable: AWS's engine loads them, no write capacity is used, and
the price is per GB of input. ImportTable creates new tables only: import refuses,
before starting any, when one of the tables exists (--recreate deletes them first,
listing them). It polls each import and
reports the items imported, the errors and the CloudWatch log group they are in.
Stopping pg2ddb (Ctrl-C, --timeout) does not stop an import in AWS; it is reported
with its ARN.`,
		Example: `  pg2ddb import plans/shop.yaml --from s3://my-bucket/shop/2026-11-23`,
		Args:    planArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			existing, _ := existingTables(false, recreate)
			return a.runS3Load(cmd.Context(), "import", args[0], &f, s3load.JobOptions{Existing: existing})
		},
	}
	a.target.register(c.Flags())
	f.register(c.Flags())
	_ = c.MarkFlagRequired("from")
	c.Flags().BoolVar(&recreate, "recreate", false, "delete the target tables that exist first (lists them), then import")
	registerYes(c.Flags(), &f.yes)
	return c
}

func (a *app) bulkPutCommand() *cobra.Command {
	var (
		f                  s3LoadFlags
		maxWrite           int64
		recreate, appendTo bool
		rejects            string
	)
	c := &cobra.Command{
		Use:   "bulk-put PLAN --from s3://BUCKET/PREFIX",
		Short: "Write an export into the plan's tables with DynamoDB's StartBulkPutItems",
		Long: `bulk-put writes the objects pg2ddb export wrote into the plan's tables with
DynamoDB's StartBulkPutItems, AWS's engine for loading S3 data into existing
tables: the staging reload. A missing table is created; --recreate deletes and
recreates existing tables (listing them first). Items DynamoDB could not write are
read from the operation's S3 error report and added to the rejects file with
their reasons (exit status 3).`,
		Example: `  pg2ddb bulk-put plans/shop.yaml --from s3://my-bucket/shop/2026-11-23 --recreate --yes
  pg2ddb bulk-put plans/shop.yaml --from s3://my-bucket/shop --max-write-units 4000`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			existing, err := existingTables(appendTo, recreate)
			if err != nil {
				return fmt.Errorf("bulk-put: %w", err)
			}
			return a.runS3Load(cmd.Context(), "bulk-put", args[0], &f, s3load.JobOptions{
				Existing: existing, MaxWriteUnits: maxWrite, RejectsPath: or(rejects, args[0]+".rejects.jsonl"),
			})
		},
	}
	a.target.register(c.Flags())
	f.register(c.Flags())
	_ = c.MarkFlagRequired("from")
	fs := c.Flags()
	fs.Int64Var(&maxWrite, "max-write-units", 0, "MaxWriteRequestUnits of each bulk put, at least 1024 (default: the plan's provisioned write units, else AWS's)")
	fs.BoolVar(&recreate, "recreate", false, "delete and recreate target tables that exist (lists them first)")
	registerYes(fs, &f.yes)
	fs.BoolVar(&appendTo, "append", false, "write into target tables that already hold items")
	fs.StringVar(&rejects, "rejects", "", "rejects file the failed items are added to (default: PLAN.rejects.jsonl)")
	return c
}

// s3Progress shows the progress of export, import and bulk-put: a bar per
// table on a terminal, a line every logEvery otherwise. It wraps load's
// display for bars and notes, and words its log lines for the step
// (exporting/exported, importing/imported, …) without load's write-rate
// figures, which do not apply.
type s3Progress struct {
	*progressUI
	doing, done string
	last        time.Time
	table       string
}

func newS3Progress(w io.Writer, mode, doing, done string) (*s3Progress, error) {
	ui, err := newProgressUI(w, mode)
	if err != nil {
		return nil, err
	}
	return &s3Progress{progressUI: ui, doing: doing, done: done}, nil
}

func (p *s3Progress) update(pr pipeline.Progress) {
	if p.mode != "log" {
		p.progressUI.update(pr)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !pr.Done && time.Since(p.last) < logEvery && p.table == pr.Target {
		return
	}
	p.table, p.last = pr.Target, time.Now()
	state := p.doing
	switch {
	case pr.Done && pr.Incomplete:
		state = "stopped waiting for"
	case pr.Done:
		state = p.done
	}
	fmt.Fprintf(p.w, "pg2ddb: %s %s: %s/%s items read, %s written, %s refused, %s\n", state, pr.Target,
		plans.Thousands(pr.Read), plans.Thousands(pr.Total), plans.Thousands(pr.Written), plans.Thousands(pr.Rejected), pr.Elapsed.Round(time.Millisecond))
}
