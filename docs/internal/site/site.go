// Package site generates fastio's documentation site: API reference pages
// from the code's doc comments and examples, prose pages from Markdown with
// included (compiled and tested) programs, source pages, the command
// reference, benchmark figures and an offline search index.
//
// Build reads everything from the repository at build time, so the site
// describes the code it was built from and cannot drift from it.
package site

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/spf13/cobra"
)

//go:embed assets
var assets embed.FS

// Config says what to build from and where.
type Config struct {
	Root     string         // repository root (holds go.work)
	Content  string         // prose pages; default Root/docs/content
	Out      string         // output directory, created or emptied
	Commands *cobra.Command // the fastio command tree; nil leaves the command reference out
	Bench    *Bench         // the bench module's results; nil leaves them off the benchmarks page
}

// Site is one build in progress.
type Site struct {
	cfg     Config
	Modules []*Module
	byPath  map[string]*Package
	api     map[string]*apiPkg // by Rel
	pages   map[string]*Page   // by path
	layout  *template.Template
	search  []SearchEntry
	files   map[string]string // output path → file copied there
}

// Page is one generated HTML page.
type Page struct {
	Path    string // "guide/core/" (written as index.html) or "src/core/writer.go.html"
	Title   string
	Section string // the nav entry it belongs to
	Body    template.HTML
	Text    string // plain text summary for search
}

// Build generates the whole site into cfg.Out and returns the paths of the
// pages it wrote.
func Build(cfg Config) (*Site, error) {
	if cfg.Content == "" {
		cfg.Content = filepath.Join(cfg.Root, "docs", "content")
	}
	s := &Site{cfg: cfg, byPath: map[string]*Package{}, api: map[string]*apiPkg{}, pages: map[string]*Page{}, files: map[string]string{}}
	lt, err := template.New("layout.html").Funcs(template.FuncMap{
		"rel": s.rel,
	}).ParseFS(assets, "assets/layout.html")
	if err != nil {
		return nil, err
	}
	s.layout = lt
	mods, err := LoadModules(cfg.Root)
	if err != nil {
		return nil, err
	}
	s.Modules = mods
	for _, m := range mods {
		for _, p := range m.Packages {
			s.byPath[p.ImportPath] = p
		}
	}
	for _, m := range mods {
		for _, p := range m.Packages {
			a, err := s.loadAPI(p)
			if err != nil {
				return nil, err
			}
			s.api[p.Rel] = a
		}
	}
	steps := []func() error{s.apiPages, s.sourcePages, s.prosePages, s.commandPage, s.benchPage, s.changelogPage}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := s.write(); err != nil {
		return nil, err
	}
	return s, nil
}

// rel turns a root-relative target into a link relative to the page at from.
func (s *Site) rel(from, to string) string {
	dir := from
	if !strings.HasSuffix(dir, "/") {
		dir = path.Dir(dir) + "/"
		if dir == "./" {
			dir = ""
		}
	}
	out := strings.Repeat("../", strings.Count(dir, "/")) + to
	if out == "" {
		return "./"
	}
	return out
}

func (s *Site) add(p *Page) error {
	if _, dup := s.pages[p.Path]; dup {
		return fmt.Errorf("site: two pages at %s", p.Path)
	}
	s.pages[p.Path] = p
	return nil
}

// Pages returns the paths of every page, sorted.
func (s *Site) Pages() []string {
	out := make([]string, 0, len(s.pages))
	for p := range s.pages {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// navEntry is one item of the top navigation.
type navEntry struct{ Title, Path, Section string }

func (s *Site) nav() []navEntry {
	n := []navEntry{
		{"Getting started", "getting-started/", "start"},
		{"Cookbook", "cookbook/", "cookbook"},
		{"Guides", "guide/", "guide"},
		{"API", "api/", "api"},
		{"Benchmarks", "benchmarks/", "bench"},
	}
	if s.cfg.Commands != nil {
		n = append(n, navEntry{"Command", "commands/", "commands"})
	}
	return append(n, navEntry{"Design", "design/", "design"}, navEntry{"Changelog", "changelog/", "changelog"})
}

func (s *Site) write() error {
	if err := os.RemoveAll(s.cfg.Out); err != nil {
		return err
	}
	if err := s.writeSearch(); err != nil {
		return err
	}
	for _, name := range []string{"style.css", "search.js"} {
		data, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(s.cfg.Out, name), data); err != nil {
			return err
		}
	}
	for to, from := range s.files {
		data, err := os.ReadFile(from)
		if err != nil {
			return fmt.Errorf("site: %w", err)
		}
		if err := writeFile(filepath.Join(s.cfg.Out, filepath.FromSlash(to)), data); err != nil {
			return err
		}
	}
	nav := s.nav()
	for _, p := range s.pages {
		var buf bytes.Buffer
		err := s.layout.Execute(&buf, map[string]any{"Page": p, "Nav": nav, "Root": s.rel(p.Path, "")})
		if err != nil {
			return fmt.Errorf("site: page %s: %w", p.Path, err)
		}
		page := fileLinks(buf.Bytes())
		file := p.Path
		if file == "" || strings.HasSuffix(file, "/") {
			file += "index.html"
		}
		if err := writeFile(filepath.Join(s.cfg.Out, filepath.FromSlash(file)), page); err != nil {
			return err
		}
	}
	return nil
}

var hrefAttr = regexp.MustCompile(`href="([^"]*)"`)

// fileLinks makes every link of a page to a folder of the site name the
// folder's index.html, so that the site works from the file system (where
// a folder opens as a directory listing) as well as served.
func fileLinks(page []byte) []byte {
	return hrefAttr.ReplaceAllFunc(page, func(a []byte) []byte {
		href := string(a[len(`href="`) : len(a)-1])
		return []byte(`href="` + IndexFile(href) + `"`)
	})
}

// IndexFile turns a relative link to a folder ("api/core/",
// "../guide/#x", "./", "") into one to its index.html; other links are
// returned as they are.
func IndexFile(href string) string {
	if href == "" || strings.Contains(href, "://") || strings.HasPrefix(href, "#") || strings.HasPrefix(href, "?") ||
		strings.HasPrefix(href, "/") || strings.HasPrefix(href, "mailto:") || strings.HasPrefix(href, "data:") {
		return href
	}
	p, rest := href, ""
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		p, rest = href[:i], href[i:]
	}
	switch {
	case p == "." || p == "./":
		p = "index.html"
	case p == "..":
		p = "../index.html"
	case strings.HasSuffix(p, "/"):
		p += "index.html"
	default:
		return href
	}
	return p + rest
}

func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// apiPages writes the reference page of every package and the API index.
// The index lists the library modules and the fastio command first; the
// repository's tooling and every module's internal packages follow in a
// section of their own, and only the first part is in the search index.
func (s *Site) apiPages() error {
	var b, tools strings.Builder
	b.WriteString(`<p>The reference of every package users import, and of the fastio command, generated from the doc comments and the examples (with their checked output). The repository's own tooling and internal packages are <a href="#tooling">listed apart</a>.</p>`)
	tools.WriteString(`<h2 id="tooling">Tooling and internal packages</h2><p>The benchmark harness, this site's generator, the release tooling, the cookbook's programs and every module's internal packages: documented for the people who work on fastio, not for import.</p><table class="pkgs"><tbody>`)
	for _, m := range s.Modules {
		public := 0
		for _, p := range m.Packages {
			if !m.Tooling && !p.Internal() {
				public++
			}
		}
		if m.Tooling {
			fmt.Fprintf(&tools, `<tr id="%s" class="module"><th colspan="2">%s · <a href="%s">guide</a></th></tr>`, m.Dir, m.Dir, s.rel("api/", "guide/"+m.Dir+"/"))
		} else if public < len(m.Packages) {
			fmt.Fprintf(&tools, `<tr class="module"><th colspan="2">%s, internal packages</th></tr>`, m.Dir)
		}
		if public > 0 {
			fmt.Fprintf(&b, `<h2 id="%s">%s</h2><p>%s</p><p><code>%s</code> · <a href="%s">guide</a></p><table class="pkgs"><tbody>`,
				m.Dir, m.Dir, template.HTMLEscapeString(m.Doc), m.Path, s.rel("api/", "guide/"+m.Dir+"/"))
		}
		for _, p := range m.Packages {
			a := s.api[p.Rel]
			aside := m.Tooling || p.Internal()
			kind := ""
			switch {
			case p.CookbookProgram():
				kind = ` <span class="kind">cookbook program</span>`
			case p.Internal():
				kind = ` <span class="kind">internal</span>`
			case p.IsCommand():
				kind = ` <span class="kind">command</span>`
			}
			row := fmt.Sprintf(`<tr><td><a href="%s">%s</a>%s</td><td>%s</td></tr>`,
				s.rel("api/", a.from), template.HTMLEscapeString(p.ImportPath), kind, template.HTMLEscapeString(p.Synopsis))
			if aside {
				tools.WriteString(row)
			} else {
				b.WriteString(row)
			}
			if err := s.add(&Page{Path: a.from, Title: p.Title(), Section: "api",
				Body: template.HTML(a.render()), Text: p.ImportPath + " " + p.Synopsis}); err != nil {
				return err
			}
			if aside {
				continue
			}
			kindName := "package"
			if p.IsCommand() {
				kindName = "command"
			}
			s.search = append(s.search, SearchEntry{Title: p.ImportPath, URL: a.from, Kind: kindName, Summary: p.Synopsis})
			for _, id := range a.idents {
				s.search = append(s.search, SearchEntry{Title: p.Name + "." + id.Name, URL: a.from + "#" + id.Name,
					Kind: id.Kind, Summary: id.Synopsis})
			}
		}
		if public > 0 {
			b.WriteString("</tbody></table>")
		}
	}
	tools.WriteString("</tbody></table>")
	b.WriteString(tools.String())
	return s.add(&Page{Path: "api/", Title: "API reference", Section: "api", Body: template.HTML(b.String())})
}

// sourcePages writes every non-test Go file of every package with numbered
// lines, the targets of the declarations' source links.
func (s *Site) sourcePages() error {
	for _, m := range s.Modules {
		for _, p := range m.Packages {
			a := s.api[p.Rel]
			for _, f := range a.sources {
				src, err := os.ReadFile(filepath.Join(p.Dir, f))
				if err != nil {
					return err
				}
				pp := "src/" + p.Rel + "/" + f + ".html"
				m := a.sourceMarks(src, s.rel(pp, a.from))
				m.Lines = true
				body := fmt.Sprintf(`<p class="meta">Package <a href="%s">%s</a></p><pre class="source">%s</pre>`,
					s.rel(pp, a.from), template.HTMLEscapeString(p.ImportPath), Highlight(src, m))
				if err := s.add(&Page{Path: pp, Title: p.Rel + "/" + f, Section: "api", Body: template.HTML(body)}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// SearchEntry is one item of the offline search index.
type SearchEntry struct {
	Title   string `json:"t"`
	URL     string `json:"u"`
	Kind    string `json:"k"`
	Summary string `json:"s,omitempty"`
}

var _ fs.FS = assets
