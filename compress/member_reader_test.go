package compress

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// indexStream compresses data with WriterOptions.Index at level, with c
// goroutines and blocks of bs bytes, the header h (nil for none).
func indexStream(t testing.TB, level, c, bs int, data []byte, h *Header) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := NewWriter(&out, Gzip, level, &WriterOptions{Index: true, Concurrency: c, BlockSize: bs})
	if err != nil {
		t.Fatal(err)
	}
	if h != nil {
		w.Header = *h
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// flushedIndexStream writes data with Index in pieces of n bytes with a
// Flush after each, so that every piece is a member of its own.
func flushedIndexStream(t testing.TB, data []byte, n int) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := NewWriter(&out, Gzip, 6, &WriterOptions{Index: true, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	for len(data) > 0 {
		k := min(n, len(data))
		w.Write(data[:k])
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		data = data[k:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// member is one member of an indexed stream, as its header tells.
type member struct {
	at, size int // offset and length
	hlen     int // header length
	lenAt    int // offset of the length value in the stream
	hdr      Header
}

// indexedMembers splits an indexed stream at the lengths its headers
// give, checking the layout the Writer promises.
func indexedMembers(t *testing.T, s []byte) []member {
	t.Helper()
	var ms []member
	for at := 0; at < len(s); {
		r, err := NewReader(bytes.NewReader(s[at:]), Gzip, &ReaderOptions{SingleMember: true, StopAtEnd: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r); err != nil {
			t.Fatalf("member at %d: %v", at, err)
		}
		x := r.Header.Extra
		if len(x) < indexFieldLen || !bytes.Equal(x[len(x)-8:len(x)-4], []byte{'F', 'I', 4, 0}) {
			t.Fatalf("member at %d: extra field %x does not end with the index subfield", at, x)
		}
		size := int(binary.LittleEndian.Uint32(x[len(x)-4:]))
		if int64(size) != r.InputOffset() {
			t.Fatalf("member at %d: index says %d bytes, the member has %d", at, size, r.InputOffset())
		}
		hlen := 10 + 2 + len(x)
		for _, f := range []string{r.Header.Name, r.Header.Comment} {
			if f != "" {
				hlen += len(f) + 1
			}
		}
		ms = append(ms, member{at: at, size: size, hlen: hlen, lenAt: at + 12 + len(x) - 4, hdr: r.Header})
		at += size
	}
	return ms
}

// readResult is what a Reader made of a stream: its output, its error,
// and its counts and header at the end.
type readResult struct {
	out      []byte
	err      string
	in, size int64
	hdr      string
	used     int // members from a worker
	stolen   int // members the run queued and the Reader inflated
}

// readIndexed reads stream from src (made by mk) through a Reader with
// opts, in reads of 5000 bytes.
func readIndexed(t *testing.T, src io.Reader, opts *ReaderOptions) readResult {
	t.Helper()
	r, err := NewReader(src, Gzip, opts)
	if err != nil {
		t.Fatal(err)
	}
	var res readResult
	buf := make([]byte, 5000)
	for {
		n, err := r.Read(buf)
		res.out = append(res.out, buf[:n]...)
		if r.mi != nil {
			res.used, res.stolen = max(res.used, r.mi.used), max(res.stolen, r.mi.stolen)
		}
		if err != nil {
			if err != io.EOF {
				res.err = err.Error()
			}
			break
		}
	}
	res.in, res.size = r.InputOffset(), r.OutputSize()
	res.hdr = fmt.Sprintf("%q %q %x %v %d", r.Header.Name, r.Header.Comment, r.Header.Extra, r.Header.ModTime.Unix(), r.Header.OS)
	return res
}

// idxCompare reads stream with one goroutine and with two, the Reader
// taking every member from the worker and taking back those the worker
// has not started, and fails on any difference; it returns how many
// members came from the worker when the Reader takes none back.
func idxCompare(t *testing.T, stream []byte, opts ReaderOptions) int {
	t.Helper()
	twoProcs(t)
	seq := opts
	seq.Concurrency = 1
	want := readIndexed(t, bytes.NewReader(stream), &seq)
	used := 0
	for _, only := range []bool{true, false} {
		opts.Concurrency, opts.workersOnly = 2, only
		got := readIndexed(t, bytes.NewReader(stream), &opts)
		if !bytes.Equal(got.out, want.out) {
			t.Fatalf("two goroutines (workers only %v): %d bytes, one %d (first difference at %d)", only, len(got.out), len(want.out), firstDiff(got.out, want.out))
		}
		if got.err != want.err {
			t.Fatalf("two goroutines (workers only %v): error %q\none goroutine: %q", only, got.err, want.err)
		}
		if got.in != want.in || got.size != want.size || got.hdr != want.hdr {
			t.Fatalf("two goroutines (workers only %v) end at input %d, output %d, header %s; one goroutine at %d, %d, %s",
				only, got.in, got.size, got.hdr, want.in, want.size, want.hdr)
		}
		if only {
			used = got.used
		}
	}
	return used
}

func TestIndexRoundTrip(t *testing.T) {
	twoProcs(t)
	data := append(textCorpus(700<<10, 41), randomCorpus(150<<10, 41)...)
	for _, level := range []int{1, 6, 9} {
		for _, bs := range []int{MinBlockSize, 300 << 10, DefaultBlockSize} {
			var first []byte
			for _, c := range []int{1, 2, 4} {
				t.Run(fmt.Sprintf("level%d/block%dk/c%d", level, bs>>10, c), func(t *testing.T) {
					s := indexStream(t, level, c, bs, data, nil)
					if first == nil {
						first = s
					} else if !bytes.Equal(s, first) {
						t.Fatalf("Concurrency %d: %d bytes, differ from Concurrency 1's %d at %d", c, len(s), len(first), firstDiff(s, first))
					}
					ms := indexedMembers(t, s)
					if want := (len(data) + bs - 1) / bs; len(ms) != want {
						t.Fatalf("%d members, want %d", len(ms), want)
					}
					for _, n := range []int{1, 2, 4} {
						got, err := inflateAll(Gzip, s, &ReaderOptions{Concurrency: n})
						if err != nil || !bytes.Equal(got, data) {
							t.Fatalf("Reader with Concurrency %d: %d bytes, %v; want %d", n, len(got), err, len(data))
						}
					}
					if used := idxCompare(t, s, ReaderOptions{}); runtime.GOMAXPROCS(0) >= 2 && used != len(ms) {
						t.Fatalf("%d of %d members from a worker", used, len(ms))
					}
				})
			}
		}
	}
}

func TestIndexInputs(t *testing.T) {
	for _, in := range testInputs() {
		t.Run(in.name, func(t *testing.T) {
			s := indexStream(t, 6, 2, MinBlockSize, in.data, nil)
			if ms := indexedMembers(t, s); len(ms) != max(1, (len(in.data)+MinBlockSize-1)/MinBlockSize) {
				t.Fatalf("%d members for %d bytes", len(ms), len(in.data))
			}
			got, err := inflateAll(Gzip, s, &ReaderOptions{Concurrency: 2})
			if err != nil || !bytes.Equal(got, in.data) {
				t.Fatalf("%d bytes, %v; want %d", len(got), err, len(in.data))
			}
			idxCompare(t, s, ReaderOptions{})
		})
	}
}

func TestIndexHeaderLayout(t *testing.T) {
	data := textCorpus(400<<10, 5)
	mtime := time.Unix(1700000000, 0)
	h := &Header{Name: "notes.txt", Comment: "a comment", Extra: []byte{'A', 'B', 2, 0, 7, 8}, ModTime: mtime, OS: 3}
	s := indexStream(t, 9, 2, MinBlockSize, data, h)
	ms := indexedMembers(t, s)
	if len(ms) != 4 {
		t.Fatalf("%d members, want 4", len(ms))
	}
	first := ms[0].hdr
	if first.Name != h.Name || first.Comment != h.Comment || !first.ModTime.Equal(mtime) || first.OS != 3 ||
		!bytes.Equal(first.Extra[:6], h.Extra) || len(first.Extra) != 6+indexFieldLen {
		t.Fatalf("first member's header %+v, want %+v with the index after Extra", first, h)
	}
	for _, m := range ms[1:] {
		if m.hdr.Name != "" || m.hdr.Comment != "" || !m.hdr.ModTime.IsZero() || m.hdr.OS != 3 || len(m.hdr.Extra) != indexFieldLen {
			t.Fatalf("member at %d: header %+v, want OS 3 and the index only", m.at, m.hdr)
		}
		if s[m.at+8] != 2 { // XFL of level 9
			t.Fatalf("member at %d: XFL %d, want 2", m.at, s[m.at+8])
		}
		if m.hlen != 20 {
			t.Fatalf("member at %d: header of %d bytes, want 20", m.at, m.hlen)
		}
	}
	// The Reader's Header is each member's in turn, as with one goroutine.
	idxCompare(t, s, ReaderOptions{})
	twoProcs(t)
	r, _ := NewReader(bytes.NewReader(s), Gzip, &ReaderOptions{Concurrency: 2})
	if _, err := r.Read(make([]byte, 100)); err != nil || r.Header.Name != h.Name {
		t.Fatalf("first read: %v, header %+v", err, r.Header)
	}
}

// TestIndexCopiedHeader writes an indexed stream whose Header is the one
// a Reader read from another indexed stream, index subfield included:
// the subfield the Writer appends is the one that counts.
func TestIndexCopiedHeader(t *testing.T) {
	needCPUs(t)
	data := textCorpus(500<<10, 14)
	r, _ := NewReader(bytes.NewReader(indexStream(t, 6, 1, 0, data, &Header{Name: "first"})), Gzip, nil)
	if _, err := io.Copy(io.Discard, r); err != nil {
		t.Fatal(err)
	}
	h := r.Header
	h.Extra = append([]byte{'F', 'I', 4, 0, 1, 2, 3, 4}, h.Extra...) // and a stale one before
	s := indexStream(t, 6, 2, MinBlockSize, data, &h)
	if used := idxCompare(t, s, ReaderOptions{}); used != 4 {
		t.Fatalf("%d of 4 members from a worker", used)
	}
}

func TestIndexEmpty(t *testing.T) {
	s := indexStream(t, 6, 1, 0, nil, nil)
	ms := indexedMembers(t, s)
	if len(ms) != 1 || ms[0].size != len(s) {
		t.Fatalf("empty input: %d members in %d bytes, want one", len(ms), len(s))
	}
	if got, err := inflateAll(Gzip, s, &ReaderOptions{Concurrency: 2}); err != nil || len(got) != 0 {
		t.Fatalf("%d bytes, %v", len(got), err)
	}
}

func TestIndexFlush(t *testing.T) {
	var out bytes.Buffer
	w, err := NewWriter(&out, Gzip, 6, &WriterOptions{Index: true})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("first part, "))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	n := out.Len()
	// What was written before the Flush is a complete member.
	if got, err := inflateAll(Gzip, out.Bytes(), nil); err != nil || string(got) != "first part, " {
		t.Fatalf("after Flush: %q, %v", got, err)
	}
	if err := w.Flush(); err != nil || out.Len() != n {
		t.Fatalf("an empty Flush wrote %d bytes (%v)", out.Len()-n, err)
	}
	w.Write([]byte("second part"))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if ms := indexedMembers(t, out.Bytes()); len(ms) != 2 {
		t.Fatalf("%d members, want 2", len(ms))
	}
	if got, err := inflateAll(Gzip, out.Bytes(), nil); err != nil || string(got) != "first part, second part" {
		t.Fatalf("%q, %v", got, err)
	}
}

func TestIndexBadOptions(t *testing.T) {
	for _, f := range []Format{Zlib, Deflate} {
		_, err := NewWriter(io.Discard, f, 6, &WriterOptions{Index: true})
		var e *Error
		if !errors.Is(err, ErrFormat) || !errors.As(err, &e) || e.Op != "new writer" {
			t.Errorf("%v with Index: %v, want an *Error wrapping ErrFormat", f, err)
		}
	}
	// The first member's extra field needs room for the index.
	for _, n := range []int{0xffff - indexFieldLen + 1, 0xffff} {
		w, err := NewWriter(io.Discard, Gzip, 6, &WriterOptions{Index: true})
		if err != nil {
			t.Fatal(err)
		}
		w.Header.Extra = make([]byte, n)
		w.Write([]byte("x"))
		if err := w.Close(); !errors.Is(err, ErrHeader) {
			t.Errorf("Extra of %d bytes: %v, want ErrHeader", n, err)
		}
	}
	w, _ := NewWriter(io.Discard, Gzip, 6, &WriterOptions{Index: true})
	w.Header.Extra = make([]byte, 0xffff-indexFieldLen)
	w.Write([]byte("x"))
	if err := w.Close(); err != nil {
		t.Errorf("Extra of %d bytes: %v", 0xffff-indexFieldLen, err)
	}
}

func TestIndexedReaderDifferential(t *testing.T) {
	needCPUs(t)
	for name, data := range parCorpora(t) {
		for _, level := range []int{1, 6} {
			t.Run(name+"/level"+strconv.Itoa(level), func(t *testing.T) {
				s := indexStream(t, level, 2, MinBlockSize, data, &Header{Name: name})
				ms := indexedMembers(t, s)
				if used := idxCompare(t, s, ReaderOptions{MaxSize: NoLimit}); used != len(ms) {
					t.Fatalf("%d of %d members from a worker", used, len(ms))
				}
			})
		}
	}
}

// TestIndexedReaderSources reads an indexed stream from each kind of
// source: the ones that can be read at offsets use the index, the others
// inflate on one goroutine, all with the same result.
func TestIndexedReaderSources(t *testing.T) {
	needCPUs(t)
	data := textCorpus(900<<10, 8)
	s := indexStream(t, 6, 2, MinBlockSize, data, nil)
	path := filepath.Join(t.TempDir(), "x.gz")
	if err := os.WriteFile(path, append([]byte("junk"), s...), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := &ReaderOptions{Concurrency: 2}
	want := readIndexed(t, bytes.NewReader(s), &ReaderOptions{})
	for _, tc := range []struct {
		name   string
		src    func() io.Reader
		useIdx bool
	}{
		{"bytes", func() io.Reader { return bytes.NewReader(s) }, true},
		{"span", func() io.Reader { return core.NewSpanReader(s) }, true},
		{"file", func() io.Reader {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			f.Seek(4, io.SeekStart) // the stream starts after the junk
			return f
		}, true},
		{"plain", func() io.Reader { return struct{ io.Reader }{bytes.NewReader(s)} }, false},
		{"buffered", func() io.Reader { return core.NewReader(bytes.NewReader(s)) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readIndexed(t, tc.src(), opts)
			if !bytes.Equal(got.out, data) || got.err != "" || got.in != want.in || got.size != want.size {
				t.Fatalf("%d bytes, %q, at %d/%d; want %d bytes at %d/%d", len(got.out), got.err, got.in, got.size, len(data), want.in, want.size)
			}
			if (got.used+got.stolen > 0) != tc.useIdx {
				t.Fatalf("%d members from a worker, %d taken back", got.used, got.stolen)
			}
		})
	}
}

// corruptions returns the variants of an indexed stream with one thing
// wrong in or after member k: its header, its index's value, its deflate
// data, its trailer, the stream cut at its boundaries.
func corruptions(s []byte, m member) map[string][]byte {
	v := map[string][]byte{}
	mod := func(name string, f func(c []byte) []byte) { v[name] = f(bytes.Clone(s)) }
	mod("magic", func(c []byte) []byte { c[m.at+1] ^= 0xff; return c })
	mod("method", func(c []byte) []byte { c[m.at+2] = 7; return c })
	mod("flags", func(c []byte) []byte { c[m.at+3] |= 0x80; return c })
	mod("no_extra_flag", func(c []byte) []byte { c[m.at+3] &^= flagExtra; return c })
	mod("xlen", func(c []byte) []byte { c[m.at+10]++; return c })
	mod("subfield_id", func(c []byte) []byte { c[m.lenAt-4] = 'G'; return c })
	mod("subfield_len", func(c []byte) []byte { c[m.lenAt-2] = 3; return c })
	set := func(name string, n int) {
		mod(name, func(c []byte) []byte { binary.LittleEndian.PutUint32(c[m.lenAt:], uint32(n)); return c })
	}
	set("length_small", m.size-1)
	set("length_half", m.size/2)
	set("length_zero", 0)
	set("length_large", m.size+1)
	set("length_next", m.size+30)
	set("length_past_eof", len(s)-m.at+100)
	set("length_huge", 1<<31)
	mod("deflate", func(c []byte) []byte { c[m.at+m.hlen+(m.size-m.hlen-8)/2] ^= 0x10; return c })
	mod("deflate_first", func(c []byte) []byte { c[m.at+m.hlen] ^= 0x06; return c })
	mod("deflate_last", func(c []byte) []byte { c[m.at+m.size-9] ^= 0x81; return c })
	mod("crc", func(c []byte) []byte { c[m.at+m.size-8] ^= 1; return c })
	mod("isize", func(c []byte) []byte { c[m.at+m.size-4] ^= 1; return c })
	mod("isize_high", func(c []byte) []byte { c[m.at+m.size-1] ^= 0x40; return c })
	// A byte between the deflate data and the trailer, the index
	// counting it: the trailer is where the index says, not where the
	// deflate data ends.
	gap := bytes.Clone(s[:m.at+m.size-8])
	gap = append(append(gap, 0), s[m.at+m.size-8:]...)
	binary.LittleEndian.PutUint32(gap[m.lenAt:], uint32(m.size+1))
	v["gap"] = gap
	for _, d := range []int{-9, -8, -1, 0, 1, 12} {
		if at := m.at + m.size + d; at > m.at && at <= len(s) {
			v["cut"+strconv.Itoa(d)] = s[:at]
		}
	}
	return v
}

func TestIndexedReaderCorrupt(t *testing.T) {
	needCPUs(t)
	data := append(textCorpus(500<<10, 12), randomCorpus(100<<10, 12)...)
	s := indexStream(t, 6, 2, MinBlockSize, data, &Header{Name: "c"})
	for k, m := range indexedMembers(t, s) {
		for name, c := range corruptions(s, m) {
			t.Run(fmt.Sprintf("member%d/%s", k, name), func(t *testing.T) {
				idxCompare(t, c, ReaderOptions{MaxSize: NoLimit})
			})
		}
	}
}

// TestIndexedReaderRepeated reads identical members, one of whose index
// says it is two members long: the run then expects the next member one
// member too far, where an identical one is, and the Reader must not
// take that one for the next.
func TestIndexedReaderRepeated(t *testing.T) {
	needCPUs(t)
	s := flushedIndexStream(t, bytes.Repeat(textCorpus(20<<10, 5), 8), 20<<10)
	ms := indexedMembers(t, s)
	if len(ms) != 8 || ms[1].size != ms[2].size {
		t.Fatalf("%d members, want 8 of one size", len(ms))
	}
	for k := 1; k < 6; k++ {
		c := bytes.Clone(s)
		binary.LittleEndian.PutUint32(c[ms[k].lenAt:], uint32(2*ms[k].size))
		idxCompare(t, c, ReaderOptions{})
	}
}

// TestIndexedReaderMixed puts non-indexed members and padding between
// indexed ones: the indexed members still come from workers.
func TestIndexedReaderMixed(t *testing.T) {
	needCPUs(t)
	a := indexStream(t, 6, 2, MinBlockSize, textCorpus(400<<10, 1), nil)
	b := compressBytes(t, Gzip, 6, textCorpus(200<<10, 2))
	c := indexStream(t, 1, 2, MinBlockSize, randomCorpus(300<<10, 3), &Header{Name: "third"})
	for name, s := range map[string][]byte{
		"indexed_plain_indexed": bytes.Join([][]byte{a, b, c}, nil),
		"plain_indexed":         bytes.Join([][]byte{b, a}, nil),
		"indexed_plain":         bytes.Join([][]byte{a, b}, nil),
		"padding":               bytes.Join([][]byte{a, make([]byte, 100)}, nil),
		"trailing":              bytes.Join([][]byte{a, []byte("trailing")}, nil),
	} {
		t.Run(name, func(t *testing.T) {
			if used := idxCompare(t, s, ReaderOptions{}); used < 4 {
				t.Fatalf("%d members from a worker", used)
			}
		})
	}
}

func TestIndexedReaderMaxSize(t *testing.T) {
	needCPUs(t)
	data := textCorpus(600<<10, 9)
	s := indexStream(t, 6, 2, MinBlockSize, data, nil)
	for _, max := range []int64{1, 5000, MinBlockSize - 1, MinBlockSize, MinBlockSize + 1, 3*MinBlockSize + 77, int64(len(data)) - 1, int64(len(data))} {
		t.Run(strconv.FormatInt(max, 10), func(t *testing.T) {
			idxCompare(t, s, ReaderOptions{MaxSize: max})
		})
	}
}

func TestIndexedReaderOptions(t *testing.T) {
	needCPUs(t)
	s := indexStream(t, 6, 2, MinBlockSize, textCorpus(500<<10, 4), nil)
	more := append(bytes.Clone(s), "after the stream"...)
	t.Run("single_member", func(t *testing.T) {
		if used := idxCompare(t, s, ReaderOptions{SingleMember: true}); used != 0 {
			t.Fatalf("SingleMember: %d members from a worker", used)
		}
	})
	t.Run("max_ratio", func(t *testing.T) {
		if used := idxCompare(t, s, ReaderOptions{MaxRatio: 100}); used != 0 {
			t.Fatalf("MaxRatio: %d members from a worker", used)
		}
	})
	t.Run("stop_at_end", func(t *testing.T) {
		idxCompare(t, more, ReaderOptions{StopAtEnd: true})
		for _, n := range []int{1, 2} {
			src := bytes.NewReader(more)
			r, _ := NewReader(src, Gzip, &ReaderOptions{StopAtEnd: true, Concurrency: n})
			if _, err := io.Copy(io.Discard, r); err != nil {
				t.Fatal(err)
			}
			if rest, _ := io.ReadAll(src); string(rest) != "after the stream" {
				t.Fatalf("Concurrency %d: source left at %q", n, rest)
			}
		}
	})
}

// TestIndexedReaderReset reuses one Reader across streams and stops it
// in the middle of one.
func TestIndexedReaderReset(t *testing.T) {
	needCPUs(t)
	d1, d2 := textCorpus(700<<10, 21), randomCorpus(400<<10, 22)
	s1, s2 := indexStream(t, 6, 2, MinBlockSize, d1, nil), indexStream(t, 1, 2, MinBlockSize, d2, nil)
	r, _ := NewReader(bytes.NewReader(s1), Gzip, &ReaderOptions{Concurrency: 2})
	if _, err := io.ReadFull(r, make([]byte, 200<<10)); err != nil {
		t.Fatal(err)
	}
	r.Reset(bytes.NewReader(s2))
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, d2) {
		t.Fatalf("after Reset: %d bytes, %v", len(got), err)
	}
	r.Reset(bytes.NewReader(s1))
	io.ReadFull(r, make([]byte, 300<<10))
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}

// peerIndexed are the gzip inflaters that must read an indexed stream,
// with their Debian packages.
var peerIndexed = append(append([]struct{ cmd, pkg string }{}, parallelPeers...), struct{ cmd, pkg string }{"bgzip", "tabix"})

// TestIndexedInterop has gzip, pigz, libdeflate, isa-l and htslib's bgzip
// inflate an indexed stream, with a header and a Flush in it.
func TestIndexedInterop(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 cannot start a process: the gzip, pigz, libdeflate, igzip and bgzip peers need a host")
	}
	data := append(textCorpus(900<<10, 31), randomCorpus(200<<10, 31)...)
	var out bytes.Buffer
	w, _ := NewWriter(&out, Gzip, 6, &WriterOptions{Index: true, Concurrency: 2, BlockSize: MinBlockSize})
	w.Header = Header{Name: "data.txt", Comment: "indexed", Extra: []byte{'X', 'Y', 1, 0, 9}, ModTime: time.Unix(1<<30, 0), OS: 3}
	w.Write(data[:300<<10])
	w.Flush()
	w.Write(data[300<<10:])
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, peer := range peerIndexed {
		t.Run(peer.cmd, func(t *testing.T) {
			path := coretest.Peer(t, peer.cmd, peer.pkg)
			cmd := exec.Command(path, "-dc")
			cmd.Stdin = bytes.NewReader(out.Bytes())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			got, err := cmd.Output()
			if err != nil || !bytes.Equal(got, data) || stderr.Len() > 0 {
				t.Fatalf("%s -dc: %d bytes, %v: %s; want %d", peer.cmd, len(got), err, stderr.Bytes(), len(data))
			}
		})
	}
}

// TestIndexedReaderBGZF inflates files written by bgzip (BGZF: members
// of at most 64 KiB whose extra field has the subfield BC): through the
// workers, with gzip -d's output.
func TestIndexedReaderBGZF(t *testing.T) {
	if runtime.GOOS == "wasip1" {
		t.Skip("wasip1 cannot start a process: bgzip needs a host")
	}
	needCPUs(t)
	bgzip := coretest.Peer(t, "bgzip", "tabix")
	gzip := coretest.Peer(t, "gzip", "gzip")
	for name, data := range map[string][]byte{
		"text":   textCorpus(1<<20, 3),
		"binary": binaryCorpus(t, 1<<20),
		"random": randomCorpus(300<<10, 3),
		"empty":  nil,
	} {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(bgzip, "-c")
			cmd.Stdin = bytes.NewReader(data)
			s, err := cmd.Output()
			if err != nil {
				t.Fatalf("bgzip -c: %v", err)
			}
			cmd = exec.Command(gzip, "-dc")
			cmd.Stdin = bytes.NewReader(s)
			want, err := cmd.Output()
			if err != nil {
				t.Fatalf("gzip -dc: %v", err)
			}
			got := readIndexed(t, bytes.NewReader(s), &ReaderOptions{Concurrency: 2, workersOnly: true})
			if !bytes.Equal(got.out, want) || got.err != "" {
				t.Fatalf("%d bytes, %q; gzip -d gives %d", len(got.out), got.err, len(want))
			}
			// bgzip's members hold 65280 bytes of input each, and an
			// empty one ends the file.
			if members := (len(data)+65279)/65280 + 1; got.used != members {
				t.Fatalf("%d members from a worker, want %d", got.used, members)
			}
			idxCompare(t, s, ReaderOptions{})
		})
	}
}

// TestIndexedReaderAllocs bounds the allocations of reading an indexed
// stream with a reused Reader: a few per member (the header's extra
// field, the worker's goroutine), none per byte.
func TestIndexedReaderAllocs(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("allocation counts need a normal build")
	}
	needCPUs(t)
	data := textCorpus(1<<20, 6)
	s := indexStream(t, 6, 2, MinBlockSize, data, nil)
	members := len(indexedMembers(t, s))
	src := bytes.NewReader(s)
	r, _ := NewReader(src, Gzip, &ReaderOptions{Concurrency: 2})
	read := func() {
		src.Reset(s)
		r.Reset(src)
		if n, err := r.WriteTo(io.Discard); err != nil || n != int64(len(data)) {
			t.Fatalf("%d bytes, %v", n, err)
		}
	}
	read()
	read()
	if a := testing.AllocsPerRun(5, read); a > float64(4*members) {
		t.Fatalf("%.0f allocations for %d members, want at most %d", a, members, 4*members)
	}
}

// TestConformanceIndexed runs core's conformance suite over the Writer
// with Index, at one goroutine and two, and over a Reader with a
// Concurrency of 2 reading indexed streams.
func TestConformanceIndexed(t *testing.T) {
	for _, level := range []int{1, 6} {
		for _, conc := range []int{1, 2} {
			t.Run(fmt.Sprintf("Writer/level%d/goroutines%d", level, conc), func(t *testing.T) {
				coretest.TestBufferedWriter(t, coretest.WriterConfig{
					New: func(dev io.Writer) core.BufferedWriter {
						w, err := NewWriter(dev, Gzip, level, &WriterOptions{Index: true, Concurrency: conc, BlockSize: MinBlockSize})
						if err != nil {
							t.Fatal(err)
						}
						return w
					},
					Decode: func(out []byte) ([]byte, error) { return inflatePartial(Gzip, out) },
				})
			})
		}
	}
	twoProcs(t)
	t.Run("Reader", func(t *testing.T) {
		coretest.TestBufferedReader(t, coretest.ReaderConfig{
			New: func(src io.Reader) core.BufferedReader {
				r, _ := NewReader(src, Gzip, &ReaderOptions{Concurrency: 2})
				return r
			},
			Encode: func(data []byte) []byte { return flushedIndexStream(t, data, 5000) },
		})
	})
}
