package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// writeTree creates files under dir from a map of slash paths to contents.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeRepo is a one-module workspace with every kind of declaration, a
// Windows-only file, an example, and the content pages a site needs.
func fakeRepo() map[string]string {
	return map[string]string{
		"go.work":   "go 1.26.0\n\nuse ./m\n",
		"README.md": "# m\n\n## Install\n\n```sh\ngo get example.com/m@latest\n```\n\n## Other\n",
		"m/go.mod":  "module github.com/fastio-go/fastio/m\n\ngo 1.26.0\n",
		"m/m.go": `// Package m is a test package.
package m

import "io"

// Max is a limit.
const Max = 3

// ErrX is an error.
var ErrX = io.EOF

// T is a type; see [New] and [io.Writer].
type T struct {
	// F is a field.
	F int
	g int
}

// I is an interface.
type I interface {
	// Do does.
	Do(w io.Writer) error
}

// New makes a T.
func New() *T { return &T{} }

// Get returns F.
func (t *T) Get() int { return t.F }
`,
		"m/m_windows.go": "package m\n\n// OnlyWindows exists on Windows.\nfunc OnlyWindows() {}\n",
		"m/m_test.go": `package m_test

import (
	"fmt"

	"github.com/fastio-go/fastio/m"
)

func ExampleNew() {
	fmt.Println(m.New().Get())
	// Output: 0
}
`,
		"m/README.md":                       "# m\n\n`github.com/fastio-go/fastio/m` does test things.\n\n## Install\n",
		"m/internal/x/x.go":                 "// Package x is internal.\npackage x\n\n// Hidden is exported inside.\nvar Hidden = 1\n",
		"m/sub/sub.go":                      "// Package sub is nested.\npackage sub\n\n// S is exported.\nvar S = 1\n",
		"m/testdata/x.go":                   "package ignored\n",
		"m/cmd/tool/main.go":                "// Command tool does a thing.\npackage main\n\nfunc main() {}\n",
		"docs/cookbook/hello/main.go":       "package main\n\nfunc main() { println(\"hi\") }\n",
		"docs/cookbook/hello/output.txt":    "hi\n",
		"docs/content/index.md":             "# Home\n\n::modules\n\n::charts\n",
		"docs/content/getting-started.md":   "# Start\n\n::install\n\n::include cookbook/hello/main.go\n::output cookbook/hello/output.txt\n",
		"docs/content/architecture.md":      "# Design\n\nSee [m](/api/m/#T).\n",
		"docs/content/cookbook/01-hello.md": "# Say hello\n\n::include cookbook/hello/main.go\n",
		"docs/content/guide/m.md":           "# m guide\n\n::example m ExampleNew\n\n## Section\n",
	}
}

func buildFake(t *testing.T, edit func(map[string]string)) (*Site, string, error) {
	t.Helper()
	root := t.TempDir()
	files := fakeRepo()
	if edit != nil {
		edit(files)
	}
	writeTree(t, root, files)
	out := filepath.Join(root, "public")
	s, err := Build(Config{Root: root, Out: out})
	return s, out, err
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBuild(t *testing.T) {
	s, out, err := buildFake(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Modules) != 1 || len(s.Modules[0].Packages) != 4 {
		t.Fatalf("modules %+v", s.Modules)
	}
	api := read(t, filepath.Join(out, "api", "m", "index.html"))
	for _, want := range []string{
		`id="Max"`, `id="ErrX"`, `id="T"`, `id="T.F"`, `id="I"`, `id="I.Do"`, `id="New"`, `id="T.Get"`,
		`href="#New"`,                         // doc link [New]
		`href="https://pkg.go.dev/io#Writer"`, // doc link to another module
		`href="../../src/m/m.go.html#L`,       // source link
		`id="example-New"`, `<pre class="output">0`,
		`Declared only for other targets: <code>OnlyWindows</code> (windows/amd64)`,
		`m_windows.go`,
	} {
		if !strings.Contains(api, want) {
			t.Errorf("API page lacks %s", want)
		}
	}
	if strings.Contains(api, `id="T.g"`) {
		t.Error("unexported field has an anchor")
	}
	src := read(t, filepath.Join(out, "src", "m", "m.go.html"))
	if !strings.Contains(src, `id="L27"`) {
		t.Error("source page has no line anchors")
	}
	for _, want := range []string{`<a href="../../api/m/index.html#New">New</a>`, `<a href="../../api/m/index.html#T.Get">Get</a>`, `<a href="https://pkg.go.dev/io#Writer">Writer</a>`} {
		if !strings.Contains(src, want) {
			t.Errorf("source page lacks %s", want)
		}
	}
	if strings.Contains(src, `#g"`) {
		t.Error("source page links an unexported name")
	}
	if _, err := os.Stat(filepath.Join(out, "api", "m", "sub", "index.html")); err != nil {
		t.Error("nested package has no page")
	}
	if tool := read(t, filepath.Join(out, "api", "m", "cmd", "tool", "index.html")); !strings.Contains(tool, "<h1>command tool</h1>") || !strings.Contains(tool, "go install github.com/fastio-go/fastio/m/cmd/tool@latest") {
		t.Error("command page lacks its title or install line")
	}
	index := read(t, filepath.Join(out, "search-index.js"))
	for _, want := range []string{`"t":"m.New"`, `"t":"m.T.F"`, `"t":"m.I.Do"`, `"t":"Say hello"`, `"u":"cookbook/hello/index.html"`} {
		if !strings.Contains(index, want) {
			t.Errorf("search index lacks %s", want)
		}
	}
	start := read(t, filepath.Join(out, "getting-started", "index.html"))
	if !strings.Contains(start, "go get example.com/m@latest") {
		t.Error("install lines not read from the README")
	}
	if !strings.Contains(read(t, filepath.Join(out, "design", "index.html")), `href="../api/m/index.html#T"`) {
		t.Error("root links in Markdown are not made relative")
	}
	if strings.Contains(index, "internal") {
		t.Error("an internal package is in the search index")
	}
	apiIndex := read(t, filepath.Join(out, "api", "index.html"))
	tooling := apiIndex[strings.Index(apiIndex, `id="tooling"`):]
	if !strings.Contains(tooling, "m/internal/x") || strings.Contains(apiIndex[:strings.Index(apiIndex, `id="tooling"`)], "m/internal/x") {
		t.Error("the internal package is not listed apart in the API index")
	}
	if !strings.Contains(apiIndex, "<p>m does test things.</p>") {
		t.Error("the module is not described by its README")
	}
	if home := read(t, filepath.Join(out, "index.html")); !strings.Contains(home, "m does test things.") || strings.Contains(home, "m/internal/x") {
		t.Error("the module table does not describe the module by its README, or lists an internal package")
	}
	// Every link to a folder of the site names its index.html, so the site
	// works from the file system.
	folderLink := regexp.MustCompile(`href="([^"#?:]*/)(#[^"]*)?"`)
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		if m := folderLink.FindString(read(t, p)); m != "" {
			t.Errorf("%s links to a folder: %s", p, m)
		}
		return nil
	})
}

func TestIndexFile(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"api/core/", "api/core/index.html"},
		{"../guide/#x", "../guide/index.html#x"},
		{"./", "index.html"},
		{"..", "../index.html"},
		{"", ""},
		{"#top", "#top"},
		{"?q=x", "?q=x"},
		{"style.css", "style.css"},
		{"src/core/writer.go.html#L3", "src/core/writer.go.html#L3"},
		{"https://pkg.go.dev/io/", "https://pkg.go.dev/io/"},
		{"/abs/", "/abs/"},
	} {
		if got := IndexFile(c.in); got != c.want {
			t.Errorf("IndexFile(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBuildBadInput(t *testing.T) {
	tests := []struct {
		name string
		edit func(map[string]string)
		want string
	}{
		{"missing include", func(f map[string]string) {
			f["docs/content/cookbook/01-hello.md"] = "# Say hello\n\n::include cookbook/nope/main.go\n"
		}, "01-hello.md:3: ::include"},
		{"unknown directive", func(f map[string]string) {
			f["docs/content/architecture.md"] = "# Design\n\n::frobnicate\n"
		}, "unknown directive ::frobnicate"},
		{"page without a title", func(f map[string]string) {
			f["docs/content/architecture.md"] = "Design\n"
		}, "architecture.md:1: a page starts with"},
		{"module without a guide", func(f map[string]string) {
			delete(f, "docs/content/guide/m.md")
		}, "module m has no guide"},
		{"missing example", func(f map[string]string) {
			f["docs/content/guide/m.md"] = "# m\n\n::example m ExampleNope\n"
		}, "package m has no ExampleNope"},
		{"directive arguments", func(f map[string]string) {
			f["docs/content/guide/m.md"] = "# m\n\n::include a b\n"
		}, "::include takes 1 argument(s), got 2"},
		{"no install section", func(f map[string]string) {
			f["README.md"] = "# m\n"
		}, `has no "## Install" section`},
		{"module in go.work without go.mod", func(f map[string]string) {
			f["go.work"] = "go 1.26.0\n\nuse (\n\t./m\n\t./gone\n)\n"
		}, "module gone"},
		{"broken Go file", func(f map[string]string) {
			f["m/broken.go"] = "package m\n\nfunc (\n"
		}, "broken.go"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := buildFake(t, tc.edit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestHighlight(t *testing.T) {
	tests := []struct {
		src  string
		m    Marks
		want string
	}{
		{"func f() {}", Marks{}, `<span class="k">func</span> f() {}`},
		{`x := "a<b" // c`, Marks{}, `x := <span class="s">&#34;a&lt;b&#34;</span> <span class="c">// c</span>`},
		{"n := 0x1F", Marks{}, `n := <span class="n">0x1F</span>`},
		{"T", Marks{Links: map[int]string{0: "#T"}}, `<a href="#T">T</a>`},
		{"F int", Marks{Anchors: map[int]string{0: "T.F"}}, `<span class="id" id="T.F">F</span> int`},
		{"a\nb", Marks{Lines: true}, `<span class="ln" id="L1">1</span>a` + "\n" + `<span class="ln" id="L2">2</span>b`},
		{"/* x\ny */", Marks{Lines: true}, `<span class="ln" id="L1">1</span><span class="c">/* x</span>` + "\n" + `<span class="ln" id="L2">2</span><span class="c">y */</span>`},
		{"not go @ at all", Marks{}, `not <span class="k">go</span> @ at all`}, // not Go: copied, keywords marked
	}
	for _, tc := range tests {
		if got := Highlight([]byte(tc.src), tc.m); got != tc.want {
			t.Errorf("Highlight(%q) =\n%s\nwant\n%s", tc.src, got, tc.want)
		}
	}
}

func TestRel(t *testing.T) {
	var s Site
	tests := []struct{ from, to, want string }{
		{"", "api/core/", "api/core/"},
		{"", "", "./"},
		{"api/core/", "", "../../"},
		{"api/core/", "src/core/a.go.html", "../../src/core/a.go.html"},
		{"src/core/a.go.html", "api/core/", "../../api/core/"},
		{"index.html", "x/", "x/"},
	}
	for _, tc := range tests {
		if got := s.rel(tc.from, tc.to); got != tc.want {
			t.Errorf("rel(%q, %q) = %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

func TestInstallLines(t *testing.T) {
	tests := []struct{ readme, want, err string }{
		{"# x\n\n## Install\n\n```sh\ngo get a@latest\n```\n", "go get a@latest\n", ""},
		{"# x\n\n## Install\n\ntext\n\n```\nl1\nl2\n```\n\n## Next\n```\nno\n```\n", "l1\nl2\n", ""},
		{"# x\n", "", "no \"## Install\" section"},
		{"## Install\n\nno code\n\n## Next\n\n```\nx\n```\n", "", "has no code block"},
		{"# x\n\n## Install\n\n```\nopen\n", "", "is not closed"},
	}
	for i, tc := range tests {
		f := filepath.Join(t.TempDir(), "README.md")
		os.WriteFile(f, []byte(tc.readme), 0o644)
		got, err := InstallLines(f)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%d: error %v, want %q", i, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%d: got %q, %v; want %q", i, got, err, tc.want)
		}
	}
	if _, err := InstallLines(filepath.Join(t.TempDir(), "none.md")); err == nil {
		t.Error("a missing README gives no error")
	}
}

func TestCommandReference(t *testing.T) {
	root := &cobra.Command{Use: "tool", Short: "does things", Long: "Tool does things.\n\nTwo paragraphs."}
	root.PersistentFlags().BoolP("verbose", "v", false, "say more")
	sub := &cobra.Command{Use: "sum [file...]", Short: "hash files", Example: "tool sum a.txt", Run: func(*cobra.Command, []string) {}}
	sub.Flags().String("algo", "sha256", "hash algorithm")
	hidden := &cobra.Command{Use: "secret", Hidden: true, Run: func(*cobra.Command, []string) {}}
	root.AddCommand(sub, hidden)
	got := CommandReference(root)
	for _, want := range []string{
		`id="cmd-tool"`, `id="cmd-tool-sum"`, `<p>Two paragraphs.</p>`, `tool sum a.txt`,
		`<code>--algo</code>`, `<code>sha256</code>`, `<code>-v, --verbose</code>`, `href="#cmd-tool-sum"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("reference lacks %s", want)
		}
	}
	if strings.Contains(got, "secret") {
		t.Error("hidden command documented")
	}
}

func TestReadmeSection(t *testing.T) {
	f := filepath.Join(t.TempDir(), "README.md")
	os.WriteFile(f, []byte("# x\n\n## Figures\n\n| a |\n|---|\n### sub\n\n## Limits\nno\n"), 0o644)
	got, err := readmeSection(f, "Figures")
	if err != nil || got != "\n| a |\n|---|\n### sub\n" {
		t.Errorf("got %q, %v", got, err)
	}
	if got, _ := readmeSection(f, "Missing"); got != "" {
		t.Errorf("missing section gave %q", got)
	}
	if demoteHeadings("### a\nb") != "##### a\nb" {
		t.Error("demoteHeadings")
	}
}

func TestReadmeLinks(t *testing.T) {
	s := &Site{Modules: []*Module{{Dir: "core"}, {Dir: "bench"}}, api: map[string]*apiPkg{"core": nil}}
	tests := []struct{ in, want string }{
		{`<a href="../bench/RESULTS.md">tables</a>`, `<a href="../benchmarks/#seed-tables">tables</a>`},
		{`<a href="../core/">core</a>`, `<a href="../guide/core/">core</a>`},
		{`<a href="README.md#limits">here</a>`, `<a href="../guide/core/#limits">here</a>`},
		{`<a href="writer.go">writer.go</a>`, `<a href="../src/core/writer.go.html">writer.go</a>`},
		{`<a href="testdata/corpus.txt">corpus</a>`, `corpus`},
		{`<a href="https://example.com/x">x</a>`, `<a href="https://example.com/x">x</a>`},
		{`<a href="#sec">s</a>`, `<a href="#sec">s</a>`},
	}
	for _, tc := range tests {
		if got := s.readmeLinks("core", "benchmarks/", tc.in); got != tc.want {
			t.Errorf("readmeLinks(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
