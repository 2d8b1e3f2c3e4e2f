package unicode

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/fastio-go/fastio/core/coretest/cputime"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// The benchmark corpora, generated here: U+1F684 (🚄) repeated 2M times
// (8 MB; fast_io's transcoding benchmark uses such a file), a mixed-script text (ASCII, Latin,
// Cyrillic, CJK, emoji), mostly-ASCII English prose and Chinese prose, each
// about 8 MB of UTF-8.
var corpora = sync.OnceValue(func() map[string][]byte {
	const size = 8 << 20
	mixed := "The quick brown fox — Ça va? Größe, niño. Быстрая лиса. 敏捷的棕色狐狸跳过了懒狗。東京タワー 🚄🚀😀 "
	prose := "It was the best of times, it was the worst of times, it was the age of wisdom; naïve café owners agreed. "
	chinese := "中文文本的编码转换速度测试，包括常用汉字、标点符号和数字2026年。北京与上海之间的高速铁路每天运送大量旅客。"
	return map[string][]byte{
		"Chinese":     []byte(strings.Repeat(chinese, size/len(chinese))),
		"Emoji":       bytes.Repeat([]byte("🚄"), size/4),
		"Mixed":       []byte(strings.Repeat(mixed, size/len(mixed))),
		"MostlyASCII": []byte(strings.Repeat(prose, size/len(prose))),
	}
})

var corpusNames = []string{"Emoji", "Mixed", "MostlyASCII", "Chinese"}

type benchPair struct {
	from, to Encoding
	x        func() transformer // the golang.org/x/text peer
	iconv    [2]string          // iconv -f, -t
}

type transformer interface {
	Transform(dst, src []byte, atEOF bool) (int, int, error)
}

var (
	x16 = xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)
	x32 = utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
)

func enc(e encoding.Encoding) func() transformer { return func() transformer { return e.NewEncoder() } }
func dec(e encoding.Encoding) func() transformer { return func() transformer { return e.NewDecoder() } }

var benchPairs = map[string]benchPair{
	"UTF8ToUTF16LE":    {UTF8, UTF16LE, enc(x16), [2]string{"UTF-8", "UTF-16LE"}},
	"UTF16LEToUTF8":    {UTF16LE, UTF8, dec(x16), [2]string{"UTF-16LE", "UTF-8"}},
	"UTF8ToUTF32LE":    {UTF8, UTF32LE, enc(x32), [2]string{"UTF-8", "UTF-32LE"}},
	"UTF32LEToUTF8":    {UTF32LE, UTF8, dec(x32), [2]string{"UTF-32LE", "UTF-8"}},
	"UTF8ToGB18030":    {UTF8, GB18030, enc(simplifiedchinese.GB18030), [2]string{"UTF-8", "GB18030"}},
	"GB18030ToUTF8":    {GB18030, UTF8, dec(simplifiedchinese.GB18030), [2]string{"GB18030", "UTF-8"}},
	"UTF16LEToUTF32LE": {UTF16LE, UTF32LE, nil, [2]string{"UTF-16LE", "UTF-32LE"}},
}

// benchInput returns corpus name in encoding e.
func benchInput(b *testing.B, name string, e Encoding) []byte {
	src := corpora()[name]
	if e == UTF8 {
		return src
	}
	out, err := Convert(nil, src, UTF8, e)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// cpuLoop runs f b.N times (b.Loop) on a locked OS thread and reports
// cpu-MB/s, the throughput per CPU second of that thread (cputime.ThreadCPU:
// the other jobs on a shared machine distort wall time far more).
func cpuLoop(b *testing.B, n int, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(int64(n))
	b.ReportAllocs()
	t0 := cputime.ThreadCPU()
	iters := 0
	for b.Loop() {
		f()
		iters++
	}
	if t1 := cputime.ThreadCPU(); t1 > t0 {
		b.ReportMetric(float64(n)*float64(iters)/(t1-t0).Seconds()/1e6, "cpu-MB/s")
	}
}

func runPair(b *testing.B, pair string) {
	p := benchPairs[pair]
	c, _ := New(p.from, p.to, Options{})
	for _, name := range corpusNames {
		in := benchInput(b, name, p.from)
		out := make([]byte, 0, 5*len(in)+64)
		b.Run(name+"/fastio", func(b *testing.B) {
			cpuLoop(b, len(in), func() {
				if _, err := c.Append(out[:0], in); err != nil {
					b.Fatal(err)
				}
			})
		})
		if useAVX512 && (p.from == UTF8 || p.to == UTF8) && (p.from == UTF16LE || p.to == UTF16LE || p.from == UTF32LE || p.to == UTF32LE) {
			// The kernels a CPU with AVX2 but not AVX-512 runs.
			b.Run(name+"/fastio-avx2", func(b *testing.B) {
				defer setLevel("avx2mixed")()
				cpuLoop(b, len(in), func() {
					if _, err := c.Append(out[:0], in); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
		if p.x != nil {
			b.Run(name+"/xtext", func(b *testing.B) {
				t := p.x()
				cpuLoop(b, len(in), func() {
					if _, _, err := t.Transform(out[:cap(out)], in, true); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
		if p.from == UTF8 && p.to == UTF16LE {
			b.Run(name+"/stdlib", func(b *testing.B) {
				units := make([]uint16, 0, len(in))
				cpuLoop(b, len(in), func() {
					units = units[:0]
					for _, r := range unsafeString(in) {
						units = utf16.AppendRune(units, r)
					}
				})
			})
		}
		if p.from == UTF16LE && p.to == UTF8 {
			b.Run(name+"/stdlib", func(b *testing.B) {
				units := make([]uint16, len(in)/2)
				for i := range units {
					units[i] = load16(in[2*i:], false)
				}
				cpuLoop(b, len(in), func() {
					o := out[:0]
					for i := 0; i < len(units); i++ {
						r := rune(units[i])
						if utf16.IsSurrogate(r) && i+1 < len(units) {
							r = utf16.DecodeRune(r, rune(units[i+1]))
							i++
						}
						o = utf8.AppendRune(o, r)
					}
				})
			})
		}
		b.Run(name+"/iconv", func(b *testing.B) {
			path := coretest.Peer(b, "iconv", "libc-bin")
			b.SetBytes(int64(len(in)))
			var cpu time.Duration
			iters := 0
			for b.Loop() {
				cmd := exec.Command(path, "-f", p.iconv[0], "-t", p.iconv[1])
				cmd.Stdin = bytes.NewReader(in)
				cmd.Stdout = io.Discard
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				iters++
			}
			// The child's own CPU time: start-up included, our pipe copying not.
			if cpu > 0 {
				b.ReportMetric(float64(len(in))*float64(iters)/cpu.Seconds()/1e6, "cpu-MB/s")
			}
		})
	}
}

func BenchmarkUTF8ToUTF16LE(b *testing.B)    { runPair(b, "UTF8ToUTF16LE") }
func BenchmarkUTF16LEToUTF8(b *testing.B)    { runPair(b, "UTF16LEToUTF8") }
func BenchmarkUTF8ToUTF32LE(b *testing.B)    { runPair(b, "UTF8ToUTF32LE") }
func BenchmarkUTF32LEToUTF8(b *testing.B)    { runPair(b, "UTF32LEToUTF8") }
func BenchmarkUTF8ToGB18030(b *testing.B)    { runPair(b, "UTF8ToGB18030") }
func BenchmarkGB18030ToUTF8(b *testing.B)    { runPair(b, "GB18030ToUTF8") }
func BenchmarkUTF16LEToUTF32LE(b *testing.B) { runPair(b, "UTF16LEToUTF32LE") }

// BenchmarkWriter measures the streaming form: the corpus written in 4 KiB
// pieces through a Writer into a 64 KiB core.Writer over io.Discard.
func BenchmarkWriter(b *testing.B) {
	for _, pair := range []string{"UTF8ToUTF16LE", "UTF8ToGB18030"} {
		p := benchPairs[pair]
		c, _ := New(p.from, p.to, Options{})
		for _, name := range corpusNames {
			in := benchInput(b, name, p.from)
			b.Run(fmt.Sprintf("%s/%s", pair, name), func(b *testing.B) {
				w := c.NewWriter(core.NewWriter(io.Discard))
				cpuLoop(b, len(in), func() {
					for i := 0; i < len(in); i += 4096 {
						w.Write(in[i:min(i+4096, len(in))])
					}
					w.Flush()
				})
			})
		}
	}
}

// BenchmarkCount measures counting the UTF-16 units of UTF-8 text beside
// utf8.RuneCount, the nearest standard library peer.
func BenchmarkCount(b *testing.B) {
	c, _ := New(UTF8, UTF16LE, Options{})
	for _, name := range corpusNames {
		in := corpora()[name]
		b.Run(name+"/fastio", func(b *testing.B) {
			cpuLoop(b, len(in), func() { c.Count(in) })
		})
		b.Run(name+"/utf8.RuneCount", func(b *testing.B) {
			cpuLoop(b, len(in), func() { utf8.RuneCount(in) })
		})
	}
}

func unsafeString(p []byte) string { return unsafe.String(unsafe.SliceData(p), len(p)) }

// BenchmarkReaderPath converts each corpus file to file the two ways a
// program can: Writer, the source read in 1 MiB pieces and written
// through a Writer into a 1 MiB core.Writer; Reader, io.Copy from a Reader
// over the source into the same core.Writer. The source is a bytes.Reader
// (each way copies the text out of it once, as read(2) copies a file) and
// the device io.Discard, so what is timed is the conversion and the copies
// around it; the two should cost the same.
func BenchmarkReaderPath(b *testing.B) {
	for _, pair := range []string{"UTF8ToUTF16LE", "UTF16LEToUTF8"} {
		p := benchPairs[pair]
		c, _ := New(p.from, p.to, Options{Strict: true})
		for _, name := range corpusNames {
			in := benchInput(b, name, p.from)
			out := core.NewWriterSize(io.Discard, 1<<20)
			b.Run(fmt.Sprintf("%s/%s/Writer", pair, name), func(b *testing.B) {
				src := bytes.NewReader(in)
				w := c.NewWriter(out)
				piece := make([]byte, 1<<20)
				cpuLoop(b, len(in), func() {
					src.Reset(in)
					w.Reset(out)
					for {
						n, err := src.Read(piece)
						w.Write(piece[:n])
						if err != nil {
							break
						}
					}
					w.Close()
					out.Flush()
				})
			})
			b.Run(fmt.Sprintf("%s/%s/Reader", pair, name), func(b *testing.B) {
				src := bytes.NewReader(in)
				r := c.NewReader(src)
				cpuLoop(b, len(in), func() {
					src.Reset(in)
					r.Reset(src)
					io.Copy(out, r)
					out.Flush()
				})
			})
		}
	}
}
