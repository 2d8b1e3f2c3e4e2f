package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/bench/seed"
	"github.com/fastio-go/fastio/docs/internal/site"
)

// A results file of one small table, in the bench module's format.
const resultsJSON = `{
  "date": "2026-11-30T12:00:00Z",
  "machine": {"cpu": "Test CPU", "cores": 2, "os": "linux", "arch": "amd64", "kernel": "6.1", "go": "go1.26", "temp_dir": "/dev/shm"},
  "size": "default",
  "rounds": 3,
  "tables": [{
    "id": "ints", "title": "Integers to a file and back", "goal": "write and read 10M integers",
    "counts": "1M", "unit": "s", "columns": ["output", "input"],
    "rows": [
      {"method": "fastio format", "column": "output", "kind": "fastio", "cpu_s": 0.1, "wall_s": 0.1, "ratio": 1, "ratio_min": 1, "ratio_max": 1},
      {"method": "fastio format", "column": "input", "kind": "fastio", "cpu_s": 0.2, "wall_s": 0.2, "ratio": 1, "ratio_min": 1, "ratio_max": 1},
      {"method": "bufio+strconv", "column": "output", "kind": "go", "cpu_s": 0.3, "wall_s": 0.3, "ratio": 3, "ratio_min": 2.9, "ratio_max": 3.1},
      {"method": "bufio+strconv", "column": "input", "kind": "go", "cpu_s": 0.5, "wall_s": 0.5, "ratio": 2.5, "ratio_min": 2.4, "ratio_max": 2.6},
      {"method": "fastio command", "column": "input", "kind": "fastio command", "cpu_s": 0.19, "wall_s": 0.19, "ratio": 0.95, "ratio_min": 0.9, "ratio_max": 1},
      {"method": "C stdio", "column": "input", "kind": "c", "cpu_s": 0.25, "wall_s": 0.25, "ratio": 1.25, "ratio_min": 1.2, "ratio_max": 1.3}
    ]
  }]
}`

func TestBenchResults(t *testing.T) {
	tests := []struct {
		name         string
		files        map[string]string
		wantNil      bool
		wantCharts   int
		wantText     []string
		wantHeadline string
	}{
		{name: "none", wantNil: true},
		{name: "markdown only", files: map[string]string{"RESULTS.md": "# Tables\n\n| a | b |\n"},
			wantText: []string{"| a | b |"}},
		{name: "json", files: map[string]string{"RESULTS.json": resultsJSON}, wantCharts: 1,
			wantText: []string{"Integers to a file and back", "go run ./bench/cmd/seedbench`"}, wantHeadline: "| Integers to a file and back | input | **2.50× faster** than bufio+strconv | **1.25× faster** than C stdio |"},
		{name: "json and markdown", files: map[string]string{"RESULTS.json": resultsJSON, "RESULTS.md": "# T\n\nthe committed text\n"},
			wantCharts: 1, wantText: []string{"the committed text", "go run ./bench/cmd/seedbench`"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, "bench"), 0o755)
			for n, body := range tc.files {
				os.WriteFile(filepath.Join(root, "bench", n), []byte(body), 0o644)
			}
			b, err := benchResults(root)
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantNil {
				if b != nil {
					t.Fatalf("got %+v, want nothing", b)
				}
				return
			}
			if len(b.Charts) != tc.wantCharts {
				t.Fatalf("%d charts, want %d", len(b.Charts), tc.wantCharts)
			}
			for _, c := range b.Charts {
				if c.Title != "Integers to a file and back" || len(c.Columns) != 2 || len(c.Rows) != 4 {
					t.Errorf("chart %+v", c)
				}
			}
			if !strings.Contains(b.Headline, tc.wantHeadline) {
				t.Errorf("headline lacks %q:\n%s", tc.wantHeadline, b.Headline)
			}
			for _, w := range tc.wantText {
				if !strings.Contains(b.Markdown, w) {
					t.Errorf("tables lack %q:\n%s", w, b.Markdown)
				}
			}
		})
	}
}

func TestBenchResultsBad(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "bench"), 0o755)
	os.WriteFile(filepath.Join(root, "bench", "RESULTS.json"), []byte(`{"tables": [{"id": "x", "columns": ["a"], "rows": [{"method": "m", "column": "b"}]}]}`), 0o644)
	if _, err := benchResults(root); err == nil || !strings.Contains(err.Error(), "column") {
		t.Fatalf("error %v, want one about the column", err)
	}
}

// The charts of a results file reach the landing page and the benchmarks
// page of a built site.
func TestBenchPages(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "bench"), 0o755)
	os.WriteFile(filepath.Join(root, "bench", "RESULTS.json"), []byte(resultsJSON), 0o644)
	b, err := benchResults(root)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cfg, cleanup, err := config("..")
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	cfg.Out, cfg.Bench = out, b
	if _, err := site.Build(cfg); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"index.html", filepath.Join("benchmarks", "index.html")} {
		data, _ := os.ReadFile(filepath.Join(out, page))
		if !strings.Contains(string(data), `<figure class="chart" id="chart-ints">`) || !strings.Contains(string(data), `>Integers to a file and back</a></figcaption>`) {
			t.Errorf("%s shows no chart", page)
		}
		if hasHeadline := strings.Contains(string(data), "<strong>3.00× faster</strong>"); hasHeadline != (page == "index.html") {
			t.Errorf("%s: headline ratios shown %v", page, hasHeadline)
		}
	}
}

// The landing page's table compares fastio with its peers only, and a
// compressor only at its own level, saying how the output sizes compare.
func TestHeadlinePeers(t *testing.T) {
	r := &seed.Results{Tables: []seed.Table{{ID: "gzip-text", Title: "gzip", Columns: []string{"Compress -6", "Inflate"}, Rows: []seed.Row{
		{Method: "fastio compress", Column: "Compress -6", Kind: "fastio", CPU: 1, Ratio: 1, OutputBytes: 1000},
		{Method: "compress/gzip", Column: "Compress -6", Kind: "go", CPU: 2, Ratio: 2, OutputBytes: 980},
		{Method: "klauspost/compress/gzip", Column: "Compress -6", Kind: "go", CPU: 1.5, Ratio: 1.5, OutputBytes: 1016},
		{Method: "klauspost/compress/gzip, level 7", Column: "Compress -6", Kind: "go", CPU: 0.3, Ratio: 0.3, OutputBytes: 990},
		{Method: "igzip", Column: "Compress -6", Kind: "cli", Comment: "ISA-L; igzip's levels stop at 3: -3", CPU: 0.1, Ratio: 0.1, OutputBytes: 1130},
		{Method: "libdeflate-gzip", Column: "Compress -6", Kind: "cli", CPU: 0.6, Ratio: 0.6, OutputBytes: 1000},
		{Method: "fastio gzip command", Column: "Compress -6", Kind: "fastio command", CPU: 0.99, Ratio: 0.99, OutputBytes: 1000},
		{Method: "fastio compress", Column: "Inflate", Kind: "fastio", CPU: 1, Ratio: 1},
		{Method: "fastio gzip command", Column: "Inflate", Kind: "fastio command", CPU: 0.9, Ratio: 0.9},
		{Method: "igzip", Column: "Inflate", Kind: "cli", CPU: 0.96, Ratio: 0.96},
	}}}}
	h := headline(r, []string{"gzip-text"})
	for _, want := range []string{
		"| gzip | Compress -6 | **1.50× faster** than klauspost/compress/gzip (same level; its output 1.6% larger) | 1.67× slower than libdeflate-gzip (same level and size) |",
		"| gzip | Inflate | — | 1.04× slower than igzip |",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("headline lacks %q:\n%s", want, h)
		}
	}
	for _, never := range []string{"level 7", "gzip command", "than fastio"} {
		if strings.Contains(h, never) {
			t.Errorf("headline compares with %s:\n%s", never, h)
		}
	}
}

// A column the bench timed by wall time is charted by wall time, and its
// legend says so.
func TestChartsWallColumn(t *testing.T) {
	r := &seed.Results{Tables: []seed.Table{{ID: "gzip-cores", Title: "cores", Unit: "s",
		Columns: []string{"Compress -6", "Inflate"}, WallColumns: []string{"Inflate"}, Rows: []seed.Row{
			{Method: "fastio compress, concurrent", Column: "Compress -6", Kind: "fastio", CPU: 2, Wall: 1.1, Ratio: 1},
			{Method: "fastio compress, concurrent", Column: "Inflate", Kind: "fastio", CPU: 0.8, Wall: 0.5, Ratio: 0.6},
		}}}}
	cs := charts(r)
	if len(cs) != 1 {
		t.Fatalf("%d charts, want 1", len(cs))
	}
	c := cs[0]
	if want := []string{"Compress -6", "Inflate (wall time)"}; !slices.Equal(c.Columns, want) {
		t.Errorf("legend %q, want %q", c.Columns, want)
	}
	if want := []float64{2, 0.5}; len(c.Rows) != 1 || !slices.Equal(c.Rows[0].Values, want) {
		t.Errorf("rows %+v, want one with values %v", c.Rows, want)
	}
	if !strings.Contains(c.Axis, "wall time") {
		t.Errorf("axis %q does not say which bars are wall time", c.Axis)
	}
	if r.Tables[0].Columns[1] != "Inflate" {
		t.Errorf("charts renamed the results' column: %q", r.Tables[0].Columns)
	}
}
