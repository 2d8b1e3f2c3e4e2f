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
// command's tree, and the bench module's results.
func config(root string) (cfg site.Config, cleanup func(), err error) {
	cfg = site.Config{Root: root, Commands: cli.NewRootCommand()}
	cleanup = func() {}
	b, err := benchResults(root)
	if err != nil {
		return cfg, cleanup, err
	}
	cfg.Bench = b
	return cfg, cleanup, nil
}

// landingTables are the tables the landing page charts and summarises:
// one per kind of work.
var landingTables = []string{"ints", "doubles", "hello", "utf16", "sha256", "gzip-text"}

// benchResults loads bench/RESULTS.json and turns its tables into charts.
// Without it, the tables come from bench/RESULTS.md alone, with no charts;
// with neither, the benchmarks page shows only each module's own figures.
func benchResults(root string) (*site.Bench, error) {
	jsonPath := filepath.Join(root, "bench", "RESULTS.json")
	mdPath := filepath.Join(root, "bench", "RESULTS.md")
	r, err := seed.LoadResults(jsonPath)
	if errors.Is(err, fs.ErrNotExist) {
		md, err := os.ReadFile(mdPath)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "docs: no %s or %s: the benchmarks page has only the modules' own figures\n", jsonPath, mdPath)
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "docs: no %s: benchmark tables from %s, without charts\n", jsonPath, mdPath)
		return &site.Bench{Markdown: string(md)}, nil
	}
	if err != nil {
		return nil, err
	}
	b := &site.Bench{Charts: charts(r), Landing: landingTables}
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
	b.Markdown += fmt.Sprintf("\n\nReproduce these tables from the repository root with `go run ./bench/cmd/seedbench%s` (it prints the Markdown; `make bench-results` also rewrites RESULTS.json and the READMEs' tables).\n", flags)
	return b, nil
}

// charts turns every table into a bar chart of the median CPU time of each
// method (the wall time in a column timed by it, the binary size for the
// size table), one bar per column.
func charts(r *seed.Results) []site.Chart {
	var out []site.Chart
	for _, t := range r.Tables {
		c := site.Chart{ID: t.ID, Title: t.Title, Columns: slices.Clone(t.Columns), Unit: "s",
			Axis: "median CPU time of the whole process, in seconds: shorter is faster"}
		switch {
		case t.Unit == "bytes":
			c.Unit, c.Axis = "KiB", "stripped binary size, in KiB: shorter is smaller"
		case len(t.WallColumns) > 0:
			c.Axis = "median CPU time of the whole process, in seconds, wall time in the columns marked so: shorter is faster"
			for i, col := range c.Columns {
				if t.Wall(col) {
					c.Columns[i] = col + " (wall time)"
				}
			}
		}
		index := map[string]int{}
		for _, row := range t.Rows {
			i, ok := index[row.Method]
			if !ok {
				i = len(c.Rows)
				index[row.Method] = i
				c.Rows = append(c.Rows, site.ChartRow{Method: row.Method, Fastio: strings.HasPrefix(row.Kind, "fastio"), Values: make([]float64, len(t.Columns))})
			}
			col := slices.Index(t.Columns, row.Column)
			if col < 0 || row.Skipped != "" {
				continue
			}
			v := row.CPU
			switch {
			case t.Unit == "bytes":
				v = float64(row.OutputBytes) / 1024
			case t.Wall(row.Column):
				v = row.Wall
			}
			c.Rows[i].Values[col] = v
		}
		if len(c.Rows) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// headline is the landing page's table of ratios for the tables in ids:
// for each operation, fastio against the fastest Go peer (the standard
// library, x/text, …) and against the fastest peer written in C or C++ or
// run as a command, each measured in the same run. fastio's own variants
// (its other APIs, its command) are never a peer. A compressor is compared
// only at its own level: a row that ran at another level is left out, and
// each compression cell gives the peer's output size against fastio's.
func headline(r *seed.Results, ids []string) string {
	var b strings.Builder
	b.WriteString("| task | operation | against the fastest Go peer | against the fastest C, C++ or command-line peer |\n|---|---|---|---|\n")
	rows := 0
	for _, t := range r.Tables {
		if !slices.Contains(ids, t.ID) {
			continue
		}
		for _, col := range t.Columns {
			ref := -1
			for i, row := range t.Rows {
				if row.Column == col && row.Kind == "fastio" && row.Skipped == "" && ref < 0 {
					ref = i
				}
			}
			if ref < 0 {
				continue
			}
			goPeer, other := -1, -1
			for i, row := range t.Rows {
				if row.Column != col || strings.HasPrefix(row.Kind, "fastio") || row.Skipped != "" || row.Ratio <= 0 || otherLevel(col, row) {
					continue
				}
				best := &other
				if row.Kind == "go" {
					best = &goPeer
				}
				if *best < 0 || row.Ratio < t.Rows[*best].Ratio {
					*best = i
				}
			}
			if goPeer < 0 && other < 0 {
				continue
			}
			cell := func(i int) string {
				if i < 0 {
					return "—"
				}
				row := t.Rows[i]
				s := ""
				if row.Ratio < 1 {
					s = fmt.Sprintf("%.2f× slower than %s", 1/row.Ratio, row.Method)
				} else {
					s = fmt.Sprintf("**%.2f× faster** than %s", row.Ratio, row.Method)
				}
				if f := t.Rows[ref]; strings.HasPrefix(col, "Compress") && f.OutputBytes > 0 && row.OutputBytes > 0 {
					d := 100 * (float64(row.OutputBytes)/float64(f.OutputBytes) - 1)
					switch {
					case d > 0.05:
						s += fmt.Sprintf(" (same level; its output %.1f%% larger)", d)
					case d < -0.05:
						s += fmt.Sprintf(" (same level; its output %.1f%% smaller)", -d)
					default:
						s += " (same level and size)"
					}
				}
				return s
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", t.Title, col, cell(goPeer), cell(other))
			rows++
		}
	}
	if rows == 0 {
		return ""
	}
	return b.String()
}

// otherLevel reports whether a compressor's row ran at another level than
// its column names: igzip's levels stop at 3, and the klauspost rows named
// ", level n" run at the level nearest in size to fastio's.
func otherLevel(col string, row seed.Row) bool {
	if !strings.HasPrefix(col, "Compress") {
		return false
	}
	return strings.Contains(row.Comment, "levels stop") || strings.Contains(row.Method, ", level ")
}
