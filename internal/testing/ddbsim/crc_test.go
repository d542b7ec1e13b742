package ddbsim

import (
	"hash/crc32"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestResponsesCarryCRC32 checks the X-Amz-Crc32 header DynamoDB sends,
// on success and on error, since the SDK warns on every response without it.
func TestResponsesCarryCRC32(t *testing.T) {
	sim := startSim(t, Options{})
	for _, c := range []struct{ op, body string }{
		{"ListTables", `{}`},
		{"DescribeTable", `{"TableName":"missing"}`},
	} {
		req, err := http.NewRequest("POST", sim.URL(), strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+c.op)
		req.Header.Set("Content-Type", "application/x-amz-json-1.0")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)
		if got := resp.Header.Get("X-Amz-Crc32"); got != want {
			t.Errorf("%s (%d): X-Amz-Crc32 %q, want %q for %s", c.op, resp.StatusCode, got, want, body)
		}
	}
}
