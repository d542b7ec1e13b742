package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…"; otherwise
// the module version recorded by the Go toolchain is shown.
var version = ""

// revision is the source revision, set by make build with -ldflags
// "-X main.revision=SHA" (with "-modified" appended for uncommitted
// changes); it stands in where the toolchain recorded none (a git worktree,
// or GOFLAGS=-buildvcs=false).
var revision = ""

// run executes the CLI with args and returns the process exit code. main
// stays a one-liner around it so tests drive the whole CLI in-process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCommand(stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if msg, ok := unknownCommand(err); ok {
		fmt.Fprintln(stderr, "pg2ddb: "+msg)
		fmt.Fprintln(stderr, "Usage: pg2ddb COMMAND [flags] (pg2ddb --help lists the commands)")
		return exitUsage
	}
	if err != nil && !errors.Is(err, errUsageShown) {
		fmt.Fprintln(stderr, "pg2ddb: "+oneLine(err.Error()))
	}
	return exitCode(err)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}

// app holds the settings every subcommand shares and the writers it reports to.
type app struct {
	stdout, stderr io.Writer
	source         sourceFlags
	target         targetFlags
}

func newRootCommand(stdout, stderr io.Writer) *cobra.Command {
	a := &app{stdout: stdout, stderr: stderr}
	a.source.stderr = stderr
	root := &cobra.Command{
		Use:   "pg2ddb",
		Short: "Move a PostgreSQL database into Amazon DynamoDB with keys judged from the data",
		Long: `pg2ddb moves a PostgreSQL database into Amazon DynamoDB the way an expert would:

  inspect  read the schema and profile the data (cardinality, skew, sequence-style keys)
  plan     design natural composite keys and write a plan file to review and commit
  review   dry run: show what a load of a plan would write, with sample items
  load     bulk-load a plan in interleaved sort-key order, with resume
  sync     load, then follow the source's changes for a cut-over without downtime
  verify   check that every source row arrived
  export   write a plan's items to S3 for DynamoDB's own loaders
  import   create the tables from an export with ImportTable
  bulk-put write an export into existing tables with StartBulkPutItems

Source: --source, else DATABASE_URL, else the libpq PG* variables.
Target: the standard AWS chain (AWS_PROFILE, AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB, …)
plus --endpoint-url and --region.

` + exitCodesHelp,
		Example: `  pg2ddb inspect --source postgres://me@db/shop
  pg2ddb plan --source postgres://me@db/shop -o plans/shop.yaml
  pg2ddb review plans/shop.yaml
  pg2ddb load plans/shop.yaml --endpoint-url http://127.0.0.1:8000
  pg2ddb verify plans/shop.yaml`,
		SilenceErrors: true,
		SilenceUsage:  true,
		// --version prints what the version command prints.
		Version: buildVersion(),
	}
	root.SetVersionTemplate("pg2ddb {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	// --cpu-profile is for finding where a slow run spends its time (the
	// benchmarks use it); it is hidden because users never need it.
	// --mem-profile writes where the command allocated, which is where a
	// load's garbage-collection CPU comes from.
	var cpuProfile, memProfile string
	var stopProfile func() error
	root.PersistentFlags().StringVar(&cpuProfile, "cpu-profile", "", "write a Go CPU profile of the command to `FILE`")
	root.PersistentFlags().StringVar(&memProfile, "mem-profile", "", "write a Go allocation profile of the command to `FILE` when it ends")
	_ = root.PersistentFlags().MarkHidden("cpu-profile")
	_ = root.PersistentFlags().MarkHidden("mem-profile")
	root.PersistentPreRunE = func(*cobra.Command, []string) (err error) {
		if cpuProfile != "" {
			stopProfile, err = startCPUProfile(cpuProfile)
		}
		return err
	}
	root.PersistentPostRunE = func(*cobra.Command, []string) error {
		var err error
		if stopProfile != nil {
			err = stopProfile()
		}
		if memProfile != "" {
			err = errors.Join(err, writeAllocProfile(memProfile))
		}
		return err
	}
	// An unknown flag or a value that does not parse is a usage error: one
	// line naming it (with the nearest flag for a typo), then a one-line
	// usage, and exit status 2.
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintln(stderr, "pg2ddb: "+flagMessage(c, err))
		fmt.Fprintln(stderr, usageLine(c))
		return errUsageShown
	})
	root.AddCommand(
		a.inspectCommand(),
		a.planCommand(),
		a.reviewCommand(),
		a.loadCommand(),
		a.syncCommand(),
		a.verifyCommand(),
		a.exportCommand(),
		a.importCommand(),
		a.bulkPutCommand(),
		versionCommand(stdout),
	)
	return root
}

// startCPUProfile profiles the process into path until the returned stop.
func startCPUProfile(path string) (stop func() error, err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpu-profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpu-profile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

// writeAllocProfile writes the allocations of the whole run to path.
func writeAllocProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--mem-profile: %w", err)
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("--mem-profile: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--mem-profile: %w", err)
	}
	return nil
}

// errUsageShown means the error and usage were printed already.
var errUsageShown = errors.New("invalid usage")

func versionCommand(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the pg2ddb version and the source revision it was built from",
		Example: "  pg2ddb version\n  pg2ddb --version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintln(stdout, "pg2ddb "+buildVersion())
			return nil
		},
	}
}

// buildVersion is the version line's text: the release version (set with
// -ldflags, else the module version the toolchain recorded, else "devel")
// and the revision of the source it was built from, with "modified" when
// the working tree had uncommitted changes, so that a bug report names
// the code exactly.
func buildVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return formatVersion(version, revision, bi)
}

func formatVersion(set, setRevision string, bi *debug.BuildInfo) string {
	v := set
	if v == "" && bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	if v == "" {
		v = "devel"
	}
	goVersion := "go unknown"
	var rev, at string
	modified := false
	if r, ok := strings.CutSuffix(setRevision, "-modified"); ok {
		rev, modified = r, true
	} else {
		rev = setRevision
	}
	var settings []debug.BuildSetting
	if bi != nil {
		settings, goVersion = bi.Settings, bi.GoVersion
	}
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return fmt.Sprintf("%s (revision unknown, %s)", v, goVersion)
	}
	parts := []string{"revision " + rev}
	if at != "" {
		parts = append(parts, at)
	}
	if modified {
		parts = append(parts, "modified")
	}
	parts = append(parts, goVersion)
	return fmt.Sprintf("%s (%s)", v, strings.Join(parts, ", "))
}
