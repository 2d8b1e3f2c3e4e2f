package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/fastio-go/fastio/release/internal/workspace"
)

type config struct {
	root     string
	fuzzTime time.Duration
	list     string
	match    *regexp.Regexp
	timeout  time.Duration
	out      io.Writer
}

// result is one row of the summary.
type result struct {
	target string // package and test or fuzz target
	kind   string // "fuzz" or "test"
	execs  int64  // fuzz executions, or tests passed
	fails  int
	note   string
	took   time.Duration
}

// fullTest is one line of the list file.
type fullTest struct {
	module, pkg, run string
	env              []string
}

// parseList reads the list file's lines.
func parseList(r io.Reader) ([]fullTest, error) {
	var out []fullTest
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("line %d: want `module package run-regexp [NAME=value ...]`, got %q", n, sc.Text())
		}
		if _, err := regexp.Compile(f[2]); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		for _, kv := range f[3:] {
			if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
				return nil, fmt.Errorf("line %d: %q is not NAME=value", n, kv)
			}
		}
		out = append(out, fullTest{module: f[0], pkg: f[1], run: f[2], env: f[3:]})
	}
	return out, sc.Err()
}

// parseTestList reads `go test -list` output of several packages: the names
// printed before each package's "ok" (or "?") line belong to it.
func parseTestList(out string) map[string][]string {
	m := map[string][]string{}
	var names []string
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && (f[0] == "ok" || f[0] == "?"):
			if len(names) > 0 {
				m[f[1]] = append(m[f[1]], names...)
			}
			names = nil
		case len(f) == 1 && strings.HasPrefix(f[0], "Fuzz"):
			names = append(names, f[0])
		}
	}
	return m
}

var execsRE = regexp.MustCompile(`execs: (\d+)`)

// fuzzExecs returns the execution count of the last progress line of
// `go test -fuzz` output.
func fuzzExecs(out string) int64 {
	m := execsRE.FindAllStringSubmatch(out, -1)
	if m == nil {
		return 0
	}
	n, _ := strconv.ParseInt(m[len(m)-1][1], 10, 64)
	return n
}

// countTests counts the top-level tests of `go test -v` output that passed
// and failed.
func countTests(out string) (pass, fail int) {
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "--- PASS: "):
			pass++
		case strings.HasPrefix(line, "--- FAIL: "):
			fail++
		}
	}
	return pass, fail
}

// failureLine picks the line of output that says why a run failed.
func failureLine(out string) string {
	for _, key := range []string{"Failing input written to", "--- FAIL", "panic:", "FAIL"} {
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, key) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

func goTest(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", append([]string{"test"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err := cmd.Run()
	return buf.String(), err
}

func run(c config) (bool, error) {
	rootDir, err := workspace.FindRoot(c.root)
	if err != nil {
		return false, err
	}
	ws, err := workspace.Load(rootDir)
	if err != nil {
		return false, err
	}
	var full []fullTest
	if c.list != "" {
		f, err := os.Open(c.list)
		if err != nil {
			return false, err
		}
		full, err = parseList(f)
		f.Close()
		if err != nil {
			return false, fmt.Errorf("%s: %w", c.list, err)
		}
	}
	var results []result

	for _, m := range ws.Modules {
		out, err := goTest(m.Dir, nil, "-list", "^Fuzz", "./...")
		if err != nil {
			results = append(results, result{target: m.Name + "/...", kind: "fuzz", fails: 1, note: "go test -list failed: " + failureLine(out)})
			continue
		}
		lists := parseTestList(out)
		for _, pkg := range slices.Sorted(maps.Keys(lists)) {
			for _, name := range lists[pkg] {
				target := pkg + "." + name
				if c.match != nil && !c.match.MatchString(target) {
					continue
				}
				fmt.Fprintf(c.out, "fuzz %s for %s\n", target, c.fuzzTime)
				start := time.Now()
				out, err := goTest(m.Dir, nil, "-run", "^$", "-fuzz", "^"+name+"$", "-fuzztime", c.fuzzTime.String(), pkg)
				r := result{target: strings.TrimPrefix(target, workspace.Prefix), kind: "fuzz", execs: fuzzExecs(out), took: time.Since(start)}
				if err != nil {
					r.fails = 1
					r.note = failureLine(out)
					fmt.Fprint(c.out, out)
				}
				results = append(results, r)
			}
		}
	}

	for _, ft := range full {
		target := ft.module + "/" + strings.TrimPrefix(ft.pkg, "./") + " -run " + ft.run
		m := ws.Module(workspace.Prefix + ft.module)
		if m == nil {
			fmt.Fprintf(c.out, "skip %s: go.work does not use module %s\n", target, ft.module)
			results = append(results, result{target: target, kind: "test", note: "skipped: module " + ft.module + " not in go.work"})
			continue
		}
		fmt.Fprintf(c.out, "test %s %s\n", target, strings.Join(ft.env, " "))
		start := time.Now()
		out, err := goTest(m.Dir, ft.env, "-count=1", "-v", "-timeout", c.timeout.String(), "-run", ft.run, ft.pkg)
		pass, fail := countTests(out)
		r := result{target: target, kind: "test", execs: int64(pass), fails: fail, took: time.Since(start)}
		if err != nil && fail == 0 {
			r.fails = 1
		}
		if err != nil {
			r.note = failureLine(out)
			fmt.Fprint(c.out, out)
		} else if pass == 0 {
			r.fails = 1
			r.note = "no test matched " + ft.run
		}
		results = append(results, r)
	}

	fmt.Fprintln(c.out)
	ok := printTable(c.out, results)
	return ok, nil
}

// printTable writes the summary and reports whether nothing failed.
func printTable(w io.Writer, results []result) bool {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "target\tkind\texecutions\tfailures\ttime\tnote")
	failed, execs := 0, int64(0)
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\n", r.target, r.kind, r.execs, r.fails, r.took.Round(time.Second), r.note)
		failed += r.fails
		if r.kind == "fuzz" {
			execs += r.execs
		}
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(w, "stress:", err)
		return false
	}
	fmt.Fprintf(w, "%d targets, %d fuzz executions, %d failures (executions of a test row: tests passed)\n", len(results), execs, failed)
	return failed == 0
}
