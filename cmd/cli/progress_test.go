package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// TestProgressOnlyOnTerminals: no bar for a stderr that is not a terminal
// (a pipe, a buffer), for -q, or for small inputs; the reader is then the
// input itself.
func TestProgressOnlyOnTerminals(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	in := strings.NewReader("data")
	for _, tc := range []struct {
		name   string
		stderr io.Writer
		size   int64
		quiet  bool
	}{
		{"pipe", pw, 1 << 30, false},
		{"buffer", &bytes.Buffer{}, 1 << 30, false},
		{"quiet", os.Stderr, 1 << 30, true},
		{"small", os.Stderr, progressMin - 1, false},
		{"unknown size", os.Stderr, -1, false},
	} {
		r, done := withProgress(in, tc.size, "x", tc.stderr, tc.quiet)
		done()
		if r != io.Reader(in) {
			t.Errorf("%s: a progress bar was set up", tc.name)
		}
	}
}
