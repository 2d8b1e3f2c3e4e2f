package core_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// FuzzWriterChunks checks that whatever the sizes of the writes, the
// buffer size, and the device's short writes, the device receives exactly
// the bytes written.
func FuzzWriterChunks(f *testing.F) {
	f.Add([]byte("hello world, this is a test of chunking"), []byte{1, 5, 200, 3}, uint8(64), uint8(0), true)
	f.Add(bytes.Repeat([]byte("ab"), 500), []byte{255, 1, 64, 65}, uint8(70), uint8(3), false)
	f.Fuzz(func(t *testing.T, data, cuts []byte, size, maxw uint8, gather bool) {
		var dev interface {
			Write([]byte) (int, error)
		}
		fw := &coretest.Writer{Faults: coretest.Faults{Max: int(maxw)}}
		gd := &gatherDev{}
		if gather {
			dev = gd
		} else {
			dev = fw
		}
		w := core.NewWriterSize(dev, int(size))
		rest := data
		for i := 0; len(rest) > 0; i++ {
			n := len(rest)
			if len(cuts) > 0 {
				n = min(n, int(cuts[i%len(cuts)])*3)
			}
			if i%3 == 2 {
				p := w.Reserve(n)
				copy(p, rest[:n])
				w.Commit(n)
			} else if _, err := w.Write(rest[:n]); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		got := fw.Bytes()
		if gather {
			got = gd.data
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("device got %d bytes, want %d", len(got), len(data))
		}
	})
}

// FuzzReaderChunks checks that the bytes read through Window/Consume and
// Read are the input, whatever the device's read sizes and the buffer size.
func FuzzReaderChunks(f *testing.F) {
	f.Add([]byte("some input bytes to read back"), uint8(1), uint8(64), uint8(3), false)
	f.Add(bytes.Repeat([]byte("xyz"), 400), uint8(0), uint8(100), uint8(200), true)
	f.Fuzz(func(t *testing.T, data []byte, maxr, size, step uint8, eofWithData bool) {
		src := &coretest.Reader{Data: data, Faults: coretest.Faults{Max: int(maxr)}, EOFWithData: eofWithData}
		r := core.NewReaderSize(src, int(size))
		var got []byte
		var err error
		if step%2 == 0 {
			got, err = drain(r, int(step)+1)
		} else {
			p := make([]byte, int(step)*2)
			for {
				n, e := r.Read(p)
				got = append(got, p[:n]...)
				if e != nil {
					break
				}
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("read %d bytes, want %d", len(got), len(data))
		}
	})
}

// FuzzSinkWriter checks the Sink side of Writer: whatever the write sizes,
// the buffer size and the tails the Sink leaves (it takes a multiple of
// unit bytes, the rest at Close), the Sink is given exactly the bytes
// written, in order, and a fault it reports at some offset leaves exactly
// the bytes before it delivered.
func FuzzSinkWriter(f *testing.F) {
	f.Add([]byte("hello world, this is a test of chunking"), []byte{1, 5, 200, 3}, uint8(64), uint8(3), uint16(0))
	f.Add(bytes.Repeat([]byte("abc"), 500), []byte{255, 1, 64, 65}, uint8(70), uint8(7), uint16(700))
	f.Fuzz(func(t *testing.T, data, cuts []byte, size, unit uint8, failAt uint16) {
		s := &unitSink{unit: max(int(unit)%16, 1), failAt: int(failAt) - 1}
		w := core.NewSinkWriter(s, int(size))
		rest := data
		for i := 0; len(rest) > 0; i++ {
			n := len(rest)
			if len(cuts) > 0 {
				n = min(n, int(cuts[i%len(cuts)])*3+1)
			}
			if i%3 == 2 {
				p := w.Reserve(n)
				copy(p, rest[:n])
				w.Commit(n)
			} else if _, err := w.Write(rest[:n]); err != nil && !errors.Is(err, errUnitFault) {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		err := w.Close()
		want := data
		if s.failAt >= 0 && s.failAt < len(data) {
			want = data[:s.failAt-s.failAt%s.unit]
			if !errors.Is(err, errUnitFault) {
				t.Fatalf("Close = %v, want the Sink's fault", err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(s.delivered, want) {
			t.Fatalf("Sink delivered %d bytes, want %d", len(s.delivered), len(want))
		}
	})
}

var errUnitFault = errors.New("unit fault")

// unitSink takes whole units; the byte at offset failAt (counted over the
// whole stream) is bad input.
type unitSink struct {
	unit, failAt   int
	taken          int
	out, delivered []byte
}

func (s *unitSink) Take(p []byte, final bool) (int, error) {
	n := len(p) - len(p)%s.unit
	if final {
		n = len(p)
	}
	if s.failAt >= 0 && s.failAt < s.taken+n {
		k := s.failAt - s.taken
		k -= (s.taken + k) % s.unit
		k = max(k, 0)
		s.out = append(s.out, p[:k]...)
		s.taken += k
		return k, errUnitFault
	}
	s.out = append(s.out, p[:n]...)
	s.taken += n
	return n, nil
}

func (s *unitSink) Flush() error {
	s.delivered = append(s.delivered, s.out...)
	s.out = s.out[:0]
	return nil
}
