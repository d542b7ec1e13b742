package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestFormatVersionNamesTheRevision(t *testing.T) {
	t.Parallel()
	vcs := &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-26T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, c := range []struct {
		name, set, rev string
		bi             *debug.BuildInfo
		want           string
	}{
		{"toolchain stamp", "", "", vcs, "devel (revision 0123abcd, 2026-11-26T10:00:00Z, modified, go1.26)"},
		{"release", "v1.2.0", "", &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "v1.1.0"}}, "v1.2.0 (revision unknown, go1.26)"},
		{"module version", "", "", &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "v1.1.0"}}, "v1.1.0 (revision unknown, go1.26)"},
		{"make build", "", "feedbeef-modified", &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}}, "devel (revision feedbeef, modified, go1.26)"},
		{"make build, clean", "", "feedbeef", &debug.BuildInfo{GoVersion: "go1.26"}, "devel (revision feedbeef, go1.26)"},
		{"no build info", "", "", nil, "devel (revision unknown, go unknown)"},
	} {
		if got := formatVersion(c.set, c.rev, c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestVersionFlagAndCommandPrintTheRevision builds pg2ddb the way make build
// does and runs both spellings.
func TestVersionFlagAndCommandPrintTheRevision(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "pg2ddb")
	if out, err := exec.Command("go", "build", "-ldflags", "-X main.revision=c0ffee42-modified", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if !strings.HasPrefix(string(out), "pg2ddb ") || !strings.Contains(string(out), "revision c0ffee42, modified") {
			t.Errorf("%v: %q", args, out)
		}
	}
}
