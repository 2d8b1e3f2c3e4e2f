// Command docs builds fastio's documentation site from the repository: API
// pages from the doc comments and examples of every package of every
// module in go.work, prose pages from content/, the cookbook's tested
// programs, the command reference, the benchmark results and an offline
// search index.
//
//	go run . -root .. -out public          # build into public/
//	go run . -root .. -out public -serve 127.0.0.1:6060
//
// With -serve it builds, then serves the site and prints its address.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fastio-go/fastio/bench/seed"
	"github.com/fastio-go/fastio/cmd/cli"
	"github.com/fastio-go/fastio/docs/internal/site"
)

func main() {
	root := flag.String("root", "..", "repository root (the folder with go.work)")
	out := flag.String("out", "public", "output folder (emptied first)")
	serve := flag.String("serve", "", "after building, serve the site at this address (host:port)")
	flag.Parse()
	if err := run(*root, *out, *serve); err != nil {
		fmt.Fprintln(os.Stderr, "docs:", err)
		os.Exit(1)
	}
}

func run(root, out, serve string) error {
	cfg, cleanup, err := config(root)
	if err != nil {
		return err
	}
	defer cleanup()
	cfg.Out = out
	s, err := site.Build(cfg)
	if err != nil {
		return err
	}
	abs, _ := filepath.Abs(out)
	fmt.Printf("docs: wrote %d pages to %s\n", len(s.Pages()), abs)
	if serve == "" {
		return nil
	}
	ln, err := net.Listen("tcp", serve)
	if err != nil {
		return err
	}
	fmt.Printf("docs: serving http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return http.Serve(ln, http.FileServer(http.Dir(out)))
}

// config gathers what the site is built from: the repository, the fastio
// command's tree, and the bench module's results with their charts (drawn
// into a temporary folder that cleanup removes).
func config(root string) (cfg site.Config, cleanup func(), err error) {
	cfg = site.Config{Root: root, Commands: cli.NewRootCommand()}
	cleanup = func() {}
	b, tmp, err := benchResults(root)
	if err != nil {
		return cfg, cleanup, err
	}
	if tmp != "" {
		cleanup = func() { os.RemoveAll(tmp) }
	}
	cfg.Bench = b
	return cfg, cleanup, nil
}

// benchResults loads bench/RESULTS.json and draws its charts. Without it,
// the tables come from bench/RESULTS.md alone, with no charts; with
// neither, the benchmarks page shows only each module's own figures.
func benchResults(root string) (*site.Bench, string, error) {
	jsonPath := filepath.Join(root, "bench", "RESULTS.json")
	mdPath := filepath.Join(root, "bench", "RESULTS.md")
	r, err := seed.LoadResults(jsonPath)
	if errors.Is(err, fs.ErrNotExist) {
		md, err := os.ReadFile(mdPath)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "docs: no %s or %s: the benchmarks page has only the modules' own figures\n", jsonPath, mdPath)
			return nil, "", nil
		}
		if err != nil {
			return nil, "", err
		}
		fmt.Fprintf(os.Stderr, "docs: no %s: benchmark tables from %s, without charts\n", jsonPath, mdPath)
		return &site.Bench{Markdown: string(md)}, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	tmp, err := os.MkdirTemp("", "fastio-docs-charts")
	if err != nil {
		return nil, "", err
	}
	charts, err := seed.WriteCharts(r, tmp)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, "", err
	}
	b := &site.Bench{Charts: charts}
	for _, c := range charts {
		id := strings.TrimSuffix(filepath.Base(c), ".svg")
		title := id
		for _, t := range r.Tables {
			if t.ID == id {
				title = t.Title
			}
		}
		b.Titles = append(b.Titles, title)
	}
	// The landing page shows one table and chart per kind of work; the
	// benchmarks page shows them all.
	b.Landing = []string{"ints", "doubles", "hello", "utf16", "sha256", "gzip-text"}
	b.Headline = headline(r, b.Landing)
	// The committed RESULTS.md is the text of record; the JSON's own
	// rendering stands in when it is missing.
	if md, err := os.ReadFile(mdPath); err == nil {
		b.Markdown = string(md)
	} else {
		b.Markdown = r.Markdown()
	}
	flags := ""
	if r.Size == "full" {
		flags = " -full"
	}
	b.Markdown += fmt.Sprintf("\n\nReproduce these tables from the repository root with `go run ./bench/cmd/seedbench%s` (it prints the Markdown; charts are drawn from its JSON results).\n", flags)
	return b, tmp, nil
}

// headline is the landing page's table of ratios for the tables in ids:
// for each operation, fastio against the fastest Go method that is not
// fastio (the standard library, x/text, …) and against the fastest method
// of all, C and C++ and command-line tools included, each measured in the
// same run (above 1: fastio is faster).
func headline(r *seed.Results, ids []string) string {
	var b strings.Builder
	b.WriteString("| task | operation | against the fastest Go peer | against the fastest of all |\n|---|---|---|---|\n")
	rows := 0
	for _, t := range r.Tables {
		if !slices.Contains(ids, t.ID) {
			continue
		}
		for _, col := range t.Columns {
			goPeer, any := -1, -1
			for i, row := range t.Rows {
				if row.Column != col || row.Kind == "fastio" || row.Skipped != "" || row.Ratio <= 0 {
					continue
				}
				if any < 0 || row.Ratio < t.Rows[any].Ratio {
					any = i
				}
				if row.Kind == "go" && (goPeer < 0 || row.Ratio < t.Rows[goPeer].Ratio) {
					goPeer = i
				}
			}
			if any < 0 {
				continue
			}
			cell := func(i int) string {
				if i < 0 {
					return "—"
				}
				row := t.Rows[i]
				if row.Ratio < 1 {
					return fmt.Sprintf("%.2f× slower than %s", 1/row.Ratio, row.Method)
				}
				return fmt.Sprintf("**%.2f× faster** than %s", row.Ratio, row.Method)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", t.Title, col, cell(goPeer), cell(any))
			rows++
		}
	}
	if rows == 0 {
		return ""
	}
	return b.String()
}
