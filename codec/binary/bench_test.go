package binary

import (
	"bytes"
	stdbinary "encoding/binary"
	"testing"
)

// The peers are encoding/binary's Append/Decode (reflection, with a fast
// path for slices of numbers) and hand-written PutUint32 loops.

type header struct { // 16 bytes, no padding
	Magic   uint32
	Version uint16
	Flags   uint16
	Length  uint64
}

func BenchmarkStruct16(b *testing.B) {
	v := header{0xCAFEBABE, 3, 1, 1 << 40}
	buf := make([]byte, 0, 64)
	for _, order := range []ByteOrder{LittleEndian, BigEndian} {
		c, _ := For[header](order)
		b.Run("Append/"+order.String()+"/fastio", func(b *testing.B) {
			b.SetBytes(16)
			b.ReportAllocs()
			for b.Loop() {
				buf = c.Append(buf[:0], v)
			}
		})
		b.Run("Append/"+order.String()+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(16)
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = stdbinary.Append(buf[:0], order.std(), v)
			}
		})
		enc := c.Append(nil, v)
		b.Run("Decode/"+order.String()+"/fastio", func(b *testing.B) {
			b.SetBytes(16)
			b.ReportAllocs()
			for b.Loop() {
				v, _, _ = c.Decode(enc)
			}
		})
		b.Run("Decode/"+order.String()+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(16)
			b.ReportAllocs()
			for b.Loop() {
				stdbinary.Decode(enc, order.std(), &v)
			}
		})
	}
}

func BenchmarkUint32Slice1K(b *testing.B) {
	s := make([]uint32, 1024)
	for i := range s {
		s[i] = uint32(i) * 2654435761
	}
	buf := make([]byte, 0, 8192)
	for _, order := range []ByteOrder{LittleEndian, BigEndian} {
		c, _ := For[uint32](order)
		b.Run("Append/"+order.String()+"/fastio", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			for b.Loop() {
				buf = c.AppendSlice(buf[:0], s)
			}
		})
		b.Run("Append/"+order.String()+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = stdbinary.Append(stdbinary.AppendUvarint(buf[:0], uint64(len(s))), order.std(), s)
			}
		})
		b.Run("Append/"+order.String()+"/PutUint32_loop", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			bo := order.std().(stdbinary.AppendByteOrder)
			for b.Loop() {
				buf = stdbinary.AppendUvarint(buf[:0], uint64(len(s)))
				for _, x := range s {
					buf = bo.AppendUint32(buf, x)
				}
			}
		})
		enc := c.AppendSlice(nil, s)
		into := make([]uint32, 1024)
		b.Run("Decode/"+order.String()+"/fastio", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			for b.Loop() {
				into, _, _ = c.DecodeSlice(enc, into, 0)
			}
		})
		b.Run("Decode/"+order.String()+"/encoding_binary", func(b *testing.B) {
			b.SetBytes(4096)
			b.ReportAllocs()
			for b.Loop() {
				_, n := stdbinary.Uvarint(enc)
				stdbinary.Decode(enc[n:], order.std(), into)
			}
		})
	}
	if !bytes.Equal(func() []byte { c, _ := For[uint32](BigEndian); return c.AppendSlice(nil, s) }(),
		func() []byte {
			p, _ := stdbinary.Append(stdbinary.AppendUvarint(nil, 1024), stdbinary.BigEndian, s)
			return p
		}()) {
		b.Fatal("fastio and encoding/binary differ")
	}
}

func BenchmarkPaddedStructSlice256(b *testing.B) {
	s := make([]padded, 256)
	for i := range s {
		s[i] = padded{A: uint8(i), B: int64(i), C: i%2 == 0}
	}
	c, _ := For[padded](LittleEndian)
	size := int64(256 * c.Size())
	buf := make([]byte, 0, 16384)
	b.Run("Append/fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			buf = c.AppendSlice(buf[:0], s)
		}
	})
	b.Run("Append/encoding_binary", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			buf, _ = stdbinary.Append(stdbinary.AppendUvarint(buf[:0], uint64(len(s))), stdbinary.LittleEndian, s)
		}
	})
	enc := c.AppendSlice(nil, s)
	into := make([]padded, 256)
	b.Run("Decode/fastio", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			into, _, _ = c.DecodeSlice(enc, into, 0)
		}
	})
	b.Run("Decode/encoding_binary", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			_, n := stdbinary.Uvarint(enc)
			stdbinary.Decode(enc[n:], stdbinary.LittleEndian, into)
		}
	})
}
