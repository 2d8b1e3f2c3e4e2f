package seed

import (
	"fmt"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

// convMethods are the rows of a conversion column.
func convMethods(input func(*env) string, from, to string) []method {
	args := func(e *env, out string) []string { return []string{from, to, input(e), out} }
	ms := []method{
		{name: "fastio unicode.Writer", kind: kindFastio, child: "conv.fastio", args: args, comment: "streaming, strict; vector kernels where the CPU has them"},
		{name: "fastio unicode.Reader", kind: kindFastio, child: "conv.reader", args: args, comment: "io.Copy from the Reader over the input file to a device file"},
		{name: "golang.org/x/text", kind: kindGo, child: "conv.xtext", args: args, comment: "transform.Writer"},
	}
	if from != "GB18030" && to != "GB18030" {
		ms = append(ms, method{name: "unicode/utf8 + unicode/utf16 by hand", kind: kindGo, child: "conv.std", args: args, comment: "the standard library alone; no GB18030"})
	}
	ms = append(ms, method{name: "iconv command", kind: kindCLI, tool: "iconv", toStdout: true, comment: "glibc iconv",
		args: func(e *env, _ string) []string { return []string{"-f", from, "-t", to, input(e)} }})
	ms = append(ms, method{name: "fastio conv command", kind: kindCmd, toStdout: true, comment: "iconv's flags",
		args: func(e *env, _ string) []string { return []string{"conv", "-f", from, "-t", to, input(e)} }})
	return ms
}

func textTables() []table {
	corpora := []struct {
		name, label string
		make        func(s *sizes) []byte
	}{
		{"emoji", "🚄", func(s *sizes) []byte { return scen.Emoji(s.Emoji) }},
		{"mixed", "mixed-script text", func(s *sizes) []byte { return scen.Corpus(s.Mixed, 2) }},
		{"latin", "Latin text", func(s *sizes) []byte { return scen.Corpus(s.Mixed, 1) }},
	}
	source := func(c string) func(*env) string {
		return func(e *env) string { return e.path(c + ".UTF-8") }
	}
	encoded := func(c, enc string) func(*env) string {
		return func(e *env) string { return e.path(c + "." + enc) }
	}
	var out []table
	for _, target := range []struct{ id, enc string }{{"utf16", "UTF-16LE"}, {"utf32", "UTF-32LE"}, {"gb18030", "GB18030"}} {
		t := table{
			id: target.id, title: "Code conversion: UTF-8 ↔ " + target.enc,
			goal: fmt.Sprintf("Convert a file of UTF-8 text into %s, and a file of %s back into UTF-8, file to file in 1 MiB reads "+
				"({emoji} × U+1F684 HIGH-SPEED TRAIN, then generated text mixing Latin, Cyrillic, Greek, Chinese, Japanese, Korean and emoji).", target.enc, target.enc),
			counts: func(s *sizes) string {
				return fmt.Sprintf("%s emoji (%s of UTF-8); %s of mixed-script text", count(s.Emoji), mib(int64(4*s.Emoji)), mib(int64(s.Mixed)))
			},
			notes: []string{"Every output is compared byte for byte with fastio's, and the way back with the original UTF-8."},
		}
		nCorpora := 2
		if target.enc == "UTF-16LE" {
			nCorpora = 3
			t.notes = append(t.notes, "The Latin column (words with accents, as in French or German prose) is the case of a Latin text with a few two-byte characters; its C++ reference is simdutf, measured where the library is installed.")
		}
		t.prepare = func(e *env) error {
			for _, c := range corpora[:nCorpora] {
				src, err := e.once(c.name+".UTF-8", func(p string) error { return os.WriteFile(p, c.make(e.size), 0o644) })
				if err != nil {
					return err
				}
				if _, err := e.once(c.name+"."+target.enc, func(p string) error { return scen.ConvertFile(src, p, "UTF-8", target.enc) }); err != nil {
					return err
				}
			}
			return nil
		}
		for _, c := range corpora[:nCorpora] {
			c := c
			size := func(e *env) (float64, string) {
				st, err := os.Stat(source(c.name)(e))
				if err != nil {
					return 0, ""
				}
				return float64(st.Size()) / 1e6, "MB/s"
			}
			back := func(e *env) (string, error) { return scen.DigestFile(source(c.name)(e)) }
			there := column{name: c.label + " → " + target.enc, methods: convMethods(source(c.name), "UTF-8", target.enc), work: size}
			if c.name == "latin" {
				src := source(c.name)
				there.methods = append(there.methods, method{name: "C++ simdutf", kind: kindC, cpeer: "simdutf",
					args:    func(e *env, out string) []string { return []string{src(e), out} },
					missing: "simdutf not installed (no Debian package; install simdutf.h and libsimdutf from github.com/simdutf/simdutf)",
					comment: "convert_utf8_to_utf16le with validation, whole file in memory"})
			}
			t.columns = append(t.columns, there)
			if c.name != "latin" {
				t.columns = append(t.columns,
					column{name: target.enc + " → UTF-8 (" + c.label + ")", methods: convMethods(encoded(c.name, target.enc), target.enc, "UTF-8"), want: back, work: size},
				)
			}
		}
		out = append(out, t)
	}
	return out
}

// smallTable is the table of short conversions: one call per string, the
// set-up cost of a conversion paid each time.
func smallTable() table {
	col := func(n int) column {
		count := func(s *sizes) int { return s.Small * 1024 / n }
		args := func(e *env, _ string) []string { return []string{strconv.Itoa(n), strconv.Itoa(count(e.size))} }
		return column{
			name: map[int]string{16: "16 B", 64: "64 B", 1024: "1 KiB"}[n], finger: printed,
			want: func(e *env) (string, error) { return scen.WantSmall(n, count(e.size)) },
			work: func(e *env) (float64, string) { return float64(count(e.size)*n) / 1e6, "MB/s" },
			methods: []method{
				{name: "fastio Converter.Append", kind: kindFastio, child: "small.fastio", args: args},
				{name: "utf8.DecodeRune + utf16.AppendRune loop", kind: kindGo, child: "small.naive", args: args, comment: "the naive loop"},
				{name: "golang.org/x/text Transform", kind: kindGo, child: "small.xtext", args: args, comment: "one encoder, Reset and Transform per string"},
			},
		}
	}
	return table{
		id: "utf16-small", title: "Small conversions: short strings UTF-8 → UTF-16LE",
		goal: "Convert one short UTF-8 string (Latin prose with accents) into UTF-16LE again and again, " +
			"into a reused buffer: the cost of starting a conversion, which a long file hides.",
		counts: func(s *sizes) string {
			return fmt.Sprintf("%s of strings per column (%s × 16 B)", mib(int64(s.Small)<<10), count(s.Small*1024/16))
		},
		columns: []column{col(16), col(64), col(1024)},
	}
}
