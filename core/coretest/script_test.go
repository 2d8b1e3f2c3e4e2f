package coretest_test

import (
	"bytes"
	"errors"
	"io/fs"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

func TestStep(t *testing.T) {
	var dev bytes.Buffer
	w := core.NewWriterSize(&dev, core.MinBufferSize)
	steps := []struct {
		step string
		n    int
		err  error
		dev  string
	}{
		{"ab", 2, nil, ""}, // Write
		{"cd", 2, nil, ""}, // WriteString
		{"ef", 2, nil, ""}, // Reserve and Commit
		{"flush", 0, nil, "abcdef"},
		{"gh", 2, nil, "abcdef"},
		{"close", 0, nil, "abcdefgh"},
		{"ij", 0, fs.ErrClosed, "abcdefgh"},
	}
	for i, s := range steps {
		n, err := coretest.Step(w, i, s.step)
		if n != s.n || !errors.Is(err, s.err) || (s.err == nil && err != nil) {
			t.Errorf("step %d %q: %d, %v; want %d, %v", i, s.step, n, err, s.n, s.err)
		}
		if got := dev.String(); got != s.dev {
			t.Errorf("after step %d %q the device holds %q, want %q", i, s.step, got, s.dev)
		}
	}
}
