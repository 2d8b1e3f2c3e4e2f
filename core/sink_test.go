package core_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"unsafe"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// quadSink is a Sink that passes on whole groups of 4 bytes, upper-cased,
// keeps a shorter tail, and fails at the first '!' (after passing on the
// groups before it). Close's final Take pads the tail with '.'.
type quadSink struct {
	dst    bytes.Buffer
	out    bytes.Buffer // what Flush delivered
	takes  int
	finals int
	flushs int
}

var errBang = errors.New("bang")

func (s *quadSink) Take(p []byte, final bool) (int, error) {
	s.takes++
	if final {
		s.finals++
	}
	n := len(p) &^ 3
	if i := bytes.IndexByte(p, '!'); i >= 0 && i < n+4 {
		n = i &^ 3
		s.dst.Write(bytes.ToUpper(p[:n]))
		return n, errBang
	}
	s.dst.Write(bytes.ToUpper(p[:n]))
	if final && n < len(p) {
		s.dst.Write(bytes.ToUpper(p[n:]))
		s.dst.WriteString(strings.Repeat(".", 4-(len(p)-n)))
		n = len(p)
	}
	return n, nil
}

func (s *quadSink) Flush() error {
	s.flushs++
	s.out.Write(s.dst.Bytes())
	s.dst.Reset()
	return nil
}

func TestSinkWriter(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		size   int
		flush  string // delivered after Flush
		close  string // delivered after Close
		err    error  // from Close
	}{
		{"empty", nil, 64, "", "", nil},
		{"tail kept by flush", []string{"abcdef"}, 64, "ABCD", "ABCDEF..", nil},
		{"split groups", []string{"a", "bc", "defg", "h"}, 64, "ABCDEFGH", "ABCDEFGH", nil},
		{"bypass", []string{strings.Repeat("x", 130)}, 64, strings.Repeat("X", 128), strings.Repeat("X", 130) + "..", nil},
		{"tail then bypass", []string{"ab", strings.Repeat("y", 200)}, 64, "AB" + strings.Repeat("Y", 198), "AB" + strings.Repeat("Y", 200) + "..", nil},
		{"error delivers bytes before", []string{"abcdefgh!xyz"}, 64, "ABCDEFGH", "ABCDEFGH", errBang},
		{"error in bypass", []string{strings.Repeat("z", 100) + "!" + strings.Repeat("z", 100)}, 64, strings.Repeat("Z", 100), strings.Repeat("Z", 100), errBang},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &quadSink{}
			w := core.NewSinkWriter(s, tc.size)
			for _, c := range tc.chunks {
				n, err := w.WriteString(c)
				if err != nil && !errors.Is(err, errBang) {
					t.Fatalf("Write: %d, %v", n, err)
				}
			}
			ferr := w.Flush()
			if got := s.out.String(); got != tc.flush {
				t.Fatalf("after Flush (%v) device has %q, want %q", ferr, got, tc.flush)
			}
			if err := w.Close(); !errors.Is(err, tc.err) || (tc.err == nil && err != nil) {
				t.Fatalf("Close = %v, want %v", err, tc.err)
			}
			if got := s.out.String(); got != tc.close {
				t.Fatalf("after Close device has %q, want %q", got, tc.close)
			}
			if tc.err == nil && s.finals != 1 {
				t.Fatalf("%d final Takes, want 1", s.finals)
			}
			if _, err := w.Write([]byte("more")); !errors.Is(err, fs.ErrClosed) {
				t.Fatalf("Write after Close = %v", err)
			}
		})
	}
}

func TestSinkWriterReserve(t *testing.T) {
	s := &quadSink{}
	w := core.NewSinkWriter(s, 64)
	for i := range 100 {
		p := w.Reserve(3)
		p[0], p[1], p[2] = 'a'+byte(i%26), 'b', 'c'
		w.Commit(3)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i := range 100 {
		want.WriteString(strings.ToUpper(string([]byte{'a' + byte(i%26), 'b', 'c'})))
	}
	if got := s.out.String(); got != want.String() {
		t.Fatalf("got %q\nwant %q", got, want.String())
	}
}

// stuckSink takes nothing, ever.
type stuckSink struct{ calls int }

func (s *stuckSink) Take(p []byte, final bool) (int, error) { s.calls++; return 0, nil }
func (s *stuckSink) Flush() error                           { return nil }

func TestSinkWriterNoProgress(t *testing.T) {
	s := &stuckSink{}
	w := core.NewSinkWriter(s, 64)
	_, err := w.Write(make([]byte, 200))
	if !errors.Is(err, io.ErrNoProgress) || s.calls != 100 { // the documented limit
		t.Fatalf("Write = %v after %d calls", err, s.calls)
	}
}

// tempSink fails its first Take with a temporary error.
type tempSink struct {
	quadSink
	failed bool
}

func (s *tempSink) Take(p []byte, final bool) (int, error) {
	if !s.failed {
		s.failed = true
		return 0, &coretest.TempError{Err: coretest.ErrFault}
	}
	return s.quadSink.Take(p, final)
}

func TestSinkWriterTemporary(t *testing.T) {
	s := &tempSink{}
	w := core.NewSinkWriter(s, 64)
	w.WriteString("abcd")
	if err := w.Flush(); err == nil {
		t.Fatal("Flush hid the temporary error")
	}
	if err := w.Flush(); err != nil {
		t.Fatalf("second Flush = %v", err)
	}
	if got := s.out.String(); got != "ABCD" {
		t.Fatalf("device %q", got)
	}
}

// closeRecorder is a device that records Close.
type closeRecorder struct {
	bytes.Buffer
	closed int
}

func (c *closeRecorder) Close() error { c.closed++; return nil }

func TestOwning(t *testing.T) {
	dev := &closeRecorder{}
	w := core.NewOwningWriter(dev, 0)
	w.WriteString("hi")
	if err := w.Close(); err != nil || dev.closed != 1 || dev.String() != "hi" {
		t.Fatalf("Close = %v, closed %d, %q", err, dev.closed, dev.String())
	}
	if err := w.Close(); !errors.Is(err, fs.ErrClosed) || dev.closed != 1 {
		t.Fatalf("second Close = %v, closed %d", err, dev.closed)
	}
	// Reset retargets all of it: the new device is not owned.
	other := &closeRecorder{}
	w.Reset(other)
	w.WriteString("x")
	if err := w.Close(); err != nil || other.closed != 0 || other.String() != "x" || w.Device() != io.Writer(other) {
		t.Fatalf("after Reset: Close = %v, closed %d", err, other.closed)
	}

	src := &closeRecorder{}
	src.WriteString("data")
	r := core.NewOwningReader(src, 0)
	if err := r.Close(); err != nil || src.closed != 1 {
		t.Fatalf("Reader Close = %v, closed %d", err, src.closed)
	}
	if _, err := r.Read(make([]byte, 4)); !errors.Is(err, fs.ErrClosed) {
		t.Fatalf("Read after Close = %v", err)
	}
}

// unitSource produces 4-byte units and returns 0, io.ErrShortBuffer when
// p cannot hold one, as a decoder whose next character does not fit does.
type unitSource struct{ left int }

func (s *unitSource) Read(p []byte) (int, error) {
	if s.left == 0 {
		return 0, io.EOF
	}
	if len(p) < 4 {
		return 0, io.ErrShortBuffer
	}
	n := min(len(p)/4, s.left)
	for i := range 4 * n {
		p[i] = 'a' + byte(i%4)
	}
	s.left -= n
	return 4 * n, nil
}

func TestReaderShortBufferSource(t *testing.T) {
	r := core.NewReaderSize(&unitSource{left: 1000}, 66) // 66 = 16 units and 2 bytes
	for {
		if _, err := r.Fill(); err != nil {
			if !errors.Is(err, core.ErrBufferFull) {
				t.Fatalf("Fill with 2 bytes free = %v, want ErrBufferFull", err)
			}
			break
		}
	}
	if len(r.Window()) != 64 {
		t.Fatalf("window %d bytes, want 64", len(r.Window()))
	}
	r.Consume(64)
	got, err := io.ReadAll(r)
	if err != nil || len(got) != 4000-64 {
		t.Fatalf("ReadAll = %d bytes, %v", len(got), err)
	}
}

// blockSink takes whole blocks of size bytes and records, per Take, the
// length it was given and whether that came straight from the caller's
// slice in.
type blockSink struct {
	size   int
	in     []byte
	out    []byte
	takes  []int
	direct []bool
}

func (s *blockSink) Take(p []byte, final bool) (int, error) {
	n := len(p) - len(p)%s.size
	if final {
		n = len(p)
	}
	s.out = append(s.out, p[:n]...)
	s.takes = append(s.takes, len(p))
	inside := len(p) > 0 && len(s.in) > 0 &&
		uintptr(unsafe.Pointer(&p[0])) >= uintptr(unsafe.Pointer(&s.in[0])) &&
		uintptr(unsafe.Pointer(&p[0])) < uintptr(unsafe.Pointer(&s.in[0]))+uintptr(len(s.in))
	s.direct = append(s.direct, inside)
	return n, nil
}

func (s *blockSink) Flush() error { return nil }

// TestSinkWriterTailThenLarge checks what the Writer does with a large
// write while its buffer holds only a tail: the tail is completed with a
// short piece of the write (doubled while the Sink takes nothing), and
// the rest goes to the Sink straight from the caller's slice, not copied
// a buffer's worth at a time; the Sink sees every byte once, in order.
func TestSinkWriterTailThenLarge(t *testing.T) {
	for _, tc := range []struct {
		block, tail int
		maxCopy     int // the most bytes of the write the tail may be given
	}{
		{3, 1, 32}, // a cut character: one piece completes it
		{3, 2, 32},
		{64, 10, 128}, // a hash block: a piece of 32, then one of twice what is buffered
		{64, 63, 126}, // one piece of twice the tail
	} {
		s := &blockSink{size: tc.block}
		w := core.NewSinkWriter(s, 1024)
		head := bytes.Repeat([]byte("h"), tc.block*5+tc.tail)
		w.Write(head)
		if err := w.Flush(); err != nil || w.Buffered() != tc.tail {
			t.Fatalf("block %d: after Flush %d bytes buffered, %v; want the %d-byte tail", tc.block, w.Buffered(), err, tc.tail)
		}
		s.takes, s.direct = nil, nil
		big := make([]byte, 10_000)
		for i := range big {
			big[i] = byte('a' + i%26)
		}
		s.in = big
		if n, err := w.Write(big); n != len(big) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if want := append(bytes.Clone(head), big...); !bytes.Equal(s.out, want) {
			t.Fatalf("block %d, tail %d: the Sink saw %d bytes, want the %d written, in order", tc.block, tc.tail, len(s.out), len(want))
		}
		copied := 0
		for i, n := range s.takes {
			if s.direct[i] {
				break
			}
			copied = n - tc.tail
		}
		if copied > tc.maxCopy {
			t.Errorf("block %d, tail %d: the tail was given %d bytes of the write before the rest bypassed the buffer, want at most %d (Takes %v)", tc.block, tc.tail, copied, tc.maxCopy, s.takes)
		}
		direct := 0
		for i, n := range s.takes {
			if s.direct[i] {
				direct += n
			}
		}
		if direct < len(big)-tc.maxCopy-1024 {
			t.Errorf("block %d, tail %d: only %d bytes of the %d-byte write went to the Sink from the caller's slice (Takes %v)", tc.block, tc.tail, direct, len(big), s.takes)
		}
	}
}
