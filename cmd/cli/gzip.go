package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// streamFormat describes one of the gzip-like subcommands.
type streamFormat struct {
	name     string          // subcommand
	format   compress.Format // container
	suffix   string          // default suffix
	suffixes []string        // suffixes -d recognises, with what replaces them
}

var (
	formatGzip    = streamFormat{"gzip", compress.Gzip, ".gz", []string{".gz", "", "-gz", "", ".z", "", "-z", "", "_z", "", ".tgz", ".tar", ".taz", ".tar"}}
	formatZlib    = streamFormat{"zlib", compress.Zlib, ".zz", []string{".zz", "", ".zlib", ""}}
	formatDeflate = streamFormat{"deflate", compress.Deflate, ".deflate", []string{".deflate", "", ".raw", ""}}
)

// gzipOptions are the flags of fastio gzip, zlib and deflate.
type gzipOptions struct {
	decompress, stdout, keep, force, test, quiet, noName bool
	list, verbose, name, recursive                       bool
	ascii, rsyncable, license, version, synchronous      bool
	independent                                          bool
	presumeTTY, lzw, helpAlias, question                 bool
	bits                                                 string
	level                                                int // the last of -1 ... -9, --fast, --best
	procs                                                int
	suffix                                               string
	max                                                  string
}

// levelFlag is one of -1 ... -9, --fast and --best: a flag without a value
// that sets the level, so that the last one given wins, as in gzip.
type levelFlag struct {
	p *int
	n int
}

func (l levelFlag) String() string {
	if l.p == nil {
		return "false"
	}
	return strconv.FormatBool(*l.p == l.n)
}

func (l levelFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*l.p = l.n
	}
	return err
}

func (l levelFlag) Type() string     { return "bool" }
func (l levelFlag) IsBoolFlag() bool { return true }

// pairFlag is a flag without a value that sets one option and clears its
// opposite (-q and -v, -n and -N), so that the last one given wins, as in
// gzip.
type pairFlag struct{ on, off *bool }

func (p pairFlag) String() string {
	if p.on == nil {
		return "false"
	}
	return strconv.FormatBool(*p.on)
}

func (p pairFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil && on {
		*p.on, *p.off = true, false
	}
	return err
}

func (p pairFlag) Type() string     { return "bool" }
func (p pairFlag) IsBoolFlag() bool { return true }

func newGzipCommand(sf streamFormat) *cobra.Command {
	o := gzipOptions{level: 6}
	c := &cobra.Command{
		Use:   sf.name + " [-d] [-c] [-k] [-f] [-t] [-l] [-v] [-n|-N] [-r] [-1...-9] [-p N] [FILE]...",
		Short: fmt.Sprintf("Compress or decompress %s streams, as gzip does", sf.format),
		Long: fmt.Sprintf(`%[1]s compresses each FILE into FILE%[2]s, or with -d decompresses FILE%[2]s
into FILE, with gzip's rules: the input is removed unless -k or -c, an existing
output is not overwritten without -f, output goes to standard output with -c
or when there is no FILE (or FILE is "-"), and -t tests the integrity of
compressed files. Output files are written under a temporary name and renamed
into place when complete, so an error or an interrupt leaves no partial file;
they keep the input's permissions, owner, group, access and modification
times. As gzip does, a file that would be replaced is refused when it is
set-user-ID or set-group-ID, and unless -f when it is a symbolic link, is
sticky or has other hard links (-c, -t and -l read them all). With -d, a
FILE that does not exist is looked for as FILE%[2]s (and FILE.z, FILE-z ...).
-c onto the input itself (FILE >> FILE) is refused, as cat refuses it. -r
descends into directories, skipping (silently, unless -v) the files that
already have a compressed suffix, or, with -d, -t and -l, the files without
one.

Compressing stores the input's name and modification time in the gzip header
unless -n; decompressing names the output after the input and gives it the
input's modification time unless -N, which takes both from the header, as
gzip does. -l lists each file's compressed and uncompressed size (that of
its last member, as gzip 1.12 counts it), ratio and name; -lv adds the
method, CRC and time. -v reports each file on standard error.

The stream format is %[3]s.%[4]s Bytes after the end of the data are a
warning ("trailing garbage ignored", exit status 2). There is no limit on the
decompressed size unless --max is given.

-1 (fastest) to -9 (smallest) choose the level, 6 by default; the last one
given wins. -p N compresses on N cores into one standard stream.%[5]s
--rsyncable (gzip) cuts the output where gzip does (where the sum of the last 4096
bytes is a multiple of 4096), each piece compressed on its own, so that a
change to the input changes the output only up to the next cut. With -f and
-c (zcat -f), gzip copies data that is not compressed as it is. Options in the
GZIP environment variable come before the command line's, as in gzip 1.12,
which takes only -n, -N, -q, -v, -1 ... -9 and --rsyncable there.

Exit status: 0 on success, 1 on an error, 2 on a warning.`, sf.name, sf.suffix, sf.format, membersNote(sf.format), independentNote(sf.format)),
		Example: fmt.Sprintf(`  fastio %[1]s -9 big.log              # big.log%[2]s, big.log removed
  fastio %[1]s -dc big.log%[2]s | less
  tar cf - dir | fastio %[1]s -p 2 > dir.tar%[2]s
  fastio %[1]s -t *%[2]s`, sf.name, sf.suffix),
		RunE: func(c *cobra.Command, args []string) error {
			return runGzip(c, sf, &o, args)
		},
	}
	f := c.Flags()
	f.BoolVarP(&o.decompress, "decompress", "d", false, "decompress")
	f.BoolVar(&o.decompress, "uncompress", false, "decompress")
	f.BoolVarP(&o.stdout, "stdout", "c", false, "write on standard output, keep original files unchanged")
	f.BoolVar(&o.stdout, "to-stdout", false, "write on standard output")
	f.BoolVarP(&o.keep, "keep", "k", false, "keep (don't delete) input files")
	f.BoolVarP(&o.force, "force", "f", false, "force overwrite of output file and compress links")
	f.BoolVarP(&o.test, "test", "t", false, "test compressed file integrity")
	// -q and -v, -n and -N undo each other: the last one given wins.
	f.VarPF(pairFlag{&o.quiet, &o.verbose}, "quiet", "q", "suppress all warnings and the progress bar").NoOptDefVal = "true"
	f.VarPF(pairFlag{&o.quiet, &o.verbose}, "silent", "", "suppress all warnings and the progress bar (--quiet)").NoOptDefVal = "true"
	f.VarPF(pairFlag{&o.noName, &o.name}, "no-name", "n", "do not save or restore the original name and timestamp").NoOptDefVal = "true"
	f.VarPF(pairFlag{&o.name, &o.noName}, "name", "N", "save or restore the original name and timestamp").NoOptDefVal = "true"
	f.BoolVarP(&o.list, "list", "l", false, "list compressed file contents")
	f.VarPF(pairFlag{&o.verbose, &o.quiet}, "verbose", "v", "verbose mode").NoOptDefVal = "true"
	f.BoolVarP(&o.recursive, "recursive", "r", false, "operate recursively on directories")
	f.VarPF(levelFlag{&o.level, 1}, "fast", "", "compress faster (-1)").NoOptDefVal = "true"
	f.VarPF(levelFlag{&o.level, 9}, "best", "", "compress better (-9)").NoOptDefVal = "true"
	for l := 1; l <= 9; l++ {
		name := "level-" + strconv.Itoa(l)
		f.VarPF(levelFlag{&o.level, l}, name, strconv.Itoa(l), "compression level "+strconv.Itoa(l)).NoOptDefVal = "true"
		f.MarkHidden(name)
	}
	f.BoolVarP(&o.version, "version", "V", false, "display version number")
	f.BoolVarP(&o.license, "license", "L", false, "display software license")
	f.BoolVarP(&o.ascii, "ascii", "a", false, "ascii text: convert end-of-line (ignored on this system, as gzip does)")
	f.BoolVar(&o.rsyncable, "rsyncable", false, "make rsync-friendly output: reset points where the content says, so a change moves only its neighbourhood")
	f.BoolVar(&o.synchronous, "synchronous", false, "synchronous output: write each output file to stable storage before removing the input")
	f.BoolVar(&o.presumeTTY, "presume-input-tty", false, "ask before overwriting as if standard input were a terminal (for tests)")
	f.MarkHidden("presume-input-tty")
	// gzip's -H is -h, and -? only its hint to --help; -Z (--lzw) and -b
	// (--bits) are its LZW compression, refused as gzip 1.12 refuses -Z.
	f.BoolVarP(&o.helpAlias, "help-H", "H", false, "give this help")
	f.BoolVarP(&o.question, "help-?", "?", false, "print a hint to --help")
	f.BoolVarP(&o.lzw, "lzw", "Z", false, "LZW compression (not supported, as in gzip 1.12)")
	f.StringVarP(&o.bits, "bits", "b", "", "LZW code bits (with -Z)")
	for _, n := range []string{"help-H", "help-?", "lzw", "bits"} {
		f.MarkHidden(n)
	}
	f.IntVarP(&o.procs, "processes", "p", 1, "compress, or decompress a regular file, on `N` cores")
	if sf.format == compress.Gzip {
		f.BoolVarP(&o.independent, "independent", "i", false, "compress blocks independently, each a gzip member that records its length, so that -d -p N decompresses them on N cores")
	}
	f.StringVarP(&o.suffix, "suffix", "S", sf.suffix, "use suffix `SUF` on compressed files")
	f.StringVar(&o.max, "max", "", "stop decompressing beyond `SIZE` bytes (suffixes K, M, G, T: powers of 1024)")
	return c
}

// independentNote is the help sentence on -i, for gzip only.
func independentNote(f compress.Format) string {
	if f != compress.Gzip {
		return ""
	}
	return `
-i (--independent, pigz's name) compresses each block of 1 MiB on its own as
a gzip member whose header records its length: 0.1 to 0.5% larger, and -d -p N
then decompresses a regular file on N cores (so it does bgzip's files). Every
gzip decompresses it as concatenated members.`
}

// membersNote is the help sentence on gzip members, for gzip only.
func membersNote(f compress.Format) string {
	if f != compress.Gzip {
		return ""
	}
	return "\nDecompressing reads concatenated members as one stream and skips zero\npadding after them, as gzip -d does."
}

// parseSize parses a byte count with an optional K, M, G or T suffix.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	t := strings.TrimSuffix(strings.ToUpper(s), "B")
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("invalid size %q", s)
	}
	return n * mult, nil
}

// gzipRun holds the state of one run: the exit status so far (errors win
// over warnings, as in gzip) and the settings.
type gzipRun struct {
	sf       streamFormat
	o        *gzipOptions
	prog     string
	level    int
	maxSize  int64
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	code     int
	abort    bool // a damaged stream: gzip stops there, leaving later files alone
	listed   listState
	zw       *compress.Writer
	rw       *compress.Writer // --rsyncable's raw deflate pieces
	zopts    compress.ReaderOptions
	inBuf    *core.Reader
	par      *parInput // the input of -d -p N, when a regular file
	stdoutWr *core.Writer
	// headerLen is the length of the first member's header and trailer,
	// which gzip subtracts from the compressed size for -v's ratio.
	headerLen int64
	// pendingPrefix: -v printed "NAME:\t" and its line is not ended yet.
	pendingPrefix bool
	// lastMember is the inflated size of the last gzip member, which -v's
	// ratio and -l count, as gzip does; trailing says bytes followed it.
	lastMember int64
	trailing   bool
	// stdoutFailed: an error writing standard output was reported.
	stdoutFailed bool
	// plain: -cdf found data that is not compressed, copied as it is.
	plain bool
}

func (g *gzipRun) fail(format string, a ...any) {
	g.endPrefix()
	fmt.Fprintf(g.stderr, "%s: "+format+"\n", append([]any{g.prog}, a...)...)
	g.code = 1
}

// failData reports bad compressed data as gzip does: on a line of its own,
// after an empty line (or ending -v's "NAME:\t").
func (g *gzipRun) failData(format string, a ...any) {
	if g.pendingPrefix {
		g.pendingPrefix = false
	}
	fmt.Fprintln(g.stderr)
	g.fail(format, a...)
}

// warnData is warn for a remark on the compressed data, which gzip puts
// after an empty line as it does failData's.
func (g *gzipRun) warnData(format string, a ...any) {
	if !g.o.quiet {
		if g.pendingPrefix {
			g.pendingPrefix = false
		}
		fmt.Fprintln(g.stderr)
	}
	g.warn(format, a...)
}

func (g *gzipRun) warn(format string, a ...any) {
	if !g.o.quiet {
		g.endPrefix()
		fmt.Fprintf(g.stderr, "%s: "+format+"\n", append([]any{g.prog}, a...)...)
	}
	if g.code == 0 {
		g.code = 2
	}
}

func runGzip(c *cobra.Command, sf streamFormat, o *gzipOptions, args []string) error {
	g := &gzipRun{sf: sf, o: o, prog: progName(c), level: o.level,
		stdin: c.InOrStdin(), stdout: c.OutOrStdout(), stderr: c.ErrOrStderr(), maxSize: compress.NoLimit}
	if o.helpAlias {
		return c.Help()
	}
	if o.question {
		fmt.Fprintf(g.stderr, "Try `%s --help' for more information.\n", g.prog)
		return exitStatus(1)
	}
	if o.bits != "" && strings.Trim(o.bits, "0123456789") != "" {
		fmt.Fprintf(g.stderr, "%s: -b operand is not an integer\nTry `%s --help' for more information.\n", g.prog, g.prog)
		return exitStatus(1)
	}
	if o.lzw {
		fmt.Fprintf(g.stderr, "%s: -Z not supported in this version\nTry `%s --help' for more information.\n", g.prog, g.prog)
		return exitStatus(1)
	}
	if o.version || o.license {
		// As gzip does: print, and stop there.
		fmt.Fprintf(g.stdoutWriter(), "%s\n", versionLine(g.prog, sf.name))
		if o.license {
			g.stdoutWriter().WriteString(licenseText)
		} else {
			fmt.Fprintf(g.stdoutWriter(), "Compatible with GNU gzip 1.12: its options, messages and exit status.\n")
		}
		if err := g.stdoutWr.Flush(); err != nil {
			fmt.Fprintf(g.stderr, "\n%s: %s\n", g.prog, strerror(err))
			return exitStatus(1)
		}
		return nil
	}
	if o.procs < 1 {
		return &usageError{code: 1, err: fmt.Errorf("invalid number of processes: %d", o.procs)}
	}
	if o.independent && o.rsyncable {
		return &usageError{code: 1, err: errors.New("--rsyncable and -i (--independent) cut the input in different places: give one")}
	}
	if o.suffix == "" || len(o.suffix) > maxSuffix {
		// gzip says so without the hint to --help.
		fmt.Fprintf(g.stderr, "%s: invalid suffix '%s'\n", g.prog, o.suffix)
		return exitStatus(1)
	}
	if o.max != "" {
		n, err := parseSize(o.max)
		if err != nil {
			return &usageError{code: 1, err: err}
		}
		if n == 0 {
			return &usageError{code: 1, err: errors.New("--max must be at least 1 byte")}
		}
		g.maxSize = n
	}
	if o.list && sf.format != compress.Gzip {
		return &usageError{code: 1, err: fmt.Errorf("--list reads gzip headers; %s streams have none", sf.format)}
	}
	if o.ascii && !o.quiet {
		fmt.Fprintf(g.stderr, "%s: option --ascii ignored on this system\n", g.prog)
	}
	if o.test || o.list {
		o.decompress = true
	}
	if o.quiet {
		o.verbose = false
	}
	g.zopts = compress.ReaderOptions{MaxSize: g.maxSize}
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, name := range args {
		if name == "-" {
			g.doStdin()
		} else {
			g.doFile(name)
		}
		if g.abort {
			break
		}
	}
	if o.list && !o.quiet && len(args) > 1 {
		g.listTotals()
	}
	if g.stdoutWr != nil && !g.stdoutFailed {
		if err := g.stdoutWr.Flush(); err != nil {
			g.failDevice("stdout", err)
		}
	}
	if g.code != 0 {
		return exitStatus(g.code)
	}
	return nil
}

// maxSuffix is the longest suffix gzip takes (its MAX_SUFFIX).
const maxSuffix = 30

// versionLine is the first line of -V and -L: the name the program runs
// as, that it is fastio's, and the version.
func versionLine(prog, sub string) string {
	// The version is the last word, as in gzip's "gzip 1.12": "devel"
	// for a binary built without a module version.
	v := strings.Trim(Version(), "()")
	if strings.HasPrefix(prog, "fastio") {
		return "fastio " + sub + " " + v
	}
	return prog + " (fastio) " + v
}

// licenseText is what -L prints after the version line.
const licenseText = `Copyright (c) 2026 The fastio Authors.
This is free software under a BSD-style license: see the LICENSE file
of github.com/fastio-go/fastio. There is NO WARRANTY, to the extent
permitted by law.
`

// failDevice reports an error reading the input or writing the output
// (name) as gzip does, after an empty line, once for the run's standard
// output.
func (g *gzipRun) failDevice(name string, err error) {
	if name == "stdout" {
		if g.stdoutFailed {
			g.code = 1
			return
		}
		g.stdoutFailed = true
	}
	g.failData("%s: %s", name, strerror(err))
}

// stdoutWriter returns the buffered standard output shared by every input
// of the run.
func (g *gzipRun) stdoutWriter() *core.Writer {
	if g.stdoutWr == nil {
		g.stdoutWr = core.NewWriter(g.stdout)
	}
	return g.stdoutWr
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (g *gzipRun) doStdin() {
	if !g.o.force && !g.o.list {
		if !g.o.decompress && (g.o.presumeTTY || isTerminal(g.stdout)) {
			g.fail("compressed data not written to a terminal. Use -f to force compression.\nFor help, type: %s -h", g.prog)
			return
		}
		if g.o.decompress && (g.o.presumeTTY || isTerminal(g.stdin)) {
			g.fail("compressed data not read from a terminal. Use -f to force decompression.\nFor help, type: %s -h", g.prog)
			return
		}
	}
	if g.o.list {
		g.list(g.stdin, "stdin", "stdout", statOf(g.stdin))
		return
	}
	st := statOf(g.stdin)
	if f, ok := g.stdin.(*os.File); ok && !g.o.test && g.sameAsStdout(f, "stdin") {
		return
	}
	in, done := withProgress(g.stdin, sizeOf(g.stdin), "stdin", g.stderr, g.o.quiet)
	defer done()
	var v verboseCounts
	in = v.reader(in) // counted always: the size check of a regular file
	if g.o.decompress {
		dst := io.Writer(io.Discard)
		if !g.o.test {
			dst = g.stdoutWriter()
		}
		zr := g.startInflate(in, "stdin")
		if (zr != nil || g.plain) && g.inflate(zr, "stdin", v.writer(dst, g.o.verbose), "stdout") && g.o.test && g.o.verbose {
			// gzip reports a tested stdin, not the ratio of a decompressed one.
			fmt.Fprintf(g.stderr, " OK\n")
		}
		return
	}
	// As gzip does, stdin that is a regular file gives its time to the
	// header (there is no name to store).
	h := compress.Header{OS: 3}
	if st != nil && st.Mode().IsRegular() && !g.o.noName {
		h.ModTime = g.headerTime("stdin", st)
	}
	if g.deflate(in, "stdin", h, v.writer(g.stdoutWriter(), g.o.verbose), "stdout") {
		g.checkSize("stdin", st, v.in)
		if g.o.verbose {
			fmt.Fprintf(g.stderr, "%s\n", ratio(v.in-(v.out-headerBytes(g.sf.format, h)), v.in))
		}
	}
}

// checkSize warns, as gzip does (without changing the exit status), when
// a regular file's size at the start is not what was read.
func (g *gzipRun) checkSize(name string, st fs.FileInfo, read int64) {
	if st != nil && st.Mode().IsRegular() && st.Size() != read {
		g.endPrefix()
		fmt.Fprintf(g.stderr, "%s: %s: file size changed while zipping\n", g.prog, name)
	}
}

// headerTime is the modification time a compressed file's header stores:
// the file's, or none (with a warning, as gzip gives) when the gzip
// format cannot hold it: before 1970-01-01 00:00:01 UTC or after
// 2106-02-07 06:28:15.
func (g *gzipRun) headerTime(name string, st fs.FileInfo) time.Time {
	t := st.ModTime().Truncate(time.Second)
	if s := t.Unix(); s <= 0 || s > 0xffffffff {
		g.warn("%s: warning: file timestamp out of range for gzip format", name)
		return time.Time{}
	}
	return t
}

// statOf returns the file information of a reader that is an *os.File, or nil.
func statOf(r io.Reader) fs.FileInfo {
	f, ok := r.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil
	}
	return st
}

// outputName returns the name a file compresses or decompresses to, or ""
// after a warning when it has no usable name.
func (g *gzipRun) outputName(name string) string {
	// gzip keeps quiet about skipped files under -r, unless -v.
	tell := g.o.verbose || !g.o.recursive && !g.o.quiet
	if !g.o.decompress {
		if suf := g.compressedSuffix(name); suf != "" {
			if tell {
				fmt.Fprintf(g.stderr, "%s: %s already has %s suffix -- unchanged\n", g.prog, name, suf)
			}
			return ""
		}
		return name + g.o.suffix
	}
	if out := g.stripSuffix(name); out != name {
		return out
	}
	if tell {
		g.warn("%s: unknown suffix -- ignored", name)
	}
	return ""
}

// knownSuffix returns the length of the compressed suffix at the end of
// name (compared without case, as gzip compares), one of -S's and the
// format's, and what -d replaces it with; 0 when it has none. As in gzip,
// a -S suffix that ends one of the format's (-S z and .gz) is tried last.
func (g *gzipRun) knownSuffix(name string) (int, string) {
	base := strings.ToLower(filepath.Base(name))
	user := strings.ToLower(g.o.suffix)
	userLast := false
	for i := 0; i < len(g.sf.suffixes); i += 2 {
		if s := g.sf.suffixes[i]; len(user) < len(s) && strings.HasSuffix(s, user) {
			userLast = true
		}
	}
	if !userLast && strings.HasSuffix(base, user) && len(base) > len(user) {
		return len(user), ""
	}
	for i := 0; i < len(g.sf.suffixes); i += 2 {
		if s := g.sf.suffixes[i]; strings.HasSuffix(base, s) && len(base) > len(s) {
			return len(s), g.sf.suffixes[i+1]
		}
	}
	if userLast && strings.HasSuffix(base, user) && len(base) > len(user) {
		return len(user), ""
	}
	return 0, ""
}

// stripSuffix returns name without its compressed suffix (replaced as -d
// replaces it), or name when it has none: the name -l shows.
func (g *gzipRun) stripSuffix(name string) string {
	n, repl := g.knownSuffix(name)
	if n == 0 {
		return name
	}
	return name[:len(name)-n] + repl
}

// compressedSuffix returns the compressed suffix that name has already, one
// of -S's and the format's, or "". With -f, gzip compresses such a file
// anyway (a.gz into a.gz.gz).
func (g *gzipRun) compressedSuffix(name string) string {
	if g.o.force {
		return ""
	}
	n, _ := g.knownSuffix(name)
	if n == 0 {
		return ""
	}
	return name[len(name)-n:]
}

// findCompressed is the name of the file -d reads for a name that does not
// exist: as gzip does, when name has no compressed suffix, the first of
// name plus -S's suffix, .gz, .z, -z and .Z that exists. It returns name
// when none does (or name has a suffix), and the name to complain about.
func (g *gzipRun) findCompressed(name string) (found, complain string) {
	if n, _ := g.knownSuffix(name); n != 0 {
		return "", name
	}
	tries := []string{g.o.suffix}
	if g.sf.format == compress.Gzip {
		for _, s := range []string{".gz", ".z", "-z", ".Z"} {
			if s != g.o.suffix {
				tries = append(tries, s)
			}
		}
	} else {
		for i := 0; i < len(g.sf.suffixes); i += 2 {
			if s := g.sf.suffixes[i]; s != g.o.suffix {
				tries = append(tries, s)
			}
		}
	}
	for _, s := range tries {
		if _, err := os.Lstat(name + s); !errors.Is(err, fs.ErrNotExist) {
			return name + s, ""
		}
	}
	return "", name + g.o.suffix
}

func (g *gzipRun) doFile(name string) {
	// Like gzip, a symbolic link is not followed unless -f or the output
	// goes to standard output (-c, -t, -l).
	toStdout := g.o.stdout || g.o.test || g.o.list
	follow := g.o.force || toStdout
	st, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) && g.o.decompress {
		found, complain := g.findCompressed(name)
		if found == "" {
			g.fail("%s: %s", complain, strerror(err))
			return
		}
		name = found
		st, err = os.Lstat(name)
	}
	if err == nil && st.Mode()&fs.ModeSymlink != 0 {
		if !follow {
			g.fail("%s: %s", name, strerror(syscall.ELOOP))
			return
		}
		st, err = os.Stat(name)
	}
	if err != nil {
		g.fail("%s: %s", name, strerror(err))
		return
	}
	if st.IsDir() {
		if g.o.recursive {
			g.doDir(name)
			return
		}
		g.warn("%s is a directory -- ignored", name)
		return
	}
	if !toStdout && !g.refuseFile(name, st) {
		return
	}
	// The output name, as gzip makes it: none to standard output (-c
	// reads any file, -r or not); under -r, -t and -l skip the files
	// without a compressed suffix, as -d does, and without -r they read
	// any file.
	outName := name
	switch {
	case g.o.stdout && !g.o.test && !g.o.list:
	case (g.o.test || g.o.list) && !g.o.recursive:
		outName = g.stripSuffix(name)
	default:
		if outName = g.outputName(name); outName == "" {
			return
		}
	}
	f, err := os.Open(name)
	if err != nil {
		g.fail("%s: %s", name, strerror(err))
		return
	}
	defer f.Close()
	if g.o.list {
		g.list(f, name, outName, st)
		return
	}
	if toStdout && !g.o.test && g.sameAsStdout(f, name) {
		return
	}
	in, done := withProgress(f, st.Size(), name, g.stderr, g.o.quiet)
	defer done()
	var v verboseCounts
	in = v.reader(in)
	if toStdout {
		if g.o.decompress {
			dst := io.Writer(io.Discard)
			if !g.o.test {
				dst = g.stdoutWriter()
			}
			zr := g.startInflate(in, name)
			if zr == nil && !g.plain {
				return
			}
			g.verbosePrefix(name)
			if g.inflate(zr, name, v.writer(dst, g.o.verbose), "stdout") {
				g.verboseDone(&v, "stdout")
			}
		} else {
			h := g.header(name, st)
			g.verbosePrefix(name)
			if g.deflate(in, name, h, v.writer(g.stdoutWriter(), g.o.verbose), "stdout") {
				g.checkSize(name, st, v.in)
				g.verboseDeflated(&v, h, "stdout")
			}
		}
		return
	}
	var zr *compress.Reader
	modTime := st.ModTime()
	if g.o.decompress {
		if zr = g.startInflate(in, name); zr == nil {
			return
		}
		if g.o.name {
			// -N: the name and time of the header, the name in the
			// input's directory.
			if base := filepath.Base(zr.Header.Name); zr.Header.Name != "" && base != "." && base != ".." && base != "/" {
				outName = filepath.Join(filepath.Dir(name), base)
			}
			if !zr.Header.ModTime.IsZero() {
				modTime = zr.Header.ModTime
			}
		}
	}
	if _, err := os.Lstat(outName); err == nil && !g.o.force && !g.overwriteOK(outName) {
		return
	}
	af, err := createAtomic(outName, st.Mode().Perm())
	if err != nil {
		g.fail("%s: %s", outName, strerror(err))
		return
	}
	w := core.NewWriter(af)
	dst := v.writer(w, g.o.verbose)
	g.verbosePrefix(name)
	var ok bool
	var h compress.Header
	if g.o.decompress {
		ok = g.inflate(zr, name, dst, outName)
	} else {
		h = g.header(name, st)
		if ok = g.deflate(in, name, h, dst, outName); ok {
			g.checkSize(name, st, v.in)
		}
	}
	if ok {
		if err := w.Flush(); err != nil {
			g.failDevice(outName, err)
			ok = false
		}
	} else {
		w.Reset(io.Discard) // the partial output goes with the temporary file
	}
	if ok && g.o.synchronous {
		if err := af.Sync(); err != nil {
			g.failDevice(outName, err)
			ok = false
		}
	}
	if !ok {
		af.Abort()
		return
	}
	// As gzip does: the input's access and modification times (or with
	// -N the header's), its group, then its permissions, then its owner.
	os.Chtimes(af.Name(), accessTime(st), modTime)
	copyOwner(af.File, st)
	if err := af.Commit(); err != nil {
		g.fail("%s: %s", outName, strerror(err))
		return
	}
	if !g.o.keep {
		if err := os.Remove(name); err != nil {
			g.fail("%s: %s", name, strerror(err))
		}
	}
	if g.o.decompress {
		g.verboseDone(&v, outName)
	} else {
		g.verboseDeflated(&v, h, outName)
	}
}

// overwriteOK asks, as gzip does when standard input is a terminal (or
// with --presume-input-tty), whether the existing outName may be replaced;
// otherwise, or on a no, it warns that the file is not overwritten.
func (g *gzipRun) overwriteOK(outName string) bool {
	fmt.Fprintf(g.stderr, "%s: %s already exists;", g.prog, outName)
	if g.o.presumeTTY || isTerminal(g.stdin) {
		fmt.Fprintf(g.stderr, " do you wish to overwrite (y or n)? ")
		if yes(g.stdin) {
			return true
		}
	}
	fmt.Fprintf(g.stderr, "\tnot overwritten\n")
	if g.code == 0 {
		g.code = 2
	}
	return false
}

// yes reads a line from r and reports whether it starts with y or Y.
func yes(r io.Reader) bool {
	var line []byte
	var c [1]byte
	for {
		n, err := r.Read(c[:])
		if n == 1 {
			if c[0] == '\n' {
				break
			}
			line = append(line, c[0])
			if len(line) > 1024 {
				break
			}
		}
		if err != nil {
			break
		}
	}
	return len(line) > 0 && (line[0] == 'y' || line[0] == 'Y')
}

// refuseFile applies gzip's checks of a file it would replace and reports
// whether the file may be compressed or decompressed in place: a regular
// file, not set-user-ID or set-group-ID (even with -f: the output could
// not keep those bits safely), and without -f not sticky and without other
// hard links (removing it would break them). A refusal is a warning.
func (g *gzipRun) refuseFile(name string, st fs.FileInfo) bool {
	m := st.Mode()
	switch {
	case !m.IsRegular():
		g.warn("%s is not a directory or a regular file - ignored", name)
	case m&fs.ModeSetuid != 0:
		g.warn("%s is set-user-ID on execution - ignored", name)
	case m&fs.ModeSetgid != 0:
		g.warn("%s is set-group-ID on execution - ignored", name)
	case g.o.force:
		return true
	case m&fs.ModeSticky != 0:
		g.warn("%s has the sticky bit set - file ignored", name)
	default:
		_, _, n, _ := fileOwner(st)
		if n < 2 {
			return true
		}
		plural := "s"
		if n == 2 {
			plural = ""
		}
		g.warn("%s has %d other link%s -- file ignored", name, n-1, plural)
	}
	return false
}

// doDir runs doFile on every entry of a directory, in the order the
// directory lists them (as gzip does, unsorted), descending into
// subdirectories.
func (g *gzipRun) doDir(dir string) {
	f, err := os.Open(dir)
	if err != nil {
		g.fail("%s: %s", dir, strerror(err))
		return
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		g.fail("%s: %s", dir, strerror(err))
		return
	}
	prefix := dir
	if !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	for _, e := range entries {
		g.doFile(prefix + e.Name())
		if g.abort {
			return
		}
	}
}

// header is the gzip header for a file: its base name and modification time
// unless -n.
func (g *gzipRun) header(name string, st fs.FileInfo) compress.Header {
	h := compress.Header{OS: 3} // Unix, as gzip writes
	if !g.o.noName || g.o.name {
		h.Name = filepath.Base(name)
		if st.Mode().IsRegular() {
			h.ModTime = g.headerTime(name, st)
		}
	}
	return h
}

// deflate compresses in to dst and reports success; errors are printed.
func (g *gzipRun) deflate(in io.Reader, inName string, h compress.Header, dst io.Writer, outName string) bool {
	var err error
	if g.o.rsyncable && g.sf.format == compress.Gzip {
		err = g.deflateRsyncable(in, h, dst)
	} else {
		err = g.deflateStream(in, h, dst)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "read" {
			g.failDevice(inName, err)
		} else {
			g.failDevice(outName, err)
		}
		g.abort = true
		return false
	}
	return true
}

// deflateStream compresses in to dst as one stream of the run's format.
func (g *gzipRun) deflateStream(in io.Reader, h compress.Header, dst io.Writer) error {
	if g.zw == nil {
		// -p N: N goroutines compress blocks primed with the 32 KiB before
		// them, written in order as one standard stream.
		// -i: each block a member of its own, with its length in the
		// header, whatever N.
		zw, err := compress.NewWriter(dst, g.sf.format, g.level, &compress.WriterOptions{Concurrency: g.o.procs, Index: g.o.independent})
		if err != nil {
			return err
		}
		g.zw = zw
	} else {
		g.zw.Reset(dst)
	}
	g.zw.Header = h
	_, err := g.zw.ReadFrom(in)
	if err == nil {
		err = g.zw.Close()
	}
	return err
}

// isWriteErr reports whether err came from writing the output.
func isWriteErr(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Op == "write"
}

// foreignFormat names the compressed formats that gzip also decompresses
// and fastio does not, by their magic number, or returns "".
func foreignFormat(m []byte) string {
	if len(m) < 2 {
		return ""
	}
	switch {
	case m[0] == 0x1f && m[1] == 0x9d:
		return "compress (LZW, .Z)"
	case m[0] == 0x1f && m[1] == 0x1e:
		return "pack"
	case m[0] == 0x1f && m[1] == 0xa0:
		return "SCO LZH"
	}
	return ""
}

// passThrough reports whether data that is not compressed is copied as it
// is, as gzip -cdf (and zcat -f) does.
func (g *gzipRun) passThrough() bool {
	return g.sf.format == compress.Gzip && g.o.force && (g.o.stdout || g.o.test) && !g.o.list
}

// startInflate reads the start of a compressed stream in (named name in
// messages): the magic number, and the gzip header, which -N and -v need
// before the output. It returns nil after printing an error, or (with
// g.plain set) for data that -cdf copies as it is.
func (g *gzipRun) startInflate(in io.Reader, name string) *compress.Reader {
	g.plain = false
	if g.par = g.newParInput(in); g.par != nil {
		in = g.par
	}
	if g.inBuf == nil {
		g.inBuf = core.NewReaderSize(in, 256<<10)
	} else {
		g.inBuf.Reset(in)
	}
	if g.sf.format == compress.Gzip {
		m, err := g.inBuf.Peek(2)
		if len(m) < 2 && err != nil && !errors.Is(err, io.EOF) {
			g.failDevice(name, err)
			return nil
		}
		if f := foreignFormat(m); f != "" {
			g.failData("%s: %s data, which fastio does not decompress", name, f)
			return nil
		}
		if len(m) < 2 || m[0] != 0x1f || m[1] != 0x8b {
			switch {
			case g.passThrough():
				g.plain = true
			case len(m) < 2:
				// As gzip: too short for a magic number.
				g.failData("%s: unexpected end of file", name)
			default:
				g.failData("%s: not in gzip format", name)
			}
			return nil
		}
	}
	opts := g.zopts
	if g.perMember() {
		opts = g.memberOptions()
	}
	if g.par != nil {
		opts.Concurrency = g.o.procs
	}
	zr, err := compress.NewReader(g.memberSource(), g.sf.format, &opts)
	if err != nil {
		g.fail("%v", err)
		return nil
	}
	// The first inflated bytes, and with them the header; an error is kept
	// by the Reader and reported by inflate.
	zr.Fill()
	g.headerLen = headerBytes(g.sf.format, zr.Header)
	return zr
}

// inflate decompresses zr (the stream of name, begun by startInflate) to
// dst and reports whether the output is complete; a trailing-garbage
// warning still counts as complete, as in gzip. After startInflate set
// g.plain, it copies the input instead.
func (g *gzipRun) inflate(zr *compress.Reader, name string, dst io.Writer, outName string) bool {
	if g.plain {
		return g.copyRest(name, dst, outName)
	}
	if g.perMember() {
		return g.inflateMembers(zr, name, dst, outName)
	}
	n, err := zr.WriteTo(dst)
	g.lastMember = n // a zlib or deflate stream is one member
	return g.inflateErr(err, name, outName)
}

// copyRest copies what is left of the input to dst: -cdf's data that is
// not compressed.
func (g *gzipRun) copyRest(name string, dst io.Writer, outName string) bool {
	n, err := g.inBuf.WriteTo(dst)
	g.lastMember = n
	if err != nil {
		if isWriteErr(err) {
			g.failDevice(outName, err)
		} else {
			g.failDevice(name, err)
		}
		g.abort = true
		return false
	}
	return true
}

// perMember reports whether gzip members are inflated one by one, which
// they are: gzip looks at what follows each member (another member, zero
// padding, garbage, or with -cdf data to copy) and -v and -l report the
// size of the last member.
func (g *gzipRun) perMember() bool {
	return g.sf.format == compress.Gzip
}

// inflateMembers inflates zr, a Reader of one member left positioned after
// it, and every member after it, as inflate does the whole stream; it keeps
// the last member's size, and deals with bytes after a member as gzip
// does: another member, zero padding (a warning only with -v), with -cdf
// data copied as it is, a single byte ("unexpected end of file") or
// trailing garbage (a warning).
func (g *gzipRun) inflateMembers(zr *compress.Reader, name string, dst io.Writer, outName string) bool {
	g.trailing = false
	var total int64
	for {
		n, err := zr.WriteTo(dst)
		total += n
		g.lastMember = n
		if err != nil {
			return g.inflateErr(err, name, outName)
		}
		if g.par != nil {
			g.inBuf.Reset(g.par) // the Reader left the file after the member
		}
		p, err := g.inBuf.Peek(2)
		switch {
		case len(p) < 2 && err != nil && !errors.Is(err, io.EOF):
			g.failDevice(name, err)
			g.abort = true
			return false
		case len(p) == 0:
			return true
		case len(p) == 2 && p[0] == 0x1f && p[1] == 0x8b:
			if g.maxSize == compress.NoLimit {
				zr.Reset(g.memberSource()) // the same options: reuse the Reader
				continue
			}
			opts := g.memberOptions()
			if opts.MaxSize = g.maxSize - total; opts.MaxSize <= 0 {
				g.fail("%s: decompressed size exceeds the --max limit of %d bytes", name, g.maxSize)
				return false
			}
			if g.par != nil {
				opts.Concurrency = g.o.procs
			}
			if zr, err = compress.NewReader(g.memberSource(), g.sf.format, &opts); err != nil {
				g.fail("%v", err)
				return false
			}
			continue
		case foreignFormat(p) != "":
			g.failData("%s: %s data, which fastio does not decompress", name, foreignFormat(p))
			g.abort = true
			return false
		case g.passThrough():
			return g.copyRest(name, dst, outName)
		}
		g.trailing = true
		if p[0] == 0 {
			if g.restIsZeros() {
				if g.o.verbose {
					g.warnData("%s: decompression OK, trailing zero bytes ignored", name)
				}
				return true
			}
		} else if len(p) == 1 {
			// gzip reads a second byte of magic number, and there is none.
			g.failData("%s: unexpected end of file", name)
			g.abort = true
			return false
		}
		g.warnData("%s: decompression OK, trailing garbage ignored", name)
		return true
	}
}

// memberOptions are the Reader options of a gzip member: one member per
// Reader, or with wholeRun the run of members it starts.
func (g *gzipRun) memberOptions() compress.ReaderOptions {
	opts := g.zopts
	opts.SingleMember, opts.StopAtEnd = !g.wholeRun(), true
	return opts
}

// wholeRun reports whether one Reader inflates a run of gzip members, up
// to the first byte after them that is not another member: with -p N from
// a regular file, so that members whose headers record their length (-i,
// bgzip) inflate on N cores. -v and -l report the size of the last member,
// and read one member per Reader.
func (g *gzipRun) wholeRun() bool {
	return g.par != nil && g.o.procs >= 2 && !g.o.verbose && !g.o.list
}

// restIsZeros reads the rest of the input and reports whether it is all
// zero bytes, stopping at the first other byte.
func (g *gzipRun) restIsZeros() bool {
	for {
		c, err := g.inBuf.ReadByte()
		if err != nil {
			return true
		}
		if c != 0 {
			return false
		}
	}
}

// inflateErr reports the error that ended an inflation, if any, as gzip
// words it, and whether the output is complete.
func (g *gzipRun) inflateErr(err error, name, outName string) bool {
	if err == nil {
		return true
	}
	var ze *compress.Error
	if !errors.As(err, &ze) || !isFormatErr(err) {
		// A device error: reading the input, or writing the output.
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "read" || !isWriteErr(err) && ze != nil {
			g.failDevice(name, err)
		} else {
			g.failDevice(outName, err)
		}
		g.abort = true
		return false
	}
	g.abort = !errors.Is(err, compress.ErrTrailingData) && !errors.Is(err, compress.ErrHeader)
	switch {
	case errors.Is(err, compress.ErrTrailingData):
		g.warnData("%s: decompression OK, trailing garbage ignored", name)
		return true
	case errors.Is(err, compress.ErrHeader):
		g.failData("%s: not in %s format", name, g.sf.format)
	case errors.Is(err, compress.ErrTruncated):
		g.failData("%s: unexpected end of file", name)
	case errors.Is(err, compress.ErrChecksum):
		if strings.Contains(ze.Detail, "size") || strings.Contains(ze.Detail, "length") {
			g.failData("%s: invalid compressed data--length error", name)
		} else {
			g.failData("%s: invalid compressed data--crc error", name)
		}
	case errors.Is(err, core.ErrTooLarge):
		g.fail("%s: decompressed size exceeds the --max limit of %d bytes", name, g.maxSize)
	default:
		g.failData("%s: invalid compressed data--format violated", name)
	}
	return false
}

// isFormatErr reports whether err is one of compress's input sentinels.
func isFormatErr(err error) bool {
	for _, s := range []error{compress.ErrHeader, compress.ErrCorrupt, compress.ErrTruncated,
		compress.ErrChecksum, compress.ErrTrailingData, compress.ErrDictionary, core.ErrTooLarge, compress.ErrRatio} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// sameAsStdout refuses, as cat does, an input that is the file standard
// output writes into (gzip -c F >> F), which would read its own output
// back without end.
func (g *gzipRun) sameAsStdout(f *os.File, name string) bool {
	if checkNotSelf(f, g.stdout) == nil {
		return false
	}
	g.fail("%s: input file is output file", name)
	return true
}

// copyOwner gives f the group and then the owner of the file st
// describes, as gzip does (errors ignored: only root may give a file
// away), then its permissions again, which a change of owner may clear.
func copyOwner(f *os.File, st fs.FileInfo) {
	uid, gid, _, ok := fileOwner(st)
	if !ok {
		return
	}
	f.Chown(-1, gid)
	f.Chmod(st.Mode().Perm())
	f.Chown(uid, -1)
}
