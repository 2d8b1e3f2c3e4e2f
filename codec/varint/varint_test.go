package varint

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"testing"
	"testing/iotest"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// boundaries returns values around every 7-bit group boundary and the
// extremes, where encoders and length computations go wrong.
func boundaries() []uint64 {
	vs := []uint64{0, 1, 2, 0x7e, math.MaxUint64 - 1, math.MaxUint64}
	for s := 7; s < 64; s += 7 {
		b := uint64(1) << s
		vs = append(vs, b-1, b, b+1)
	}
	for s := 0; s < 64; s++ {
		vs = append(vs, uint64(1)<<s)
	}
	return vs
}

func TestEncodeMatchesEncodingBinary(t *testing.T) {
	for _, v := range boundaries() {
		want := binary.AppendUvarint(nil, v)
		if got := AppendUint(nil, v); !bytes.Equal(got, want) {
			t.Errorf("AppendUint(%#x) = % x, want % x", v, got, want)
		}
		if Len(v) != len(want) {
			t.Errorf("Len(%#x) = %d, want %d", v, Len(v), len(want))
		}
		var p [MaxLen64]byte
		if n := PutUint(p[:], v); !bytes.Equal(p[:n], want) {
			t.Errorf("PutUint(%#x) = % x, want % x", v, p[:n], want)
		}
		// Alone (byte loop) and followed by more bytes (the 8-byte path).
		for _, in := range [][]byte{want, append(want, bytes.Repeat([]byte{0xff}, 9)...)} {
			got, n, err := Uint(in)
			if err != nil || n != len(want) || got != v {
				t.Errorf("Uint(% x) = %#x, %d, %v; want %#x, %d, nil", in, got, n, err, v, len(want))
			}
		}
	}
}

func TestZigzag(t *testing.T) {
	tests := []struct {
		in   int64
		want uint64
	}{
		{0, 0}, {-1, 1}, {1, 2}, {-2, 3}, {2, 4}, {-64, 127}, {64, 128},
		{math.MaxInt64, math.MaxUint64 - 1}, {math.MinInt64, math.MaxUint64},
	}
	for _, tt := range tests {
		if got := Zigzag(tt.in); got != tt.want {
			t.Errorf("Zigzag(%d) = %d, want %d", tt.in, got, tt.want)
		}
		if got := Unzigzag(tt.want); got != tt.in {
			t.Errorf("Unzigzag(%d) = %d, want %d", tt.want, got, tt.in)
		}
		enc := AppendInt(nil, tt.in)
		if want := binary.AppendVarint(nil, tt.in); !bytes.Equal(enc, want) {
			t.Errorf("AppendInt(%d) = % x, want % x", tt.in, enc, want)
		}
		var p [MaxLen64]byte
		if n := PutInt(p[:], tt.in); !bytes.Equal(p[:n], enc) {
			t.Errorf("PutInt(%d) = % x, want % x", tt.in, p[:n], enc)
		}
		got, n, err := Int(enc)
		if err != nil || n != len(enc) || got != tt.in {
			t.Errorf("Int(% x) = %d, %d, %v", enc, got, n, err)
		}
	}
}

func TestPutUintShortBuffer(t *testing.T) {
	tests := []struct {
		name string
		size int
		v    uint64
		want int
	}{
		{"empty/small", 0, 5, 0},
		{"one/small", 1, 5, 1},
		{"one/two-byte", 1, 300, 0},
		{"two/two-byte", 2, 300, 2},
		{"nine/max", 9, math.MaxUint64, 0},
		{"ten/max", 10, math.MaxUint64, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := make([]byte, tt.size)
			if got := PutUint(p, tt.v); got != tt.want {
				t.Fatalf("PutUint(len %d, %d) = %d, want %d", tt.size, tt.v, got, tt.want)
			}
			if tt.want == 0 && !bytes.Equal(p, make([]byte, tt.size)) {
				t.Fatalf("PutUint wrote % x into a short buffer", p)
			}
		})
	}
}

var badInputs = []struct {
	name  string
	in    []byte
	err   error
	n     int
	valid bool // encoding/binary accepts it
}{
	{"empty", nil, ErrTruncated, 0, false},
	{"continuation then end", []byte{0x80}, ErrTruncated, 1, false},
	{"nine continuation bytes", bytes.Repeat([]byte{0xff}, 9), ErrTruncated, 9, false},
	{"overlong zero", []byte{0x80, 0x00}, ErrOverlong, 2, true},
	{"overlong one", []byte{0x81, 0x80, 0x00}, ErrOverlong, 3, true},
	{"overlong in 8-byte window", []byte{0x81, 0x80, 0x00, 1, 2, 3, 4, 5, 6}, ErrOverlong, 3, true},
	{"overlong eighth byte", append(bytes.Repeat([]byte{0x80}, 7), 0x00, 0x05), ErrOverlong, 8, true},
	{"overlong ten bytes", append(bytes.Repeat([]byte{0x80}, 9), 0x00), ErrOverlong, 10, true},
	{"overflow bit 64", append(bytes.Repeat([]byte{0xff}, 9), 0x02), ErrOverflow, 10, false},
	{"overflow 0x7f", append(bytes.Repeat([]byte{0x80}, 9), 0x7f), ErrOverflow, 10, false},
	{"eleven bytes", append(bytes.Repeat([]byte{0x80}, 10), 0x01), ErrTooLong, 10, false},
	{"ten continuation bytes", bytes.Repeat([]byte{0xff}, 10), ErrTooLong, 10, false},
}

func TestUintBadInput(t *testing.T) {
	for _, tt := range badInputs {
		t.Run(tt.name, func(t *testing.T) {
			v, n, err := Uint(tt.in)
			if !errors.Is(err, tt.err) || n != tt.n || v != 0 {
				t.Fatalf("Uint(% x) = %d, %d, %v; want 0, %d, %v", tt.in, v, n, err, tt.n, tt.err)
			}
			wantN := -tt.n
			if tt.err == ErrTruncated {
				wantN = 0
			}
			if dv, dn := Decode(tt.in); dv != 0 || dn != wantN {
				t.Fatalf("Decode(% x) = %d, %d; want 0, %d", tt.in, dv, dn, wantN)
			}
			// The stream form reports the same error, whatever the fills.
			for _, max := range []int{0, 1, 2, 3} {
				r := core.NewReaderSize(&coretest.Reader{Data: tt.in, Faults: coretest.Faults{Max: max}}, 0)
				_, err := ReadUint(r)
				want := tt.err
				if len(tt.in) == 0 {
					want = io.EOF
				}
				if !errors.Is(err, want) {
					t.Fatalf("ReadUint(% x, max %d) error = %v, want %v", tt.in, max, err, want)
				}
			}
			_, bn := binary.Uvarint(tt.in)
			if (bn > 0) != tt.valid {
				t.Fatalf("encoding/binary accepts % x: %v, table says %v", tt.in, bn > 0, tt.valid)
			}
		})
	}
}

func TestTruncatedIsUnexpectedEOF(t *testing.T) {
	if !errors.Is(ErrTruncated, io.ErrUnexpectedEOF) {
		t.Fatal("ErrTruncated does not match io.ErrUnexpectedEOF")
	}
}

// TestStreamChunking reads a sequence of varints through readers that
// split the input at every possible place, and through a window smaller
// than a varint.
func TestStreamChunking(t *testing.T) {
	vs := boundaries()
	var enc []byte
	for i, v := range vs {
		if i%2 == 0 {
			enc = AppendUint(enc, v)
		} else {
			enc = AppendInt(enc, int64(v))
		}
	}
	tests := []struct {
		name string
		r    core.BufferedReader
	}{
		{"span", core.NewSpanReader(enc)},
		{"1-byte reads", core.NewReaderSize(&coretest.Reader{Data: enc, Faults: coretest.Faults{Max: 1}}, 0)},
		{"3-byte reads", core.NewReaderSize(&coretest.Reader{Data: enc, Faults: coretest.Faults{Max: 3}}, 0)},
		{"eof with data", core.NewReaderSize(&coretest.Reader{Data: enc, EOFWithData: true, Faults: coretest.Faults{Max: 7}}, 0)},
		{"tiny window", &tinyWindow{data: enc}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i, want := range vs {
				var got uint64
				var err error
				if i%2 == 0 {
					got, err = ReadUint(tt.r)
				} else {
					var s int64
					s, err = ReadInt(tt.r)
					got = uint64(s)
				}
				if err != nil || got != want {
					t.Fatalf("value %d: got %#x, %v; want %#x", i, got, err, want)
				}
			}
			if _, err := ReadUint(tt.r); err != io.EOF {
				t.Fatalf("after the last value: %v, want io.EOF", err)
			}
		})
	}
}

func TestReadUintDeviceError(t *testing.T) {
	enc := AppendUint(nil, 1<<40)
	r := core.NewReaderSize(&coretest.Reader{Data: enc, Faults: coretest.Faults{Max: 2, FailAt: 2}}, 0)
	if _, err := ReadUint(r); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("ReadUint with failing device: %v, want %v", err, coretest.ErrFault)
	}
}

// tinyWindow is a BufferedReader whose window holds at most two bytes, so
// that a varint never fits in it whole.
type tinyWindow struct {
	data []byte
	r, w int
}

func (t *tinyWindow) Window() []byte { return t.data[t.r:t.w] }
func (t *tinyWindow) Consume(n int)  { t.r += min(max(n, 0), t.w-t.r) }
func (t *tinyWindow) Fill() (int, error) {
	if t.w-t.r >= 2 {
		return 0, core.ErrBufferFull
	}
	if t.w == len(t.data) {
		return 0, io.EOF
	}
	t.w++
	return 1, nil
}
func (t *tinyWindow) Read(p []byte) (int, error) {
	if t.r == t.w {
		if _, err := t.Fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, t.data[t.r:t.w])
	t.r += n
	return n, nil
}

func TestWriteUintChunking(t *testing.T) {
	vs := boundaries()
	var want []byte
	for _, v := range vs {
		want = AppendUint(want, v)
		want = AppendInt(want, -int64(v))
	}
	dev := &coretest.Writer{Faults: coretest.Faults{Max: 1}}
	w := core.NewWriterSize(dev, 0)
	for _, v := range vs {
		WriteUint(w, v)
		WriteInt(w, -int64(v))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dev.Bytes(), want) {
		t.Fatalf("written % x\nwant % x", dev.Bytes(), want)
	}
}

func TestAllocs(t *testing.T) {
	enc := AppendUint(nil, math.MaxUint64)
	dst := make([]byte, 0, 64)
	r := core.NewSpanReader(nil)
	var buf bytes.Buffer
	buf.Grow(1 << 10)
	bw := core.WrapWriter(&buf)
	tests := []struct {
		name string
		f    func()
	}{
		{"Uint", func() { Uint(enc) }},
		{"AppendUint", func() { AppendUint(dst[:0], math.MaxUint64) }},
		{"ReadUint", func() { r.Reset(enc); ReadUint(r) }},
		{"WriteUint", func() { buf.Reset(); WriteUint(bw, math.MaxUint64) }},
		{"bad input", func() { Uint(badInputs[6].in) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Fatalf("%s allocates %v times per call", tt.name, n)
			}
		})
	}
}

func FuzzUint(f *testing.F) {
	for _, tt := range badInputs {
		f.Add(tt.in)
	}
	for _, v := range boundaries() {
		f.Add(AppendUint(nil, v))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		v, n, err := Uint(in)
		bv, bn := binary.Uvarint(in)
		if err == nil {
			// Differential: every value we accept, encoding/binary reads
			// the same way, and it re-encodes to the same bytes.
			if bn != n || bv != v {
				t.Fatalf("Uint(% x) = %d, %d; binary.Uvarint = %d, %d", in, v, n, bv, bn)
			}
			if re := AppendUint(nil, v); !bytes.Equal(re, in[:n]) {
				t.Fatalf("round trip of % x gave % x", in[:n], re)
			}
		} else if bn > 0 && !errors.Is(err, ErrOverlong) {
			t.Fatalf("Uint(% x) = %v but encoding/binary reads %d", in, err, bv)
		}
		if n < 0 || n > len(in) && len(in) > 0 {
			t.Fatalf("Uint(% x) reports %d bytes", in, n)
		}
		// The stream form agrees with the slice form at 1-byte fills.
		r := core.NewReaderSize(&coretest.Reader{Data: in, Faults: coretest.Faults{Max: 1}}, 0)
		rv, rerr := ReadUint(r)
		if len(in) == 0 {
			if rerr != io.EOF {
				t.Fatalf("ReadUint of empty input: %v", rerr)
			}
			return
		}
		if rerr != err || rv != v {
			t.Fatalf("ReadUint(% x) = %d, %v; Uint = %d, %v", in, rv, rerr, v, err)
		}
	})
}

func FuzzIntRoundTrip(f *testing.F) {
	for _, v := range boundaries() {
		f.Add(int64(v))
	}
	f.Fuzz(func(t *testing.T, v int64) {
		enc := AppendInt(nil, v)
		got, n, err := Int(enc)
		if err != nil || n != len(enc) || got != v {
			t.Fatalf("Int(AppendInt(%d)) = %d, %d, %v", v, got, n, err)
		}
	})
}

func TestLenient(t *testing.T) {
	tests := []struct {
		in  []byte
		v   uint64
		n   int
		err error
	}{
		{[]byte{0x05}, 5, 1, nil},
		{[]byte{0x80, 0x00}, 0, 2, nil},
		{[]byte{0x85, 0x80, 0x00}, 5, 3, nil},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, 10, nil},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 1<<64 - 1, 10, nil},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 0, 10, ErrOverflow},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0, 10, ErrTooLong},
		{[]byte{0x80, 0x80}, 0, 2, ErrTruncated},
		{nil, 0, 0, ErrTruncated},
	}
	for _, tt := range tests {
		v, n, err := UintLenient(tt.in)
		if v != tt.v || n != tt.n || err != tt.err {
			t.Errorf("UintLenient(% x) = %d, %d, %v; want %d, %d, %v", tt.in, v, n, err, tt.v, tt.n, tt.err)
		}
		// The streaming form, one byte per fill, agrees.
		rv, rerr := ReadUintLenient(core.NewReaderSize(iotest.OneByteReader(bytes.NewReader(tt.in)), 0))
		if tt.in == nil {
			if rerr != io.EOF {
				t.Errorf("ReadUintLenient(empty) = %v, want io.EOF", rerr)
			}
			continue
		}
		if rv != tt.v || rerr != tt.err {
			t.Errorf("ReadUintLenient(% x) = %d, %v; want %d, %v", tt.in, rv, rerr, tt.v, tt.err)
		}
		// The strict forms refuse exactly the overlong ones.
		if _, _, serr := Uint(tt.in); tt.err == nil && tt.n > 1 && tt.in[tt.n-1] == 0 && serr != ErrOverlong {
			t.Errorf("Uint(% x) = %v, want ErrOverlong", tt.in, serr)
		}
	}
}
