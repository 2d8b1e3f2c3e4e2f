package cli

import (
	"fmt"
	"sort"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"github.com/spf13/cobra"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func newVetCommand() *cobra.Command {
	var jsonOut, tests bool
	c := &cobra.Command{
		Use:   "vet [--json] [--tests=false] [PACKAGE]...",
		Short: "Report buffered writers whose output can be lost",
		Long: `vet loads the Go packages named by the patterns (./... style, "." by
default), their test files included unless --tests=false, and runs the
flushcheck analyzer on them. It reports a buffered writer (a fastio writer:
core.Writer, device files and Stdout, unicode, compress, record and crypto
writers; or *bufio.Writer, compress/gzip, zlib and flate writers, klauspost's,
*tabwriter.Writer and *csv.Writer) made in a function and not flushed or
closed on some path to its return, a final Flush or Close whose error is
ignored, and misuse of a core.Cursor (a dropped PutString/Put result, defer
c.Done() before later writes, a Cursor not ended by Done). Each loses output
silently.

The same analyzer runs under go vet through the fastio-vet command:

  go install github.com/fastio-go/fastio/cmd/fastio-vet@latest
  go vet -vettool=$(which fastio-vet) ./...

Exit status: 0 with no findings, 3 with findings, 1 when the packages could
not be loaded.`,
		Example: `  fastio vet ./...
  fastio vet --json ./cmd/...`,
		RunE: func(c *cobra.Command, args []string) error {
			return runVet(c, args, jsonOut, tests)
		},
	}
	c.Flags().BoolVar(&jsonOut, "json", false, "print the findings as JSON")
	c.Flags().BoolVar(&tests, "tests", true, "analyze the packages' test files too")
	return c
}

func runVet(c *cobra.Command, patterns []string, jsonOut, tests bool) error {
	prog := progName(c)
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(c.ErrOrStderr(), "%s: %v\n", prog, err)
		return exitStatus(1)
	}
	var loadErrs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			loadErrs = append(loadErrs, e.Error())
		}
	})
	if len(loadErrs) > 0 {
		sort.Strings(loadErrs)
		for _, e := range loadErrs {
			fmt.Fprintf(c.ErrOrStderr(), "%s: %s\n", prog, e)
		}
		return exitStatus(1)
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(c.ErrOrStderr(), "%s: no packages match %q\n", prog, patterns)
		return exitStatus(1)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(c.ErrOrStderr(), "%s: %v\n", prog, err)
		return exitStatus(1)
	}
	if jsonOut {
		if err := g.PrintJSON(c.OutOrStdout()); err != nil {
			return err
		}
	} else if err := g.PrintText(c.ErrOrStderr(), -1); err != nil {
		return err
	}
	// Diagnostics of the root actions only (dependencies are analyzed for
	// facts), without the duplicates of a package and its test variant.
	seen := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			fmt.Fprintf(c.ErrOrStderr(), "%s: %s: %v\n", prog, act.Package.PkgPath, act.Err)
			return exitStatus(1)
		}
		for _, d := range act.Diagnostics {
			seen[act.Package.Fset.Position(d.Pos).String()+d.Message] = true
		}
	}
	if len(seen) > 0 {
		return exitStatus(3)
	}
	return nil
}
