package main

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// asPG2DDB, set in a process's environment, makes the test binary run as
// pg2ddb itself: the tests that kill the command start this binary again
// (binary) instead of building one.
const asPG2DDB = "PG2DDB_TEST_RUN_AS_PG2DDB"

// TestMain runs pg2ddb's main when started by binary; otherwise it gives
// every test the static AWS credentials of the local endpoints (once, so
// that tests may run in parallel, which t.Setenv forbids) and runs them.
func TestMain(m *testing.M) {
	if os.Getenv(asPG2DDB) == "1" {
		main()
	}
	for k, v := range map[string]string{asPG2DDB: "1", "AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_REGION": "us-east-1"} {
		if err := os.Setenv(k, v); err != nil {
			panic(err)
		}
	}
	os.Exit(testenv.Main(m))
}

// binary is the pg2ddb command for the tests that run it as a process of
// its own (to kill it): this test binary, which runs main when its
// environment has asPG2DDB (TestMain sets it for the processes it starts).
// No binary is built and nothing is left in the temporary directory.
func binary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// runCLI drives the whole CLI in-process, as main does.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}
