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
	levels                                               [10]bool
	fast, best                                           bool
	procs                                                int
	suffix                                               string
	max                                                  string
}

func newGzipCommand(sf streamFormat) *cobra.Command {
	var o gzipOptions
	c := &cobra.Command{
		Use:   sf.name + " [-d] [-c] [-k] [-f] [-t] [-1...-9] [-p N] [FILE]...",
		Short: fmt.Sprintf("Compress or decompress %s streams, as gzip does", sf.format),
		Long: fmt.Sprintf(`%[1]s compresses each FILE into FILE%[2]s, or with -d decompresses FILE%[2]s
into FILE, with gzip's rules: the input is removed unless -k or -c, an existing
output is not overwritten without -f, output goes to standard output with -c
or when there is no FILE (or FILE is "-"), and -t tests the integrity of
compressed files. Output files are written under a temporary name and renamed
into place when complete, so an error or an interrupt leaves no partial file;
they keep the input's permissions and modification time.

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
	f.BoolVarP(&o.noName, "no-name", "n", false, "do not save the original name and timestamp")
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
	zw       *compress.Writer
	zopts    compress.ReaderOptions
	inBuf    *core.Reader
	stdoutWr *core.Writer
}

func (g *gzipRun) fail(format string, a ...any) {
	fmt.Fprintf(g.stderr, "%s: "+format+"\n", append([]any{g.prog}, a...)...)
	g.code = 1
}

func (g *gzipRun) warn(format string, a ...any) {
	if !g.o.quiet {
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
	if o.test {
		o.decompress = true
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
	in, done := withProgress(g.stdin, sizeOf(g.stdin), "stdin", g.stderr, g.o.quiet)
	defer done()
	if g.o.decompress {
		dst := io.Writer(io.Discard)
		if !g.o.test {
			dst = g.stdoutWriter()
		}
		g.inflate(in, "stdin", dst, "stdout")
		return
	}
	g.deflate(in, "stdin", compress.Header{OS: 3}, g.stdoutWriter(), "stdout")
}

// outputName returns the name a file compresses or decompresses to, or ""
// after a warning when it has no usable name.
func (g *gzipRun) outputName(name string) string {
	if !g.o.decompress {
		if strings.HasSuffix(name, g.o.suffix) {
			if !g.o.quiet {
				fmt.Fprintf(g.stderr, "%s: %s already has %s suffix -- unchanged\n", g.prog, name, g.o.suffix)
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
	g.warn("%s: unknown suffix -- ignored", name)
	return ""
}

func (g *gzipRun) doFile(name string) {
	st, err := os.Stat(name)
	if err != nil {
		g.fail("%s: %s", name, strerror(err))
		return
	}
	if st.IsDir() {
		g.warn("%s is a directory -- ignored", name)
		return
	}
	if !st.Mode().IsRegular() && !g.o.stdout && !g.o.test {
		g.warn("%s is not a directory or a regular file - ignored", name)
		return
	}
	f, err := os.Open(name)
	if err != nil {
		g.fail("%s: %s", name, strerror(err))
		return
	}
	defer f.Close()
	in, done := withProgress(f, st.Size(), name, g.stderr, g.o.quiet)
	defer done()
	if g.o.stdout || g.o.test {
		if g.o.decompress {
			dst := io.Writer(io.Discard)
			if !g.o.test {
				dst = g.stdoutWriter()
			}
			g.inflate(in, name, dst, "stdout")
		} else {
			g.deflate(in, name, g.header(name, st), g.stdoutWriter(), "stdout")
		}
		return
	}
	outName := g.outputName(name)
	if outName == "" {
		return
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
	var ok bool
	if g.o.decompress {
		ok = g.inflate(in, name, w, outName)
	} else {
		ok = g.deflate(in, name, g.header(name, st), w, outName)
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
	os.Chtimes(af.Name(), st.ModTime(), st.ModTime())
	if err := af.Commit(); err != nil {
		g.fail("%s: %s", outName, strerror(err))
		return
	}
	if !g.o.keep {
		if err := os.Remove(name); err != nil {
			g.fail("%s: %s", name, strerror(err))
		}
	}
}

// header is the gzip header for a file: its base name and modification time
// unless -n.
func (g *gzipRun) header(name string, st fs.FileInfo) compress.Header {
	h := compress.Header{OS: 3} // Unix, as gzip writes
	if !g.o.noName {
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
		zw, err := compress.NewWriterOptions(dst, g.sf.format, g.level, &compress.WriterOptions{Concurrency: g.o.procs})
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

// inflate decompresses in (named name in messages) to dst and reports
// whether the output is complete; a trailing-garbage warning still counts
// as complete, as in gzip.
func (g *gzipRun) inflate(in io.Reader, name string, dst io.Writer, outName string) bool {
	if g.inBuf == nil {
		g.inBuf = core.NewReaderSize(in, 256<<10)
	} else {
		g.inBuf.Reset(in)
	}
	if g.sf.format == compress.Gzip {
		// Like gzip, look at the magic number first: a short file that is
		// not gzip is "not in gzip format", not "unexpected end of file".
		if m, _ := g.inBuf.Peek(2); len(m) >= 1 && m[0] != 0x1f || len(m) == 2 && m[1] != 0x8b {
			g.fail("%s: not in gzip format", name)
			return false
		}
	}
	zr, err := compress.NewReader(g.inBuf, g.sf.format, &g.zopts)
	if err != nil {
		g.fail("%v", err)
		return false
	}
	_, err = zr.WriteTo(dst)
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
		g.warn("%s: decompression OK, trailing garbage ignored", name)
		return true
	case errors.Is(err, compress.ErrHeader):
		g.fail("%s: not in %s format", name, g.sf.format)
	case errors.Is(err, compress.ErrTruncated):
		g.fail("%s: unexpected end of file", name)
	case errors.Is(err, compress.ErrChecksum):
		if strings.Contains(ze.Detail, "size") || strings.Contains(ze.Detail, "length") {
			g.fail("%s: invalid compressed data--length error", name)
		} else {
			g.fail("%s: invalid compressed data--crc error", name)
		}
	case errors.Is(err, compress.ErrTooLarge):
		g.fail("%s: decompressed size exceeds the --max limit of %d bytes", name, g.maxSize)
	default:
		g.fail("%s: invalid compressed data--format violated", name)
	}
	return false
}

// isFormatErr reports whether err is one of compress's input sentinels.
func isFormatErr(err error) bool {
	for _, s := range []error{compress.ErrHeader, compress.ErrCorrupt, compress.ErrTruncated,
		compress.ErrChecksum, compress.ErrTrailingData, compress.ErrDictionary, compress.ErrTooLarge, compress.ErrRatio} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
