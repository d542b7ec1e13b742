package ddbjson

import (
	"encoding/json"
	"testing"
)

func TestAppendStringRoundTrips(t *testing.T) {
	for _, s := range []string{"", "plain", `q " b \ s`, "\x00\x01\b\f\n\r\t\x1f", "ünï €😀", "<&>\u2028"} {
		got := AppendString([]byte("x"), s)
		var back string
		if err := json.Unmarshal(got[1:], &back); err != nil || back != s || got[0] != 'x' {
			t.Errorf("AppendString(%q) = %s, reads back %q, %v", s, got, back, err)
		}
	}
	if got := string(AppendString(nil, []byte("a\bb"))); got != `"a\bb"` {
		t.Errorf("AppendString([]byte) = %s, want JSON.stringify's form", got)
	}
}
