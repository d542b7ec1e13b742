package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/s3load"
)

func (f *loadFlags) registerVia(fs *pflag.FlagSet) {
	fs.StringVar(&f.via, "via", "", "load through S3 and AWS's engine instead of BatchWriteItem: import (new tables) or bulk-put (needs --stage)")
	fs.StringVar(&f.stage, "stage", "", "with --via: the S3 location to export to first, s3://BUCKET/PREFIX")
	f.s3.register(fs)
}

// runLoadVia is `load --via import|bulk-put --stage s3://…`: the export
// and the import or bulk put in one step. The export reads the load's
// snapshot, which is closed before AWS's job starts so that it does not
// hold back VACUUM on the source while the job runs. --resume resumes the
// export; --recreate deletes the existing target tables first (listing
// them), for either path; --append lets bulk-put write into non-empty
// tables.
func (a *app) runLoadVia(ctx context.Context, planPath string, f *loadFlags) error {
	job, ok := s3Jobs[f.via]
	if !ok {
		return fmt.Errorf("load: --via must be import or bulk-put, got %q", f.via)
	}
	if f.stage == "" {
		return errors.New("load: --via needs --stage s3://BUCKET/PREFIX to export to")
	}
	existing, err := existingTables(f.appendTo, f.recreate)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	if f.via == "import" && f.appendTo {
		return errors.New("load: --via import creates new tables; --append needs --via bulk-put")
	}
	loc, err := s3load.ParseURL(f.stage)
	if err != nil {
		return fmt.Errorf("load: --stage: %w", err)
	}
	if err := checkWritable("--rejects", or(f.rejects, planPath+".rejects.jsonl")); err != nil {
		return fmt.Errorf("load: %w", err)
	}
	capacity, err := f.capacity.capacity()
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	sc, err := f.s3.client(ctx, a.target.region)
	if err != nil {
		return err
	}
	db, err := a.target.client(ctx)
	if err != nil {
		return err
	}
	op, err := a.openPlan(ctx, planPath, f.tables)
	if err != nil {
		return err
	}
	plan := op.plan
	if err := checkPredictedRejects("load", plan, f.maxRejects, f.resume); err != nil {
		op.close(ctx)
		return err
	}
	if f.recreate {
		if err := a.confirmRecreate(ctx, "load", db, plan.Tables, f.yes); err != nil {
			op.close(ctx)
			return err
		}
	}
	ui, err := newS3Progress(a.stderr, f.progress, "exporting", "exported")
	if err != nil {
		op.close(ctx)
		return err
	}
	rejectsPath := or(f.rejects, planPath+".rejects.jsonl")
	m, err := s3load.Export(ctx, plan, load.SnapshotSource{Snapshot: op.snap}, sc, s3load.ExportOptions{
		To: loc, Resume: f.resume, Readers: a.source.defaultReaders(), RejectsPath: rejectsPath, LimitRejects: true, MaxRejects: f.maxRejects,
		Tables: f.tables, Progress: ui.update, Logf: ui.logf,
	})
	op.close(ctx)
	ui.finish()
	if m != nil {
		printManifest(a.stdout, m, loc)
	}
	if err != nil {
		return err
	}
	jui, err := newS3Progress(a.stderr, f.progress, f.via+" running", f.via+" done")
	if err != nil {
		return err
	}
	return a.runJob(ctx, job, jui, plan, db, sc, s3load.JobOptions{
		From: loc, Tables: f.tables, RejectsPath: rejectsPath, Existing: existing, Capacity: capacity,
	})
}
