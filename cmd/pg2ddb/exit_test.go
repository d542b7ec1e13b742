package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/pipeline"
	"github.com/pg2ddb/pg2ddb/s3load"
)

func TestExitCode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		err  error
		want int
	}{
		{"success", nil, 0},
		{"failure", errors.New("connect: refused"), 1},
		{"cancelled outside a pipeline", context.Canceled, 1},
		{"usage", errUsageShown, 2},
		{"too many rejects", fmt.Errorf("load: %w", &pipeline.TooManyRejectsError{}), 3},
		{"bulk put failed items", fmt.Errorf("bulk-put: %w", &s3load.BulkFailedItemsError{Msg: "2 items"}), 3},
		{"interrupted", fmt.Errorf("%w at table t; continue with --resume", pipeline.ErrInterrupted), 130},
		// Rejects over the limit are what stopped a run that was also
		// interrupted: the rejects file needs a look before a resume.
		{"rejects and interrupted", errors.Join(pipeline.ErrInterrupted, &pipeline.TooManyRejectsError{}), 3},
	} {
		if got := exitCode(c.err); got != c.want {
			t.Errorf("%s: exitCode(%v) = %d, want %d", c.name, c.err, got, c.want)
		}
	}
}

func TestRootHelpListsExitCodes(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	_, section, ok := strings.Cut(out, "Exit codes:")
	if !ok {
		t.Fatalf("root help has no exit codes:\n%s", out)
	}
	for _, code := range []string{"0 ", "1 ", "2 ", "3 ", "130 "} {
		if !strings.Contains(section, "\n  "+code) {
			t.Errorf("exit codes lack %q:\n%s", code, section)
		}
	}
}
