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
