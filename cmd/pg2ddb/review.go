package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/pg2ddb/pg2ddb/review"
)

// reviewFlags are the settings of pg2ddb review.
type reviewFlags struct {
	format    string
	output    string
	writeRate int64
	samples   int
	sizeRows  int64
	tables    []string
	pricing   pricingFlags
}

func (a *app) reviewCommand() *cobra.Command {
	var f reviewFlags
	c := &cobra.Command{
		Use:   "review PLAN",
		Short: "Dry run: show what loading a plan would write, without writing",
		Long: `review reads a plan file and the source, and shows per table the keys and why,
rejected candidates, warnings, sample items as DynamoDB JSON, the distribution of
partition keys, item sizes and the estimated load time. Nothing is written to
DynamoDB; the source is read from one read-only snapshot. --format html makes
one self-contained page (no network, no JavaScript) that adds pictures: the
items-per-key histogram and a simulated partition heat of the load in
interleaved and in table order.`,
		Example: `  pg2ddb review plans/shop.yaml
  pg2ddb review plans/shop.yaml --format markdown > review.md
  pg2ddb review plans/shop.yaml --format html -o review.html
  pg2ddb review plans/shop.yaml --write-rate 10000 --tables orders`,
		Args: planArg,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runReview(cmd, args[0], &f) },
	}
	a.source.register(c.Flags())
	fs := c.Flags()
	fs.StringVar(&f.format, "format", "text", "output format: text, markdown (for a pull request), json or html (one self-contained page with charts)")
	fs.StringVarP(&f.output, "output", "o", "", "file to write the review to (default: standard output)")
	fs.Int64Var(&f.writeRate, "write-rate", 0, "write rate in WCU/s for the load-time estimate (default: the plan's)")
	fs.IntVar(&f.samples, "samples", 3, "sample items to show per table")
	fs.Int64Var(&f.sizeRows, "size-rows", 20000, "rows per table encoded to measure item sizes (a deterministic sample beyond that)")
	fs.StringSliceVar(&f.tables, "tables", nil, "only these tables of the plan (source or target names)")
	f.pricing.register(fs)
	return c
}

// reviewWriters render a review, by --format.
var reviewWriters = map[string]func(io.Writer, *review.Report) error{
	"text":     review.WriteText,
	"markdown": review.WriteMarkdown,
	"json":     review.WriteJSON,
	"html":     review.WriteHTML,
}

func (a *app) runReview(cmd *cobra.Command, path string, f *reviewFlags) error {
	write, ok := reviewWriters[f.format]
	if !ok {
		return fmt.Errorf("review: unknown --format %q (text, markdown, json or html)", f.format)
	}
	pricing, err := f.pricing.pricing()
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	if err := checkWritable("-o", f.output); err != nil {
		return fmt.Errorf("review: %w", err)
	}
	ctx := cmd.Context()
	o, err := a.openPlan(ctx, path, f.tables)
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	defer o.close(ctx)
	r, err := review.Build(ctx, o.plan, o.snap, review.Options{
		Path: path, Drift: o.added, WriteRate: f.writeRate, Samples: f.samples, SizeRows: f.sizeRows,
		Pricing: pricing, Heat: f.format == "html",
	})
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := write(&out, r); err != nil {
		return fmt.Errorf("review: %w", err)
	}
	if f.output == "" {
		_, err = a.stdout.Write(out.Bytes())
		return err
	}
	return writeOutput(f.output, out.Bytes())
}

// writeOutput writes a finished review to path through a temporary file in
// the same directory, so a failed run never leaves half a page where the
// last good one was.
func writeOutput(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("review: write %s: %w", path, err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("review: write %s: %w", path, err)
	}
	return nil
}
