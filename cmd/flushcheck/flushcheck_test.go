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

// TestAPI runs the analyzer over testdata/src/api: writers passed to
// fastio's print functions, to the program's own functions in the same
// package and in another one (helpers, learnt through facts), wrapped by
// compressors and record writers, written by goroutines, and the standard
// library's gzip, csv and tabwriter writers; then the hand-offs and the
// correct programs beside them.
func TestAPI(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), flushcheck.Analyzer, "api")
}

// TestSuggestedFixes applies the suggested fixes to testdata/src/fix and
// compares the result with fix.go.golden: a deferred Flush or Close in a
// function returning an error gets a named error result it sets, and a
// "return nil" that leaves a writer unflushed returns its Flush (or, for a
// compressor, Close) error instead.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), flushcheck.Analyzer, "fix")
}
