package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// child is the outcome of one run of a program.
type child struct {
	// Started is when the process was started: the origin of figure 1b's
	// time to first write.
	Started time.Time
	Wall    time.Duration
	MaxRSS  int64 // peak resident set, bytes (VmHWM of the child)
	User    time.Duration
	Sys     time.Duration
	Stdout  string
	Stderr  string
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
	err := cmd.Start()
	var hwm int64
	if err == nil {
		done := make(chan struct{})
		polled := make(chan int64)
		go func() { polled <- pollHWM(cmd.Process.Pid, done) }()
		err = cmd.Wait()
		close(done)
		hwm = <-polled
	}
	c := child{Started: start, Wall: time.Since(start), Stdout: stdout.String(), Stderr: stderr.String(), MaxRSS: hwm}
	if ps := cmd.ProcessState; ps != nil {
		c.User, c.Sys = ps.UserTime(), ps.SystemTime()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && c.MaxRSS == 0 {
			// getrusage's maxrss is a fallback only: Linux carries the
			// high-water mark of the memory the child was forked with
			// (os/exec shares the parent's) across exec, so a child of a
			// large parent reports at least the parent's size.
			c.MaxRSS = ru.Maxrss * 1024 // kilobytes
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

// pollHWM samples the peak resident set (VmHWM, a high-water mark of the
// process's own memory since exec) of pid every 10 ms until done, and
// returns the last value read, in bytes; 0 when /proc is unreadable.
func pollHWM(pid int, done <-chan struct{}) int64 {
	path := "/proc/" + strconv.Itoa(pid) + "/status"
	var peak int64
	t := time.NewTicker(10 * time.Millisecond)
	defer t.Stop()
	for {
		if b, err := os.ReadFile(path); err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
					if kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64); err == nil {
						peak = max(peak, kb*1024)
					}
				}
			}
		}
		select {
		case <-done:
			return peak
		case <-t.C:
		}
	}
}
