package seed

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestTiny runs every table at the tiny size with one timed round: every
// method's output is checked against fastio's (and the expected value)
// before anything is timed, so this is the test that all the scenarios,
// Go, C/C++ and command-line, do the same work. The C/C++ references are
// compiled into the test's temporary directory. A row whose peer is not
// installed is skipped by the run; the test then skips naming the packages
// to install, or fails under FASTIO_REQUIRE_PEERS=1.
func TestTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario as a process (about a minute)")
	}
	out := t.TempDir()
	o := &options{size: &tinySize, rounds: 1, out: out, charts: true}
	var stdout, stderr bytes.Buffer
	if err := run(o, &stdout, &stderr, exec.LookPath); err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
	}
	r, err := LoadResults(filepath.Join(out, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(r.Tables), len(tables()); got != want {
		t.Fatalf("%d tables in the results, want %d", got, want)
	}
	missing := map[string]bool{} // what is not installed
	var pkgs []string            // and the packages that install it
	for _, tb := range r.Tables {
		if len(tb.Rows) == 0 {
			t.Errorf("table %s has no rows", tb.ID)
		}
		if _, err := os.Stat(filepath.Join(out, tb.ID+".svg")); err != nil {
			t.Errorf("table %s: no chart: %v", tb.ID, err)
		}
		for _, row := range tb.Rows {
			if row.Skipped != "" {
				// A peer missing on this machine is reported, not faked.
				t.Logf("%s / %s / %s skipped: %s", tb.ID, row.Column, row.Method, row.Skipped)
				if m := installHintRE.FindStringSubmatch(row.Skipped); m != nil {
					what, _, _ := strings.Cut(row.Skipped, " not ")
					if !missing[what] {
						missing[what] = true
						pkgs = append(pkgs, strings.Fields(m[1])...)
					}
				} else if row.Kind == kindC && !strings.Contains(row.Skipped, "not installed") {
					// (A library with no Debian package, simdutf, may be absent.)
					t.Errorf("%s / %s: C/C++ reference skipped although what it needs is installed: %s", tb.ID, row.Method, row.Skipped)
				}
				continue
			}
			if tb.Unit == "s" && (row.CPU <= 0 || row.Wall <= 0 || row.Ratio <= 0 || row.Rounds != 1) {
				t.Errorf("%s / %s / %s: figures missing: %+v", tb.ID, row.Column, row.Method, row)
			}
			if tb.Unit == "bytes" && row.OutputBytes <= 0 {
				t.Errorf("%s / %s: no size", tb.ID, row.Method)
			}
		}
	}
	md, err := os.ReadFile(filepath.Join(out, "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(md, stdout.Bytes()) {
		t.Error("RESULTS.md differs from what was printed")
	}
	if n := strings.Count(stderr.String(), "seedbench: ["); n < len(tables()) {
		t.Errorf("%d progress lines, want one per scenario:\n%s", n, stderr.String())
	}
	// Every row ran but those of peers not installed here: the test has
	// checked all it could, and now skips naming them (or fails under
	// FASTIO_REQUIRE_PEERS=1).
	if len(missing) > 0 {
		whats := slices.Sorted(maps.Keys(missing))
		slices.Sort(pkgs)
		coretest.MissingPeer(t, strings.Join(whats, ", "), strings.Join(slices.Compact(pkgs), " "))
	}
}

// installHintRE finds the package a skipped row names.
var installHintRE = regexp.MustCompile(`\(apt-get install ([^)]+)\)`)

// TestMissingPeer checks that a command-line peer that is not installed
// is reported as skipped, with the package to install, and that the
// table still runs.
func TestMissingPeer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	out := t.TempDir()
	o := &options{size: &tinySize, rounds: 1, out: out, rows: []string{"sha256"}}
	lookPath := func(name string) (string, error) {
		if name == "sha256sum" {
			return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
		}
		return exec.LookPath(name)
	}
	var stdout, stderr bytes.Buffer
	if err := run(o, &stdout, &stderr, lookPath); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	r, err := LoadResults(filepath.Join(out, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, row := range r.Tables[0].Rows {
		if row.Method == "sha256sum" {
			found = true
			if want := "sha256sum not installed (apt-get install coreutils)"; row.Skipped != want {
				t.Errorf("sha256sum row skipped = %q, want %q", row.Skipped, want)
			}
			if row.CPU != 0 || row.Ratio != 0 {
				t.Errorf("skipped row has figures: %+v", row)
			}
		} else if row.Kind == kindFastio && row.Skipped != "" {
			t.Errorf("fastio row skipped: %+v", row)
		}
	}
	if !found {
		t.Fatal("no sha256sum row")
	}
	if !strings.Contains(stdout.String(), "skipped: sha256sum not installed (apt-get install coreutils)") {
		t.Errorf("the table does not say the peer was skipped:\n%s", stdout.String())
	}
}

// TestMismatchFails checks that a method whose output differs from
// fastio's stops the run with an error naming both.
func TestMismatchFails(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{size: &tinySize, rounds: 1, dir: dir, child: self, stderr: &bytes.Buffer{},
		files: map[string]bool{}, lookPath: exec.LookPath}
	c := column{name: "Output time", want: func(e *env) (string, error) { return scen.WantInts(e.size.Ints), nil }, finger: printed,
		methods: []method{
			{name: "fastio", kind: kindFastio, child: "ints.read.fastio", args: func(e *env, _ string) []string { return []string{e.path("a.txt")} }},
			{name: "wrong", kind: kindGo, child: "ints.read.bufio", args: func(e *env, _ string) []string { return []string{e.path("b.txt")} }},
		}}
	if err := scen.WriteIntsFile(e.path("a.txt"), tinySize.Ints); err != nil {
		t.Fatal(err)
	}
	if err := scen.WriteIntsFile(e.path("b.txt"), tinySize.Ints-1); err != nil {
		t.Fatal(err)
	}
	var tb Table
	err = e.runColumn(&tb, &c, "[1/1]")
	if err == nil || !strings.Contains(err.Error(), "wrong produced") || !strings.Contains(err.Error(), "outputs differ") {
		t.Fatalf("runColumn = %v, want the mismatch of wrong against fastio", err)
	}
}

// TestFlags checks Main's flag handling: bad input exits 2 with a message.
func TestFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"unknown row", []string{"-rows", "ints,nosuch"}, 2, `unknown table "nosuch"`},
		{"negative rounds", []string{"-rounds", "-1"}, 2, "-rounds -1: want 1 to 1000"},
		{"too many rounds", []string{"-rounds", "1001"}, 2, "-rounds 1001"},
		{"rounds not a number", []string{"-rounds", "many"}, 2, "invalid value"},
		{"bad size", []string{"-size", "huge"}, 2, `-size "huge"`},
		{"full and tiny", []string{"-full", "-size", "tiny"}, 2, "disagree"},
		{"argument", []string{"ints"}, 2, `unexpected argument "ints"`},
		{"unknown flag", []string{"-fast"}, 2, "flag provided but not defined"},
		{"help", []string{"-h"}, 0, "usage: seedbench"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Main(tt.args, &stdout, &stderr); code != tt.code {
				t.Errorf("Main(%q) = %d, want %d; stderr %s", tt.args, code, tt.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.msg) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.msg)
			}
		})
	}
}

// TestParseFlags checks what good flags select.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args   []string
		size   string
		rounds int
		rows   []string
	}{
		{nil, "default", defaultRounds, nil},
		{[]string{"-full"}, "full", fullRounds, nil},
		{[]string{"-size", "full", "-rounds", "7"}, "full", 7, nil},
		{[]string{"-size", "tiny", "-rows", "ints, sha256"}, "tiny", defaultRounds, []string{"ints", "sha256"}},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, &bytes.Buffer{})
		if err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		if o.size.name != tt.size || o.rounds != tt.rounds || !reflect.DeepEqual(o.rows, tt.rows) {
			t.Errorf("%q: size %s rounds %d rows %q, want %s %d %q", tt.args, o.size.name, o.rounds, o.rows, tt.size, tt.rounds, tt.rows)
		}
	}
}

// TestList checks that -list names every table and column.
func TestList(t *testing.T) {
	var stdout bytes.Buffer
	if code := Main([]string{"-list"}, &stdout, &bytes.Buffer{}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, tb := range tables() {
		if !strings.Contains(stdout.String(), tb.id+"\t"+defaultSize.expand(tb.title)) {
			t.Errorf("-list does not name %s", tb.id)
		}
		for _, c := range tb.columns {
			if !strings.Contains(stdout.String(), "\t"+c.name+":") {
				t.Errorf("-list does not name column %s of %s", c.name, tb.id)
			}
		}
	}
}

// TestTablesWellFormed checks the table definitions: unique ids, a fastio
// method in every column, every Go scenario registered, every command-line
// peer with an install hint.
func TestTablesWellFormed(t *testing.T) {
	ids := map[string]bool{}
	for _, tb := range tables() {
		if ids[tb.id] {
			t.Errorf("table id %s twice", tb.id)
		}
		ids[tb.id] = true
		if tb.counts == nil || tb.goal == "" {
			t.Errorf("%s: no counts or goal", tb.id)
		}
		for _, c := range tb.columns {
			if len(c.methods) == 0 || c.methods[0].kind != kindFastio {
				t.Errorf("%s / %s: the first method must be fastio's", tb.id, c.name)
			}
			if c.baseline != "" {
				i := slices.IndexFunc(c.methods, func(m method) bool { return m.name == c.baseline })
				if i < 0 || c.methods[i].kind != kindFastio {
					t.Errorf("%s / %s: the baseline %q is not a fastio method of the column", tb.id, c.name, c.baseline)
				}
			}
			if c.needs != "" && installHint[c.needs] == "" {
				t.Errorf("%s / %s: no install hint for %s, which the column needs", tb.id, c.name, c.needs)
			}
			for _, m := range c.methods {
				switch m.kind {
				case kindFastio, kindGo:
					if !scen.Has(m.child) {
						t.Errorf("%s / %s / %s: no scenario %q", tb.id, c.name, m.name, m.child)
					}
				case kindC:
					if !cpeerKnown(m.cpeer) {
						t.Errorf("%s / %s / %s: no reference %q", tb.id, c.name, m.name, m.cpeer)
					}
				case kindCmd:
				case kindCLI:
					if installHint[m.tool] == "" {
						t.Errorf("%s / %s / %s: no install hint for %s", tb.id, c.name, m.name, m.tool)
					}
				default:
					t.Errorf("%s / %s / %s: kind %q", tb.id, c.name, m.name, m.kind)
				}
			}
		}
	}
}

func cpeerKnown(bin string) bool {
	for _, b := range cpeerBuilds {
		if b.bin == bin {
			return true
		}
	}
	return false
}

// sample results for the rendering tests.
func sampleResults() *Results {
	return &Results{
		Date:    time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC),
		Machine: Machine{CPU: "Test CPU", Cores: 2, OS: "linux", Arch: "amd64", Kernel: "6.1", Go: "go1.26.0", TempDir: "/dev/shm"},
		Size:    "tiny", Rounds: 3,
		Notes: []string{"a note"},
		Tables: []Table{{
			ID: "ints", Title: "I/O integers", Goal: "Print and scan.", Counts: "20k integers", Unit: "s",
			Columns: []string{"Output time", "Input time"},
			Rows: []Row{
				{Method: "fastio", Column: "Output time", Kind: kindFastio, CPU: 0.05, Wall: 0.06, Ratio: 1, RatioMin: 1, RatioMax: 1, Rounds: 3},
				{Method: "C table", Column: "Output time", Kind: kindC, CPU: 0.04, Wall: 0.05, Ratio: 0.8, RatioMin: 0.7, RatioMax: 0.9, Rounds: 3, Comment: "the floor"},
				{Method: "fmt", Column: "Output time", Kind: kindGo, CPU: 0.2, Wall: 0.2, Ratio: 4, RatioMin: 3.5, RatioMax: 4.5, Rounds: 3},
				{Method: "fastio", Column: "Input time", Kind: kindFastio, CPU: 0.06, Wall: 0.06, Ratio: 1, RatioMin: 1, RatioMax: 1, Rounds: 3},
				{Method: "C table, 2", Column: "Input time", Kind: kindC, CPU: 0.07, Wall: 0.07, Ratio: 1.1, RatioMin: 1.1, RatioMax: 1.2, Rounds: 3},
				{Method: "sha256sum", Column: "Input time", Kind: kindCLI, Skipped: "sha256sum not installed (apt-get install coreutils)"},
			},
		}},
	}
}

// TestMarkdown checks the seed's layout: a time and a ratio per column,
// Meaningless where a method has no cell, skipped peers, the CPU named
// beside the figures, and the list of cells where fastio is not the
// fastest.
func TestMarkdown(t *testing.T) {
	md := sampleResults().Markdown()
	for _, want := range []string{
		"| Method | Output time | ratio | Input time | ratio | Comment |",
		"| fastio | 0.0500 s | 1.00 | 0.0600 s | 1.00 |  |",
		"| C table | 0.0400 s | 0.80 (0.70–0.90) | Meaningless | | the floor |",
		"| sha256sum | Meaningless | | skipped | | skipped: sha256sum not installed (apt-get install coreutils) |",
		// A method first seen in the second column follows the one
		// before it there.
		"| fastio | 0.0500 s | 1.00 | 0.0600 s | 1.00 |  |\n| C table, 2 | Meaningless | | 0.0700 s | 1.10 (1.10–1.20) |  |\n",
		"I/O integers / Output time: C table is faster, ratio 0.80 (fastio takes 1.25x)",
		"Counts: 20k integers. Measured on Test CPU.",
		"Every figure below was measured on Test CPU;",
		"## Where fastio is not the fastest (on Test CPU)",
		"- a note",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestLoadResults checks the round trip and the errors of bad files.
func TestLoadResults(t *testing.T) {
	dir := t.TempDir()
	r := sampleResults()
	good := filepath.Join(dir, "good.json")
	if err := r.writeJSON(good); err != nil {
		t.Fatal(err)
	}
	got, err := LoadResults(good)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, r) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, r)
	}
	bad := func(mutate func(*Results)) string {
		r := sampleResults()
		mutate(r)
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name, content, msg string
	}{
		{"not JSON", "{tables", "invalid character"},
		{"truncated", `{"tables": [`, "unexpected end of JSON input"},
		{"wrong type", `{"tables": 3}`, "cannot unmarshal number"},
		{"no tables", `{}`, "no tables"},
		{"no id", bad(func(r *Results) { r.Tables[0].ID = "" }), "table 0 has no id"},
		{"unknown column", bad(func(r *Results) { r.Tables[0].Rows[1].Column = "Sideways" }), `column "Sideways"`},
		{"no method", bad(func(r *Results) { r.Tables[0].Rows[2].Method = "" }), "row 2: no method"},
		{"negative", bad(func(r *Results) { r.Tables[0].Rows[0].CPU = -1 }), "negative figure"},
		{"unknown wall column", bad(func(r *Results) { r.Tables[0].WallColumns = []string{"Sideways"} }), `wall-time column "Sideways"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".json")
			if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadResults(p)
			if err == nil || !strings.Contains(err.Error(), tt.msg) || !strings.Contains(err.Error(), p) {
				t.Errorf("LoadResults = %v, want an error naming the file and saying %q", err, tt.msg)
			}
		})
	}
	if _, err := LoadResults(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// FuzzLoadResults checks that no file makes LoadResults or the renderers
// panic.
func FuzzLoadResults(f *testing.F) {
	b, err := json.Marshal(sampleResults())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"tables":[{"id":"x","columns":["a"],"rows":[{"method":"m","column":"a"}]}]}`))
	f.Add([]byte(`{}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "r.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := LoadResults(p)
		if err != nil {
			return
		}
		_ = r.Markdown()
		_ = r.Behind()
	})
}

// TestWriteCharts checks that each table gets an SVG naming its methods
// and columns.
func TestWriteCharts(t *testing.T) {
	dir := t.TempDir()
	paths, err := WriteCharts(sampleResults(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 || paths[0] != filepath.Join(dir, "ints.svg") {
		t.Fatalf("paths = %q", paths)
	}
	b, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "I/O integers", "C table", "Output time", "Input time", "on Test CPU"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("chart lacks %q", want)
		}
	}
	// A column timed by wall time has wall-time bars and says so.
	paths, err = WriteCharts(wallResults(), dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err = os.ReadFile(filepath.Join(dir, "cores.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Inflate (wall time)", "wall time where the legend says"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("chart of a wall-time column lacks %q", want)
		}
	}
	if _, err := WriteCharts(sampleResults(), filepath.Join(paths[0], "sub")); err == nil {
		t.Error("WriteCharts into a path under a file: no error")
	}
}

// TestMedian checks the statistics helper.
func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestReadFlags checks the flags a Makefile build records.
func TestReadFlags(t *testing.T) {
	tests := []struct {
		name, content string
		cflags, cxx   string
	}{
		{"both", "CFLAGS=-O2\nCXXFLAGS=-O2 -std=c++17\n", "-O2", "-O2 -std=c++17"},
		{"C only", "CFLAGS=-O3 -march=native\n", "-O3 -march=native", ""},
		{"garbage", "hello\n", "", ""},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "flags.txt"), []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if c, cxx := readFlags(dir); c != tt.cflags || cxx != tt.cxx {
			t.Errorf("%s: readFlags = %q, %q; want %q, %q", tt.name, c, cxx, tt.cflags, tt.cxx)
		}
	}
	if c, _ := readFlags(t.TempDir()); !strings.HasPrefix(c, "unknown") {
		t.Errorf("no flags.txt: %q", c)
	}
}

// TestSameRoundRatios checks that a column's ratios divide the times of
// the same round, CPU time or, for a wall-time column, wall time.
func TestSameRoundRatios(t *testing.T) {
	s := []sample{{cpu: 4 * time.Second, wall: time.Second}, {cpu: 6 * time.Second, wall: 3 * time.Second}}
	ref := []sample{{cpu: 2 * time.Second, wall: 2 * time.Second}, {cpu: 2 * time.Second, wall: 2 * time.Second}}
	if got, want := sameRoundRatios(s, ref, false), []float64{2, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("CPU ratios = %v, want %v", got, want)
	}
	if got, want := sameRoundRatios(s, ref, true), []float64{0.5, 1.5}; !reflect.DeepEqual(got, want) {
		t.Errorf("wall ratios = %v, want %v", got, want)
	}
	// A reference too fast to time does not divide by zero.
	if got := sameRoundRatios(s[:1], []sample{{}}, true); got[0] != 1e6 {
		t.Errorf("ratio to a zero time = %v, want 1e6", got)
	}
}

// intsColumn is a column of two fastio methods reading the same integers
// (the file the test writes), for the tests of the column options.
func intsColumn(e *env, t *testing.T) column {
	t.Helper()
	if err := scen.WriteIntsFile(e.path("a.txt"), tinySize.Ints); err != nil {
		t.Fatal(err)
	}
	read := func(e *env, _ string) []string { return []string{e.path("a.txt")} }
	return column{name: "Input time", want: func(e *env) (string, error) { return scen.WantInts(e.size.Ints), nil }, finger: printed,
		methods: []method{
			{name: "fastio first", kind: kindFastio, child: "ints.read.fastio", args: read},
			{name: "fastio baseline", kind: kindFastio, child: "ints.read.fastio", args: read},
			{name: "bufio", kind: kindGo, child: "ints.read.bufio", args: read},
		}}
}

func testEnv(t *testing.T, lookPath func(string) (string, error)) *env {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &env{size: &tinySize, rounds: 1, dir: t.TempDir(), child: self, stderr: &bytes.Buffer{},
		files: map[string]bool{}, lookPath: lookPath}
}

// TestWallBaseline checks a column timed by wall time against a baseline
// that is not its first method: the baseline's ratio is 1, and every
// other row's is its wall time over the baseline's in the same round.
func TestWallBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	e := testEnv(t, exec.LookPath)
	c := intsColumn(e, t)
	c.wall, c.baseline = true, "fastio baseline"
	var tb Table
	if err := e.runColumn(&tb, &c, "[1/1]"); err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != 3 {
		t.Fatalf("%d rows, want 3", len(tb.Rows))
	}
	base := tb.Rows[1]
	if base.Ratio != 1 || base.RatioMin != 1 || base.RatioMax != 1 {
		t.Errorf("baseline row's ratio %v (%v–%v), want 1", base.Ratio, base.RatioMin, base.RatioMax)
	}
	for _, row := range []Row{tb.Rows[0], tb.Rows[2]} {
		// One round: the ratio is that round's.
		if want := row.Wall / base.Wall; math.Abs(row.Ratio-want) > 1e-9*want {
			t.Errorf("%s: ratio %v, want its wall time over the baseline's, %v (CPU: %v)", row.Method, row.Ratio, want, row.CPU/base.CPU)
		}
	}
	// The default baseline is the first fastio method, by CPU time.
	c = intsColumn(e, t)
	tb = Table{}
	if err := e.runColumn(&tb, &c, "[1/1]"); err != nil {
		t.Fatal(err)
	}
	if first := tb.Rows[0]; first.Ratio != 1 {
		t.Errorf("first fastio row's ratio %v, want 1", first.Ratio)
	}
	if row, first := tb.Rows[2], tb.Rows[0]; math.Abs(row.Ratio-row.CPU/first.CPU) > 1e-9*row.Ratio {
		t.Errorf("%s: ratio %v, want its CPU time over the first fastio row's, %v", row.Method, row.Ratio, row.CPU/first.CPU)
	}
}

// TestBadBaseline checks that a column whose baseline is not one of its
// methods, or cannot run, stops the run saying so.
func TestBadBaseline(t *testing.T) {
	e := testEnv(t, exec.LookPath)
	c := intsColumn(e, t)
	c.baseline = "nosuch"
	var tb Table
	if err := e.runColumn(&tb, &c, "[1/1]"); err == nil || !strings.Contains(err.Error(), `no method "nosuch", the column's baseline`) {
		t.Errorf("baseline not a method: %v", err)
	}
	c.baseline = "fastio baseline"
	c.methods[1].child = "no.such.scenario"
	if err := e.runColumn(&tb, &c, "[1/1]"); err == nil || !strings.Contains(err.Error(), "the baseline fastio baseline cannot run") {
		t.Errorf("baseline that cannot run: %v", err)
	}
}

// TestColumnNeedsPeer checks that a column whose input is made by a peer
// that is not installed is skipped, every row naming the package to
// install, without making its input.
func TestColumnNeedsPeer(t *testing.T) {
	e := testEnv(t, func(name string) (string, error) {
		if name == "gzip" {
			return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
		}
		return exec.LookPath(name)
	})
	c := intsColumn(e, t)
	c.needs = "gzip"
	c.prepare = func(*env) error { t.Error("the column's input was made without gzip"); return nil }
	var tb Table
	if err := e.runColumn(&tb, &c, "[1/1]"); err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != len(c.methods) {
		t.Fatalf("%d rows, want %d", len(tb.Rows), len(c.methods))
	}
	for _, row := range tb.Rows {
		if want := "gzip not installed (apt-get install gzip), which makes the column's input"; row.Skipped != want {
			t.Errorf("%s: skipped %q, want %q", row.Method, row.Skipped, want)
		}
		if row.CPU != 0 || row.Ratio != 0 {
			t.Errorf("%s: a skipped row has figures: %+v", row.Method, row)
		}
	}
	if m := installHintRE.FindStringSubmatch(tb.Rows[0].Skipped); m == nil || m[1] != "gzip" {
		t.Errorf("TestTiny would not find the package in %q", tb.Rows[0].Skipped)
	}
}

// wallResults is sampleResults with a second table whose Inflate column
// is timed by wall time against a one-thread baseline.
func wallResults() *Results {
	r := sampleResults()
	r.Tables = append(r.Tables, Table{
		ID: "cores", Title: "On every CPU", Goal: "Compress and inflate.", Unit: "s",
		Columns: []string{"Compress", "Inflate"}, WallColumns: []string{"Inflate"},
		Rows: []Row{
			{Method: "fastio parallel", Column: "Compress", Kind: kindFastio, CPU: 2, Wall: 1.2, Ratio: 1, RatioMin: 1, RatioMax: 1, Rounds: 3},
			{Method: "pigz", Column: "Compress", Kind: kindCLI, CPU: 3, Wall: 1.6, Ratio: 1.5, RatioMin: 1.4, RatioMax: 1.6, Rounds: 3},
			{Method: "fastio parallel", Column: "Inflate", Kind: kindFastio, CPU: 0.9, Wall: 0.6, Ratio: 0.6, RatioMin: 0.55, RatioMax: 0.65, Rounds: 3},
			{Method: "fastio one", Column: "Inflate", Kind: kindFastio, CPU: 0.8, Wall: 1.0, Ratio: 1, RatioMin: 1, RatioMax: 1, Rounds: 3},
			// Faster than the baseline, slower than fastio's best.
			{Method: "pigz", Column: "Inflate", Kind: kindCLI, CPU: 1.1, Wall: 0.8, Ratio: 0.8, RatioMin: 0.7, RatioMax: 0.9, Rounds: 3},
			// Faster than fastio's best.
			{Method: "igzip", Column: "Inflate", Kind: kindCLI, CPU: 0.5, Wall: 0.5, Ratio: 0.5, RatioMin: 0.45, RatioMax: 0.55, Rounds: 3},
		},
	})
	return r
}

// TestMarkdownWall checks how a column timed by wall time is rendered:
// its heading says so, its cells are wall times, and a peer is listed as
// faster only when it beats fastio's fastest row of the column.
func TestMarkdownWall(t *testing.T) {
	r := wallResults()
	md := r.Markdown()
	for _, want := range []string{
		"| Method | Compress | ratio | Inflate, wall time | ratio | Comment |",
		"| fastio parallel | 2.000 s | 1.00 | 0.6000 s | 0.60 (0.55–0.65) |  |",
		"| fastio one | Meaningless | | 1.000 s | 1.00 |  |",
		"| pigz | 3.000 s | 1.50 (1.40–1.60) | 0.8000 s | 0.80 (0.70–0.90) |  |",
		"In a column headed “wall time”, time and ratio are wall time",
		// The details keep both times.
		"| fastio parallel | Inflate | 0.9000 s | 0.6000 s | 0.60 (0.55–0.65) |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	behind := strings.Join(r.Behind(), "\n")
	if want := "On every CPU / Inflate: igzip is faster, wall time 0.83 of fastio parallel's (fastio takes 1.20x)"; !strings.Contains(behind, want) {
		t.Errorf("Behind lacks %q:\n%s", want, behind)
	}
	if strings.Contains(behind, "pigz") {
		t.Errorf("Behind lists pigz, slower than fastio's fastest row:\n%s", behind)
	}
	// Without a wall-time column, the sentence is not there.
	if md := sampleResults().Markdown(); strings.Contains(md, "wall time”") {
		t.Errorf("Markdown of CPU-time tables speaks of wall-time columns:\n%s", md)
	}
}
