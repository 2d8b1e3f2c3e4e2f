package seed

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

// countArgs passes the count and the output file.
func countArgs(n func(*sizes) int, extra ...string) func(*env, string) []string {
	return func(e *env, out string) []string {
		return append(append([]string{}, extra...), strconv.Itoa(n(e.size)), out)
	}
}

// inArgs passes an input file made by prepare, after extra arguments.
func inArgs(name string, extra ...string) func(*env, string) []string {
	return func(e *env, _ string) []string { return append(append([]string{}, extra...), e.path(name)) }
}

// doublesOut is the fingerprint of an output file of doubles.
func doublesOut(_ *env, out string, _ []byte) (string, error) { return scen.DoublesFile(out) }

func numberTables() []table {
	ints := func(s *sizes) int { return s.Ints }
	doubles := func(s *sizes) int { return s.Doubles }
	hello := func(s *sizes) int { return s.Hello }
	intsFile := func(e *env) (string, error) {
		return e.once("ints.txt", func(p string) error { return scen.WriteIntsFile(p, e.size.Ints) })
	}
	intsText := func(e *env) (string, error) {
		p, err := intsFile(e)
		if err != nil {
			return "", err
		}
		return scen.DigestFile(p)
	}
	mIntsOut := []method{
		{name: "fastio device file + format (IntLn / Scanner)", kind: kindFastio, child: "ints.write.outfile", args: countArgs(ints), comment: "the file type users hold, 1 MiB buffer"},
		{name: "fastio core.Writer + format.IntLn", kind: kindFastio, child: "ints.write.core", args: countArgs(ints), comment: "core.NewWriter over *os.File, " + defaultBuffer},
		{name: "bufio + strconv (AppendInt / ParseInt)", kind: kindGo, child: "ints.write.bufio", args: countArgs(ints), comment: "AvailableBuffer, bufio's default 4 KiB buffer"},
		{name: "fmt (Fprintln / Fscan)", kind: kindGo, child: "ints.write.fmt", args: countArgs(ints)},
		{name: "C stdio (fprintf / fscanf)", kind: kindC, cpeer: "stdio", args: countArgs(ints, "ints-write"), comment: "glibc, default FILE buffer"},
		{name: "C++ std::to_chars / from_chars", kind: kindC, cpeer: "charconv", args: countArgs(ints, "ints-write"), comment: "1 MiB buffer, write(2)"},
		{name: "C reference: 2-digit table + write(2)", kind: kindC, cpeer: "table", args: countArgs(ints, "ints"), comment: "1 MiB buffer; a division by 100 per two digits"},
		{name: "C reference: jeaiii + write(2)", kind: kindC, cpeer: "jeaiii", args: countArgs(ints, "ints"), comment: "1 MiB buffer; James Anhalt's method: one multiplication per two digits, no division"},
	}
	mIntsIn := []method{
		{name: "fastio device file + format (IntLn / Scanner)", kind: kindFastio, child: "ints.read.fastio", args: inArgs("ints.txt"), comment: "the file type users hold, 1 MiB buffer"},
		{name: "bufio + strconv (AppendInt / ParseInt)", kind: kindGo, child: "ints.read.bufio", args: inArgs("ints.txt")},
		{name: "fmt (Fprintln / Fscan)", kind: kindGo, child: "ints.read.fmt", args: inArgs("ints.txt")},
		{name: "C stdio (fprintf / fscanf)", kind: kindC, cpeer: "stdio", args: inArgs("ints.txt", "ints-read")},
		{name: "C++ std::to_chars / from_chars", kind: kindC, cpeer: "charconv", args: inArgs("ints.txt", "ints-read")},
	}
	mDoublesOut := []method{
		{name: "fastio device file + format (FloatLn / Scanner)", kind: kindFastio, child: "doubles.write.outfile", args: countArgs(doubles), comment: "shortest, %g layout (as strconv 'g', -1); device.OutFile"},
		{name: "fastio format.Sci(v, -1)", kind: kindFastio, child: "doubles.write.sci", args: countArgs(doubles), comment: "shortest, scientific"},
		{name: "bufio + strconv (AppendFloat / ParseFloat)", kind: kindGo, child: "doubles.write.bufio", args: countArgs(doubles), comment: "'g', -1"},
		{name: "fmt (Fprintln / Fscan)", kind: kindGo, child: "doubles.write.fmt", args: countArgs(doubles)},
		{name: "C stdio (fprintf %.17g / fscanf)", kind: kindC, cpeer: "stdio", args: countArgs(doubles, "doubles-write"), comment: "C has no shortest format: 17 digits round-trip"},
		{name: "C++ std::to_chars / from_chars", kind: kindC, cpeer: "charconv", args: countArgs(doubles, "doubles-write"), comment: "shortest, general (libstdc++: Ryu)"},
		{name: "C++ std::to_chars scientific", kind: kindC, cpeer: "charconv", args: func(e *env, out string) []string {
			return []string{"doubles-write", strconv.Itoa(e.size.Doubles), out, "sci"}
		}, comment: "shortest, scientific"},
	}
	mDoublesIn := []method{
		{name: "fastio device file + format (FloatLn / Scanner)", kind: kindFastio, child: "doubles.read.fastio", args: inArgs("doubles.txt"), comment: "Scanner.Float64"},
		{name: "bufio + strconv (AppendFloat / ParseFloat)", kind: kindGo, child: "doubles.read.bufio", args: inArgs("doubles.txt"), comment: "bufio.Scanner + strconv.ParseFloat"},
		{name: "fmt (Fprintln / Fscan)", kind: kindGo, child: "doubles.read.fmt", args: inArgs("doubles.txt"), comment: "fmt.Fscan"},
		{name: "C stdio (fprintf %.17g / fscanf)", kind: kindC, cpeer: "stdio", args: inArgs("doubles.txt", "doubles-read")},
		{name: "C++ std::to_chars / from_chars", kind: kindC, cpeer: "charconv", args: inArgs("doubles.txt", "doubles-read"), comment: "std::from_chars"},
		{name: "C++ fast_float::from_chars", kind: kindC, cpeer: "charconv", args: inArgs("doubles.txt", "fastfloat-read"), comment: "Lemire's fast_float (Debian libfast-float-dev)"},
	}
	helloWant := func(e *env) (string, error) { return scen.WantLines(e.size.Hello), nil }
	mHello := []method{
		{name: "fastio PutString (device.OutFile)", kind: kindFastio, child: "hello.outfile", args: countArgs(hello), comment: "1 MiB buffer"},
		{name: "fastio PutString (core.Writer)", kind: kindFastio, child: "hello.core", args: countArgs(hello), comment: defaultBuffer},
		{name: "fastio Cursor (core.Writer)", kind: kindFastio, child: "hello.cursor", args: countArgs(hello), comment: defaultBuffer + "; c = c.PutString(s), Done after the loop"},
		{name: "bufio.Writer.WriteString", kind: kindGo, child: "hello.bufio", args: countArgs(hello), comment: "4 KiB buffer"},
		{name: "fmt.Fprint (bufio)", kind: kindGo, child: "hello.fmt", args: countArgs(hello)},
		{name: "C stdio fwrite", kind: kindC, cpeer: "stdio", args: countArgs(hello, "hello"), comment: "glibc, default FILE buffer"},
		{name: "C memcpy + write(2)", kind: kindC, cpeer: "table", args: countArgs(hello, "hello"), comment: "1 MiB buffer; a floor: the final bytes copied and written, nothing else"},
	}
	mb := func(n func(*sizes) int, per float64) func(*env) (float64, string) {
		return func(e *env) (float64, string) { return float64(n(e.size)) * per / 1e6, "MB/s" }
	}
	items := func(n func(*sizes) int) func(*env) (float64, string) {
		return func(e *env) (float64, string) { return float64(n(e.size)) / 1e6, "M/s" }
	}
	return []table{
		{
			id: "ints", title: "I/O {ints} integers",
			goal:   "Print the integers 0 to N-1, one a line, to a file (and to /dev/null: the formatting alone); then reopen the file, scan every integer back and sum them.",
			counts: func(s *sizes) string { return count(s.Ints) + " integers" },
			notes:  []string{"Output is checked byte for byte against the expected text; input by the count and the sum. The /dev/null column runs the same programs."},
			columns: []column{
				{name: "Output time", methods: mIntsOut, want: intsText, work: items(ints)},
				{name: "Output to /dev/null", null: true, methods: mIntsOut, work: items(ints)},
				{name: "Input time", methods: mIntsIn, finger: printed, want: func(e *env) (string, error) {
					if _, err := intsFile(e); err != nil {
						return "", err
					}
					return scen.WantInts(e.size.Ints), nil
				}, work: items(ints)},
			},
		},
		{
			id: "doubles", title: "I/O {doubles} doubles (shortest round trip)",
			goal: "Print N doubles (random mantissas over 30 orders of magnitude, both signs) in the shortest form that reads back exactly, one a line; then scan the file back bit-exactly.",
			counts: func(s *sizes) string {
				return count(s.Doubles) + " doubles"
			},
			notes: []string{"Each output must parse back to the same bits (notations differ: %g layout, scientific, C's 17 digits); the output size column of the details shows how short each is. Input: every method reads the same file (strconv's shortest form) and must fold the same bits."},
			prepare: func(e *env) error {
				_, err := e.once("doubles.txt", func(p string) error { return scen.WriteDoublesFile(p, e.size.Doubles) })
				return err
			},
			columns: []column{
				{name: "Output time", methods: mDoublesOut, finger: doublesOut, want: func(e *env) (string, error) { return scen.WantDoubles(e.size.Doubles), nil }, work: items(doubles)},
				{name: "Input time", methods: mDoublesIn, finger: printed, want: func(e *env) (string, error) { return scen.WantDoubles(e.size.Doubles), nil }, work: items(doubles)},
			},
		},
		{
			id: "hello", title: `Raw output: {hello} × "Hello World\n"`,
			goal:   `Write "Hello World\n" N times to a file (and to /dev/null).`,
			counts: func(s *sizes) string { return count(s.Hello) + " lines" },
			columns: []column{
				{name: "Output time", methods: mHello, want: helloWant, work: mb(hello, 12)},
				{name: "Output to /dev/null", null: true, methods: mHello, work: mb(hello, 12)},
			},
		},
		{
			id: "size", title: "Binary size of hello world",
			goal:   "Build a program printing \"Hello World\" and measure the executable: Go with `go build -ldflags=\"-s -w\"` (stripped), C with gcc -O2 -s.",
			counts: func(*sizes) string { return "" },
			build:  buildSizes,
		},
	}
}

// helloPrograms are the hello-world packages of the size table, inside the
// bench module.
var helloPrograms = []struct{ name, kind, pkg, comment string }{
	{"fastio format.Str (device.Stdout)", kindFastio, "./seed/internal/hello/fastio", "core, device, format linked"},
	{"fmt.Println", kindGo, "./seed/internal/hello/fmtprint", ""},
	{"os.Stdout.WriteString", kindGo, "./seed/internal/hello/writestring", "os alone, no fmt"},
}

// buildSizes fills the binary-size table: each program built, run (it
// must print "Hello World\n") and measured.
func buildSizes(e *env, t *Table) error {
	t.Unit = "bytes"
	t.Columns = []string{"Binary size"}
	dir := e.path("hello")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var fastio int64
	add := func(name, kind, comment, skip string, size int64) {
		r := Row{Method: name, Column: "Binary size", Kind: kind, Comment: comment, Skipped: skip, OutputBytes: size}
		if skip == "" {
			if kind == kindFastio {
				fastio = size
			}
			if fastio > 0 {
				r.Ratio = float64(size) / float64(fastio)
				r.RatioMin, r.RatioMax = r.Ratio, r.Ratio
			}
		}
		t.Rows = append(t.Rows, r)
	}
	goTool, err := e.lookPath("go")
	for _, p := range helloPrograms {
		if err != nil {
			add(p.name, p.kind, p.comment, "the go command is not on PATH", 0)
			continue
		}
		if e.root == "" {
			add(p.name, p.kind, p.comment, "the fastio sources were not found (run from the repository)", 0)
			continue
		}
		bin := filepath.Join(dir, filepath.Base(p.pkg))
		cmd := exec.Command(goTool, "build", "-ldflags=-s -w", "-o", bin, p.pkg)
		cmd.Dir = filepath.Join(e.root, "bench")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go build %s: %v\n%s", p.pkg, err, out)
		}
		size, err := helloSize(bin)
		if err != nil {
			return err
		}
		add(p.name, p.kind, p.comment, "", size)
	}
	for _, c := range []struct{ name, flags, comment string }{
		{"C stdio fputs (gcc -O2 -s)", "-O2 -s", "dynamically linked: glibc is not counted"},
		{"C stdio fputs (gcc -O2 -s -static)", "-O2 -s -static", "glibc linked in"},
	} {
		if e.cpeers == "" {
			add(c.name, kindC, c.comment, e.cpeerNote, 0)
			continue
		}
		bin := filepath.Join(dir, "c"+strings.ReplaceAll(c.flags, " ", ""))
		args := append(strings.Fields(c.flags), "-o", bin, filepath.Join(e.cpeers, "hello.c"))
		if _, err := os.Stat(filepath.Join(e.cpeers, "hello.c")); err != nil {
			args[len(args)-1] = e.path("hello.c")
			src, _ := cpeerSources.ReadFile("cpeers/hello.c")
			if err := os.WriteFile(args[len(args)-1], src, 0o644); err != nil {
				return err
			}
		}
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			add(c.name, kindC, c.comment, fmt.Sprintf("gcc %s failed: %s", c.flags, firstWords(string(out))), 0)
			continue
		}
		size, err := helloSize(bin)
		if err != nil {
			return err
		}
		add(c.name, kindC, c.comment, "", size)
	}
	return nil
}

// helloSize runs a hello-world binary, checks what it prints, and returns
// its size.
func helloSize(bin string) (int64, error) {
	out, err := exec.Command(bin).Output()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", bin, err)
	}
	if string(out) != "Hello World\n" {
		return 0, fmt.Errorf("%s printed %q, want \"Hello World\\n\"", bin, out)
	}
	st, err := os.Stat(bin)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// firstWords shortens a compiler message for a table note.
func firstWords(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
