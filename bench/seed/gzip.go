package seed

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

// klauspostSameSize returns the klauspost/compress level whose output on
// the text corpus is nearest in size to compress.Writer's at level:
// levels 1 and 6 run fastio's own encoder, whose level 1 writes about
// what klauspost's level 2 does and level 6 what its level 7 does; the
// other levels run klauspost's encoder of the same number.
// TestKlauspostLevelPairing checks the pairing against the two libraries.
func klauspostSameSize(level int) int {
	switch level {
	case 1:
		return 2
	case 6:
		return 7
	}
	return level
}

// gzipNotes are the notes of the compression tables.
var gzipNotes = []string{
	"Every compressed output is inflated (by compress/gzip) and must give the corpus back; the output column of the details is the compressed size. Command-line peers read standard input and write standard output.",
	"fastio's levels 1 and 6 run its own deflate encoder. Each column shows klauspost at two levels: the same number, which is what a user of klauspost/compress gets, and the level whose output on the text corpus is nearest in size to fastio's (2 at -1, 7 at -6), so that speed is also compared at about equal size.",
}

// gzipTables are the compression tables: one per corpus on one CPU, each
// method single-threaded, and one on every CPU the run may use, for the
// methods that compress on several threads.
func gzipTables() []table {
	var out []table
	for _, corp := range []struct{ id, title, desc string }{
		{"gzip-text", "gzip of a text corpus", "generated English-like prose"},
		{"gzip-binary", "gzip of a binary corpus", "generated binary records (counters, timestamps, short names, random bytes)"},
	} {
		src := func(e *env) string { return e.path(corp.id + ".corpus") }
		gz := func(e *env) string { return e.path(corp.id + ".gz") }
		work := func(e *env) (float64, string) { return float64(e.size.Gzip) / 1e6, "MB/s" }
		wantText := func(e *env) (string, error) { return scen.DigestFile(src(e)) }
		compressCol := func(level int) column {
			lv := strconv.Itoa(level)
			igz := lv
			igzNote := ""
			if level > 3 {
				igz = "3"
				igzNote = "; igzip's levels stop at 3: -3"
			}
			cli := func(tool string, args ...string) method {
				return method{name: tool, kind: kindCLI, tool: tool, toStdout: true, stdin: src,
					args: func(*env, string) []string { return args }}
			}
			klauspost := func(level int) method {
				return method{name: "klauspost/compress/gzip", kind: kindGo, child: "gzip.go", comment: "used directly",
					args: func(e *env, out string) []string { return []string{"klauspost", strconv.Itoa(level), src(e), out} }}
			}
			ms := []method{
				{name: "fastio compress", kind: kindFastio, child: "gzip.fastio", args: func(e *env, out string) []string { return []string{lv, src(e), out} },
					comment: "compress.Writer (fastio's deflate) / compress.Reader (fastio's inflate)"},
				{name: "compress/gzip", kind: kindGo, child: "gzip.go", args: func(e *env, out string) []string { return []string{"std", lv, src(e), out} }},
				klauspost(level),
			}
			if same := klauspostSameSize(level); same != level {
				k := klauspost(same)
				k.name = fmt.Sprintf("klauspost/compress/gzip, level %d", same)
				k.comment = "used directly, at the level nearest in size to fastio's on the text corpus"
				ms = append(ms, k)
			}
			pigz := method{name: "pigz", kind: kindCLI, tool: "pigz", toStdout: true, stdin: src, comment: "-p 1: one thread on the table's one CPU",
				args: func(e *env, _ string) []string { return []string{"-c", "-p", strconv.Itoa(e.threads()), "-" + lv} }}
			ms = append(ms, cli("gzip", "-c", "-"+lv), pigz, cli("libdeflate-gzip", "-c", "-"+lv), cli("igzip", "-c", "-"+igz),
				method{name: "fastio gzip command", kind: kindCmd, toStdout: true, stdin: src, comment: "gzip's flags",
					args: func(*env, string) []string { return []string{"gzip", "-c", "-" + lv} }})
			ms[len(ms)-2].comment = "ISA-L" + igzNote
			return column{name: "Compress -" + lv, finger: gunzipped, want: wantText, work: work, methods: ms}
		}
		dcli := func(tool string, args ...string) method {
			return method{name: tool, kind: kindCLI, tool: tool, toStdout: true, stdin: gz,
				args: func(*env, string) []string { return append([]string{"-d", "-c"}, args...) }}
		}
		out = append(out, table{
			id: corp.id, title: "Compression: " + corp.title,
			goal:   fmt.Sprintf("Compress a file of %s to gzip at levels 1 and 6, and inflate a gzip file (made by compress/gzip -6) back, file to file, each process on one CPU.", corp.desc),
			counts: func(s *sizes) string { return mib(int64(s.Gzip)) + " corpus" },
			notes:  gzipNotes,
			prepare: func(e *env) error {
				if _, err := e.once(corp.id+".corpus", func(p string) error {
					if corp.id == "gzip-text" {
						return os.WriteFile(p, scen.Corpus(e.size.Gzip, 0), 0o644)
					}
					return os.WriteFile(p, scen.BinaryCorpus(e.size.Gzip), 0o644)
				}); err != nil {
					return err
				}
				_, err := e.once(corp.id+".gz", func(p string) error { return scen.GzipFile(src(e), p, 6) })
				return err
			},
			columns: []column{
				compressCol(1),
				compressCol(6),
				{name: "Inflate", want: wantText, work: work, methods: []method{
					{name: "fastio compress", kind: kindFastio, child: "gunzip.fastio", args: func(e *env, out string) []string { return []string{gz(e), out} }},
					{name: "compress/gzip", kind: kindGo, child: "gunzip.go", args: func(e *env, out string) []string { return []string{"std", gz(e), out} }},
					{name: "klauspost/compress/gzip", kind: kindGo, child: "gunzip.go", args: func(e *env, out string) []string { return []string{"klauspost", gz(e), out} }},
					// pigz inflates with helper threads (reading, writing,
					// the check) unless it has one process.
					dcli("gzip"), dcli("pigz", "-p", "1"), dcli("libdeflate-gzip"), dcli("igzip"),
					{name: "fastio gzip command", kind: kindCmd, toStdout: true, stdin: gz, args: func(*env, string) []string { return []string{"gzip", "-d", "-c"} }},
				}},
			},
		})
	}
	return append(out, coresTable())
}

// oneGoroutine is the baseline of the multi-core Inflate column: the
// Reader the parallel one is measured against.
const oneGoroutine = "fastio compress, one goroutine"

// coresTable is the multi-core compression table: the text corpus
// compressed by the methods that take a thread count, each given as many
// threads as the CPUs the run may use, every process pinned to those CPUs;
// and a larger file of mixed-script text compressed by GNU gzip -6,
// inflated on those CPUs by the methods that take a thread count and by
// the one-thread ones, timed by wall time against compress.Reader on one
// goroutine.
func coresTable() table {
	src := func(e *env) string { return e.path("gzip-text.corpus") }
	work := func(e *env) (float64, string) { return float64(e.size.Gzip) / 1e6, "MB/s" }
	threads := func(e *env) string { return strconv.Itoa(e.threads()) }
	col := func(level int) column {
		lv := strconv.Itoa(level)
		return column{name: "Compress -" + lv, finger: gunzipped, work: work,
			want: func(e *env) (string, error) { return scen.DigestFile(src(e)) },
			methods: []method{
				{name: "fastio compress, concurrent", kind: kindFastio, child: "gzip.fastio",
					comment: "compress.Writer with WriterOptions.Concurrency = the CPUs: one standard stream / compress.Reader with ReaderOptions.Concurrency = the CPUs",
					args:    func(e *env, out string) []string { return []string{lv, src(e), out, threads(e)} }},
				{name: "pigz", kind: kindCLI, tool: "pigz", toStdout: true, stdin: src, comment: "-p N, N the CPUs (-d -p N: one inflating thread, N-1 helpers)",
					args: func(e *env, _ string) []string { return []string{"-c", "-p", threads(e), "-" + lv} }},
				{name: "fastio gzip -p N command", kind: kindCmd, toStdout: true, stdin: src, comment: "-p N, N the CPUs",
					args: func(e *env, _ string) []string {
						return []string{"gzip", "-c", "-" + lv, "-p", threads(e)}
					}},
			}}
	}
	// Inflate's input: mixed-script text, compressed by GNU gzip -6 (the
	// file every row but the fastio-written ones inflates) and by the
	// concurrent compress.Writer.
	text := func(e *env) string { return e.path("mixed-text.corpus") }
	gz := func(e *env) string { return e.path("mixed-text.gz") }
	fgz := func(e *env) string { return e.path("mixed-text.fastio.gz") }
	igz := func(e *env) string { return e.path("mixed-text.fastio-index.gz") }
	reader := func(file func(*env) string, n func(*env) string) func(*env, string) []string {
		return func(e *env, out string) []string { return []string{file(e), out, n(e)} }
	}
	one := func(*env) string { return "1" }
	inflate := column{name: "Inflate", wall: true, baseline: oneGoroutine, needs: "gzip",
		want: func(e *env) (string, error) { return scen.DigestFile(text(e)) },
		work: func(e *env) (float64, string) { return float64(e.size.ParInflate) / 1e6, "MB/s" },
		prepare: func(e *env) error {
			if _, err := e.once("mixed-text.corpus", func(p string) error { return os.WriteFile(p, scen.Corpus(e.size.ParInflate, 2), 0o644) }); err != nil {
				return err
			}
			if _, err := e.once("mixed-text.gz", func(p string) error { return gnuGzipFile(e, text(e), p, 6) }); err != nil {
				return err
			}
			if _, err := e.once("mixed-text.fastio.gz", func(p string) error { return scen.FastioGzipFile(text(e), p, 6) }); err != nil {
				return err
			}
			_, err := e.once("mixed-text.fastio-index.gz", func(p string) error { return scen.FastioIndexedGzipFile(text(e), p, 6) })
			return err
		},
		methods: []method{
			{name: "fastio compress, concurrent", kind: kindFastio, child: "gunzip.fastio", args: reader(gz, threads),
				comment: "compress.Reader with ReaderOptions.Concurrency = the CPUs"},
			{name: oneGoroutine, kind: kindFastio, child: "gunzip.fastio", oneThread: true, args: reader(gz, one),
				comment: "compress.Reader with ReaderOptions.Concurrency 1: the baseline of the Inflate ratios"},
			{name: "fastio compress, concurrent, own file", kind: kindFastio, child: "gunzip.fastio", args: reader(fgz, threads),
				comment: "the concurrent Reader on the file compress.Writer wrote from the same text with Concurrency 2 at level 6"},
			{name: "fastio compress, indexed file", kind: kindFastio, child: "gunzip.fastio", args: reader(igz, threads),
				comment: "the concurrent Reader on the file compress.Writer wrote from the same text with Concurrency 2 at level 6 and WriterOptions.Index: members that record their length"},
			{name: "fastio gzip -d -p N command", kind: kindCmd, toStdout: true, stdin: gz, comment: "-p N, N the CPUs",
				args: func(e *env, _ string) []string { return []string{"gzip", "-d", "-c", "-p", threads(e)} }},
			{name: "fastio gzip -d command", kind: kindCmd, toStdout: true, stdin: gz, oneThread: true, comment: "one goroutine",
				args: func(*env, string) []string { return []string{"gzip", "-d", "-c"} }},
			{name: "pigz", kind: kindCLI, tool: "pigz", toStdout: true, stdin: gz, comment: "-d -p N: one inflating thread, N-1 helpers",
				args: func(e *env, _ string) []string { return []string{"-d", "-c", "-p", threads(e)} }},
			{name: "libdeflate-gzip", kind: kindCLI, tool: "libdeflate-gzip", toStdout: true, stdin: gz, oneThread: true, comment: "-d: one thread",
				args: func(*env, string) []string { return []string{"-d", "-c"} }},
		}}
	return table{
		id: "gzip-cores", title: "Compression on every CPU: gzip of a {gzip} text corpus, inflate of {parinflate} of mixed-script text", cpus: allCPUs,
		goal: "Compress the text corpus of the one-CPU table to gzip at levels 1 and 6 with the methods that compress on several threads, " +
			"each given one thread per CPU the run may use and pinned to those CPUs (the peers without threads are in the one-CPU tables); " +
			"and inflate one gzip member of {parinflate} of generated mixed-script text, compressed by GNU gzip -6, file to file on those CPUs, " +
			"with the methods that inflate on several threads and with the fastest on one.",
		counts: func(s *sizes) string {
			return mib(int64(s.Gzip)) + " corpus compressed; " + mib(int64(s.ParInflate)) + " of mixed-script text inflated"
		},
		notes: []string{"In the Compress columns, time and ratio are CPU time, the cost of the work summed over the threads; the wall time of the details is the time to wait. " +
			"The output must inflate to the corpus, as in the one-CPU table.",
			"Inflate: {parinflate} of text mixing Latin, Cyrillic, Greek, Chinese, Japanese, Korean and emoji, in one gzip member written by GNU gzip -6, " +
				"which every row inflates but those named after another file (own file: written from the same text by compress.Writer with Concurrency 2 at level 6; indexed file: the same with WriterOptions.Index). " +
				"Time and ratio are wall time, the ratio to “" + oneGoroutine + "” (compress.Reader with Concurrency 1) in the same round: " +
				"0.67 is 1.5 times as fast as one goroutine. The CPU time, what the speed costs, is in the details. " +
				"The one-thread rows (“" + oneGoroutine + "”, “fastio gzip -d command”, libdeflate-gzip) run on the same CPUs as the others; " +
				"the one-CPU tables' Inflate columns have a text corpus inflated on one CPU."},
		prepare: func(e *env) error {
			_, err := e.once("gzip-text.corpus", func(p string) error { return os.WriteFile(p, scen.Corpus(e.size.Gzip, 0), 0o644) })
			return err
		},
		columns: []column{col(1), col(6), inflate},
	}
}

// gnuGzipFile compresses src into dst with GNU gzip at level, without a
// name or a time stamp in the header.
func gnuGzipFile(e *env, src, dst string, level int) error {
	prog, err := e.lookPath("gzip")
	if err != nil {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(prog, "-c", "-n", "-"+strconv.Itoa(level))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
	if err := cmd.Run(); err != nil {
		out.Close()
		return fmt.Errorf("gzip -%d: %v: %s", level, err, firstWords(stderr.String()))
	}
	return out.Close()
}
