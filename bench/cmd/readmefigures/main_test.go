package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/bench/seed"
)

const root = "../../.."

// TestCommittedTablesAreCurrent regenerates every README's figures table
// from the committed bench/RESULTS.json and compares it with the README:
// a table edited by hand, or results committed without `make
// readme-figures`, fails here.
func TestCommittedTablesAreCurrent(t *testing.T) {
	r, err := seed.LoadResults(filepath.Join(root, "bench", "RESULTS.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range specs {
		t.Run(sp.readme, func(t *testing.T) {
			old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(sp.readme)))
			if err != nil {
				t.Fatal(err)
			}
			table, err := render(r, sp)
			if err != nil {
				t.Fatal(err)
			}
			updated, err := splice(old, table)
			if err != nil {
				t.Fatal(err)
			}
			if string(updated) != string(old) {
				t.Errorf("%s: the figures table differs from bench/RESULTS.json; run make readme-figures. Want:\n%s", sp.readme, table)
			}
		})
	}
}

func TestSplice(t *testing.T) {
	in := "# x\n\n" + Begin + "\nold\n" + End + "\n\nafter\n"
	out, err := splice([]byte(in), "\nnew\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "# x\n\n" + Begin + "\n\nnew\n" + End + "\n\nafter\n"
	if string(out) != want {
		t.Errorf("splice:\n%s\nwant:\n%s", out, want)
	}
	again, err := splice(out, "\nnew\n")
	if err != nil || string(again) != want {
		t.Errorf("splice is not idempotent: %q, %v", again, err)
	}
	for _, bad := range []string{
		"no markers\n",
		Begin + "\nno end\n",
		End + "\n" + Begin + "\n",
		Begin + "\n" + End + "\n" + Begin + "\n" + End + "\n",
	} {
		if _, err := splice([]byte(bad), "x"); err == nil {
			t.Errorf("splice(%q) gave no error", bad)
		}
	}
}

func TestMissingRow(t *testing.T) {
	r := &seed.Results{Tables: []seed.Table{{ID: "ints", Rows: []seed.Row{
		{Method: "fastio a", Column: "c", CPU: 1},
		{Method: "peer", Column: "c", Skipped: "not installed"},
	}}}}
	for _, p := range []pair{
		{"nope", "c", "fastio a", "peer", "x"},
		{"ints", "c", "fastio b", "peer", "x"},
		{"ints", "c", "fastio a", "peer", "x"},
	} {
		_, err := render(r, spec{readme: "x/README.md", rows: []pair{p}})
		if err == nil {
			t.Errorf("%+v: no error", p)
		} else if !strings.Contains(err.Error(), p.table) {
			t.Errorf("%+v: error %q does not name the table", p, err)
		}
	}
	out, err := render(r, spec{readme: "x/README.md", rows: []pair{{"ints", "c", "fastio a", "fastio a", "self"}}})
	if err != nil || !strings.Contains(out, "| self | a | a | **1.00×** |") || !strings.Contains(out, "(../bench/RESULTS.md)") {
		t.Errorf("render: %q, %v", out, err)
	}
}

// TestFooterNamesTheCPU checks that every table says which processor its
// ratios were measured on, by its model name without the feature flags,
// and does not copy the commit the results name (a README outlives it).
func TestFooterNamesTheCPU(t *testing.T) {
	r := &seed.Results{Rounds: 3, Commit: "528655d", Machine: seed.Machine{CPU: "AMD EPYC 7B13 64-Core Processor (avx2 bmi2 sha_ni)", Cores: 2, OS: "linux", Arch: "amd64"},
		Tables: []seed.Table{{ID: "ints", Rows: []seed.Row{{Method: "fastio a", Column: "c", CPU: 1, Ratio: 1}}}}}
	out, err := render(r, spec{readme: "x/README.md", rows: []pair{{"ints", "c", "fastio a", "fastio a", "self"}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "run on AMD EPYC 7B13 64-Core Processor (2 logical CPUs, linux/amd64); other CPUs give other ratios."; !strings.Contains(out, want) {
		t.Errorf("render:\n%s\nwant it to say %q", out, want)
	}
	if strings.Contains(out, r.Commit) {
		t.Errorf("render copies the commit %s:\n%s", r.Commit, out)
	}
}

// TestWallColumn checks that a row of a column the results timed by wall
// time says so, and the footer says what it compares.
func TestWallColumn(t *testing.T) {
	r := &seed.Results{Rounds: 3, Tables: []seed.Table{{ID: "gzip-cores", Columns: []string{"Inflate"}, WallColumns: []string{"Inflate"}, Rows: []seed.Row{
		{Method: "fastio compress, concurrent", Column: "Inflate", CPU: 0.8, Wall: 0.5, Ratio: 0.5},
		{Method: "libdeflate-gzip", Column: "Inflate", CPU: 0.9, Wall: 0.9, Ratio: 0.9},
	}}}}
	out, err := render(r, spec{readme: "x/README.md", rows: []pair{{"gzip-cores", "Inflate", "fastio compress, concurrent", "libdeflate-gzip", "inflate on 2 CPUs"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| inflate on 2 CPUs (wall time) | compress, concurrent | libdeflate-gzip | **1.80×** |", "A task marked (wall time) compares the wall times"} {
		if !strings.Contains(out, want) {
			t.Errorf("render:\n%s\nwant it to say %q", out, want)
		}
	}
	// A table without wall-time columns keeps its footer.
	r.Tables[0].WallColumns = nil
	out, err = render(r, spec{readme: "x/README.md", rows: []pair{{"gzip-cores", "Inflate", "fastio compress, concurrent", "libdeflate-gzip", "inflate"}}})
	if err != nil || strings.Contains(out, "wall time") {
		t.Errorf("render of a CPU-time column: %v\n%s", err, out)
	}
}
