package flushcheck_test

import (
	"testing"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzer runs the analyzer over testdata/src/a: each "want" comment is
// a diagnostic it must report (true positives); every other function must
// get none (false positives).
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), flushcheck.Analyzer, "a")
}

// TestCursor runs the Cursor checks over testdata/src/cursor: discarded
// PutString and Put results, a result assigned away from a receiver used
// again, defer c.Done() on a Cursor written after it, and a Cursor not ended
// by Done, with the uses that are not misuses beside them.
func TestCursor(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), flushcheck.Analyzer, "cursor")
}
