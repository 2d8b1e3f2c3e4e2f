package seed

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

// Kinds of method.
const (
	kindFastio = "fastio"         // fastio, a Go scenario of this package
	kindGo     = "go"             // the Go way: the standard library or a Go package
	kindC      = "c"              // one of our C/C++ references
	kindCLI    = "cli"            // a command-line peer
	kindCmd    = "fastio command" // the fastio command, built from cmd/
)

// A fingerFunc says what a method produced, in a form that must be equal
// across the methods of a column: a digest of the output file, the sum it
// printed. out is the output file ("" if none), stdout what it printed.
type fingerFunc func(e *env, out string, stdout []byte) (string, error)

// method is one row of a table in one column.
type method struct {
	name    string
	kind    string
	comment string
	child   string // Go scenario (kinds fastio and go)
	cpeer   string // compiled reference (kind c)
	tool    string // command on PATH (kind cli)
	// args returns the child's arguments; out is its output file.
	args func(e *env, out string) []string
	// stdin names the file given to the child as standard input.
	stdin func(e *env) string
	// toStdout makes the child's standard output its output file.
	toStdout bool
	// missing says why a reference of a library not installed was not
	// built.
	missing string
	// finger, when set, replaces the column's fingerprint.
	finger fingerFunc
	// oneThread marks a row of a multi-core table that runs one thread
	// on purpose: the one-goroutine baseline, a peer that has no threads.
	oneThread bool
}

// column is one measured operation of a table.
type column struct {
	name string
	// null sends the output to /dev/null: the column measures the
	// formatting alone and is checked by the file column of the same table.
	null bool
	// finger is the fingerprint every method must agree on (default: the
	// SHA-256 of the output file); want, when set, is the expected value.
	finger fingerFunc
	want   func(e *env) (string, error)
	// work is the amount of work of one run and its throughput unit,
	// for instance (bytes/1e6, "MB/s").
	work    func(e *env) (float64, string)
	methods []method
	// wall makes the column's time and ratio wall time, the time to wait,
	// instead of CPU time: for one job spread over threads, whose CPU
	// time is its cost and whose wall time is what it is for. The CPU
	// time is still in the details.
	wall bool
	// baseline names the method the ratios divide by; by default the
	// first fastio method that can run.
	baseline string
	// needs is a command-line peer that makes the column's input: where
	// it is not installed, every row of the column is skipped saying
	// which package installs it.
	needs string
	// prepare, when set, makes the column's input files (once needs is
	// found).
	prepare func(e *env) error
}

// table is one of the seed's tables. Its title and goal name counts
// through placeholders ({ints}, {sha}, ...: see sizes.expand), so that
// they state the counts of the run, whatever its size.
type table struct {
	id, title, goal string
	counts          func(s *sizes) string
	notes           []string
	prepare         func(e *env) error
	columns         []column
	// build, when set, replaces the timed columns: the binary-size table.
	build func(e *env, t *Table) error
	// cpus is how many CPUs each process of the table may use, pinned to
	// them: 0 for one (the one-CPU tables), allCPUs for every CPU the run
	// may use. A method that takes a thread count gets env.threads().
	cpus int
}

// allCPUs is table.cpus of the multi-core table.
const allCPUs = -1

// cpusFor returns how many CPUs t's processes get when the run may use n.
func (t *table) cpusFor(n int) int {
	if t.cpus == allCPUs {
		return n
	}
	return max(t.cpus, 1)
}

// env is what a run shares: sizes, the temporary directory, the programs.
type env struct {
	size      *sizes
	rounds    int
	dir       string // generated data, removed at the end
	child     string // the binary Go scenarios run in
	cpeers    string // directory of the compiled references ("" if none)
	cpeerNote string // why there are none
	root      string // the repository's root ("" if unknown)
	// launcher starts every measured program (cpeers/launch.c), so that
	// its peak RSS is its own, pinned to pin CPUs; "" runs them straight
	// from this process, unpinned.
	launcher string
	// cpus is how many CPUs the run may use; pin how many the current
	// table's processes get.
	cpus, pin int
	stderr    io.Writer
	files     map[string]bool // prepared inputs
	// fastio is the fastio command built from the checkout's cmd module,
	// or why there is none; built the first time a row needs it.
	fastio, fastioSkip string
	fastioTried        bool
	// lookPath finds command-line peers (exec.LookPath; tests replace it).
	lookPath func(string) (string, error)
}

// threads is the thread count of a method that takes one: the CPUs its
// table's processes are pinned to.
func (e *env) threads() int { return max(e.pin, 1) }

// path returns the path of a file in the run's temporary directory.
func (e *env) path(name string) string { return filepath.Join(e.dir, name) }

// once runs make for an input file the first time it is needed.
func (e *env) once(name string, make func(path string) error) (string, error) {
	p := e.path(name)
	if e.files[name] {
		return p, nil
	}
	if err := make(p); err != nil {
		return "", fmt.Errorf("preparing %s: %w", name, err)
	}
	e.files[name] = true
	return p, nil
}

// installHint names the Debian package of each command-line peer.
var installHint = map[string]string{
	"iconv":           "libc-bin",
	"sha1sum":         "coreutils",
	"sha256sum":       "coreutils",
	"sha512sum":       "coreutils",
	"openssl":         "openssl",
	"gzip":            "gzip",
	"pigz":            "pigz",
	"libdeflate-gzip": "libdeflate-tools",
	"igzip":           "isal",
}

// resolve returns the program that runs m, or why it cannot run.
func (e *env) resolve(m method) (prog, skip string) {
	switch m.kind {
	case kindFastio, kindGo:
		if !scen.Has(m.child) {
			return "", "no Go scenario " + m.child
		}
		return e.child, ""
	case kindC:
		if e.cpeers == "" {
			return "", e.cpeerNote
		}
		p := filepath.Join(e.cpeers, m.cpeer)
		if _, err := os.Stat(p); err != nil {
			if m.missing != "" {
				return "", m.missing
			}
			if pkg := cpeerPackage(m.cpeer); pkg != "" {
				return "", fmt.Sprintf("C/C++ reference %s not built in %s (apt-get install %s)", m.cpeer, e.cpeers, pkg)
			}
			return "", fmt.Sprintf("C/C++ reference %s not built in %s", m.cpeer, e.cpeers)
		}
		return p, ""
	case kindCmd:
		return e.fastioCommand()
	case kindCLI:
		p, err := e.lookPath(m.tool)
		if err != nil {
			return "", fmt.Sprintf("%s not installed (apt-get install %s)", m.tool, installHint[m.tool])
		}
		return p, ""
	}
	return "", "unknown kind " + m.kind
}

// sample is one run of one method.
type sample struct {
	cpu, wall time.Duration
	rss       int64
	stdout    []byte
}

// exec runs m once with its output in out.
func (e *env) exec(m method, prog, out string, check bool) (sample, error) {
	var args []string
	if m.args != nil {
		args = m.args(e, out)
	}
	cmd := exec.Command(prog, args...)
	var report *os.File
	if e.launcher != "" {
		cmd = exec.Command(e.launcher, append([]string{"-cpus", strconv.Itoa(e.threads()), prog}, args...)...)
		r, w, err := os.Pipe()
		if err != nil {
			return sample{}, err
		}
		defer r.Close()
		defer w.Close()
		cmd.ExtraFiles = []*os.File{w}
		report = r
	}
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if m.kind == kindFastio || m.kind == kindGo {
		cmd.Env = append(cmd.Env, scen.ChildEnv+"="+m.child)
	}
	if check {
		cmd.Env = append(cmd.Env, scen.CheckEnv+"=1")
	}
	if m.stdin != nil {
		f, err := os.Open(m.stdin(e))
		if err != nil {
			return sample{}, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	if m.toStdout {
		f, err := os.Create(out)
		if err != nil {
			return sample{}, err
		}
		defer f.Close()
		cmd.Stdout = f
	}
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Start()
	if err == nil {
		if report != nil {
			cmd.ExtraFiles[0].Close()
		}
		err = cmd.Wait()
	}
	wall := time.Since(start)
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 400 {
			msg = msg[:400] + "…"
		}
		return sample{}, fmt.Errorf("%s %s: %v: %s", prog, strings.Join(args, " "), err, msg)
	}
	if report != nil {
		return launched(report, stdout.Bytes())
	}
	ps := cmd.ProcessState
	return sample{cpu: ps.UserTime() + ps.SystemTime(), wall: wall, rss: maxRSS(ps), stdout: stdout.Bytes()}, nil
}

// launched reads the launcher's report: wall ns, user µs, sys µs, peak
// RSS KiB.
func launched(r io.Reader, stdout []byte) (sample, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return sample{}, err
	}
	var wall, user, sys, rss int64
	if _, err := fmt.Sscan(string(b), &wall, &user, &sys, &rss); err != nil {
		return sample{}, fmt.Errorf("the launcher's report %q: %w", b, err)
	}
	return sample{cpu: time.Duration(user+sys) * time.Microsecond, wall: time.Duration(wall), rss: rss << 10, stdout: stdout}, nil
}

// fileDigest is the default fingerprint: the SHA-256 and size of the output.
func fileDigest(_ *env, out string, _ []byte) (string, error) {
	return scen.DigestFile(out)
}

// printed is the fingerprint of methods that print their result.
func printed(_ *env, _ string, stdout []byte) (string, error) {
	return strings.TrimSpace(string(stdout)), nil
}

// cell is a method of a column being measured.
type cell struct {
	m       method
	prog    string
	skip    string
	out     string
	samples []sample
	bytes   int64
}

// runColumn measures one column and appends its rows to t.
func (e *env) runColumn(t *Table, c *column, progress string) error {
	start := time.Now()
	if c.needs != "" {
		if _, err := e.lookPath(c.needs); err != nil {
			why := fmt.Sprintf("%s not installed (apt-get install %s), which makes the column's input", c.needs, installHint[c.needs])
			for _, m := range c.methods {
				t.Rows = append(t.Rows, Row{Method: m.name, Column: c.name, Kind: m.kind, Comment: m.comment, Skipped: why})
			}
			fmt.Fprintf(e.stderr, "seedbench: %s %s / %s: skipped: %s\n", progress, t.Title, c.name, why)
			return nil
		}
	}
	if c.prepare != nil {
		if err := c.prepare(e); err != nil {
			return fmt.Errorf("%s / %s: %w", t.ID, c.name, err)
		}
	}
	cells := make([]*cell, len(c.methods))
	ref := -1
	for i, m := range c.methods {
		prog, skip := e.resolve(m)
		out := e.path(fmt.Sprintf("out-%s-%d", t.ID, i))
		if c.null {
			out = os.DevNull
		}
		cells[i] = &cell{m: m, prog: prog, skip: skip, out: out}
		if c.baseline != "" && m.name == c.baseline {
			if skip != "" {
				return fmt.Errorf("%s / %s: the baseline %s cannot run: %s", t.ID, c.name, m.name, skip)
			}
			ref = i
		}
		if c.baseline == "" && skip == "" && ref < 0 && m.kind == kindFastio {
			ref = i
		}
	}
	if ref < 0 && c.baseline != "" {
		return fmt.Errorf("%s / %s: no method %q, the column's baseline", t.ID, c.name, c.baseline)
	}
	if ref < 0 {
		return fmt.Errorf("%s / %s: no fastio method can run", t.ID, c.name)
	}
	finger := c.finger
	if finger == nil {
		finger = fileDigest
	}
	var want string
	if c.want != nil {
		w, err := c.want(e)
		if err != nil {
			return fmt.Errorf("%s / %s: %w", t.ID, c.name, err)
		}
		want = w
	}
	// The check round: every method once, its output compared with
	// fastio's (and with the expected value) before anything is timed;
	// the reference runs first.
	var refPrint string
	check := []int{ref}
	for i := range cells {
		if i != ref {
			check = append(check, i)
		}
	}
	for _, i := range check {
		cl := cells[i]
		if cl.skip != "" {
			continue
		}
		s, err := e.exec(cl.m, cl.prog, cl.out, true)
		if err != nil {
			return fmt.Errorf("%s / %s / %s: %w", t.ID, c.name, cl.m.name, err)
		}
		if !c.null {
			f := finger
			if cl.m.finger != nil {
				f = cl.m.finger
			}
			got, err := f(e, cl.out, s.stdout)
			if err != nil {
				return fmt.Errorf("%s / %s / %s: checking the output: %w", t.ID, c.name, cl.m.name, err)
			}
			if i == ref {
				refPrint = got
				if want != "" && got != want {
					return fmt.Errorf("%s / %s: fastio (%s) produced %q, want %q", t.ID, c.name, cl.m.name, got, want)
				}
			} else if got != refPrint {
				return fmt.Errorf("%s / %s: %s produced %q but fastio (%s) produced %q: the outputs differ", t.ID, c.name, cl.m.name, got, cells[ref].m.name, refPrint)
			}
			if st, err := os.Stat(cl.out); err == nil {
				cl.bytes = st.Size()
			}
		}
		if cl.out != os.DevNull {
			os.Remove(cl.out)
		}
	}
	// Timed rounds, A B A B, the order reversed every other round.
	order := make([]int, 0, len(cells))
	for i, cl := range cells {
		if cl.skip == "" {
			order = append(order, i)
		}
	}
	for r := range e.rounds {
		seq := slices.Clone(order)
		if r%2 == 1 {
			slices.Reverse(seq)
		}
		for _, i := range seq {
			cl := cells[i]
			s, err := e.exec(cl.m, cl.prog, cl.out, false)
			if err != nil {
				return fmt.Errorf("%s / %s / %s: %w", t.ID, c.name, cl.m.name, err)
			}
			s.stdout = nil
			cl.samples = append(cl.samples, s)
			if cl.out != os.DevNull {
				os.Remove(cl.out)
			}
		}
	}
	var work float64
	var unit string
	if c.work != nil {
		work, unit = c.work(e)
	}
	best, bestRatio := "", 0.0
	for _, cl := range cells {
		row := Row{Method: cl.m.name, Column: c.name, Kind: cl.m.kind, Comment: cl.m.comment, Skipped: cl.skip}
		if cl.skip == "" {
			row.Rounds = len(cl.samples)
			row.CPU = median(durations(cl.samples, func(s sample) time.Duration { return s.cpu }))
			row.Wall = median(durations(cl.samples, func(s sample) time.Duration { return s.wall }))
			ratios := sameRoundRatios(cl.samples, cells[ref].samples, c.wall)
			row.Ratio = median(ratios)
			row.RatioMin, row.RatioMax = slices.Min(ratios), slices.Max(ratios)
			if work > 0 && row.CPU > 0 {
				row.Throughput, row.Unit = work/row.CPU, unit
			}
			for _, s := range cl.samples {
				row.PeakRSS = max(row.PeakRSS, s.rss)
			}
			row.OutputBytes = cl.bytes
			if cl.m.kind != kindFastio && cl.m.kind != kindCmd && (best == "" || row.Ratio < bestRatio) {
				best, bestRatio = cl.m.name, row.Ratio
			}
		}
		t.Rows = append(t.Rows, row)
	}
	fastio := t.Rows[len(t.Rows)-len(cells)+ref]
	msg := fmt.Sprintf("seedbench: %s %s / %s: fastio %s", progress, t.Title, c.name, seconds(fastio.CPU))
	if c.wall {
		msg = fmt.Sprintf("seedbench: %s %s / %s: %s %s wall", progress, t.Title, c.name, fastio.Method, seconds(fastio.Wall))
	}
	if best != "" {
		msg += fmt.Sprintf(", best peer %s at %.2fx", best, bestRatio)
	}
	fmt.Fprintf(e.stderr, "%s (%d methods, %d rounds, %.1fs)\n", msg, len(order), e.rounds, time.Since(start).Seconds())
	return nil
}

// sameRoundRatios returns, round by round, the time of s divided by the
// time of ref in the same round: wall time when wall is set, CPU time
// otherwise.
func sameRoundRatios(s, ref []sample, wall bool) []float64 {
	out := make([]float64, len(s))
	for r := range s {
		if wall {
			out[r] = s[r].wall.Seconds() / max(ref[r].wall.Seconds(), 1e-6)
		} else {
			out[r] = s[r].cpu.Seconds() / max(ref[r].cpu.Seconds(), 1e-6)
		}
	}
	return out
}

func durations(s []sample, f func(sample) time.Duration) []float64 {
	out := make([]float64, len(s))
	for i := range s {
		out[i] = f(s[i]).Seconds()
	}
	return out
}

// median returns the median of xs (the mean of the middle two for an even
// count); 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// seconds formats a time in seconds with four significant digits.
func seconds(s float64) string {
	switch {
	case s == 0:
		return "0 s"
	case s < 0.01:
		return fmt.Sprintf("%.5f s", s)
	case s < 1:
		return fmt.Sprintf("%.4f s", s)
	}
	return fmt.Sprintf("%.3f s", s)
}

// fastioCommand builds the fastio command of the checkout (module cmd,
// package ./fastio) once, and returns it or why it cannot run.
func (e *env) fastioCommand() (string, string) {
	if e.fastioTried {
		return e.fastio, e.fastioSkip
	}
	e.fastioTried = true
	dir := filepath.Join(e.root, "cmd")
	if _, err := os.Stat(filepath.Join(dir, "fastio")); e.root == "" || err != nil {
		e.fastioSkip = "the fastio command (cmd/fastio) is not in this checkout"
		return "", e.fastioSkip
	}
	goTool, err := e.lookPath("go")
	if err != nil {
		e.fastioSkip = "the go command is not on PATH to build the fastio command"
		return "", e.fastioSkip
	}
	bin := e.path("fastio")
	cmd := exec.Command(goTool, "build", "-o", bin, "./fastio")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		e.fastioSkip = "go build of the fastio command failed: " + firstWords(string(out))
		return "", e.fastioSkip
	}
	e.fastio = bin
	return bin, ""
}
