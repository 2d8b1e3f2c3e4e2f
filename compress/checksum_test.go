package compress

import (
	"hash/adler32"
	"hash/crc32"
	"testing"
)

// TestChecksumCombine checks the combination of CRC-32 and Adler-32 of two
// parts against the checksum of the whole, at every split of inputs up
// to a few KiB and at splits of large and all-0xff inputs (the largest
// Adler-32 sums).
func TestChecksumCombine(t *testing.T) {
	inputs := [][]byte{
		nil,
		[]byte("a"),
		textCorpus(3000, 7),
		randomCorpus(5553, 8),
		func() []byte {
			p := make([]byte, 70000)
			for i := range p {
				p[i] = 0xff
			}
			return p
		}(),
	}
	big := randomCorpus(3<<20, 9)
	for _, data := range append(inputs, big) {
		step := 1
		if len(data) > 6000 {
			step = len(data)/97 + 1
		}
		wantC, wantA := crc32.ChecksumIEEE(data), adler32.Checksum(data)
		for cut := 0; cut <= len(data); cut += step {
			a, b := data[:cut], data[cut:]
			if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), int64(len(b))); got != wantC {
				t.Fatalf("crc32Combine at %d of %d = %08x, want %08x", cut, len(data), got, wantC)
			}
			if got := adler32Combine(adler32Update(1, a), adler32Update(1, b), int64(len(b))); got != wantA {
				t.Fatalf("adler32Combine at %d of %d = %08x, want %08x", cut, len(data), got, wantA)
			}
		}
	}
	// Many parts, as parallel blocks give them.
	var c, a uint32 = 0, 1
	for i := 0; i < len(big); i += 128 << 10 {
		part := big[i:min(i+128<<10, len(big))]
		c = crc32Combine(c, crc32.ChecksumIEEE(part), int64(len(part)))
		a = adler32Combine(a, adler32.Checksum(part), int64(len(part)))
	}
	if c != crc32.ChecksumIEEE(big) || a != adler32.Checksum(big) {
		t.Fatalf("combined parts: crc %08x adler %08x, want %08x %08x", c, a, crc32.ChecksumIEEE(big), adler32.Checksum(big))
	}
	// Lengths beyond 4 GiB, with no data: the CRC of 2^k zero bytes by
	// doubling, then one 5 GiB run against 4 GiB followed by 1 GiB.
	zero := crc32.ChecksumIEEE(make([]byte, 1<<20))
	zc := map[int64]uint32{1 << 20: zero}
	for n := int64(1 << 20); n < 4<<30; n *= 2 {
		zc[2*n] = crc32Combine(zc[n], zc[n], n)
	}
	x := crc32.ChecksumIEEE([]byte("x"))
	five := crc32Combine(zc[4<<30], zc[1<<30], 1<<30)
	if got, want := crc32Combine(x, five, 5<<30), crc32Combine(crc32Combine(x, zc[4<<30], 4<<30), zc[1<<30], 1<<30); got != want {
		t.Fatalf("5 GiB of zeros: %08x, want %08x", got, want)
	}
	if got, want := crc32Combine(x, zc[2<<20], 2<<20), crc32.ChecksumIEEE(append([]byte("x"), make([]byte, 2<<20)...)); got != want {
		t.Fatalf("2 MiB of zeros: %08x, want %08x", got, want)
	}
}

func BenchmarkCRC32Combine(b *testing.B) {
	b.ReportAllocs()
	var c uint32
	for i := range b.N {
		c = crc32Combine(c, uint32(i), 1<<20)
	}
	_ = c
}

// BenchmarkAdler32 times the package's Adler-32 beside hash/adler32 on
// 64 KiB, the size the Reader and Writer checksum at a time.
func BenchmarkAdler32(b *testing.B) {
	data := randomCorpus(64<<10, 3)
	b.Run("fastio", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32Update(1, data)
		}
	})
	b.Run("hash-adler32", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			adler32.Checksum(data)
		}
	})
}
