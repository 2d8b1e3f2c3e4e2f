package scen

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/fastio-go/fastio/device"
	fu "github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// The code-conversion scenarios: a file converted into another file, in
// 1 MiB reads, by fastio's streaming Writer, x/text's transformer, the
// standard library by hand, and the iconv command.

// encodings by the names the scenarios take (iconv's names).
var encodings = map[string]struct {
	fastio fu.Encoding
	xtext  encoding.Encoding
}{
	"UTF-8":    {fu.UTF8, xunicode.UTF8},
	"UTF-16LE": {fu.UTF16LE, xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)},
	"UTF-32LE": {fu.UTF32LE, utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	"GB18030":  {fu.GB18030, simplifiedchinese.GB18030},
}

const chunk = 1 << 20

// copyChunks copies in to w in 1 MiB reads, as every Go method does.
func copyChunks(w io.Writer, in io.Reader) error {
	buf := make([]byte, chunk)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// convArgs are from, to, input file, output file.
func openConv(a []string) (from, to string, in *os.File, err error) {
	from, to = arg(a, 0), arg(a, 1)
	if _, ok := encodings[from]; !ok {
		return "", "", nil, fmt.Errorf("unknown encoding %q", from)
	}
	if _, ok := encodings[to]; !ok {
		return "", "", nil, fmt.Errorf("unknown encoding %q", to)
	}
	in, err = os.Open(arg(a, 2))
	return from, to, in, err
}

// convFastio runs conv with a strict fastio converter from the input file
// to a device file, as the conv.fastio and conv.reader scenarios do.
func convFastio(a []string, conv func(c fu.Converter, in io.Reader, out io.Writer) error) (string, error) {
	from, to, in, err := openConv(a)
	if err != nil {
		return "", err
	}
	defer in.Close()
	c, err := fu.New(encodings[from].fastio, encodings[to].fastio, fu.Options{Strict: true})
	if err != nil {
		return "", err
	}
	out, err := device.Create(arg(a, 3))
	if err != nil {
		return "", err
	}
	if err := conv(c, in, out); err != nil {
		out.Close()
		return "", err
	}
	return "", out.Close()
}

var (
	_ = register("conv.fastio", func(a []string) (string, error) {
		return convFastio(a, func(c fu.Converter, in io.Reader, out io.Writer) error {
			w := c.NewWriter(out)
			if err := copyChunks(w, in); err != nil {
				return err
			}
			return w.Close()
		})
	})
	_ = register("conv.reader", func(a []string) (string, error) {
		return convFastio(a, func(c fu.Converter, in io.Reader, out io.Writer) error {
			_, err := io.Copy(out, c.NewReader(in))
			return err
		})
	})
	_ = register("conv.xtext", func(a []string) (string, error) {
		from, to, in, err := openConv(a)
		if err != nil {
			return "", err
		}
		defer in.Close()
		var t transform.Transformer
		switch {
		case from == "UTF-8":
			t = encodings[to].xtext.NewEncoder()
		case to == "UTF-8":
			t = encodings[from].xtext.NewDecoder()
		default:
			t = transform.Chain(encodings[from].xtext.NewDecoder(), encodings[to].xtext.NewEncoder())
		}
		return "", withOut(arg(a, 3), func(bw *bufio.Writer) error {
			w := transform.NewWriter(bw, t)
			if err := copyChunks(w, in); err != nil {
				return err
			}
			return w.Close()
		})
	})
	_ = register("conv.std", func(a []string) (string, error) {
		from, to, in, err := openConv(a)
		if err != nil {
			return "", err
		}
		defer in.Close()
		return "", withOut(arg(a, 3), func(bw *bufio.Writer) error {
			return stdConvert(bw, in, from, to)
		})
	})
)

// withOut creates path, gives f a bufio.Writer over it, flushes and closes.
func withOut(path string, f func(*bufio.Writer) error) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(file, chunk)
	if err := f(bw); err != nil {
		file.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// stdConvert is the conversion a Go programmer writes with the standard
// library alone: unicode/utf8 and unicode/utf16 over 1 MiB reads, the
// bytes of a character cut by a read carried to the next.
func stdConvert(w *bufio.Writer, in io.Reader, from, to string) error {
	buf := make([]byte, chunk+4)
	var out []byte
	have := 0
	for {
		n, err := in.Read(buf[have : have+chunk])
		have += n
		eof := err == io.EOF
		if err != nil && !eof {
			return err
		}
		p := buf[:have]
		out = out[:0]
		switch from {
		case "UTF-8":
			for len(p) > 0 {
				r, size := utf8.DecodeRune(p)
				if r == utf8.RuneError && size <= 1 && !eof && !utf8.FullRune(p) {
					break
				}
				p = p[size:]
				switch to {
				case "UTF-16LE":
					if r >= 0x10000 {
						r1, r2 := utf16.EncodeRune(r)
						out = binary.LittleEndian.AppendUint16(out, uint16(r1))
						out = binary.LittleEndian.AppendUint16(out, uint16(r2))
					} else {
						out = binary.LittleEndian.AppendUint16(out, uint16(r))
					}
				case "UTF-32LE":
					out = binary.LittleEndian.AppendUint32(out, uint32(r))
				}
			}
		case "UTF-16LE":
			for len(p) >= 2 {
				u := rune(binary.LittleEndian.Uint16(p))
				if utf16.IsSurrogate(u) && u < 0xdc00 {
					if len(p) < 4 {
						if !eof {
							break
						}
						out = utf8.AppendRune(out, utf8.RuneError)
						p = p[2:]
						continue
					}
					out = utf8.AppendRune(out, utf16.DecodeRune(u, rune(binary.LittleEndian.Uint16(p[2:]))))
					p = p[4:]
					continue
				}
				out = utf8.AppendRune(out, u)
				p = p[2:]
			}
		case "UTF-32LE":
			for len(p) >= 4 {
				out = utf8.AppendRune(out, rune(binary.LittleEndian.Uint32(p)))
				p = p[4:]
			}
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
		have = copy(buf, p)
		if eof {
			if have > 0 {
				return fmt.Errorf("%d bytes of a truncated character at the end", have)
			}
			return nil
		}
	}
}

// ConvertFile converts a file with fastio's slice form (to prepare the
// inputs of the "back" columns).
func ConvertFile(src, dst, from, to string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	out, err := fu.Convert(nil, b, encodings[from].fastio, encodings[to].fastio)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, out, 0o644)
}

// SmallText returns the short UTF-8 string of about n bytes the small
// conversions convert: Latin prose with accents, cut at a character
// boundary.
func SmallText(n int) []byte {
	c := Corpus(n+64, 1)
	for n > 0 && !utf8.RuneStart(c[n]) {
		n--
	}
	return c[:n]
}

// smallArgs reads the size and count of a small-conversion run.
func smallArgs(a []string) ([]byte, int, error) {
	n, err := strconv.Atoi(arg(a, 0))
	if err != nil {
		return nil, 0, err
	}
	count, err := strconv.Atoi(arg(a, 1))
	if err != nil {
		return nil, 0, err
	}
	return SmallText(n), count, nil
}

// smallRun converts src count times with conv (which appends to dst[:0])
// and returns the fold of every output's bytes.
func smallRun(src []byte, count int, conv func(dst, src []byte) ([]byte, error)) (string, error) {
	dst := make([]byte, 0, 4*len(src)+16)
	h := uint64(foldInit)
	for i := range count {
		out, err := conv(dst[:0], src)
		if err != nil {
			return "", err
		}
		// Fold a different byte each time so that no call is dead code.
		h = (h ^ uint64(out[i%len(out)]) ^ uint64(len(out))) * 0x100000001b3
	}
	return fmt.Sprintf("%016x", h), nil
}

// WantSmall is the fold every small-conversion method must give.
func WantSmall(n, count int) (string, error) {
	c, err := fu.New(fu.UTF8, fu.UTF16LE, fu.Options{})
	if err != nil {
		return "", err
	}
	src := SmallText(n)
	ref, err := c.Append(nil, src)
	if err != nil {
		return "", err
	}
	return smallRun(src, count, func(dst, _ []byte) ([]byte, error) { return append(dst, ref...), nil })
}

var (
	_ = register("small.fastio", func(a []string) (string, error) {
		src, count, err := smallArgs(a)
		if err != nil {
			return "", err
		}
		c, err := fu.New(fu.UTF8, fu.UTF16LE, fu.Options{})
		if err != nil {
			return "", err
		}
		return smallRun(src, count, c.Append)
	})
	_ = register("small.naive", func(a []string) (string, error) {
		src, count, err := smallArgs(a)
		if err != nil {
			return "", err
		}
		return smallRun(src, count, func(dst, src []byte) ([]byte, error) {
			var units []uint16
			for len(src) > 0 {
				r, size := utf8.DecodeRune(src)
				src = src[size:]
				units = utf16.AppendRune(units[:0], r)
				for _, u := range units {
					dst = binary.LittleEndian.AppendUint16(dst, u)
				}
			}
			return dst, nil
		})
	})
	_ = register("small.xtext", func(a []string) (string, error) {
		src, count, err := smallArgs(a)
		if err != nil {
			return "", err
		}
		t := encodings["UTF-16LE"].xtext.NewEncoder()
		return smallRun(src, count, func(dst, src []byte) ([]byte, error) {
			t.Reset()
			nDst, _, err := t.Transform(dst[:cap(dst)], src, true)
			return dst[:nDst], err
		})
	})
)
