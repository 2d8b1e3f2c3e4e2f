package seed_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/bench/seed"
)

// Main is the whole command: flags in, tables out, an exit code back.
// A table that does not exist is refused before anything runs.
func ExampleMain() {
	code := seed.Main([]string{"-rows", "ints,teleport"}, os.Stdout, os.Stdout)
	fmt.Println("exit code", code)
	// Output:
	// seedbench: -rows: unknown table "teleport" (have ints, doubles, hello, size, utf16, utf32, gb18030, utf16-small, records, read, sha1, sha256, sha512, gzip-text, gzip-binary, gzip-cores, chain, bufsize)
	// exit code 2
}

// A program that renders the results elsewhere (the documentation site)
// loads the committed results file and writes the charts.
func ExampleLoadResults() {
	dir, err := os.MkdirTemp("", "charts")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "results.json")
	os.WriteFile(path, []byte(`{"size":"full","rounds":3,"tables":[{"id":"ints","title":"I/O 10M integers","unit":"s",
		"columns":["Output time"],"rows":[
		{"method":"fastio","column":"Output time","kind":"fastio","cpu_s":0.05,"ratio":1},
		{"method":"fmt","column":"Output time","kind":"go","cpu_s":0.4,"ratio":8}]}]}`), 0o644)
	r, err := seed.LoadResults(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	files, err := seed.WriteCharts(r, dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Tables[0].Title, len(r.Tables[0].Rows), "rows,", len(files), "chart:", filepath.Base(files[0]))
	fmt.Printf("where fastio is behind: %d cells\n", len(r.Behind()))
	// Output:
	// I/O 10M integers 2 rows, 1 chart: ints.svg
	// where fastio is behind: 0 cells
}
