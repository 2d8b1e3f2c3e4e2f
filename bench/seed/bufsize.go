package seed

import (
	"fmt"
	"strconv"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
	"github.com/fastio-go/fastio/core"
)

// defaultBuffer names core.DefaultBufferSize in the comments of the rows
// that use it.
var defaultBuffer = fmt.Sprintf("%d KiB buffer", core.DefaultBufferSize>>10)

// bufferSizes are the core.Writer buffer sizes of the buffer-size table.
var bufferSizes = []int{64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20}

// bufsizeTable measures core.Writer's buffer sizes, so that
// core.DefaultBufferSize can be chosen from same-run ratios: short lines
// and integer lines to a tmpfs file and to /dev/null, the default size
// first (the reference of the ratios), then the others and device.OutFile
// (whose buffer is 1 MiB).
func bufsizeTable() table {
	lines := func(s *sizes) int { return s.Hello }
	ints := func(s *sizes) int { return s.Ints }
	methods := func(scenario, outfile string, n func(*sizes) int) []method {
		sized := func(size int) method {
			name := fmt.Sprintf("fastio core.Writer, %d KiB", size>>10)
			comment := ""
			if size == core.DefaultBufferSize {
				name += " (DefaultBufferSize)"
				comment = "the default: the reference of the ratios"
			}
			return method{name: name, kind: kindFastio, child: scenario, comment: comment,
				args: func(e *env, out string) []string { return []string{strconv.Itoa(size), strconv.Itoa(n(e.size)), out} }}
		}
		ms := []method{sized(core.DefaultBufferSize)}
		for _, size := range bufferSizes {
			if size != core.DefaultBufferSize {
				ms = append(ms, sized(size))
			}
		}
		return append(ms, method{name: "fastio device.OutFile", kind: kindFastio, child: outfile, args: countArgs(n), comment: "device.Create: its own 1 MiB buffer"})
	}
	linesWant := func(e *env) (string, error) { return scen.WantLines(e.size.Hello), nil }
	intsWant := func(e *env) (string, error) {
		p, err := e.once("bufsize-ints.txt", func(p string) error { return scen.WriteIntsFile(p, e.size.Ints) })
		if err != nil {
			return "", err
		}
		return scen.DigestFile(p)
	}
	perLine := func(n func(*sizes) int) func(*env) (float64, string) {
		return func(e *env) (float64, string) { return float64(n(e.size)) / 1e6, "M lines/s" }
	}
	mLines := methods("bufsize.lines", "hello.outfile", lines)
	mInts := methods("bufsize.ints", "ints.write.outfile", ints)
	return table{
		id: "bufsize", title: "core.Writer buffer sizes: {hello} lines and {ints} integers",
		goal: "Write \"Hello World\\n\" N times with PutString, and the integers 0 to N-1 one a line with format.IntLn, " +
			"through a core.Writer over an *os.File with buffers of 64 KiB to 1 MiB, to a file in the run's data directory (tmpfs where /dev/shm exists) and to /dev/null.",
		counts: func(s *sizes) string { return fmt.Sprintf("%s lines, %s integers", count(s.Hello), count(s.Ints)) },
		notes: []string{"The ratios are to the default buffer (core.DefaultBufferSize) in the same round: below 1, that size costs less CPU time. " +
			"The default is chosen from a full-size run on a quiet machine, on each CPU at hand."},
		columns: []column{
			{name: "lines → file", methods: mLines, want: linesWant, work: perLine(lines)},
			{name: "lines → /dev/null", null: true, methods: mLines, work: perLine(lines)},
			{name: "integers → file", methods: mInts, want: intsWant, work: perLine(ints)},
			{name: "integers → /dev/null", null: true, methods: mInts, work: perLine(ints)},
		},
	}
}
