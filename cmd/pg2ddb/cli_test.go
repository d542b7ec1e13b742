package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/redact"
)

func TestHelpForEveryCommand(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--help"}, {"inspect", "--help"}, {"plan", "--help"}, {"review", "--help"},
		{"load", "--help"}, {"verify", "--help"}, {"version", "--help"},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		if !strings.Contains(out, "Usage:") || !strings.Contains(out, "Examples:") {
			t.Errorf("%v: help lacks usage or examples:\n%s", args, out)
		}
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.HasPrefix(out, "pg2ddb ") {
		t.Fatalf("version: exit %d, %q", code, out)
	}
}

func TestUnknownFlagIsOneLineErrorAndUsage(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI(t, "inspect", "--no-such-flag")
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	first, rest, _ := strings.Cut(errOut, "\n")
	if first != "pg2ddb: unknown flag: --no-such-flag" {
		t.Fatalf("first line %q", first)
	}
	if !strings.Contains(rest, "Usage:") {
		t.Fatalf("no usage after the error:\n%s", errOut)
	}
	if out != "" {
		t.Fatalf("stdout should stay empty, got %q", out)
	}
}

func TestUnknownCommand(t *testing.T) {
	t.Parallel()
	code, _, errOut := runCLI(t, "migrate")
	if code == 0 || !strings.Contains(errOut, `unknown command "migrate"`) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestUnreachableSourceNamesServerWithoutPassword(t *testing.T) {
	t.Parallel()
	s := sourceFlags{url: "postgres://me:s3cret@127.0.0.1:1/shop?connect_timeout=2", maxConns: defaultSourceConnections}
	_, err := s.connect(t.Context())
	if err == nil {
		t.Fatal("connect to port 1 succeeded")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("error leaks the password: %v", err)
	}
	if !strings.Contains(err.Error(), "127.0.0.1") {
		t.Fatalf("error does not name the server: %v", err)
	}
}

// TestKeywordPasswordWithSpacesIsRedactedWhole pins that an unquoted
// keyword-form password with spaces (which libpq cannot parse, so pgx's own
// redaction stops at the first space) prints none of its words, in the
// redacted string and in the connect error alike.
func TestKeywordPasswordWithSpacesIsRedactedWhole(t *testing.T) {
	t.Parallel()
	words := []string{"zebra42", "quokka77", "wombat99"}
	for _, cs := range []string{
		"host=127.0.0.1 port=1 user=me password=zebra42 quokka77 wombat99 dbname=shop connect_timeout=2",
		"host=127.0.0.1 port=1 user=me password = zebra42 quokka77 wombat99",
		"host=127.0.0.1 port=1 user=me password='zebra42 quokka77 wombat99' dbname=shop connect_timeout=2",
		`host=127.0.0.1 port=1 password='zebra42 \' quokka77 wombat99' dbname=shop connect_timeout=2`,
		"postgres://me:zebra42%20quokka77%20wombat99@127.0.0.1:1/shop?connect_timeout=2",
		"postgres://me@127.0.0.1:1/shop?connect_timeout=2&password=zebra42+quokka77+wombat99",
		"postgres://me@127.0.0.1:1/shop?sslpassword=zebra42+quokka77+wombat99&connect_timeout=2",
	} {
		red := redact.ConnString(cs)
		_, err := (&sourceFlags{url: cs, maxConns: defaultSourceConnections}).connect(t.Context())
		if err == nil {
			t.Fatalf("connect with %q succeeded", red)
		}
		for _, w := range words {
			if strings.Contains(red, w) {
				t.Errorf("redacted %q still holds %q", red, w)
			}
			if strings.Contains(err.Error(), w) {
				t.Errorf("connect error for %q holds %q: %v", red, w, err)
			}
		}
		if !strings.Contains(red, "127.0.0.1") {
			t.Errorf("redacted %q lost the host", red)
		}
	}
}

// TestPasswordsFromTheEnvironmentAreNotPrinted guards the passwords pgx
// resolves itself, from PGPASSWORD and from a service file, against being
// quoted in a connect error.
func TestPasswordsFromTheEnvironmentAreNotPrinted(t *testing.T) {
	services := filepath.Join(t.TempDir(), "pg_service.conf")
	if err := os.WriteFile(services, []byte("[shop]\nhost=127.0.0.1\nport=1\nuser=me\npassword=kiwi31 emu64\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PGSERVICEFILE", services)
	t.Setenv("PGPASSWORD", "zebra42 quokka77")
	t.Setenv("PGCONNECT_TIMEOUT", "2")
	for _, cs := range []string{"host=127.0.0.1 port=1 user=me", "service=shop", "service=shop password", "postgres://me@127.0.0.1:1/shop?service=shop"} {
		_, err := (&sourceFlags{url: cs, maxConns: defaultSourceConnections}).connect(t.Context())
		if err == nil {
			t.Fatalf("connect with %q succeeded", cs)
		}
		for _, w := range []string{"zebra42", "quokka77", "kiwi31", "emu64"} {
			if strings.Contains(err.Error(), w) {
				t.Errorf("connect error for %q holds %q: %v", cs, w, err)
			}
		}
	}
}
