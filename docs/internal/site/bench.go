package site

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"strings"
)

// Bench is what the benchmarks page shows: the bench module's results table
// (Markdown that names the machine, the date and the command that
// reproduces it) and its SVG charts.
type Bench struct {
	Results string   // path of the results Markdown
	Charts  []string // paths of SVG charts
	Titles  []string // a caption per chart; empty uses the file name
}

func (b *Bench) caption(i int) string {
	if i < len(b.Titles) && b.Titles[i] != "" {
		return b.Titles[i]
	}
	return strings.TrimSuffix(filepath.Base(b.Charts[i]), ".svg")
}

// benchPage renders the results and copies the charts next to the page.
func (s *Site) benchPage() error {
	b := s.cfg.Bench
	if b == nil {
		return nil
	}
	data, err := os.ReadFile(b.Results)
	if err != nil {
		return fmt.Errorf("site: benchmarks: %w", err)
	}
	text := string(data)
	if first, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(first, "# ") {
		text = rest
	}
	var out bytes.Buffer
	if err := md.Convert([]byte(text), &out); err != nil {
		return fmt.Errorf("site: %s: %w", b.Results, err)
	}
	var body strings.Builder
	body.WriteString(s.chartsHTML("benchmarks/"))
	body.WriteString(out.String())
	s.search = append(s.search, SearchEntry{Title: "Benchmarks", URL: "benchmarks/", Kind: "page", Summary: "fastio against its peers: tables and charts from the bench module"})
	return s.add(&Page{Path: "benchmarks/", Title: "Benchmarks", Section: "bench", Body: template.HTML(body.String())})
}

// chartsHTML shows every chart, linked to the benchmarks page.
func (s *Site) chartsHTML(from string) string {
	b := s.cfg.Bench
	if b == nil || len(b.Charts) == 0 {
		return ""
	}
	var out strings.Builder
	out.WriteString(`<div class="charts">`)
	for i, c := range b.Charts {
		name := "benchmarks/" + filepath.Base(c)
		s.files[name] = c
		fmt.Fprintf(&out, `<figure class="chart"><a href="%s"><img src="%s" alt="%s"></a><figcaption>%s</figcaption></figure>`,
			s.rel(from, "benchmarks/"), s.rel(from, name), html.EscapeString(b.caption(i)), html.EscapeString(b.caption(i)))
	}
	out.WriteString("</div>")
	return out.String()
}
