package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
      {"method": "bufio+strconv", "column": "input", "kind": "go", "cpu_s": 0.5, "wall_s": 0.5, "ratio": 2.5, "ratio_min": 2.4, "ratio_max": 2.6}
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
			wantText: []string{"Integers to a file and back", "go run ./bench/cmd/seedbench`"}, wantHeadline: "| Integers to a file and back | input | **2.50× faster** than bufio+strconv | **2.50× faster** than bufio+strconv |"},
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
			b, tmp, err := benchResults(root)
			if tmp != "" {
				defer os.RemoveAll(tmp)
			}
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
			for i, c := range b.Charts {
				data, err := os.ReadFile(c)
				if err != nil || !strings.Contains(string(data), "<svg") {
					t.Errorf("chart %s is not an SVG: %v", c, err)
				}
				if b.Titles[i] != "Integers to a file and back" {
					t.Errorf("chart title %q", b.Titles[i])
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
	if _, _, err := benchResults(root); err == nil || !strings.Contains(err.Error(), "column") {
		t.Fatalf("error %v, want one about the column", err)
	}
}

// The charts of a results file reach the landing page and the benchmarks
// page of a built site.
func TestBenchPages(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "bench"), 0o755)
	os.WriteFile(filepath.Join(root, "bench", "RESULTS.json"), []byte(resultsJSON), 0o644)
	b, tmp, err := benchResults(root)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
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
	if _, err := os.Stat(filepath.Join(out, "benchmarks", "ints.svg")); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{"index.html", filepath.Join("benchmarks", "index.html")} {
		data, _ := os.ReadFile(filepath.Join(out, page))
		if !strings.Contains(string(data), `ints.svg" alt="Integers to a file and back"`) {
			t.Errorf("%s shows no chart", page)
		}
		if hasHeadline := strings.Contains(string(data), "<strong>3.00× faster</strong>"); hasHeadline != (page == "index.html") {
			t.Errorf("%s: headline ratios shown %v", page, hasHeadline)
		}
	}
}
