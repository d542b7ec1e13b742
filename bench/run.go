package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// child is the outcome of one run of a program.
type child struct {
	Wall   time.Duration
	MaxRSS int64 // peak resident set, bytes (getrusage of the child)
	User   time.Duration
	Sys    time.Duration
	Stdout string
	Stderr string
}

// runChild runs name with args in dir, with the environment env added to a
// clean one, and measures its wall time, CPU time and peak RSS. A non-zero
// exit is an error carrying the end of its stderr.
func runChild(ctx context.Context, dir string, env []string, logPath string, name string, args ...string) (child, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(baseEnv(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	// On cancellation, interrupt (the loader stops cleanly) before killing.
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	c := child{Wall: time.Since(start), Stdout: stdout.String(), Stderr: stderr.String()}
	if ps := cmd.ProcessState; ps != nil {
		c.User, c.Sys = ps.UserTime(), ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			c.MaxRSS = ru.Maxrss * 1024 // Linux reports kilobytes
		}
	}
	if logPath != "" {
		var b strings.Builder
		fmt.Fprintf(&b, "$ %s %s\n# wall %.3fs user %.3fs sys %.3fs maxrss %d MB err %v\n--- stdout\n%s\n--- stderr\n%s\n",
			name, strings.Join(args, " "), c.Wall.Seconds(), c.User.Seconds(), c.Sys.Seconds(), c.MaxRSS>>20, err, c.Stdout, c.Stderr)
		_ = os.MkdirAll(filepath.Dir(logPath), 0o755)
		_ = os.WriteFile(logPath, []byte(b.String()), 0o644)
	}
	if err != nil {
		return c, fmt.Errorf("%s %s: %w: %s", filepath.Base(name), strings.Join(args[:min(len(args), 2)], " "), err, tail(c.Stderr, 600))
	}
	return c, nil
}

// baseEnv is the environment of the benchmarked programs: the caller's,
// without AWS settings that could point them elsewhere, plus static local
// credentials (the local endpoints accept any).
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "AWS_") || k == "DATABASE_URL" || strings.HasPrefix(k, "PG") && !strings.HasPrefix(k, "PG2DDB_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"AWS_ACCESS_KEY_ID=bench", "AWS_SECRET_ACCESS_KEY=bench", "AWS_REGION=us-east-1",
		"AWS_EC2_METADATA_DISABLED=true", "NO_COLOR=1")
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}
