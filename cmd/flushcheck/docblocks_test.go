package flushcheck_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// goBlocks returns the ```go code blocks of a Markdown file that are whole
// programs (they start with "package main").
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
			if strings.HasPrefix(strings.TrimSpace(cur.String()), "package main") {
				blocks = append(blocks, cur.String())
			}
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	return blocks
}

// TestDocBlocks compiles every Go program of the repository's READMEs and
// documentation pages in a module of the workspace and runs the analyzer on
// it: the documentation must pass its own analyzer.
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
		for i, src := range goBlocks(b) {
			n++
			pd := filepath.Join(dir, fmt.Sprintf("p%d", n))
			os.MkdirAll(pd, 0o755)
			header := fmt.Sprintf("// Code block %d of %s.\n\n", i+1, filepath.ToSlash(rel))
			if err := os.WriteFile(filepath.Join(pd, "main.go"), []byte(header+src), 0o644); err != nil {
				return err
			}
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
			t.Errorf("%s does not compile: %v", p.PkgPath, e)
		}
	}
	if t.Failed() {
		return
	}
	g, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			head, _ := os.ReadFile(pos.Filename)
			first, _, _ := strings.Cut(string(head), "\n")
			t.Errorf("%s: line %d of the block: %s", strings.TrimPrefix(first, "// "), pos.Line-2, d.Message)
		}
	}
	t.Logf("%d programs of the documentation compiled and analyzed", n)
}
