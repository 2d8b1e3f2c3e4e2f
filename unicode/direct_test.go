package unicode

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// transformAll converts src in one Transform call of a fresh Transformer,
// the path Append took before the direct dispatch: the reference for it.
func transformAll(c Converter, src []byte) ([]byte, error) {
	t := c.NewTransformer()
	dst := make([]byte, 8*len(src)+16)
	nd, _, err := t.Transform(dst, src, true)
	return dst[:nd], err
}

// TestDirectDispatch checks Append, AppendString, Count and Validate of
// every pair against the Transformer, at every source length around the
// lengths where the short loops, the ASCII vector code and the mixed-text
// kernels start (16, 32, 64, 80 bytes), with bad bytes at the start, in
// the middle and at the end, a source byte order mark, texts cut inside a
// character, and destinations with no room, a little room and enough
// room; in both policies and at every kernel level.
func TestDirectDispatch(t *testing.T) {
	var lengths []int
	for n := 0; n <= 20; n++ {
		lengths = append(lengths, n)
	}
	for _, b := range []int{32, 64, 80, 128} {
		for n := b - 4; n <= b+4; n++ {
			lengths = append(lengths, n)
		}
	}
	var texts [][]byte
	for _, txt := range smallTexts {
		long := strings.Repeat(txt.line, 8)
		for _, n := range lengths {
			texts = append(texts, []byte(long[:min(n, len(long))]))
		}
	}
	bads := [][]byte{{0xFF}, {0xC3}, {0xED, 0xA0, 0x80}, {0xF0, 0x9F}, {0xD8, 0x00}, {0x00, 0xDC}}
	var inputs [][]byte
	for i, txt := range texts {
		inputs = append(inputs, txt)
		bad := bads[i%len(bads)]
		for _, at := range []int{0, len(txt) / 2, len(txt)} {
			in := append(append(append([]byte(nil), txt[:at]...), bad...), txt[at:]...)
			inputs = append(inputs, in)
		}
	}
	pairs := [][2]Encoding{}
	for _, from := range natives {
		for _, to := range natives {
			if !from.marked() && !to.marked() {
				pairs = append(pairs, [2]Encoding{from, to})
			}
		}
	}
	for _, level := range kernelLevels() {
		t.Run(level, func(t *testing.T) {
			defer setLevel(level)()
			for _, p := range pairs {
				for _, opt := range []Options{{}, {Strict: true}, {KeepBOM: true}, {Strict: true, KeepBOM: true}} {
					c, err := New(p[0], p[1], opt)
					if err != nil {
						t.Fatal(err)
					}
					if !c.direct {
						t.Fatalf("%v -> %v %+v: not direct", p[0], p[1], opt)
					}
					for i, in8 := range inputs {
						// The inputs are UTF-8 text with bad bytes; in the
						// source encoding they are the converted text
						// with the same bytes spliced in.
						in := in8
						if p[0] != UTF8 {
							in, _ = Convert(nil, in8, UTF8, p[0])
							if i%4 != 0 {
								at := len(in) * (i % 4) / 4
								in = append(append(append([]byte(nil), in[:at]...), bads[i%len(bads)]...), in[at:]...)
							}
						}
						if i%7 == 0 {
							in = append(p[0].BOM(), in...)
						}
						checkDirect(t, c, in)
					}
				}
			}
		})
	}
}

func checkDirect(t *testing.T, c Converter, in []byte) {
	t.Helper()
	want, werr := transformAll(c, in)
	for _, room := range []int{0, 3, len(want), len(want) + 64} {
		prefix := []byte("pre")
		dst := append(make([]byte, 0, len(prefix)+room), prefix...)
		got, err := c.Append(dst, in)
		if !bytes.Equal(got[:min(3, len(got))], prefix) || !bytes.Equal(got[3:], want) || !identicalError(err, werr) {
			t.Fatalf("%v -> %v %+v, room %d, Append(% x) = % x, %v; want % x, %v",
				c.from, c.to, c.opt, room, in, got[3:], err, want, werr)
		}
	}
	got, err := c.AppendString(nil, string(in))
	if !bytes.Equal(got, want) || !identicalError(err, werr) {
		t.Fatalf("%v -> %v %+v: AppendString(% x) = % x, %v; want % x, %v", c.from, c.to, c.opt, in, got, err, want, werr)
	}
	if n, err := c.Count(in); n != len(want) || !identicalError(err, werr) {
		t.Fatalf("%v -> %v %+v: Count(% x) = %d, %v; want %d, %v", c.from, c.to, c.opt, in, n, err, len(want), werr)
	}
}

// identicalError reports whether a and b are both nil, or *Errors equal in
// every field (the excerpt of the bad bytes too).
func identicalError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	var ea, eb *Error
	if !errors.As(a, &ea) || !errors.As(b, &eb) {
		return a == b || errors.Is(a, transform.ErrShortSrc) && errors.Is(b, transform.ErrShortSrc)
	}
	return *ea == *eb
}

// TestDirectValidate checks Validate against the Transformer in the
// Strict policy on the inputs of TestDirectDispatch's kind.
func TestDirectValidate(t *testing.T) {
	for _, enc := range natives {
		if enc.marked() {
			continue
		}
		to := UTF8
		if enc == UTF8 {
			to = UTF32LE
		}
		c, _ := New(enc, to, Options{Strict: true, KeepBOM: true})
		for _, txt := range smallTexts {
			for _, n := range []int{0, 1, 15, 16, 17, 63, 64, 65, 200} {
				in8 := []byte(strings.Repeat(txt.line, 8))
				in8 = in8[:min(n, len(in8))]
				in := in8
				if enc != UTF8 {
					in, _ = Convert(nil, in8, UTF8, enc)
				}
				for _, bad := range [][]byte{nil, {0xFF}, {0xDC, 0x00}} {
					src := append(append([]byte(nil), in...), bad...)
					_, werr := transformAll(c, src)
					if err := Validate(enc, src); !identicalError(err, werr) {
						t.Fatalf("Validate(%v, % x) = %v, want %v", enc, src, err, werr)
					}
				}
			}
		}
	}
}

// TestDirectAllocs checks that the slice forms allocate nothing on short
// texts when the destination has room, at every kernel level.
func TestDirectAllocs(t *testing.T) {
	for _, level := range kernelLevels() {
		defer setLevel(level)()
		for _, txt := range smallTexts {
			for _, n := range []int{16, 64, 1024} {
				in8 := smallText(txt.line, n)
				for _, p := range [][2]Encoding{{UTF8, UTF16LE}, {UTF16LE, UTF8}, {UTF8, UTF32LE}, {UTF8, GB18030}} {
					c, _ := New(p[0], p[1], Options{})
					in, _ := Convert(nil, in8, UTF8, p[0])
					dst := make([]byte, 0, 4*len(in)+8)
					if a := testing.AllocsPerRun(50, func() { c.Append(dst, in) }); a != 0 {
						t.Errorf("%s: %v -> %v of %s %d B: %v allocations, want 0", level, p[0], p[1], txt.name, n, a)
					}
					if a := testing.AllocsPerRun(50, func() { c.Count(in) }); a != 0 {
						t.Errorf("%s: Count %v -> %v of %s %d B: %v allocations, want 0", level, p[0], p[1], txt.name, n, a)
					}
				}
			}
		}
	}
}
