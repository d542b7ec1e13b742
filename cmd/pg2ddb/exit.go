package main

import (
	"errors"

	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/s3load"
)

// The process exit codes, as the root command's help lists them.
const (
	exitOK = 0
	// exitFailure is every failure without a code of its own, and verify's
	// differences.
	exitFailure = 1
	// exitUsage is a flag the command line could not parse (the usage was
	// printed), or a command line that cannot run as given, such as
	// --recreate without --yes where there is no terminal to ask on.
	exitUsage = 2
	// exitRejects is more rejected rows than --max-rejects, or items a
	// bulk put could not write: the run worked, the data did not all fit.
	exitRejects = 3
	// exitInterrupted is a run stopped by Ctrl-C (or a timeout) that can
	// be continued; a second Ctrl-C exits with it at once.
	exitInterrupted = 130
)

// exitCodesHelp is the "Exit codes:" section of the root command's help.
const exitCodesHelp = `Exit codes:
  0    success
  1    failure, or verify found differences
  2    invalid command line: an unknown command or flag, a value that does not
       parse, a missing plan file, --recreate without --yes off a terminal
  3    more rejected rows than --max-rejects, or items bulk-put could not write
  130  interrupted (Ctrl-C); --resume continues a load, an export or a sync`

// exitCode maps what a command returned to the process exit code.
func exitCode(err error) int {
	var tooMany *pipeline.TooManyRejectsError
	var failed *s3load.BulkFailedItemsError
	var usage *usageError
	var predicted *predictedRejectsError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUsageShown), errors.As(err, &usage):
		return exitUsage
	case errors.As(err, &tooMany), errors.As(err, &failed), errors.As(err, &predicted):
		return exitRejects
	case errors.Is(err, pipeline.ErrInterrupted):
		return exitInterrupted
	}
	return exitFailure
}
