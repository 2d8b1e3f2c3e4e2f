package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Bench is what the benchmarks page shows from the bench module: its
// results tables (Markdown that names the machine, the date and the command
// that reproduces them) and a chart per table.
type Bench struct {
	Markdown string   // the results tables
	Headline string   // a short Markdown table of ratios for the landing page
	Charts   []Chart  // one per results table
	Landing  []string // the charts (by ID) the landing page shows; empty shows all
}

// Chart is one results table drawn as horizontal bars: a group of bars per
// method, one bar per column.
type Chart struct {
	ID, Title string
	Axis      string   // what the bars measure, said under the chart
	Unit      string   // the unit of the values, printed beside each bar
	Columns   []string // the legend, in bar order
	Rows      []ChartRow
}

// ChartRow is one method of a chart; a value of 0 or less has no bar.
type ChartRow struct {
	Method string
	Fastio bool // fastio's own method, emphasised
	Values []float64
}

// benchPage renders the bench module's results and charts, then the
// figures each module's README gives for its own benchmarks.
func (s *Site) benchPage() error {
	var body strings.Builder
	body.WriteString("<p>Every figure is a ratio against a named peer, measured in the same run on the same data. The tables give the times too, but a ratio carries over to another machine and a time does not.</p>")
	if b := s.cfg.Bench; b != nil {
		body.WriteString(`<h2 id="seed-tables">The headline tables</h2>`)
		if len(b.Charts) > 0 {
			body.WriteString(s.chartsHTML("benchmarks/"))
		}
		var out bytes.Buffer
		if err := md.Convert([]byte(stripTitle(b.Markdown)), &out); err != nil {
			return fmt.Errorf("site: bench results: %w", err)
		}
		body.WriteString(out.String())
	}
	body.WriteString(`<h2 id="modules">Figures per module</h2><p>Each module's README quotes its own rows of these tables; these are its "What it costs" sections.</p>`)
	for _, m := range s.Modules {
		fig, err := readmeSection(filepath.Join(s.cfg.Root, m.Dir, "README.md"), "What it costs")
		if err != nil {
			return err
		}
		if fig == "" {
			continue
		}
		var out bytes.Buffer
		if err := md.Convert([]byte(demoteHeadings(fig)), &out); err != nil {
			return fmt.Errorf("site: %s/README.md: %w", m.Dir, err)
		}
		fmt.Fprintf(&body, `<h3 id="figures-%s">%s</h3><p class="meta"><a href="%s">%s guide</a></p>%s`,
			m.Dir, m.Dir, s.rel("benchmarks/", "guide/"+m.Dir+"/"), m.Dir, s.readmeLinks(m.Dir, "benchmarks/", out.String()))
	}
	s.search = append(s.search, SearchEntry{Title: "Benchmarks", URL: "benchmarks/", Kind: "page", Summary: "fastio against its peers: tables and charts from the bench module, and each module's figures"})
	return s.add(&Page{Path: "benchmarks/", Title: "Benchmarks", Section: "bench", Body: template.HTML(body.String())})
}

var hrefRE = regexp.MustCompile(`<a href="([^"]*)"([^>]*)>(.*?)</a>`)

// readmeLinks points the relative links of a module README's HTML, seen
// from the page at from, at the site: a module folder or README to its
// guide, bench/RESULTS.md to the tables on the benchmarks page, a Go file
// to its source page. A link to any other repository file keeps its text
// and loses the link, since the site does not serve the file.
func (s *Site) readmeLinks(dir, from, html string) string {
	return hrefRE.ReplaceAllStringFunc(html, func(a string) string {
		m := hrefRE.FindStringSubmatch(a)
		href, rest, text := m[1], m[2], m[3]
		if strings.Contains(href, "://") || strings.HasPrefix(href, "#") || strings.HasPrefix(href, "mailto:") {
			return a
		}
		target, frag, _ := strings.Cut(href, "#")
		p := path.Clean(path.Join(dir, target))
		to := ""
		switch {
		case p == "bench/RESULTS.md":
			to = "benchmarks/#seed-tables"
			frag = ""
		case strings.HasSuffix(p, "/README.md") || !strings.Contains(p, "."):
			mod, _, _ := strings.Cut(strings.TrimSuffix(p, "/README.md"), "/")
			for _, md := range s.Modules {
				if md.Dir == mod {
					to = "guide/" + mod + "/"
				}
			}
		case strings.HasSuffix(p, ".go"):
			if _, ok := s.api[path.Dir(p)]; ok {
				to = "src/" + p + ".html"
			}
		}
		if to == "" {
			return text
		}
		if frag != "" {
			to += "#" + frag
		}
		return `<a href="` + s.rel(from, to) + `"` + rest + `>` + text + `</a>`
	})
}

// stripTitle drops a leading "# " line: the page has its own title.
func stripTitle(text string) string {
	if first, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(first, "# ") {
		return rest
	}
	return text
}

// readmeSection returns the body of a "## <name>" section of a Markdown
// file, or "" if the file or the section does not exist.
func readmeSection(file, name string) (string, error) {
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("site: %w", err)
	}
	text := "\n" + string(data)
	_, after, ok := strings.Cut(text, "\n## "+name+"\n")
	if !ok {
		return "", nil
	}
	if i := strings.Index(after, "\n## "); i >= 0 {
		after = after[:i]
	}
	return after, nil
}

// demoteHeadings moves "### x" headings of an included section two levels
// down, under the page's own h2 and h3.
func demoteHeadings(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			lines[i] = "##" + l
		}
	}
	return strings.Join(lines, "\n")
}

// chartsHTML shows the charts: on the landing page (from == "") the
// headline table and the landing charts, elsewhere every chart. Charts are
// HTML, so their labels are text of the page's own font and size, and
// their legends are laid out by the browser.
func (s *Site) chartsHTML(from string) string {
	b := s.cfg.Bench
	if b == nil || len(b.Charts) == 0 {
		return fmt.Sprintf(`<p>This tree has no bench results file, so there are no charts here; the <a href="%s#modules">benchmarks page</a> has each module's own figures.</p>`,
			s.rel(from, "benchmarks/"))
	}
	var out strings.Builder
	if b.Headline != "" && from == "" {
		var h bytes.Buffer
		if err := md.Convert([]byte(b.Headline), &h); err == nil {
			out.WriteString(h.String())
		}
	}
	out.WriteString(`<div class="charts">`)
	for _, c := range b.Charts {
		if from == "" && len(b.Landing) > 0 && !slices.Contains(b.Landing, c.ID) {
			continue
		}
		out.WriteString(chartHTML(c, s.rel(from, "benchmarks/")))
	}
	out.WriteString("</div>")
	return out.String()
}

// chartHTML draws one chart. Bar lengths are relative to the longest bar
// of the chart.
func chartHTML(c Chart, link string) string {
	top := 0.0
	for _, r := range c.Rows {
		for _, v := range r.Values {
			top = max(top, v)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="chart" id="chart-%s"><figcaption><a href="%s">%s</a></figcaption>`,
		html.EscapeString(c.ID), link, html.EscapeString(c.Title))
	if len(c.Columns) > 1 {
		b.WriteString(`<ul class="legend">`)
		for i, col := range c.Columns {
			fmt.Fprintf(&b, `<li><span class="swatch c%d"></span>%s</li>`, i%6, html.EscapeString(col))
		}
		b.WriteString(`</ul>`)
	}
	b.WriteString(`<div class="bars">`)
	for _, r := range c.Rows {
		cls := "label"
		if r.Fastio {
			cls += " fastio"
		}
		fmt.Fprintf(&b, `<div class="method"><div class="%s">%s</div><div class="vals">`, cls, html.EscapeString(r.Method))
		for i, v := range r.Values {
			if v <= 0 || top <= 0 {
				continue
			}
			col := ""
			if i < len(c.Columns) {
				col = c.Columns[i]
			}
			fmt.Fprintf(&b, `<div class="bar" title="%s: %s"><span class="fill c%d" style="width:calc((100%% - 6em) * %.4f)"></span><span class="value">%s</span></div>`,
				html.EscapeString(col), chartValue(v, c.Unit), i%6, v/top, chartValue(v, c.Unit))
		}
		b.WriteString(`</div></div>`)
	}
	fmt.Fprintf(&b, `</div><p class="axis">%s</p></figure>`, html.EscapeString(c.Axis))
	return b.String()
}

func chartValue(v float64, unit string) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f %s", v, unit)
	case v >= 1:
		return fmt.Sprintf("%.2f %s", v, unit)
	default:
		return fmt.Sprintf("%.3f %s", v, unit)
	}
}
