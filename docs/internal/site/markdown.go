package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

var md = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
)

// prose is a Markdown page before rendering.
type prose struct {
	file    string // content file, for errors
	path    string // page path
	section string
	title   string
	body    string // Markdown after the title line
}

// readProse reads a content file: its first line must be a "# " title.
func readProse(file, pagePath, section string) (*prose, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	first, rest, _ := strings.Cut(string(data), "\n")
	if !strings.HasPrefix(first, "# ") || strings.TrimSpace(first[2:]) == "" {
		return nil, fmt.Errorf("site: %s:1: a page starts with a \"# Title\" line, found %q", file, first)
	}
	return &prose{file: file, path: pagePath, section: section, title: strings.TrimSpace(first[2:]), body: rest}, nil
}

// prosePages renders every Markdown page of the content folder.
func (s *Site) prosePages() error {
	c := s.cfg.Content
	var all []*prose
	add := func(file, pagePath, section string) error {
		p, err := readProse(file, pagePath, section)
		if err != nil {
			return err
		}
		all = append(all, p)
		return nil
	}
	top := []struct{ file, path, section string }{
		{"index.md", "", ""},
		{"getting-started.md", "getting-started/", "start"},
		{"architecture.md", "design/", "design"},
	}
	for _, t := range top {
		if err := add(filepath.Join(c, t.file), t.path, t.section); err != nil {
			return err
		}
	}
	cook, err := filepath.Glob(filepath.Join(c, "cookbook", "*.md"))
	if err != nil {
		return err
	}
	if len(cook) == 0 {
		return fmt.Errorf("site: no cookbook pages in %s", filepath.Join(c, "cookbook"))
	}
	sort.Strings(cook)
	var cookbook []*prose
	for _, f := range cook {
		// "01-numbers.md" orders the page and is served as cookbook/numbers/.
		slug := strings.TrimLeft(strings.TrimSuffix(filepath.Base(f), ".md"), "0123456789")
		slug = strings.TrimPrefix(slug, "-")
		if err := add(f, "cookbook/"+slug+"/", "cookbook"); err != nil {
			return err
		}
		cookbook = append(cookbook, all[len(all)-1])
	}
	var guides []*prose
	for _, m := range s.Modules {
		f := filepath.Join(c, "guide", m.Dir+".md")
		if _, err := os.Stat(f); err != nil {
			return fmt.Errorf("site: module %s has no guide: write %s", m.Dir, f)
		}
		if err := add(f, "guide/"+m.Dir+"/", "guide"); err != nil {
			return err
		}
		guides = append(guides, all[len(all)-1])
	}
	ctx := &renderCtx{site: s, cookbook: cookbook, guides: guides}
	for _, p := range all {
		body, text, err := ctx.render(p)
		if err != nil {
			return err
		}
		if err := s.add(&Page{Path: p.path, Title: p.title, Section: p.section, Body: body, Text: text}); err != nil {
			return err
		}
		s.indexProse(p, string(body), text)
	}
	// The two index pages list what exists, so a new page or module appears
	// without editing them.
	var b strings.Builder
	b.WriteString("<p>Each page is one task, solved by one complete program. Every program is built and run by the docs module's tests and its output compared with the output shown.</p><ul class=\"cards\">")
	for _, p := range cookbook {
		fmt.Fprintf(&b, `<li><a href="%s">%s</a></li>`, s.rel("cookbook/", p.path), html.EscapeString(p.title))
	}
	b.WriteString("</ul>")
	if err := s.add(&Page{Path: "cookbook/", Title: "Cookbook", Section: "cookbook", Body: template.HTML(b.String())}); err != nil {
		return err
	}
	b.Reset()
	b.WriteString("<p>One guide per module: what it is for, which API to choose, its limits.</p><ul class=\"cards\">")
	for _, p := range guides {
		fmt.Fprintf(&b, `<li><a href="%s">%s</a></li>`, s.rel("guide/", p.path), html.EscapeString(p.title))
	}
	b.WriteString("</ul>")
	return s.add(&Page{Path: "guide/", Title: "Guides", Section: "guide", Body: template.HTML(b.String())})
}

// renderCtx carries what directives need.
type renderCtx struct {
	site     *Site
	cookbook []*prose
	guides   []*prose
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// render turns a page's Markdown into HTML. Lines starting with "::" are
// directives, replaced after Markdown rendering so that their HTML passes
// through untouched:
//
//	::include <file>        a Go file of the docs module, highlighted
//	::output <file>         a program's expected output file
//	::example <pkg> <Name>  an Example function of a package, with its output
//	::figure <file.svg>     an SVG file of the content folder, inline
//	::install               the Install lines of the repository's README
//	::modules               the table of modules
//	::charts                the benchmark charts
func (c *renderCtx) render(p *prose) (template.HTML, string, error) {
	var src strings.Builder
	var blocks []string
	for i, line := range strings.Split(p.body, "\n") {
		if !strings.HasPrefix(line, "::") {
			src.WriteString(line + "\n")
			continue
		}
		h, err := c.directive(p, strings.Fields(line[2:]))
		if err != nil {
			return "", "", fmt.Errorf("site: %s:%d: %w", p.file, i+2, err)
		}
		fmt.Fprintf(&src, "\nFASTIODIRECTIVE%d\n\n", len(blocks))
		blocks = append(blocks, h)
	}
	var out bytes.Buffer
	if err := md.Convert([]byte(src.String()), &out); err != nil {
		return "", "", fmt.Errorf("site: %s: %w", p.file, err)
	}
	body := out.String()
	text := html.UnescapeString(tagRE.ReplaceAllString(body, " "))
	for i, h := range blocks {
		tok := fmt.Sprintf("FASTIODIRECTIVE%d", i)
		body = strings.Replace(body, "<p>"+tok+"</p>", h, 1)
		text = strings.Replace(text, tok, "", 1)
	}
	// Markdown links are written from the site root ("/api/core/");
	// the pages link relatively so the site works from any folder.
	body = strings.ReplaceAll(body, `href="/`, `href="`+c.site.rel(p.path, ""))
	body = strings.ReplaceAll(body, `href="./`, `href="`+c.site.rel(p.path, ""))
	return template.HTML(body), strings.Join(strings.Fields(text), " "), nil
}

func (c *renderCtx) directive(p *prose, f []string) (string, error) {
	if len(f) == 0 {
		return "", fmt.Errorf("empty directive")
	}
	docs := filepath.Join(c.site.cfg.Root, "docs")
	arg := func(n int) error {
		if len(f) != n+1 {
			return fmt.Errorf("::%s takes %d argument(s), got %d", f[0], n, len(f)-1)
		}
		return nil
	}
	switch f[0] {
	case "include":
		if err := arg(1); err != nil {
			return "", err
		}
		data, err := os.ReadFile(filepath.Join(docs, filepath.FromSlash(f[1])))
		if err != nil {
			return "", fmt.Errorf("::include: %w", err)
		}
		return fmt.Sprintf(`<p class="file">docs/%s</p><pre class="code">%s</pre>`, html.EscapeString(f[1]), Highlight(data, Marks{})), nil
	case "output":
		if err := arg(1); err != nil {
			return "", err
		}
		data, err := os.ReadFile(filepath.Join(docs, filepath.FromSlash(f[1])))
		if err != nil {
			return "", fmt.Errorf("::output: %w", err)
		}
		return `<p class="outlabel">Output:</p><pre class="output">` + html.EscapeString(string(data)) + `</pre>`, nil
	case "example":
		if err := arg(2); err != nil {
			return "", err
		}
		a := c.site.api[f[1]]
		if a == nil {
			return "", fmt.Errorf("::example: no package %s", f[1])
		}
		for _, ex := range a.allExamples() {
			if "Example"+ex.Name == f[2] {
				return a.exampleBlock(ex, "example-"+ex.Name, true) + fmt.Sprintf(`<p class="meta">From <a href="%s">%s</a>; run by <code>go test</code> in %s.</p>`,
					c.site.rel(p.path, a.from+"#example-"+ex.Name), html.EscapeString(f[2]), html.EscapeString(f[1])), nil
			}
		}
		return "", fmt.Errorf("::example: package %s has no %s", f[1], f[2])
	case "figure":
		if err := arg(1); err != nil {
			return "", err
		}
		data, err := os.ReadFile(filepath.Join(c.site.cfg.Content, filepath.FromSlash(f[1])))
		if err != nil {
			return "", fmt.Errorf("::figure: %w", err)
		}
		return `<figure class="diagram">` + string(data) + `</figure>`, nil
	case "install":
		if err := arg(0); err != nil {
			return "", err
		}
		lines, err := InstallLines(filepath.Join(c.site.cfg.Root, "README.md"))
		if err != nil {
			return "", err
		}
		return `<pre class="code sh">` + html.EscapeString(lines) + `</pre>`, nil
	case "modules":
		if err := arg(0); err != nil {
			return "", err
		}
		return c.site.moduleTable(p.path), nil
	case "charts":
		if err := arg(0); err != nil {
			return "", err
		}
		return c.site.chartsHTML(p.path), nil
	}
	return "", fmt.Errorf("unknown directive ::%s", f[0])
}

// InstallLines returns the body of the first code block under the
// "## Install" heading of a README: the lines users run, and the ones the
// downstream-install test runs.
func InstallLines(readme string) (string, error) {
	data, err := os.ReadFile(readme)
	if err != nil {
		return "", fmt.Errorf("site: install lines: %w", err)
	}
	_, after, ok := strings.Cut("\n"+string(data), "\n## Install\n")
	if !ok {
		return "", fmt.Errorf("site: %s has no \"## Install\" section", readme)
	}
	if i := strings.Index(after, "\n## "); i >= 0 {
		after = after[:i]
	}
	_, block, ok := strings.Cut(after, "```")
	if !ok {
		return "", fmt.Errorf("site: the Install section of %s has no code block", readme)
	}
	_, block, _ = strings.Cut(block, "\n") // the info string
	block, _, ok = strings.Cut(block, "```")
	if !ok {
		return "", fmt.Errorf("site: the Install code block of %s is not closed", readme)
	}
	return block, nil
}

// moduleTable lists the library modules and the fastio command with their
// packages and guides, each described by its own README. The tooling
// modules and internal packages are left out: they are not for import.
func (s *Site) moduleTable(from string) string {
	var b strings.Builder
	b.WriteString(`<table class="modules"><thead><tr><th>module</th><th>packages</th><th>what it is for</th></tr></thead><tbody>`)
	for _, m := range s.Modules {
		if m.Tooling {
			continue
		}
		var pk []string
		for _, p := range m.Packages {
			if p.IsCommand() || p.Internal() {
				continue // the module table lists what users import
			}
			pk = append(pk, fmt.Sprintf(`<a href="%s"><code>%s</code></a>`, s.rel(from, "api/"+p.Rel+"/"), html.EscapeString(p.Rel)))
		}
		fmt.Fprintf(&b, `<tr><td><a href="%s">%s</a></td><td>%s</td><td>%s</td></tr>`,
			s.rel(from, "guide/"+m.Dir+"/"), m.Dir, strings.Join(pk, " "), html.EscapeString(m.Doc))
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// indexProse adds a page and its headings to the search index.
func (s *Site) indexProse(p *prose, body, text string) {
	sum := text
	if len(sum) > 240 {
		sum = sum[:240]
		if i := strings.LastIndexByte(sum, ' '); i > 0 {
			sum = sum[:i]
		}
		sum += " …"
	}
	kind := "page"
	if p.section == "cookbook" {
		kind = "cookbook"
	} else if p.section == "guide" {
		kind = "guide"
	}
	s.search = append(s.search, SearchEntry{Title: p.title, URL: p.path, Kind: kind, Summary: sum})
	for _, m := range headingRE.FindAllStringSubmatch(body, -1) {
		s.search = append(s.search, SearchEntry{Title: p.title + " › " + html.UnescapeString(tagRE.ReplaceAllString(m[2], "")),
			URL: p.path + "#" + m[1], Kind: "section"})
	}
}

var headingRE = regexp.MustCompile(`<h[23] id="([^"]+)">(.*?)</h[23]>`)
