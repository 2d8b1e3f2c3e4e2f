package cli

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
)

// gzipInfo is what -l reads from a gzip member header.
type gzipInfo struct {
	method    byte
	flags     byte
	name      string // FNAME, or ""
	mtime     uint32 // MTIME, 0 for none
	headerLen int64  // bytes of the header
}

// Errors of parseGzipHeader.
var (
	errNotGzip      = errors.New("not in gzip format")
	errHeaderEOF    = errors.New("unexpected end of file")
	errNameTooLarge = errors.New("corrupted input -- file name too large")
)

// methodError is a compression method other than deflate.
type methodError byte

func (e methodError) Error() string {
	return fmt.Sprintf("unknown method %d -- not supported", byte(e))
}

// flagsError is a header with flags gzip does not support.
type flagsError byte

func (e flagsError) Error() string {
	if e&0x20 != 0 {
		return "is encrypted -- not supported"
	}
	return fmt.Sprintf("has flags 0x%x -- not supported", byte(e))
}

// parseGzipHeader parses the gzip member header (RFC 1952) at the start of
// b, checking what gzip checks before it lists a file: the magic number,
// the method (8, deflate) and the flags (none of the reserved ones). A name
// longer than compress.MaxHeaderField is an error; a header that b ends
// inside is errHeaderEOF.
func parseGzipHeader(b []byte) (gzipInfo, error) {
	var info gzipInfo
	if len(b) >= 1 && b[0] != 0x1f || len(b) >= 2 && b[1] != 0x8b {
		return info, errNotGzip
	}
	if len(b) < 10 {
		return info, errHeaderEOF
	}
	info.method, info.flags = b[2], b[3]
	info.mtime = binary.LittleEndian.Uint32(b[4:8])
	if info.method != 8 {
		return info, methodError(info.method)
	}
	if info.flags&0xe0 != 0 {
		return info, flagsError(info.flags)
	}
	p := b[10:]
	if info.flags&0x04 != 0 { // FEXTRA
		if len(p) < 2 {
			return info, errHeaderEOF
		}
		n := 2 + int(binary.LittleEndian.Uint16(p))
		if len(p) < n {
			return info, errHeaderEOF
		}
		p = p[n:]
	}
	// field returns the zero-terminated field at the start of p and the
	// bytes after it.
	field := func(p []byte) ([]byte, []byte, error) {
		i := bytes.IndexByte(p, 0)
		if i < 0 {
			if len(p) > compress.MaxHeaderField {
				return nil, nil, errNameTooLarge
			}
			return nil, nil, errHeaderEOF
		}
		if i > compress.MaxHeaderField {
			return nil, nil, errNameTooLarge
		}
		return p[:i], p[i+1:], nil
	}
	if info.flags&0x08 != 0 { // FNAME
		name, rest, err := field(p)
		if err != nil {
			return info, err
		}
		info.name, p = string(name), rest
	}
	if info.flags&0x10 != 0 { // FCOMMENT
		_, rest, err := field(p)
		if err != nil {
			return info, err
		}
		p = rest
	}
	if info.flags&0x02 != 0 { // FHCRC
		if len(p) < 2 {
			return info, errHeaderEOF
		}
		p = p[2:]
	}
	info.headerLen = int64(len(b) - len(p))
	return info, nil
}

// listPeek is how much of an input -l looks at for the header: the longest
// header, with a FEXTRA field and a name and a comment of the most bytes a
// Reader takes.
const listPeek = 10 + 2 + 65535 + 2*(compress.MaxHeaderField+1) + 2

// listState is what -l carries from one file to the next: whether the
// column heads are out, and the totals.
type listState struct {
	headDone        bool
	totalIn         int64
	totalOut        int64
	lastHeaderBytes int64
}

// tailReader counts the bytes read through it and keeps the last eight:
// the gzip trailer of an input that cannot seek.
type tailReader struct {
	r    io.Reader
	n    int64
	tail [8]byte
}

func (t *tailReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n >= 8 {
		copy(t.tail[:], p[n-8:n])
	} else if n > 0 {
		copy(t.tail[:], t.tail[n:])
		copy(t.tail[8-n:], p[:n])
	}
	t.n += int64(n)
	return n, err
}

// list prints gzip -l's line for one input: its compressed size, the
// uncompressed size of its last member (inflated and counted, as gzip 1.12
// does, so a member of 4 GiB or more is listed in full) and the CRC of its
// trailer, the ratio and
// the name it decompresses to; with -v first the method, CRC and time (the
// file's, or with -N the header's).
func (g *gzipRun) list(r io.Reader, name, shown string, st fs.FileInfo) {
	tr := &tailReader{r: r}
	if g.inBuf == nil {
		g.inBuf = core.NewReaderSize(tr, 256<<10)
	} else {
		g.inBuf.Reset(tr)
	}
	b, err := g.inBuf.Peek(listPeek)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, core.ErrBufferFull) && len(b) < 10 {
		g.fail("%s: %s", name, strerror(err))
		return
	}
	info, err := parseGzipHeader(b)
	if err != nil {
		var me methodError
		var fe flagsError
		switch {
		case errors.As(err, &fe):
			g.fail("%s %s", name, fe.Error())
		case errors.Is(err, errNotGzip) || errors.Is(err, errHeaderEOF):
			g.failData("%s: %s", name, err.Error())
		case errors.As(err, &me) || errors.Is(err, errNameTooLarge):
			g.fail("%s: %s", name, err.Error())
		}
		return
	}
	// Like gzip, inflate it all: a damaged file, or one with bytes after
	// its last member, is not listed.
	opts := g.memberOptions()
	zr, err := compress.NewReader(g.inBuf, compress.Gzip, &opts)
	if err != nil {
		g.fail("%v", err)
		return
	}
	if !g.inflateMembers(zr, name, io.Discard, "stdout") || g.trailing {
		// gzip lists the next files all the same, and its totals line
		// then counts no header bytes.
		g.abort = false
		g.listed.lastHeaderBytes = 0
		return
	}
	// The input ended with the last member: its last eight bytes are that
	// member's trailer.
	size, trailer := tr.n, tr.tail
	if st != nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	crc := binary.LittleEndian.Uint32(trailer[:4])
	// The last member's size as inflated, as gzip 1.12 counts it: the
	// trailer's size field holds only its value modulo 4 GiB.
	out := g.lastMember
	if g.o.name && info.name != "" {
		if base := filepath.Base(info.name); base != "." && base != ".." && base != "/" {
			shown = filepath.Join(filepath.Dir(shown), base)
		}
	}
	// The file's time; gzip has none for a pipe (the epoch).
	mtime := time.Unix(0, 0)
	if st != nil && st.Mode().IsRegular() {
		mtime = st.ModTime()
	}
	if g.o.name && info.mtime != 0 {
		mtime = time.Unix(int64(info.mtime), 0)
	}
	w := g.stdoutWriter()
	if !g.listed.headDone {
		g.listed.headDone = true
		if g.o.verbose {
			w.WriteString("method  crc     date  time  ")
		}
		if !g.o.quiet {
			fmt.Fprintf(w, "%19s %19s  ratio uncompressed_name\n", "compressed", "uncompressed")
		}
	}
	if g.o.verbose {
		lt := mtime.Local()
		fmt.Fprintf(w, "%5s %08x %s%3d %02d:%02d ", "defla", crc, lt.Month().String()[:3], lt.Day(), lt.Hour(), lt.Minute())
	}
	headerBytes := info.headerLen + 8
	fmt.Fprintf(w, "%19d %19d %s %s\n", size, out, ratio(out-(size-headerBytes), out), shown)
	g.listed.totalIn += size
	g.listed.totalOut += out
	g.listed.lastHeaderBytes = headerBytes
}

// listTotals prints -l's totals line, after more than one input.
func (g *gzipRun) listTotals() {
	l := &g.listed
	if l.totalIn <= 0 || l.totalOut <= 0 {
		return
	}
	w := g.stdoutWriter()
	if g.o.verbose {
		w.WriteString("                            ")
	}
	fmt.Fprintf(w, "%19d %19d %s (totals)\n", l.totalIn, l.totalOut, ratio(l.totalOut-(l.totalIn-l.lastHeaderBytes), l.totalOut))
}

// ratio formats a compression ratio as gzip does: num/den in per cent, one
// decimal, five wide.
func ratio(num, den int64) string {
	v := 0.0
	if den != 0 {
		v = 100 * float64(num) / float64(den)
	}
	return fmt.Sprintf("%5.1f%%", v)
}

// headerBytes is the length of a member's header and trailer, which gzip
// leaves out of the compressed size for -v's ratio.
func headerBytes(f compress.Format, h compress.Header) int64 {
	switch f {
	case compress.Gzip:
		n := int64(10 + 8)
		if h.Name != "" {
			n += int64(len(h.Name)) + 1
		}
		if h.Comment != "" {
			n += int64(len(h.Comment)) + 1
		}
		if h.Extra != nil {
			n += 2 + int64(len(h.Extra))
		}
		return n
	case compress.Zlib:
		return 2 + 4
	}
	return 0
}

// verboseCounts counts the bytes in and out of one -v file.
type verboseCounts struct {
	in, out int64
}

type countingReader struct {
	r io.Reader
	n *int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

type countingWriter struct {
	w io.Writer
	n *int64
}

func (c countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	*c.n += int64(n)
	return n, err
}

func (v *verboseCounts) reader(r io.Reader) io.Reader { return countingReader{r, &v.in} }

// writer counts what goes to w when on; else it is w.
func (v *verboseCounts) writer(w io.Writer, on bool) io.Writer {
	if !on {
		return w
	}
	return countingWriter{w, &v.out}
}

// verbosePrefix starts -v's line of a file, "NAME:\t", as gzip prints it
// before the work; an error message that comes first ends the line.
func (g *gzipRun) verbosePrefix(name string) {
	if g.o.verbose {
		fmt.Fprintf(g.stderr, "%s:\t", name)
		g.pendingPrefix = true
	}
}

// endPrefix ends a -v line that a message interrupts.
func (g *gzipRun) endPrefix() {
	if g.pendingPrefix {
		fmt.Fprintln(g.stderr)
		g.pendingPrefix = false
	}
}

// verboseDone ends -v's line of a decompressed or tested file.
func (g *gzipRun) verboseDone(v *verboseCounts, outName string) {
	if !g.o.verbose {
		return
	}
	g.pendingPrefix = false
	if g.o.test {
		fmt.Fprintf(g.stderr, " OK\n")
		return
	}
	g.verboseEnd(ratio(g.lastMember-(v.in-g.headerLen), g.lastMember), outName)
}

// verboseDeflated ends -v's line of a compressed file.
func (g *gzipRun) verboseDeflated(v *verboseCounts, h compress.Header, outName string) {
	if !g.o.verbose {
		return
	}
	g.pendingPrefix = false
	g.verboseEnd(ratio(v.in-(v.out-headerBytes(g.sf.format, h)), v.in), outName)
}

func (g *gzipRun) verboseEnd(r, outName string) {
	verb := "replaced with"
	if g.o.keep {
		verb = "created"
	}
	fmt.Fprintf(g.stderr, "%s -- %s %s\n", r, verb, outName)
}
