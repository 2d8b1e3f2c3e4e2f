package flushcheck_test

import (
	"fmt"
	"log"
	"path/filepath"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The analyzer run from a program, on one of the corpus's programs: it
// prints ten numbers with format.IntLn and never flushes.
func ExampleAnalyzer() {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, "./testdata/corpus/lost/formatints")
	if err != nil {
		log.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, pkgs, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			fmt.Printf("%s:%d:%d: %s\n", filepath.Base(pos.Filename), pos.Line, pos.Column, d.Message)
		}
	}
	// Output:
	// main.go:12:2: w (*core.Writer) is not flushed or closed on the path returning at line 16: its buffered output is lost
}
