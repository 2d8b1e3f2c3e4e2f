package flushcheck_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/packages"
)

// goBlocks returns the ```go code blocks of a Markdown file.
func goBlocks(b []byte) []string {
	var blocks []string
	var cur *strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = new(strings.Builder)
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, cur.String())
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	return blocks
}

// snippetImports are the packages a code block that is not a whole program
// may name; the block gets an import of each it uses.
var snippetImports = map[string]string{
	"bufio": "bufio", "bytes": "bytes", "errors": "errors", "fmt": "fmt", "io": "io", "log": "log",
	"os": "os", "strconv": "strconv", "strings": "strings", "time": "time",
	"core":     "github.com/fastio-go/fastio/core",
	"device":   "github.com/fastio-go/fastio/device",
	"format":   "github.com/fastio-go/fastio/format",
	"record":   "github.com/fastio-go/fastio/codec/record",
	"unicode":  "github.com/fastio-go/fastio/unicode",
	"charset":  "github.com/fastio-go/fastio/unicode/charset",
	"crypto":   "github.com/fastio-go/fastio/crypto",
	"compress": "github.com/fastio-go/fastio/compress",
}

var (
	placeholder = regexp.MustCompile(`\{ \.\.\. \}`)
	pkgUse      = regexp.MustCompile(`\b([a-z]+)\.[A-Z]`)
)

// program returns the Go file of a code block: the block itself when it is
// a whole program, else the block as the body of a function returning an
// error, with "{ ... }" read as "{ return err }" and the imports it uses.
func program(block string) (src string, whole bool) {
	if strings.HasPrefix(strings.TrimSpace(block), "package ") {
		return block, true
	}
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	seen := map[string]bool{}
	for _, m := range pkgUse.FindAllStringSubmatch(block, -1) {
		if path, ok := snippetImports[m[1]]; ok && !seen[path] {
			seen[path] = true
			b.WriteString("\t\"" + path + "\"\n")
		}
	}
	b.WriteString(")\n\nfunc snippet() error {\n")
	b.WriteString(placeholder.ReplaceAllString(block, "{ return err }"))
	b.WriteString("\treturn nil\n}\n\nfunc main() {}\n")
	return b.String(), false
}

var (
	lineNumber = regexp.MustCompile(`line [0-9]+`)
	// A comment quoting a report: "// main.go:12:2: w (...) is not flushed...".
	quotedReport = regexp.MustCompile(`// [^ ]+\.go:[0-9]+:[0-9]+: (.*)`)
)

// shownReports returns the reports a code block quotes in its comments (an
// example of what the analyzer reports), line numbers made "line N".
func shownReports(src string) map[string]bool {
	m := map[string]bool{}
	for _, q := range quotedReport.FindAllStringSubmatch(src, -1) {
		m[lineNumber.ReplaceAllString(q[1], "line N")] = true
	}
	return m
}

// leftToTheReader reports whether a type error of a code block that is not
// a whole program is one the block leaves to its reader: a name it does
// not declare (the data, the file), a variable or an import it does not use.
func leftToTheReader(msg string) bool {
	for _, s := range []string{"undefined: ", "declared and not used", "imported and not used"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// TestDocBlocks compiles every Go code block of the repository's READMEs
// and documentation pages in a module of the workspace and runs the
// analyzer on it: the documentation must pass its own analyzer, except
// that a block quoting a report in a comment (an example of a finding) must
// get that report. A whole
// program must compile; a block that is a sequence of statements is
// compiled as a function's body, where only names it leaves to the reader
// (its input, its file) may be undefined. The documentation pages include
// the cookbook's programs, which the module docs builds and make vet-flush
// analyzes with the rest of the repository.
func TestDocBlocks(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	work, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		t.Skip("not in the fastio repository")
	}
	dir := t.TempDir()
	n := 0
	lenient := map[string]bool{}   // the packages of blocks that are not whole programs
	names := map[string]string{}   // file → which block it is
	sources := map[string]string{} // file → its text
	// blockName names the block of a position "file:line:col".
	blockName := func(pos string) string {
		for f, n := range names {
			if rest, ok := strings.CutPrefix(pos, f); ok {
				return n + rest
			}
		}
		return pos
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "public" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for i, block := range goBlocks(b) {
			n++
			src, whole := program(block)
			if !whole {
				lenient[fmt.Sprintf("example.com/docblocks/p%d", n)] = true
			}
			pd := filepath.Join(dir, fmt.Sprintf("p%d", n))
			os.MkdirAll(pd, 0o755)
			if err := os.WriteFile(filepath.Join(pd, "main.go"), []byte(src), 0o644); err != nil {
				return err
			}
			sources[filepath.Join(pd, "main.go")] = src
			names[filepath.Join(pd, "main.go")] = fmt.Sprintf("code block %d of %s", i+1, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no Go programs in the documentation")
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/docblocks\n\ngo 1.26.0\n"), 0o644)
	// A workspace of the repository's modules and this one.
	var ws strings.Builder
	ws.WriteString("go 1.26.0\n\nuse (\n\t" + dir + "\n")
	for _, l := range strings.Split(string(work), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "./") {
			ws.WriteString("\t" + filepath.Join(root, l) + "\n")
		}
	}
	ws.WriteString(")\n")
	gowork := filepath.Join(dir, "go.work")
	os.WriteFile(gowork, []byte(ws.String()), 0o644)
	if sum, err := os.ReadFile(filepath.Join(root, "go.work.sum")); err == nil {
		os.WriteFile(gowork+".sum", sum, 0o644)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOWORK="+gowork, "GOFLAGS=")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != n {
		t.Fatalf("loaded %d packages for %d programs", len(pkgs), n)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if !lenient[p.PkgPath] || e.Kind != packages.TypeError || !leftToTheReader(e.Msg) {
				t.Errorf("%s: %v", blockName(e.Pos), e.Msg)
			}
		}
	}
	if t.Failed() {
		return
	}
	// The blocks that are not whole programs have type errors (the names
	// they leave to the reader): let the CFG pass run on them as
	// flushcheck's other prerequisite, inspect, does.
	defer func(old bool) { ctrlflow.Analyzer.RunDespiteErrors = old }(ctrlflow.Analyzer.RunDespiteErrors)
	ctrlflow.Analyzer.RunDespiteErrors = true
	a := *flushcheck.Analyzer
	a.RunDespiteErrors = true
	g, err := checker.Analyze([]*analysis.Analyzer{&a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		var file string
		for _, f := range act.Package.GoFiles {
			file = f
		}
		shown := shownReports(sources[file])
		for _, d := range act.Diagnostics {
			if m := lineNumber.ReplaceAllString(d.Message, "line N"); shown[m] {
				delete(shown, m)
				continue
			}
			t.Errorf("%s: %s", blockName(act.Package.Fset.Position(d.Pos).String()), d.Message)
		}
		for m := range shown {
			t.Errorf("%s shows the report %q, which the analyzer does not give", names[file], m)
		}
	}
	t.Logf("%d code blocks of the documentation compiled and analyzed (%d of them statements, not whole programs)", n, len(lenient))
}

// TestExamples runs the analyzer over every module's tests and fails on a
// finding of lost output in an example (a file example*_test.go): the
// examples are the code users copy. An ignored Flush error there is not
// counted: the example's Output comment, which go test checks, shows a
// failed flush as missing output.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every module of the workspace")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Skip("not in the fastio repository")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true, Dir: root}
	pkgs, err := packages.Load(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	var withExamples []*packages.Package
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			if isExampleFile(f) {
				withExamples = append(withExamples, p)
				break
			}
		}
	}
	if len(withExamples) == 0 {
		t.Fatal("no examples in the workspace")
	}
	g, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, withExamples, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			if !isExampleFile(pos.Filename) || !loss[d.Category] || seen[pos.String()] {
				continue
			}
			seen[pos.String()] = true
			rel, _ := filepath.Rel(root, pos.Filename)
			t.Errorf("%s:%d:%d: %s", filepath.ToSlash(rel), pos.Line, pos.Column, d.Message)
		}
	}
	t.Logf("the examples of %d packages analyzed", len(withExamples))
}

func isExampleFile(name string) bool {
	base := filepath.Base(name)
	return strings.HasPrefix(base, "example") && strings.HasSuffix(base, "_test.go")
}
