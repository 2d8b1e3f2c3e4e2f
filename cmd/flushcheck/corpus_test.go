package flushcheck_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The corpus: testdata/corpus/lost holds programs that lose output, each
// checked to lose it when run (TestCorpusLoses); testdata/corpus/ok holds
// correct programs, checked to print all of it. Beside each main.go,
// output.txt is what the program prints when nothing is lost (for a program
// whose standard output is a gzip or zlib stream, output.gzip.txt or
// output.zlib.txt holds the decompressed text). TestCorpusFigures measures
// the analyzer on both sets.

// corpusProgram is one program of the corpus.
type corpusProgram struct {
	name, dir string
	want      []byte // the full output
	stream    string // "", "gzip" or "zlib"
}

func corpus(t *testing.T, set string) []corpusProgram {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "corpus", set, "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no programs in testdata/corpus/%s: %v", set, err)
	}
	var ps []corpusProgram
	for _, d := range dirs {
		p := corpusProgram{name: filepath.Base(d), dir: d}
		for _, s := range []string{"", "gzip", "zlib"} {
			name := "output.txt"
			if s != "" {
				name = "output." + s + ".txt"
			}
			if b, err := os.ReadFile(filepath.Join(d, name)); err == nil {
				p.want, p.stream = b, s
				break
			}
		}
		if p.want == nil {
			t.Fatalf("%s: no output.txt", d)
		}
		ps = append(ps, p)
	}
	return ps
}

// decode returns the text of a compressed stream, as much of it as the
// stream holds: a stream cut short gives its first bytes.
func decode(stream string, b []byte) []byte {
	var r io.Reader
	var err error
	switch stream {
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(b))
	case "zlib":
		r, err = zlib.NewReader(bytes.NewReader(b))
	default:
		return b
	}
	if err != nil {
		return nil
	}
	out, _ := io.ReadAll(r)
	return out
}

// runCorpus builds the programs of a set and returns what each printed on
// standard output, decompressed where it is a stream.
func runCorpus(t *testing.T, ps []corpusProgram) map[string][]byte {
	t.Helper()
	bin := t.TempDir()
	args := []string{"build", "-o", bin + string(filepath.Separator)}
	for _, p := range ps {
		args = append(args, "./"+filepath.ToSlash(p.dir))
	}
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	got := map[string][]byte{}
	for _, p := range ps {
		exe := filepath.Join(bin, p.name)
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		cmd := exec.Command(exe)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		cmd.Run() // some exit with a status on purpose; the output decides
		got[p.name] = decode(p.stream, stdout.Bytes())
	}
	return got
}

// TestCorpusLoses runs every program of the corpus: each of the lost set
// must print less than (or other than, for a digest) its full output, and
// each of the correct set exactly its full output.
func TestCorpusLoses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs every program of the corpus")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, set := range []string{"lost", "ok"} {
		ps := corpus(t, set)
		got := runCorpus(t, ps)
		for _, p := range ps {
			g := got[p.name]
			switch {
			case set == "lost" && bytes.Equal(g, p.want):
				t.Errorf("lost/%s prints its full output: it loses nothing", p.name)
			case set == "ok" && !bytes.Equal(g, p.want):
				t.Errorf("ok/%s prints %q, want %q", p.name, g, p.want)
			}
		}
	}
}

// loss are the categories of findings that report lost output (not an
// ignored error).
var loss = map[string]bool{"unflushed": true, "exit": true, "cursor": true}

// figures analyzes both sets and returns the lost programs reported, the
// lost programs missed, and the correct programs reported (with their
// findings).
func figures(t *testing.T) (caught, missed []string, falsePos map[string][]string) {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: false}
	pkgs, err := packages.Load(cfg, "./testdata/corpus/...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
	}
	g, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]analysis.Diagnostic{}
	for _, act := range g.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		found[act.Package.PkgPath] = append(found[act.Package.PkgPath], act.Diagnostics...)
	}
	const prefix = "github.com/fastio-go/fastio/cmd/flushcheck/testdata/corpus/"
	falsePos = map[string][]string{}
	for _, p := range corpus(t, "lost") {
		ok := false
		for _, d := range found[prefix+"lost/"+p.name] {
			ok = ok || loss[d.Category]
		}
		if ok {
			caught = append(caught, p.name)
		} else {
			missed = append(missed, p.name)
		}
	}
	for _, p := range corpus(t, "ok") {
		for _, d := range found[prefix+"ok/"+p.name] {
			falsePos[p.name] = append(falsePos[p.name], d.Message)
		}
	}
	return caught, missed, falsePos
}

// TestCorpusFigures measures the analyzer on the corpus: at least 95% of
// the programs that lose output are reported, and none of the correct
// ones. The figures must be those cmd/README.md states.
func TestCorpusFigures(t *testing.T) {
	caught, missed, falsePos := figures(t)
	lost := len(caught) + len(missed)
	ok := len(corpus(t, "ok"))
	if lost < 40 || ok < 40 {
		t.Fatalf("the corpus has %d lost and %d correct programs, want at least 40 of each", lost, ok)
	}
	recall := float64(len(caught)) / float64(lost)
	t.Logf("recall %d/%d (%.1f%%), missed: %v", len(caught), lost, 100*recall, missed)
	if recall < 0.95 {
		t.Errorf("recall %.1f%% < 95%%: missed %v", 100*recall, missed)
	}
	var names []string
	for n := range falsePos {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Errorf("false positive in ok/%s: %s", n, strings.Join(falsePos[n], "; "))
	}
	claim := fmt.Sprintf("%d of the %d programs that lose output are reported", len(caught), lost)
	fp := fmt.Sprintf("%d of the %d correct programs", len(falsePos), ok)
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`\s+`).ReplaceAllString(string(readme), " ")
	for _, s := range []string{claim, fp} {
		if !strings.Contains(text, s) {
			t.Errorf("cmd/README.md does not say %q", s)
		}
	}
}

// BenchmarkCorpus analyzes the corpus's packages (loaded once) and their
// dependencies, facts included.
func BenchmarkCorpus(b *testing.B) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, "./testdata/corpus/...")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{flushcheck.Analyzer}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
