package main

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// runCLI drives the whole CLI in-process, as main does.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}
