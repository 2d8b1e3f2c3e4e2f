package binary

import (
	"bytes"
	stdbinary "encoding/binary"
	"errors"
	"io"
	"math"
	"testing"
	"unsafe"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
	"github.com/google/go-cmp/cmp"
)

type packed struct {
	A uint32
	B int32
	C float32
	D [3]uint32
}

type padded struct {
	A uint8
	B int64
	C bool
	D [2]int16
	E complex64
	F [2]struct {
		X uint8
		Y uint16
	}
}

type withBools struct {
	Flags [4]bool
	N     uint32
}

// checkType compares Codec with encoding/binary for v in both orders, and
// decodes back.
func checkType[T any](t *testing.T, v T) {
	t.Helper()
	for _, order := range []ByteOrder{LittleEndian, BigEndian} {
		c, err := For[T](order)
		if err != nil {
			t.Fatal(err)
		}
		want, err := stdbinary.Append(nil, order.std(), v)
		if err != nil {
			t.Fatal(err)
		}
		got := c.Append(nil, v)
		if !bytes.Equal(got, want) {
			t.Fatalf("%T %v: % x, encoding/binary % x", v, order, got, want)
		}
		if c.Size() != len(want) || c.Size() != stdbinary.Size(v) {
			t.Fatalf("%T: Size %d, encoding/binary %d", v, c.Size(), len(want))
		}
		p := make([]byte, c.Size())
		if c.Put(p, v) != c.Size() || !bytes.Equal(p, want) {
			t.Fatalf("%T %v: Put gave % x", v, order, p)
		}
		back, n, err := c.Decode(append(want, 0xEE))
		if err != nil || n != len(want) {
			t.Fatalf("%T %v: Decode: %d, %v", v, order, n, err)
		}
		if diff := cmp.Diff(v, back); diff != "" {
			t.Fatalf("%T %v round trip (-want +got):\n%s", v, order, diff)
		}
	}
}

func TestFixedMatchesEncodingBinary(t *testing.T) {
	tests := []struct {
		name string
		f    func(t *testing.T)
	}{
		{"bool", func(t *testing.T) { checkType(t, true) }},
		{"int8", func(t *testing.T) { checkType(t, int8(-5)) }},
		{"uint8", func(t *testing.T) { checkType(t, uint8(200)) }},
		{"int16", func(t *testing.T) { checkType(t, int16(-12345)) }},
		{"uint16", func(t *testing.T) { checkType(t, uint16(0xBEEF)) }},
		{"int32", func(t *testing.T) { checkType(t, int32(math.MinInt32)) }},
		{"uint32", func(t *testing.T) { checkType(t, uint32(0xDEADBEEF)) }},
		{"int64", func(t *testing.T) { checkType(t, int64(math.MinInt64+3)) }},
		{"uint64", func(t *testing.T) { checkType(t, uint64(0x0102030405060708)) }},
		{"float32", func(t *testing.T) { checkType(t, float32(-1.5)) }},
		{"float64", func(t *testing.T) { checkType(t, math.Pi) }},
		{"complex128", func(t *testing.T) { checkType(t, complex(1.5, -2)) }},
		{"array", func(t *testing.T) { checkType(t, [5]uint16{1, 2, 3, 4, 0xFFFF}) }},
		{"packed struct", func(t *testing.T) { checkType(t, packed{1, -2, 3.5, [3]uint32{4, 5, 6}}) }},
		{"padded struct", func(t *testing.T) {
			checkType(t, padded{A: 1, B: -2, C: true, D: [2]int16{3, -4}, E: complex(5, 6)})
		}},
		{"array of padded", func(t *testing.T) { checkType(t, [3]padded{{A: 1}, {B: 2}, {C: true}}) }},
		{"bools", func(t *testing.T) { checkType(t, withBools{[4]bool{true, false, true, true}, 9}) }},
		{"empty array", func(t *testing.T) { checkType(t, struct{ A [0]uint64 }{}) }},
		{"named", func(t *testing.T) {
			type celsius float64
			checkType(t, [2]celsius{-40, 100})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.f)
	}
}

func TestNotFixed(t *testing.T) {
	check := func(name string, err error) {
		if !errors.Is(err, ErrNotFixed) {
			t.Errorf("%s: %v, want ErrNotFixed", name, err)
		}
	}
	_, err := For[int](LittleEndian)
	check("int", err)
	_, err = For[struct{ A string }](LittleEndian)
	check("struct with string", err)
	_, err = For[[2]*int](LittleEndian)
	check("array of pointers", err)
	_, err = For[[0]uint](LittleEndian)
	check("empty array of uint", err)
	_, err = Append(nil, BigEndian, map[int]int{})
	check("Append map", err)
	_, _, err = Decode[[]byte](nil, BigEndian)
	check("Decode slice", err)
	_, err = AppendSlice(nil, LittleEndian, []uintptr{1})
	check("AppendSlice uintptr", err)
	_, _, err = DecodeMap[string, chan int](nil, LittleEndian, 0)
	check("DecodeMap chan", err)
}

func TestDecodeBadInput(t *testing.T) {
	c, _ := For[withBools](LittleEndian)
	good := c.Append(nil, withBools{N: 1})
	tests := []struct {
		name string
		in   []byte
		err  error
		off  int64
	}{
		{"empty", nil, ErrShort, 0},
		{"short", good[:7], ErrShort, 7},
		{"bool 2", append([]byte{0, 0, 2, 0}, good[4:]...), ErrBool, 2},
		{"bool 0xff", append([]byte{0xff}, good[1:]...), ErrBool, 0},
	}
	for _, tt := range tests {
		for _, order := range []ByteOrder{LittleEndian, BigEndian} {
			t.Run(tt.name+"/"+order.String(), func(t *testing.T) {
				c, _ := For[withBools](order)
				_, n, err := c.Decode(tt.in)
				var be *Error
				if !errors.Is(err, tt.err) || !errors.As(err, &be) || be.Offset != tt.off || n != 0 {
					t.Fatalf("Decode: %d, %v; want %v at offset %d", n, err, tt.err, tt.off)
				}
			})
		}
	}
	// In slices, the offset counts from the start of the input.
	in := c.AppendSlice(nil, []withBools{{}, {}})
	in[1+8+1] = 7
	_, _, err := c.DecodeSlice(in, nil, 0)
	var be *Error
	if !errors.Is(err, ErrBool) || !errors.As(err, &be) || be.Offset != 10 {
		t.Fatalf("DecodeSlice: %v, want ErrBool at offset 10", err)
	}
	cb, _ := For[withBools](BigEndian)
	if _, _, err := cb.DecodeSlice(in, nil, 0); !errors.As(err, &be) || be.Offset != 10 {
		t.Fatalf("DecodeSlice big-endian: %v, want ErrBool at offset 10", err)
	}
}

func TestSlices(t *testing.T) {
	u32 := []uint32{1, 2, 0xFFFFFFFF}
	for _, order := range []ByteOrder{LittleEndian, BigEndian} {
		got, err := AppendSlice(nil, order, u32)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := stdbinary.Append(varint.AppendUint(nil, 3), order.std(), u32)
		if !bytes.Equal(got, want) {
			t.Fatalf("%v: % x, want % x", order, got, want)
		}
		back, n, err := DecodeSlice[uint32](got, order, 0)
		if err != nil || n != len(got) || !slicesEqual(back, u32) {
			t.Fatalf("%v: decoded %v, %d, %v", order, back, n, err)
		}
	}
	pad := []padded{{A: 1, C: true}, {B: -1}}
	enc, _ := AppendSlice(nil, BigEndian, pad)
	backPad, _, err := DecodeSlice[padded](enc, BigEndian, 0)
	if err != nil || !cmp.Equal(backPad, pad) {
		t.Fatalf("padded slice: %v, %v", backPad, err)
	}
	strs := []string{"", "a", "héllo"}
	enc, _ = AppendSlice(nil, LittleEndian, strs)
	if want := "\x03\x00\x01a\x06héllo"; string(enc) != want {
		t.Fatalf("strings % x, want % x", enc, want)
	}
	backS, _, err := DecodeSlice[string](enc, LittleEndian, 0)
	if err != nil || !cmp.Equal(backS, strs) {
		t.Fatalf("strings: %q, %v", backS, err)
	}
	bs := [][]byte{{1, 2}, {}}
	enc, _ = AppendSlice(nil, LittleEndian, bs)
	backB, _, err := DecodeSlice[[]byte](enc, LittleEndian, 0)
	if err != nil || len(backB) != 2 || !bytes.Equal(backB[0], bs[0]) || len(backB[1]) != 0 {
		t.Fatalf("byte slices: %v, %v", backB, err)
	}
	empty, _ := AppendSlice[uint64](nil, LittleEndian, nil)
	if back, n, err := DecodeSlice[uint64](empty, LittleEndian, 0); err != nil || n != 1 || len(back) != 0 {
		t.Fatalf("empty slice: %v, %d, %v", back, n, err)
	}
}

func slicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestMaps(t *testing.T) {
	m := map[string]uint16{"b": 2, "a": 1, "c": 0xFFFF}
	enc, err := AppendMap(nil, BigEndian, m)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\x03\x01a\x00\x01\x01b\x00\x02\x01c\xff\xff"; string(enc) != want {
		t.Fatalf("map % x, want % x (sorted keys)", enc, want)
	}
	back, n, err := DecodeMap[string, uint16](enc, BigEndian, 0)
	if err != nil || n != len(enc) || !cmp.Equal(back, m) {
		t.Fatalf("map round trip: %v, %d, %v", back, n, err)
	}
	m2 := map[int32][]byte{-1: []byte("x"), 5: nil}
	enc, _ = AppendMap(nil, LittleEndian, m2)
	back2, _, err := DecodeMap[int32, []byte](enc, LittleEndian, 0)
	if err != nil || len(back2) != 2 || string(back2[-1]) != "x" {
		t.Fatalf("int32 -> bytes map: %v, %v", back2, err)
	}
	dup := []byte("\x02\x01a\x00\x01\x01a\x00\x02")
	var be *Error
	if _, _, err := DecodeMap[string, uint16](dup, BigEndian, 0); !errors.Is(err, ErrDuplicateKey) || !errors.As(err, &be) || be.Offset != 5 {
		t.Fatalf("duplicate key: %v, want ErrDuplicateKey at offset 5", err)
	}
}

func TestContainerBadInput(t *testing.T) {
	tests := []struct {
		name   string
		decode func() error
		err    error
		off    int64
	}{
		{"slice truncated count", func() error { _, _, err := DecodeSlice[uint8]([]byte{0x80}, LittleEndian, 0); return err }, varint.ErrTruncated, 0},
		{"slice 11-byte count", func() error {
			_, _, err := DecodeSlice[uint8](bytes.Repeat([]byte{0x80}, 11), LittleEndian, 0)
			return err
		}, varint.ErrTooLong, 0},
		{"slice count beyond input", func() error { _, _, err := DecodeSlice[uint32]([]byte{3, 1, 2, 3, 4}, LittleEndian, 0); return err }, core.ErrTooLarge, 0},
		{"slice huge count", func() error {
			_, _, err := DecodeSlice[uint64](varint.AppendUint(nil, 1<<62), LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 0},
		{"slice beyond limit", func() error { _, _, err := DecodeSlice[uint8]([]byte{3, 1, 2, 3}, LittleEndian, 2); return err }, core.ErrTooLarge, 0},
		{"zero-size count beyond input", func() error {
			_, _, err := DecodeSlice[struct{}](varint.AppendUint(nil, 1<<40), LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 0},
		{"string beyond input", func() error { _, _, err := DecodeString([]byte{5, 'a'}, 0); return err }, core.ErrTooLarge, 0},
		{"string beyond limit", func() error { _, _, err := DecodeString([]byte{3, 'a', 'b', 'c'}, 2); return err }, core.ErrTooLarge, 0},
		{"string overlong length", func() error { _, _, err := DecodeString([]byte{0x81, 0x00, 'a'}, 0); return err }, varint.ErrOverlong, 0},
		{"second string truncated", func() error {
			_, _, err := DecodeSlice[string]([]byte{2, 1, 'a', 3, 'b'}, LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 3},
		{"map value short", func() error {
			_, _, err := DecodeMap[uint8, uint32]([]byte{1, 7, 1, 2}, LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 0},
		{"map second value short", func() error {
			_, _, err := DecodeMap[uint8, uint16]([]byte{2, 1, 0, 0, 2, 0}, LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 0},
		{"map string value short", func() error {
			_, _, err := DecodeMap[uint8, string]([]byte{2, 1, 0, 2, 3, 'x'}, LittleEndian, 0)
			return err
		}, core.ErrTooLarge, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.decode()
			var be *Error
			if !errors.Is(err, tt.err) || !errors.As(err, &be) || be.Offset != tt.off {
				t.Fatalf("error %v, want %v at offset %d", err, tt.err, tt.off)
			}
		})
	}
}

// big is larger than the smallest core.Reader buffer, to force Read's
// slow path.
type big struct {
	A [20]uint64
	B bool
}

func TestStream(t *testing.T) {
	c, _ := For[padded](BigEndian)
	cb, _ := For[big](LittleEndian)
	vals := []padded{{A: 1}, {B: -1, C: true}, {D: [2]int16{7, 8}}}
	bv := big{B: true}
	bv.A[19] = 42
	var want []byte
	for _, v := range vals {
		want = c.Append(want, v)
	}
	want = cb.Append(want, bv)
	for _, max := range []int{0, 1, 5} {
		dev := &coretest.Writer{Faults: coretest.Faults{Max: max}}
		w := core.NewWriterSize(dev, 64)
		for _, v := range vals {
			c.Write(w, v)
		}
		cb.Write(w, bv)
		if err := w.Flush(); err != nil || !bytes.Equal(dev.Bytes(), want) {
			t.Fatalf("write max %d: %v\n% x\nwant\n% x", max, err, dev.Bytes(), want)
		}
		r := core.NewReaderSize(&coretest.Reader{Data: want, Faults: coretest.Faults{Max: max}}, 64)
		for i, v := range vals {
			got, err := c.Read(r)
			if err != nil || got != v {
				t.Fatalf("read max %d value %d: %+v, %v", max, i, got, err)
			}
		}
		if got, err := cb.Read(r); err != nil || got != bv {
			t.Fatalf("read max %d big value: %v", max, err)
		}
		if _, err := c.Read(r); err != io.EOF {
			t.Fatalf("read at the end: %v, want io.EOF", err)
		}
	}
	// Truncated input, in the window and through the slow path.
	for _, in := range [][]byte{want[:3], cb.Append(nil, bv)[:100]} {
		r := core.NewReaderSize(&coretest.Reader{Data: in, Faults: coretest.Faults{Max: 1}}, 64)
		var err error
		if len(in) == 3 {
			_, err = c.Read(r)
		} else {
			_, err = cb.Read(r)
		}
		if !errors.Is(err, ErrShort) || !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("truncated read of %d bytes: %v", len(in), err)
		}
	}
	// A bool byte above 1 in a stream.
	bad := c.Append(nil, padded{})
	bad[9] = 3
	if _, err := c.Read(core.NewSpanReader(bad)); !errors.Is(err, ErrBool) {
		t.Fatalf("bad bool in stream: %v", err)
	}
	if _, err := c.Read(core.NewReaderSize(&coretest.Reader{Data: bad, Faults: coretest.Faults{FailAt: 1}}, 64)); !errors.Is(err, coretest.ErrFault) {
		t.Fatalf("device error: %v", err)
	}
}

func TestAllocs(t *testing.T) {
	c, _ := For[packed](LittleEndian)
	cp, _ := For[padded](BigEndian)
	dst := make([]byte, 0, 4096)
	vals := make([]packed, 64)
	enc := c.AppendSlice(nil, vals)
	into := make([]packed, 64)
	one := c.Append(nil, packed{})
	var buf bytes.Buffer
	buf.Grow(1024)
	bw := core.WrapWriter(&buf)
	span := core.NewSpanReader(nil)
	tests := []struct {
		name string
		f    func()
	}{
		{"Append", func() { c.Append(dst[:0], packed{A: 1}) }},
		{"Append padded", func() { cp.Append(dst[:0], padded{A: 1}) }},
		{"Decode", func() { c.Decode(one) }},
		{"AppendSlice", func() { c.AppendSlice(dst[:0], vals) }},
		{"DecodeSlice", func() { c.DecodeSlice(enc, into, 0) }},
		{"Write", func() { buf.Reset(); c.Write(bw, packed{}) }},
		{"Read", func() { span.Reset(one); c.Read(span) }},
		{"DecodeBytes", func() { DecodeBytes([]byte{1, 'a'}, 0) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Fatalf("%v allocations", n)
			}
		})
	}
}

func TestAccessors(t *testing.T) {
	c, _ := For[uint32](BigEndian)
	if c.Order() != BigEndian || c.Order().String() != "big-endian" || LittleEndian.String() != "little-endian" {
		t.Fatal("Order")
	}
	if c.Put(make([]byte, 3), 1) != 0 {
		t.Fatal("Put into a short slice wrote")
	}
	_, _, err := c.Decode([]byte{1})
	if err == nil || err.Error() != "binary: decode at offset 1: input ends inside a value" {
		t.Fatalf("message %q", err)
	}
	x := uint16(1)
	machine := BigEndian
	if *(*byte)(unsafe.Pointer(&x)) == 1 {
		machine = LittleEndian
	}
	if NativeEndian != machine {
		t.Fatalf("NativeEndian is %v, the machine stores %v", NativeEndian, machine)
	}
}
