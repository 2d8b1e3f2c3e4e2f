package seed

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	kgzip "github.com/klauspost/compress/gzip"
)

// countToken finds what reads as a count in a title: 10M, 500k, 1 GiB,
// 32 MiB.
var countToken = regexp.MustCompile(`\b\d+(k|M| [KMG]iB)\b`)

// TestTitlesStateTheRunsCounts checks that every table's title, at every
// size, states the counts of that size and no other (a run at the default
// size must not carry the full size's "10M integers" or "1 GiB"), and that
// every placeholder of a title or a goal is known.
func TestTitlesStateTheRunsCounts(t *testing.T) {
	for _, s := range []*sizes{&fullSize, &defaultSize, &tinySize} {
		have := map[string]bool{}
		for _, n := range []int{s.Ints, s.Doubles, s.Hello, s.Emoji, s.Records, s.Chain, s.Msgs64, s.Msgs1K} {
			have[count(n)] = true
		}
		for _, n := range []int64{s.SHA, s.Large, int64(s.Mixed), int64(s.Gzip), int64(s.ParInflate), int64(s.Small) << 10} {
			have[mib(n)] = true
		}
		for _, tb := range tables() {
			title, goal := s.expand(tb.title), s.expand(tb.goal)
			if strings.ContainsAny(title, "{}") || strings.Contains(goal, "{") {
				t.Errorf("%s size, table %s: a placeholder is left: %q / %q", s.name, tb.id, title, goal)
			}
			for _, tok := range countToken.FindAllString(title, -1) {
				if !have[tok] {
					t.Errorf("%s size, table %s: title %q says %s, which is none of this size's counts", s.name, tb.id, title, tok)
				}
			}
		}
	}
	// The titles that state a count change with the size.
	changed := 0
	for _, tb := range tables() {
		if countToken.MatchString(fullSize.expand(tb.title)) {
			changed++
			if fullSize.expand(tb.title) == tinySize.expand(tb.title) {
				t.Errorf("table %s: title %q is the same at the full and the tiny size", tb.id, tb.title)
			}
		}
	}
	if changed < 4 {
		t.Errorf("only %d titles state a count; the integer, double, line and SHA tables do", changed)
	}
	if got, want := defaultSize.expand("I/O {ints} integers, {sha}"), "I/O 1M integers, 32 MiB"; got != want {
		t.Errorf("expand = %q, want %q", got, want)
	}
}

// threadsOf returns the thread count a method runs with, from its
// arguments, and false for a method that would pick one itself (pigz
// without -p takes every CPU).
func threadsOf(m method, args []string) (int, bool) {
	flag := func(name string, dflt int, ok bool) (int, bool) {
		for i, a := range args {
			if a == name && i+1 < len(args) {
				n, err := strconv.Atoi(args[i+1])
				return n, err == nil
			}
		}
		return dflt, ok
	}
	switch {
	case m.kind == kindCLI && m.tool == "pigz":
		return flag("-p", 0, false)
	case m.kind == kindCLI && m.tool == "igzip":
		return flag("-T", 1, true)
	case m.kind == kindCmd && len(args) > 0 && args[0] == "gzip":
		return flag("-p", 1, true)
	case m.child == "gzip.fastio" && len(args) > 3:
		n, err := strconv.Atoi(args[3])
		return n, err == nil
	case m.child == "gunzip.fastio" && len(args) > 2:
		n, err := strconv.Atoi(args[2])
		return n, err == nil
	}
	return 1, true
}

// TestThreadsMatchCPUs checks that every method runs as many threads as
// its table gives its processes CPUs: one in the one-CPU tables (pigz -p 1,
// no -p for the fastio command), every CPU of the run in the multi-core
// table, whatever that count, but for the rows marked to run one thread
// there, which must run exactly one.
func TestThreadsMatchCPUs(t *testing.T) {
	multi := 0
	for _, n := range []int{1, 2, 3, 8} {
		for _, tb := range tables() {
			pin := tb.cpusFor(n)
			if tb.cpus == allCPUs {
				multi++
				if pin != n {
					t.Errorf("%d CPUs: table %s pins to %d", n, tb.id, pin)
				}
			} else if pin != 1 {
				t.Errorf("table %s: one-CPU table pins to %d CPUs", tb.id, pin)
			}
			e := &env{size: &tinySize, dir: "/tmp/x", cpus: n, pin: pin}
			for _, c := range tb.columns {
				for _, m := range c.methods {
					if m.args == nil {
						continue
					}
					want := pin
					if m.oneThread {
						want = 1
					}
					got, ok := threadsOf(m, m.args(e, "/tmp/x/out"))
					if !ok {
						t.Errorf("%s / %s / %s: no thread count: it would pick its own", tb.id, c.name, m.name)
					} else if got != want {
						t.Errorf("%d CPUs: %s / %s / %s runs %d threads, want %d on %d CPUs", n, tb.id, c.name, m.name, got, want, pin)
					}
				}
			}
		}
	}
	if multi == 0 {
		t.Error("no multi-core table")
	}
}

// TestLauncherPins checks that the launcher pins the program it starts to
// the CPUs it is asked for (nproc counts the CPUs a process may use) and
// refuses more than it has.
func TestLauncherPins(t *testing.T) {
	gcc := coretest.Peer(t, "gcc", "gcc")
	nproc := coretest.Peer(t, "nproc", "coreutils")
	bin := filepath.Join(t.TempDir(), "launch")
	if out, err := exec.Command(gcc, "-O2", "-o", bin, filepath.Join("cpeers", "launch.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	run := func(args ...string) (string, error) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		cmd := exec.Command(bin, args...)
		cmd.ExtraFiles = []*os.File{w}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		w.Close()
		if err != nil {
			return stderr.String(), err
		}
		if _, err := launched(r, nil); err != nil {
			t.Errorf("%q: %v", args, err)
		}
		return strings.TrimSpace(string(out)), nil
	}
	for n := 1; n <= min(runtime.NumCPU(), 4); n++ {
		got, err := run("-cpus", strconv.Itoa(n), nproc)
		if err != nil || got != strconv.Itoa(n) {
			t.Errorf("launch -cpus %d nproc = %q, %v; want %d", n, got, err, n)
		}
	}
	if got, err := run(nproc); err != nil || got != strconv.Itoa(runtime.NumCPU()) {
		t.Errorf("launch nproc = %q, %v; want %d (no pin)", got, err, runtime.NumCPU())
	}
	for _, bad := range []string{strconv.Itoa(runtime.NumCPU() + 1), "0", "x", ""} {
		if msg, err := run("-cpus", bad, nproc); err == nil || !strings.Contains(msg, "-cpus") {
			t.Errorf("launch -cpus %q: %v, %q; want an error naming -cpus", bad, err, msg)
		}
	}
}

// TestKlauspostLevelPairing checks the klauspost rows of the compression
// tables: at every level the bench compresses at, klauspost runs at that
// level and at the paired one too; and the pairing is true: of
// klauspost's levels 1 to 9, the paired one writes the output nearest in
// size to compress.Writer's at that level.
func TestKlauspostLevelPairing(t *testing.T) {
	corpus := scen.Corpus(1<<20, 0)
	size := func(fastio bool, level int) int {
		var b bytes.Buffer
		if fastio {
			w, err := compress.NewWriter(&b, compress.Gzip, level, nil)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(corpus)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		} else {
			w, err := kgzip.NewWriterLevel(&b, level)
			if err != nil {
				t.Fatal(err)
			}
			w.Write(corpus)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		}
		return b.Len()
	}
	e := &env{size: &tinySize, dir: "/tmp/x", cpus: 2, pin: 1}
	checked := map[int]bool{}
	for _, tb := range tables() {
		for _, c := range tb.columns {
			lv, ok := strings.CutPrefix(c.name, "Compress -")
			if !ok || tb.cpus == allCPUs {
				continue
			}
			level, err := strconv.Atoi(lv)
			if err != nil {
				t.Fatalf("%s / %s: %v", tb.id, c.name, err)
			}
			levels := map[int]bool{}
			for _, m := range c.methods {
				if a := m.args(e, "out"); m.child == "gzip.go" && a[0] == "klauspost" {
					k, _ := strconv.Atoi(a[1])
					levels[k] = true
				}
			}
			same := klauspostSameSize(level)
			if !levels[level] || !levels[same] || len(levels) != len(map[int]bool{level: true, same: true}) {
				t.Errorf("%s / %s: klauspost at levels %v, want %d and %d", tb.id, c.name, levels, level, same)
			}
			if checked[level] {
				continue
			}
			checked[level] = true
			f := size(true, level)
			near, nearDiff := 0, 0
			for k := 1; k <= 9; k++ {
				d := size(false, k) - f
				if d < 0 {
					d = -d
				}
				if near == 0 || d < nearDiff {
					near, nearDiff = k, d
				}
			}
			if near != same {
				t.Errorf("level %d: fastio's output is %d bytes, nearest klauspost's at level %d (%d bytes off), not %d", level, f, near, nearDiff, same)
			}
		}
	}
	if !checked[1] || !checked[6] {
		t.Errorf("levels checked %v, want 1 and 6", checked)
	}
}

// TestMachineModel checks the processor name figures are quoted with.
func TestMachineModel(t *testing.T) {
	tests := []struct{ cpu, want string }{
		{"Intel(R) Xeon(R) Processor (avx2 bmi2 avx512f sha_ni)", "Intel(R) Xeon(R) Processor"},
		{"AMD EPYC 7B13 64-Core Processor", "AMD EPYC 7B13 64-Core Processor"},
		{"arm64", "arm64"},
		{"", "an unknown CPU"},
	}
	for _, tt := range tests {
		if got := (Machine{CPU: tt.cpu}).Model(); got != tt.want {
			t.Errorf("Model of %q = %q, want %q", tt.cpu, got, tt.want)
		}
	}
}

// TestBufsizeTable checks the buffer-size table: core.Writer at every
// size from 64 KiB to 1 MiB with the default first (the reference of the
// ratios), and device.OutFile, to a file and to /dev/null, for lines and
// for integers.
func TestBufsizeTable(t *testing.T) {
	var tb *table
	for _, x := range tables() {
		if x.id == "bufsize" {
			tb = &x
		}
	}
	if tb == nil {
		t.Fatal("no bufsize table")
	}
	e := &env{size: &tinySize, dir: "/tmp/x", pin: 1}
	null := map[bool]int{}
	for _, c := range tb.columns {
		null[c.null]++
		var sizes []int
		for i, m := range c.methods {
			a := m.args(e, "out")
			if !strings.HasPrefix(m.child, "bufsize.") {
				continue
			}
			size, err := strconv.Atoi(a[0])
			if err != nil {
				t.Fatalf("%s / %s: %q", c.name, m.name, a)
			}
			if i == 0 && size != core.DefaultBufferSize {
				t.Errorf("%s: the first row is %d bytes, want the default %d", c.name, size, core.DefaultBufferSize)
			}
			sizes = append(sizes, size)
		}
		slices.Sort(sizes)
		if want := []int{64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20}; !slices.Equal(sizes, want) || !slices.Contains(sizes, core.DefaultBufferSize) {
			t.Errorf("%s: sizes %v, want %v with the default among them", c.name, sizes, want)
		}
		if last := c.methods[len(c.methods)-1]; last.child != "hello.outfile" && last.child != "ints.write.outfile" {
			t.Errorf("%s: no device.OutFile row", c.name)
		}
	}
	if null[true] != 2 || null[false] != 2 {
		t.Errorf("columns to /dev/null and to a file: %v, want 2 each", null)
	}
}
