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
	levels                                               [10]bool
	fast, best                                           bool
	procs                                                int
	suffix                                               string
	max                                                  string
}

func newGzipCommand(sf streamFormat) *cobra.Command {
	var o gzipOptions
	c := &cobra.Command{
		Use:   sf.name + " [-d] [-c] [-k] [-f] [-t] [-l] [-v] [-n|-N] [-r] [-1...-9] [-p N] [FILE]...",
		Short: fmt.Sprintf("Compress or decompress %s streams, as gzip does", sf.format),
		Long: fmt.Sprintf(`%[1]s compresses each FILE into FILE%[2]s, or with -d decompresses FILE%[2]s
into FILE, with gzip's rules: the input is removed unless -k or -c, an existing
output is not overwritten without -f, output goes to standard output with -c
or when there is no FILE (or FILE is "-"), and -t tests the integrity of
compressed files. Output files are written under a temporary name and renamed
into place when complete, so an error or an interrupt leaves no partial file;
they keep the input's permissions and modification time. A symbolic link is
refused unless -f, -c, -t or -l. -r descends into directories, skipping
(silently, unless -v) the files that already have a compressed suffix, or,
with -d, -t and -l, the files without one.

Compressing stores the input's name and modification time in the gzip header
unless -n; decompressing names the output after the input and gives it the
input's modification time unless -N, which takes both from the header, as
gzip does. -l lists each file's compressed and uncompressed size (the size
field of the last member: the size modulo 4 GiB), ratio and name; -lv adds
the method, CRC and time. -v reports each file on standard error.

The stream format is %[3]s.%[4]s Bytes after the end of the data are a
warning ("trailing garbage ignored", exit status 2). There is no limit on the
decompressed size unless --max is given.

-1 (fastest) to -9 (smallest) choose the level, 6 by default. -p N compresses
on N cores into one standard stream.

Exit status: 0 on success, 1 on an error, 2 on a warning.`, sf.name, sf.suffix, sf.format, membersNote(sf.format)),
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
	f.BoolVarP(&o.quiet, "quiet", "q", false, "suppress all warnings and the progress bar")
	f.BoolVarP(&o.noName, "no-name", "n", false, "do not save or restore the original name and timestamp")
	f.BoolVarP(&o.name, "name", "N", false, "save or restore the original name and timestamp")
	f.BoolVarP(&o.list, "list", "l", false, "list compressed file contents")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "verbose mode")
	f.BoolVarP(&o.recursive, "recursive", "r", false, "operate recursively on directories")
	f.BoolVar(&o.fast, "fast", false, "compress faster (-1)")
	f.BoolVar(&o.best, "best", false, "compress better (-9)")
	for l := 1; l <= 9; l++ {
		name := "level-" + strconv.Itoa(l)
		f.BoolVarP(&o.levels[l], name, strconv.Itoa(l), false, "compression level "+strconv.Itoa(l))
		f.MarkHidden(name)
	}
	f.IntVarP(&o.procs, "processes", "p", 1, "compress on `N` cores")
	f.StringVarP(&o.suffix, "suffix", "S", sf.suffix, "use suffix `SUF` on compressed files")
	f.StringVar(&o.max, "max", "", "stop decompressing beyond `SIZE` bytes (suffixes K, M, G, T: powers of 1024)")
	return c
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
	zopts    compress.ReaderOptions
	inBuf    *core.Reader
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
	g := &gzipRun{sf: sf, o: o, prog: progName(c), level: 6,
		stdin: c.InOrStdin(), stdout: c.OutOrStdout(), stderr: c.ErrOrStderr(), maxSize: compress.NoLimit}
	for l := 1; l <= 9; l++ {
		if o.levels[l] {
			g.level = l
		}
	}
	if o.fast {
		g.level = 1
	}
	if o.best {
		g.level = 9
	}
	if o.procs < 1 {
		return &usageError{code: 1, err: fmt.Errorf("invalid number of processes: %d", o.procs)}
	}
	if o.suffix == "" {
		return &usageError{code: 1, err: errors.New("invalid suffix ''")}
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
	if g.stdoutWr != nil {
		if err := g.stdoutWr.Flush(); err != nil {
			g.fail("stdout: %s", strerror(err))
		}
	}
	if g.code != 0 {
		return exitStatus(g.code)
	}
	return nil
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
	if !g.o.force {
		if !g.o.decompress && isTerminal(g.stdout) {
			g.fail("compressed data not written to a terminal. Use -f to force compression.\nFor help, type: %s -h", g.prog)
			return
		}
		if g.o.decompress && isTerminal(g.stdin) {
			g.fail("compressed data not read from a terminal. Use -f to force decompression.\nFor help, type: %s -h", g.prog)
			return
		}
	}
	if g.o.list {
		g.list(g.stdin, "stdin", "stdout", statOf(g.stdin))
		return
	}
	in, done := withProgress(g.stdin, sizeOf(g.stdin), "stdin", g.stderr, g.o.quiet)
	defer done()
	var v verboseCounts
	if g.o.verbose {
		in = v.reader(in)
	}
	if g.o.decompress {
		dst := io.Writer(io.Discard)
		if !g.o.test {
			dst = g.stdoutWriter()
		}
		zr := g.startInflate(in, "stdin")
		if zr != nil && g.inflate(zr, "stdin", v.writer(dst, g.o.verbose), "stdout") && g.o.test && g.o.verbose {
			// gzip reports a tested stdin, not the ratio of a decompressed one.
			fmt.Fprintf(g.stderr, " OK\n")
		}
		return
	}
	// As gzip does, stdin that is a regular file gives its time to the
	// header (there is no name to store).
	h := compress.Header{OS: 3}
	if st := statOf(g.stdin); st != nil && st.Mode().IsRegular() && !g.o.noName {
		h.ModTime = st.ModTime().Truncate(time.Second)
	}
	if g.deflate(in, "stdin", h, v.writer(g.stdoutWriter(), g.o.verbose), "stdout") && g.o.verbose {
		fmt.Fprintf(g.stderr, "%s\n", ratio(v.in-(v.out-headerBytes(g.sf.format, h)), v.in))
	}
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
	base := filepath.Base(name)
	if g.o.suffix != g.sf.suffix && strings.HasSuffix(base, g.o.suffix) && len(base) > len(g.o.suffix) {
		return strings.TrimSuffix(name, g.o.suffix)
	}
	for i := 0; i < len(g.sf.suffixes); i += 2 {
		s := g.sf.suffixes[i]
		if strings.HasSuffix(base, s) && len(base) > len(s) {
			return strings.TrimSuffix(name, s) + g.sf.suffixes[i+1]
		}
	}
	if tell {
		g.warn("%s: unknown suffix -- ignored", name)
	}
	return ""
}

// stripSuffix returns name without its compressed suffix (replaced as -d
// replaces it), or name when it has none: the name -l shows.
func (g *gzipRun) stripSuffix(name string) string {
	base := filepath.Base(name)
	if g.o.suffix != g.sf.suffix && strings.HasSuffix(base, g.o.suffix) && len(base) > len(g.o.suffix) {
		return strings.TrimSuffix(name, g.o.suffix)
	}
	for i := 0; i < len(g.sf.suffixes); i += 2 {
		if s := g.sf.suffixes[i]; strings.HasSuffix(base, s) && len(base) > len(s) {
			return strings.TrimSuffix(name, s) + g.sf.suffixes[i+1]
		}
	}
	return name
}

// compressedSuffix returns the compressed suffix that name has already, one
// of -S's and the format's, or "". With -f, gzip compresses such a file
// anyway (a.gz into a.gz.gz).
func (g *gzipRun) compressedSuffix(name string) string {
	if g.o.force {
		return ""
	}
	base := filepath.Base(name)
	if strings.HasSuffix(base, g.o.suffix) {
		return g.o.suffix
	}
	for i := 0; i < len(g.sf.suffixes); i += 2 {
		if s := g.sf.suffixes[i]; strings.HasSuffix(base, s) && len(base) > len(s) {
			return s
		}
	}
	return ""
}

func (g *gzipRun) doFile(name string) {
	// Like gzip, a symbolic link is not followed unless -f or the output
	// goes to standard output (-c, -t, -l).
	follow := g.o.force || g.o.stdout || g.o.test || g.o.list
	st, err := os.Lstat(name)
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
	if !st.Mode().IsRegular() && !g.o.stdout && !g.o.test && !g.o.list {
		g.warn("%s is not a directory or a regular file - ignored", name)
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
	in, done := withProgress(f, st.Size(), name, g.stderr, g.o.quiet)
	defer done()
	var v verboseCounts
	if g.o.verbose {
		in = v.reader(in)
	}
	if g.o.stdout || g.o.test {
		if g.o.decompress {
			dst := io.Writer(io.Discard)
			if !g.o.test {
				dst = g.stdoutWriter()
			}
			zr := g.startInflate(in, name)
			if zr == nil {
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
	if _, err := os.Lstat(outName); err == nil && !g.o.force {
		g.warn("%s already exists;\tnot overwritten", outName)
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
		ok = g.deflate(in, name, h, dst, outName)
	}
	if ok {
		if err := w.Flush(); err != nil {
			g.fail("%s: %s", outName, strerror(err))
			ok = false
		}
	} else {
		w.Reset(io.Discard) // the partial output goes with the temporary file
	}
	if !ok {
		af.Abort()
		return
	}
	os.Chtimes(af.Name(), modTime, modTime)
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
		h.ModTime = st.ModTime().Truncate(time.Second)
	}
	return h
}

// deflate compresses in to dst and reports success; errors are printed.
func (g *gzipRun) deflate(in io.Reader, inName string, h compress.Header, dst io.Writer, outName string) bool {
	if g.zw == nil {
		// -p N: N goroutines compress blocks primed with the 32 KiB before
		// them, written in order as one standard stream.
		zw, err := compress.NewWriter(dst, g.sf.format, g.level, &compress.WriterOptions{Concurrency: g.o.procs})
		if err != nil {
			g.fail("%v", err)
			return false
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
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "read" {
			g.fail("%s: %s", inName, strerror(err))
		} else {
			g.fail("%s: %s", outName, strerror(err))
		}
		g.abort = true
		return false
	}
	return true
}

// isWriteErr reports whether err came from writing the output.
func isWriteErr(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Op == "write"
}

// startInflate reads the start of a compressed stream in (named name in
// messages): the magic number, and the gzip header, which -N and -v need
// before the output. It returns nil after printing an error.
func (g *gzipRun) startInflate(in io.Reader, name string) *compress.Reader {
	if g.inBuf == nil {
		g.inBuf = core.NewReaderSize(in, 256<<10)
	} else {
		g.inBuf.Reset(in)
	}
	if g.sf.format == compress.Gzip {
		// Like gzip, look at the magic number first: a short file that is
		// not gzip is "not in gzip format", not "unexpected end of file".
		if m, _ := g.inBuf.Peek(2); len(m) >= 1 && m[0] != 0x1f || len(m) == 2 && m[1] != 0x8b {
			g.failData("%s: not in gzip format", name)
			return nil
		}
	}
	opts := g.zopts
	if g.perMember() {
		opts = g.memberOptions()
	}
	zr, err := compress.NewReader(g.inBuf, g.sf.format, &opts)
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
// warning still counts as complete, as in gzip.
func (g *gzipRun) inflate(zr *compress.Reader, name string, dst io.Writer, outName string) bool {
	if g.perMember() {
		return g.inflateMembers(zr, name, dst, outName)
	}
	n, err := zr.WriteTo(dst)
	g.lastMember = n // a zlib or deflate stream is one member
	return g.inflateErr(err, name, outName)
}

// perMember reports whether gzip members are inflated one by one: for -v
// and -l, which report the size of the last member, as gzip does.
func (g *gzipRun) perMember() bool {
	return g.sf.format == compress.Gzip && (g.o.verbose || g.o.list)
}

// inflateMembers inflates zr, a Reader of one member left positioned after
// it, and every member after it, as inflate does the whole stream; it keeps
// the last member's size, and notes bytes after the last member: zero
// padding (a warning only with -v, as in gzip) or trailing garbage.
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
		p, _ := g.inBuf.Peek(2)
		if len(p) == 0 {
			return true
		}
		if len(p) == 2 && p[0] == 0x1f && p[1] == 0x8b {
			opts := g.memberOptions()
			if g.maxSize != compress.NoLimit {
				if opts.MaxSize = g.maxSize - total; opts.MaxSize <= 0 {
					g.fail("%s: decompressed size exceeds the --max limit of %d bytes", name, g.maxSize)
					return false
				}
			}
			if zr, err = compress.NewReader(g.inBuf, g.sf.format, &opts); err != nil {
				g.fail("%v", err)
				return false
			}
			continue
		}
		g.trailing = true
		if g.restIsZeros() {
			if g.o.verbose {
				g.warnData("%s: decompression OK, trailing zero bytes ignored", name)
			}
			return true
		}
		g.warnData("%s: decompression OK, trailing garbage ignored", name)
		return true
	}
}

// memberOptions are the Reader options of one member of -v and -l.
func (g *gzipRun) memberOptions() compress.ReaderOptions {
	opts := g.zopts
	opts.SingleMember, opts.StopAtEnd = true, true
	return opts
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
			g.fail("%s: %s", name, strerror(err))
		} else {
			g.fail("%s: %s", outName, strerror(err))
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
