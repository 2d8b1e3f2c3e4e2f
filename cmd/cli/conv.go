package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/unicode"
	"github.com/spf13/cobra"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// convOptions are the flags of fastio conv.
type convOptions struct {
	from, to, output       string
	list, omit, bom, quiet bool
	silent, version, usage bool
}

func newConvCommand() *cobra.Command {
	var o convOptions
	c := &cobra.Command{
		Use:   "conv -f FROM -t TO [-c] [-o OUTPUT] [--bom] [FILE]...\n  fastio conv -l",
		Short: "Convert text between character encodings, as iconv does",
		Long: `conv converts each FILE (standard input for none or "-") from the encoding
FROM to the encoding TO and writes the result to standard output or to OUTPUT,
with the options, messages and exit status of glibc's iconv.

UTF-8, UTF-16LE/BE, UTF-32LE/BE and GB18030 are converted natively; 56 of
glibc's other charsets (ISO-8859-*, CP125x, EUC-JP, SJIS, GBK, BIG5,
ISO-2022-JP/KR/CN/CN-EXT, ...) with tables made from glibc's iconv, by
every name and alias glibc accepts (-l lists them), and HZ-GB-2312. As in
glibc, "UTF-16" and "UTF-32" read a byte-order mark that chooses the byte
order (little-endian without one) and write a mark
followed by little-endian text; "UCS-4" is UTF-32BE.

Without -c the first illegal input stops the conversion with "illegal input
sequence at position N" (N counts bytes from the start of the file) and exit
status 1; input ending inside a character gives "incomplete character or
shift sequence at end of buffer". A character TO cannot represent stops it
the same way, at the character's position. -c drops invalid input and
characters TO cannot represent, with exit status 0. "//IGNORE" after TO drops
them too, and exits as glibc's iconv does: with status 1 and "illegal input
sequence at position N" (N the end of the file, the remaining files skipped)
when the last stretch of the file glibc converts in one go (8160 characters,
or 32768 bytes of output) held invalid input.
"//TRANSLIT" is refused: there are no transliteration tables. --bom writes
TO's byte-order mark first.

OUTPUT is written under a temporary name and replaces the file at the end,
so an interrupted or failed run leaves it as it was; OUTPUT may be one of the
inputs. An existing OUTPUT keeps its mode, owner and group, a symbolic link
is written through, a file with other hard links keeps them, and a device or
FIFO is written into. A FILE that is also standard output (a regular file
appended to, "conv u >> u") is refused, as cat refuses it.`,
		Example: `  fastio conv -f UTF-8 -t UTF-16LE in.txt > out.txt
  fastio conv -f GB18030 -t UTF-8 -o utf8.txt legacy.txt
  fastio conv -c -f UTF-8 -t ISO-8859-1 mixed.txt
  fastio conv -l | grep -i jis`,
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runConv(c, &o, args)
		},
	}
	f := c.Flags()
	f.StringVarP(&o.from, "from-code", "f", "", "encoding of original text (default UTF-8)")
	f.StringVarP(&o.to, "to-code", "t", "", "encoding for output (default UTF-8)")
	f.BoolVarP(&o.list, "list", "l", false, "list all known coded character sets")
	f.BoolVarP(&o.omit, "omit-invalid", "c", false, "omit invalid characters from output")
	f.StringVarP(&o.output, "output", "o", "", "output `FILE`")
	f.BoolVarP(&o.silent, "silent", "s", false, "suppress warnings")
	f.BoolVarP(&o.quiet, "quiet", "q", false, "no progress bar")
	f.BoolVar(&o.bom, "bom", false, "write a byte-order mark first")
	f.BoolVarP(&o.version, "version", "V", false, "print program version")
	f.BoolVar(&o.usage, "usage", false, "print a short usage message")
	return c
}

// iconvEncoding is an encoding named the way iconv names it.
type iconvEncoding struct {
	enc   unicode.Encoding
	x     encoding.Encoding // the golang.org/x/text encoding of a bridged enc
	sniff bool              // a leading byte-order mark chooses the byte order (UTF-16, UTF-32)
}

// iconvNames are the labels whose meaning in glibc's iconv differs from the
// WHATWG meaning that package charset gives them.
var iconvNames = map[string]iconvEncoding{
	"UTF-8":    {enc: unicode.UTF8},
	"UTF8":     {enc: unicode.UTF8},
	"UTF-16":   {enc: unicode.UTF16, sniff: true},
	"UTF16":    {enc: unicode.UTF16, sniff: true},
	"UTF-32":   {enc: unicode.UTF32, sniff: true},
	"UTF32":    {enc: unicode.UTF32, sniff: true},
	"UCS-4":    {enc: unicode.UTF32BE},
	"UCS-4BE":  {enc: unicode.UTF32BE},
	"UCS-4LE":  {enc: unicode.UTF32LE},
	"WCHAR_T":  {enc: unicode.UTF32LE},
	"UTF-16LE": {enc: unicode.UTF16LE},
	"UTF-16BE": {enc: unicode.UTF16BE},
	"UTF-32LE": {enc: unicode.UTF32LE},
	"UTF-32BE": {enc: unicode.UTF32BE},
	"GB18030":  {enc: unicode.GB18030},
}

// splitSuffixes separates iconv's "//IGNORE" and "//TRANSLIT" suffixes from
// a charset name.
func splitSuffixes(s string) (name string, ignore, translit bool) {
	parts := strings.Split(s, "/")
	name = parts[0]
	for _, p := range parts[1:] {
		for _, q := range strings.Split(p, ",") {
			switch strings.ToUpper(strings.TrimSpace(q)) {
			case "IGNORE":
				ignore = true
			case "TRANSLIT":
				translit = true
			}
		}
	}
	return name, ignore, translit
}

// lookupIconv finds an encoding by an iconv name: glibc's meaning of the
// Unicode names first, then glibc's charsets and their aliases.
func lookupIconv(name string) (iconvEncoding, error) {
	if name == "" {
		return iconvEncoding{enc: unicode.UTF8}, nil
	}
	up := strings.ToUpper(strings.TrimSpace(name))
	if e, ok := iconvNames[up]; ok {
		return e, nil
	}
	return lookupCharset(name)
}

// listCharsets writes the labels conv knows, one a line with iconv's "//".
func listCharsets(w io.Writer) error {
	var names []string
	for n := range iconvNames {
		names = append(names, n)
	}
	return writeCharsetList(w, names)
}

func runConv(c *cobra.Command, o *convOptions, args []string) error {
	prog := progName(c)
	stderr := c.ErrOrStderr()
	if o.version {
		// iconv exits 0 even when the line cannot be written.
		fmt.Fprintf(c.OutOrStdout(), "%s (fastio) %s\n", prog, Version())
		return nil
	}
	if o.usage {
		// argp's --usage, as iconv prints it, with the invoked name.
		pad := strings.Repeat(" ", len("Usage: ")+len(prog))
		fmt.Fprintf(c.OutOrStdout(), "Usage: %s [-lcs?V] [-f NAME] [-t NAME] [-o FILE] [--from-code=NAME]\n"+
			"%s[--to-code=NAME] [--list] [--output=FILE] [--silent] [--verbose]\n"+
			"%s[--help] [--usage] [--version] [FILE...]\n", prog, pad, pad)
		return nil
	}
	if o.list {
		if err := listCharsets(c.OutOrStdout()); err != nil {
			fmt.Fprintf(stderr, "%s: error while writing the list: %s\n", prog, strerror(err))
			return exitStatus(1)
		}
		return nil
	}
	fromName, _, _ := splitSuffixes(o.from)
	toName, ignore, translit := splitSuffixes(o.to)
	if translit {
		fmt.Fprintf(stderr, "%s: conversion to `%s' with //TRANSLIT unsupported: fastio has no transliteration tables; use -c or //IGNORE to drop what %s cannot represent\n", prog, toName, toName)
		return exitStatus(1)
	}
	from, ferr := lookupIconv(fromName)
	to, terr := lookupIconv(toName)
	switch {
	case ferr != nil && terr != nil:
		fmt.Fprintf(stderr, "%s: conversions from `%s' and to `%s' are not supported\n", prog, fromName, toName)
		return exitStatus(1)
	case ferr != nil:
		fmt.Fprintf(stderr, "%s: conversion from `%s' unsupported\n", prog, fromName)
		return exitStatus(1)
	case terr != nil:
		fmt.Fprintf(stderr, "%s: conversion to `%s' unsupported\n", prog, toName)
		return exitStatus(1)
	}
	cv, err := newConverter(from, to, o.omit || ignore, o.bom)
	if err != nil {
		return err
	}
	// The destination: standard output, or OUTPUT (see openOutput).
	var of *outputFile
	stdout := c.OutOrStdout()
	dst := stdout
	if o.output != "" {
		var err error
		if of, err = openOutput(o.output); err != nil {
			fmt.Fprintf(stderr, "%s: cannot open output file: %s\n", prog, strerror(err))
			return exitStatus(1)
		}
		defer of.Abort()
		dst = of
	}
	// "TO//IGNORE" without -c: follow the exit status glibc gives it.
	var ign *ignoreStatus
	if ignore && !o.omit {
		if ign = newIgnoreStatus(from, to, fromName, toName); ign != nil {
			ign.w = dst
			dst = ign
			cv.onDrop = func(unencodable bool) {
				if unencodable {
					// glibc stops at the end of the stretch holding a
					// character TO lacks, which is not followed here:
					// such a conversion exits 0.
					ign = nil
					cv.onDrop = nil
					return
				}
				cv.out.Flush()
				ign.drop()
			}
		}
	}
	cv.out = core.NewWriter(dst)
	if len(args) == 0 {
		args = []string{"-"}
	}
	status := 0
	for _, name := range args {
		r, closeFn, err := openConvInput(name, c.InOrStdin())
		if err != nil {
			cv.out.Flush()
			fmt.Fprintf(stderr, "%s: cannot open input file `%s': %s\n", prog, name, strerror(err))
			status = 1
			continue
		}
		if of == nil {
			if err := checkNotSelf(r, stdout); err != nil {
				closeFn()
				cv.out.Flush()
				fmt.Fprintf(stderr, "%s: input file `%s' is output file\n", prog, name)
				status = 1
				continue
			}
		}
		in, done := withProgress(r, sizeOf(r), name, stderr, o.quiet)
		var nread int64
		if ign != nil {
			ign.startFile()
			in = countingReader{r: in, n: &nread}
		}
		cerr := cv.convert(in)
		done()
		closeFn()
		if cerr == nil && ign != nil {
			if err := cv.out.Flush(); err != nil {
				cerr = err
			} else if ign.failed() {
				// The whole file is converted, and glibc leaves the
				// other files: so does conv, with glibc's message.
				fmt.Fprintf(stderr, "%s: illegal input sequence at position %d\n", prog, nread)
				if of != nil {
					if err := of.Commit(); err != nil {
						fmt.Fprintf(stderr, "%s: error while closing output file: %s\n", prog, strerror(err))
					}
				}
				return exitStatus(1)
			}
		}
		if cerr == nil {
			continue
		}
		cv.out.Flush()
		var ue *unicode.Error
		var re *readError
		switch {
		case errors.As(cerr, &ue) && errors.Is(cerr, unicode.ErrTruncated):
			fmt.Fprintf(stderr, "%s: incomplete character or shift sequence at end of buffer\n", prog)
		case errors.As(cerr, &ue):
			fmt.Fprintf(stderr, "%s: illegal input sequence at position %d\n", prog, cv.pos)
		case errors.As(cerr, &re):
			fmt.Fprintf(stderr, "%s: error while reading the input: %s\n", prog, strerror(re.err))
		default:
			if isEPIPE(cerr) {
				return exitStatus(141)
			}
			fmt.Fprintf(stderr, "%s: error while writing output: %s\n", prog, strerror(cerr))
		}
		return exitStatus(1)
	}
	if err := cv.out.Flush(); err != nil {
		if isEPIPE(err) {
			return exitStatus(141)
		}
		fmt.Fprintf(stderr, "%s: error while closing output file: %s\n", prog, strerror(err))
		return exitStatus(1)
	}
	if of != nil {
		if err := of.Commit(); err != nil {
			fmt.Fprintf(stderr, "%s: error while closing output file: %s\n", prog, strerror(err))
			return exitStatus(1)
		}
	}
	if status != 0 {
		return exitStatus(status)
	}
	return nil
}

// umask returns the process's file mode creation mask.
func umask() os.FileMode { return os.FileMode(sysUmask()) }

// openConvInput opens an input of conv; a directory fails on reading, as
// in iconv, not on opening.
func openConvInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// readError marks an error of the input device.
type readError struct{ err error }

func (e *readError) Error() string { return "read: " + e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// converter runs conversions into out. A native target is converted in one
// step; a golang.org/x/text target in two, the source into UTF-8 by package
// unicode and UTF-8 into the target by the x/text encoder, so that a
// character the target lacks is found where it is (for its position, or to
// drop it alone under -c).
type converter struct {
	first, rest unicode.Converter // source → UTF-8 or the target: at the start of a file; after a skipped sequence
	from, mid   unicode.Encoding  // the source, and what first and rest convert it into
	head        []byte            // the first bytes of the file, for the byte order of rest
	haveRest    bool              // rest is set for this file
	enc         encoding.Encoding // the bridged target, or nil
	dec         unicode.Converter // a bridged source into UTF-8, strict
	haveDec     bool              // the source is bridged: dec decodes it
	post        unicode.Converter // after dec: UTF-8 into a native target other than UTF-8 (or with a mark)
	havePost    bool
	omit        bool
	onDrop      func(unencodable bool) // called for each invalid sequence (or, with unencodable, character TO lacks) omit drops
	unit        int                    // bytes of invalid input dropped at a time: a UTF-16 or UTF-32 code unit, else 1
	out         *core.Writer
	src, dst    []byte
	dst2        []byte
	dst3        []byte
	pos         int64 // with an error: the position of the bad input in its file
}

const convChunk = 256 << 10

// newConverter returns a converter between two iconv encodings: strict, so
// that bad input is found where it is; omit drops it instead of stopping.
func newConverter(from, to iconvEncoding, omit, bom bool) (*converter, error) {
	c := &converter{omit: omit, enc: to.x, unit: 1, from: from.enc, mid: to.enc}
	switch from.enc {
	case unicode.UTF16LE, unicode.UTF16BE, unicode.UTF16:
		c.unit = 2
	case unicode.UTF32LE, unicode.UTF32BE, unicode.UTF32:
		c.unit = 4
	}
	if to.x != nil {
		c.mid = unicode.UTF8
	}
	if from.x != nil {
		// The strict bridge stops at bad input (or, under omit, drops it
		// and goes on in the decoder's shift state) as iconv does, and a
		// native target other than UTF-8 is converted from its UTF-8.
		var err error
		c.dec, err = unicode.New(from.enc, unicode.UTF8, unicode.Options{Strict: true})
		if err != nil {
			return nil, err
		}
		c.haveDec = true
		if to.x == nil && (c.mid != unicode.UTF8 || bom) {
			c.post, err = unicode.New(unicode.UTF8, c.mid, unicode.Options{Strict: true, KeepBOM: true, EmitBOM: bom})
			c.havePost = true
		}
		return c, err
	}
	// A source whose mark gives its byte order (UTF-16, UTF-32) loses the
	// mark; any other keeps a leading U+FEFF as a character, as iconv does.
	var err error
	c.first, err = unicode.New(from.enc, c.mid, unicode.Options{Strict: true, KeepBOM: !from.sniff, EmitBOM: bom})
	return c, err
}

// setRest makes c.rest for the current file.
func (c *converter) setRest() error {
	if c.haveRest {
		return nil
	}
	var err error
	c.rest, err = c.restConverter(c.head)
	c.haveRest = err == nil
	return err
}

// restConverter returns the converter that resumes after a skipped
// sequence: for UTF-16 and UTF-32 in the byte order the file's mark chose,
// and into UTF-16 or UTF-32 without a second mark (the text goes on in the
// little-endian order the mark announced).
func (c *converter) restConverter(head []byte) (unicode.Converter, error) {
	to := c.mid
	switch to {
	case unicode.UTF16:
		to = unicode.UTF16LE
	case unicode.UTF32:
		to = unicode.UTF32LE
	}
	return c.resumeConverter(head, to)
}

// resumeConverter returns a converter from the source, in the byte order
// its mark chose, into to.
func (c *converter) resumeConverter(head []byte, to unicode.Encoding) (unicode.Converter, error) {
	from := c.from
	switch from {
	case unicode.UTF16:
		from = unicode.UTF16LE
		if len(head) >= 2 && head[0] == 0xfe && head[1] == 0xff {
			from = unicode.UTF16BE
		}
	case unicode.UTF32:
		from = unicode.UTF32LE
		if len(head) >= 4 && head[0] == 0 && head[1] == 0 && head[2] == 0xfe && head[3] == 0xff {
			from = unicode.UTF32BE
		}
	}
	return unicode.New(from, to, unicode.Options{Strict: true, KeepBOM: true})
}

// convert converts one input to c.out, through the transformer protocol so
// that a character split between two reads is converted whole. Bad input
// stops it with a *unicode.Error (c.pos is its position), unless omit is set,
// when the bad bytes are skipped and the conversion resumes after them.
func (c *converter) convert(r io.Reader) error {
	if c.src == nil {
		c.src = make([]byte, convChunk)
		c.dst = make([]byte, 4*convChunk+16)
		if c.enc != nil {
			c.dst2 = make([]byte, 4*convChunk+16)
		}
	}
	var t transform.Transformer
	if c.haveDec {
		t = c.dec.NewTransformer()
	} else {
		t = c.first.NewTransformer()
	}
	var post transform.Transformer
	if c.havePost {
		post = c.post.NewTransformer()
		if c.dst3 == nil {
			c.dst3 = make([]byte, 4*len(c.dst)+16)
		}
	}
	var e *encoding.Encoder
	if c.enc != nil {
		e = c.enc.NewEncoder()
	}
	c.head, c.haveRest = c.head[:0], false
	var (
		base    int64 // file offset of t's first byte
		bufOff  int64 // file offset of c.src[0]
		start   int   // first unconverted byte in c.src
		end     int   // end of the bytes read
		atEOF   bool
		emitted bool // output was written for this input
	)
	for {
		if !atEOF {
			// Keep the unconverted tail, then read more behind it.
			if start > 0 {
				n := copy(c.src, c.src[start:end])
				bufOff += int64(start)
				start, end = 0, n
			}
			n, err := io.ReadAtLeast(r, c.src[end:], 1)
			end += n
			if err == io.EOF && bufOff == 0 && end == 0 {
				return nil // an empty input gives no output, not even a mark
			}
			if len(c.head) < 4 && bufOff == 0 {
				c.head = append(c.head[:0], c.src[:min(end, 4)]...)
			}
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				atEOF = true
			} else if err != nil {
				return &readError{err}
			}
		}
		for {
			nDst, nSrc, err := t.Transform(c.dst, c.src[start:end], atEOF)
			if nDst > 0 {
				emitted = true
				var werr error
				switch {
				case post != nil:
					werr = c.convertPost(post, c.dst[:nDst])
				case e == nil:
					_, werr = c.out.Write(c.dst[:nDst])
				default:
					werr = c.encode(e, c.dst[:nDst], c.src[start:start+nSrc], bufOff+int64(start))
				}
				if werr != nil {
					return werr
				}
			}
			start += nSrc
			if err == nil {
				if atEOF {
					if e != nil {
						if err := c.encodeEnd(e); err != nil {
							return err
						}
					}
					return c.out.Err()
				}
				break
			}
			if err == transform.ErrShortDst {
				continue
			}
			if err == transform.ErrShortSrc {
				if atEOF {
					return &unicode.Error{Err: unicode.ErrTruncated, Offset: -1}
				}
				break
			}
			var ue *unicode.Error
			if !errors.As(err, &ue) {
				return err
			}
			c.pos = base + ue.Offset
			if ue.Offset < 0 {
				c.pos = bufOff + int64(start)
			}
			if !c.omit || errors.Is(err, unicode.ErrTruncated) {
				return err
			}
			if c.onDrop != nil {
				c.onDrop(errors.Is(err, unicode.ErrUnencodable))
			}
			if c.haveDec {
				// The bridged decoder, given the source again from the bad
				// sequence, drops it and goes on in its shift state.
				continue
			}
			// Resume behind the bad sequence with a fresh transformer.
			start = min(int(c.pos+int64(c.unit)-bufOff), end)
			base = bufOff + int64(start)
			if err := c.setRest(); err != nil {
				return err
			}
			if emitted || c.mid != unicode.UTF16 && c.mid != unicode.UTF32 {
				t = c.rest.NewTransformer()
				continue
			}
			// Nothing written yet: the target's mark is still to come.
			marked, err := c.resumeConverter(c.head, c.mid)
			if err != nil {
				return err
			}
			t = marked.NewTransformer()
		}
	}
}

// convertPost converts UTF-8 text that the bridged decoder wrote into the
// native target and writes it. The text is valid UTF-8 and ends on a
// character boundary, so every byte converts.
func (c *converter) convertPost(t transform.Transformer, mid []byte) error {
	for len(mid) > 0 {
		nDst, nSrc, err := t.Transform(c.dst3, mid, false)
		if _, werr := c.out.Write(c.dst3[:nDst]); werr != nil {
			return werr
		}
		mid = mid[nSrc:]
		if err != nil && err != transform.ErrShortDst {
			return err
		}
	}
	return nil
}

// encode encodes UTF-8 text, converted from src (at offset off in its file),
// into the bridged target and writes it.
func (c *converter) encode(e *encoding.Encoder, mid, src []byte, off int64) error {
	done := 0
	for done < len(mid) {
		nDst, nSrc, err := e.Transform(c.dst2, mid[done:], false)
		if nDst > 0 {
			if _, werr := c.out.Write(c.dst2[:nDst]); werr != nil {
				return werr
			}
		}
		done += nSrc
		switch err {
		case nil:
			if nSrc == 0 {
				return nil
			}
			continue
		case transform.ErrShortDst:
			continue
		case transform.ErrShortSrc:
			if nSrc == 0 {
				// A stateful encoder waiting for more: whole characters
				// are all there is, so end the batch.
				return nil
			}
			continue
		}
		// A character the target cannot represent.
		if !c.omit {
			c.pos = off + int64(c.sourceLen(src, utf8.RuneCount(mid[:done])))
			return &unicode.Error{Err: unicode.ErrUnencodable, Offset: c.pos}
		}
		if c.onDrop != nil {
			c.onDrop(true)
		}
		_, size := utf8.DecodeRune(mid[done:])
		done += size
	}
	return nil
}

// encodeEnd ends the bridged target's text (a stateful encoder's final
// shift sequence).
func (c *converter) encodeEnd(e *encoding.Encoder) error {
	nDst, _, err := e.Transform(c.dst2, nil, true)
	if nDst > 0 {
		c.out.Write(c.dst2[:nDst])
	}
	if err != nil && err != transform.ErrShortSrc {
		return err
	}
	return nil
}

// sourceLen returns the length of the first n characters of well-formed
// source text src, found by converting one character at a time.
func (c *converter) sourceLen(src []byte, n int) int {
	if c.setRest() != nil {
		return 0
	}
	t := c.rest.NewTransformer()
	var tmp [64]byte
	i := 0
	for ; n > 0 && i < len(src); n-- {
		k := 1
		for ; i+k <= len(src); k++ {
			nDst, _, _ := t.Transform(tmp[:], src[i:i+k], false)
			if nDst > 0 {
				break
			}
		}
		i += k
		t = c.rest.NewTransformer()
	}
	return min(i, len(src))
}
