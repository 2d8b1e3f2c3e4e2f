package jenkins

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"testing"
)

// Published values: one-at-a-time from the Wikipedia article on Jenkins
// hash functions; lookup3 from driver5 of lookup3.c.
func TestOneAtATimePublished(t *testing.T) {
	tests := []struct {
		in   string
		want uint32
	}{
		{"", 0},
		{"a", 0xca2e9442},
		{"The quick brown fox jumps over the lazy dog", 0x519e91f5},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.in), func(t *testing.T) {
			if got := OneAtATime(tt.in); got != tt.want {
				t.Errorf("OneAtATime = %#x, want %#x", got, tt.want)
			}
			if got := OneAtATime([]byte(tt.in)); got != tt.want {
				t.Errorf("OneAtATime([]byte) = %#x, want %#x", got, tt.want)
			}
			var h OneAtATimeHash
			for i := range len(tt.in) {
				if i%2 == 0 {
					h.WriteByte(tt.in[i])
				} else {
					h.WriteString(tt.in[i : i+1])
				}
			}
			if got := h.Sum32(); got != tt.want {
				t.Errorf("streamed = %#x, want %#x", got, tt.want)
			}
			if got := binary.BigEndian.Uint32(h.Sum(nil)); got != tt.want {
				t.Errorf("Sum = %#x, want %#x", got, tt.want)
			}
		})
	}
}

func TestLookup3Published(t *testing.T) {
	const four = "Four score and seven years ago"
	tests := []struct {
		in         string
		pc, pb     uint32
		wantC      uint32
		wantB      uint32
		checkPlain bool // pb == 0: hashlittle(in, pc) must equal wantC
	}{
		{"", 0, 0, 0xdeadbeef, 0xdeadbeef, true},
		{"", 0, 0xdeadbeef, 0xbd5b7dde, 0xdeadbeef, false},
		{"", 0xdeadbeef, 0xdeadbeef, 0x9c093ccd, 0xbd5b7dde, false},
		{four, 0, 0, 0x17770551, 0xce7226e6, true},
		{four, 0, 1, 0xe3607cae, 0xbd371de4, false},
		{four, 1, 0, 0xcd628161, 0x6cbea4b3, true},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.in)+"/"+strconv.FormatUint(uint64(tt.pc), 16)+"/"+strconv.FormatUint(uint64(tt.pb), 16), func(t *testing.T) {
			c, b := Lookup3Pair(tt.in, tt.pc, tt.pb)
			if c != tt.wantC || b != tt.wantB {
				t.Errorf("Lookup3Pair = %#x %#x, want %#x %#x", c, b, tt.wantC, tt.wantB)
			}
			if tt.checkPlain {
				if got := Lookup3([]byte(tt.in), tt.pc); got != tt.wantC {
					t.Errorf("Lookup3 = %#x, want %#x", got, tt.wantC)
				}
			}
		})
	}
	if got := Lookup3("", 0xdeadbeef); got != 0xbd5b7dde {
		t.Errorf("Lookup3(\"\", deadbeef) = %#x, want 0xbd5b7dde", got)
	}
}

// TestLookup3WordsMatchesBytes is lookup3.c's own consistency property:
// hashword of words equals hashlittle of their little-endian bytes, at
// every length around the 12-byte block.
func TestLookup3WordsMatchesBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 20 {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			words := make([]uint32, n)
			bytes := make([]byte, 4*n)
			for i := range words {
				words[i] = rng.Uint32()
				binary.LittleEndian.PutUint32(bytes[4*i:], words[i])
			}
			seed := rng.Uint32()
			if w, b := Lookup3Words(words, seed), Lookup3(bytes, seed); w != b {
				t.Errorf("hashword %#x, hashlittle %#x", w, b)
			}
		})
	}
}

// TestLookup3AllLengths checks that every tail length reads exactly its
// bytes: changing a byte past the end (in the backing array) must not
// change the hash, changing one inside must.
func TestLookup3AllLengths(t *testing.T) {
	buf := make([]byte, 64)
	for i := range buf {
		buf[i] = byte(i * 31)
	}
	for n := range 40 {
		h := Lookup3(buf[:n], 7)
		buf[n] ^= 0xff
		if Lookup3(buf[:n], 7) != h {
			t.Errorf("length %d: byte past the end changes the hash", n)
		}
		buf[n] ^= 0xff
		if n > 0 {
			buf[n-1] ^= 1
			if Lookup3(buf[:n], 7) == h {
				t.Errorf("length %d: last byte does not change the hash", n)
			}
			buf[n-1] ^= 1
		}
	}
}

var _ hash.Hash32 = (*OneAtATimeHash)(nil)

func TestZeroAllocs(t *testing.T) {
	data := []byte("The quick brown fox jumps over the lazy dog")
	var h OneAtATimeHash
	tests := []struct {
		name string
		f    func()
	}{
		{"OneAtATime", func() { _ = OneAtATime(data) }},
		{"OneAtATimeString", func() { _ = OneAtATime("The quick brown fox") }},
		{"Lookup3", func() { _ = Lookup3(data, 1) }},
		{"Lookup3Pair", func() { _, _ = Lookup3Pair("Four score", 1, 2) }},
		{"Stream", func() { h.Write(data); h.WriteString("x"); _ = h.Sum32() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("%v allocations, want 0", n)
			}
		})
	}
}

// FuzzStreams checks the streaming one-at-a-time hash against the
// one-shot at arbitrary split points, and hashword against hashlittle.
func FuzzStreams(f *testing.F) {
	f.Add([]byte("Four score and seven years ago"), uint8(5), uint32(1))
	f.Add([]byte{}, uint8(0), uint32(0))
	f.Fuzz(func(t *testing.T, data []byte, split uint8, seed uint32) {
		var h OneAtATimeHash
		rest := data
		for len(rest) > 0 {
			n := min(len(rest), int(split)+1)
			h.Write(rest[:n])
			rest = rest[n:]
		}
		if h.Sum32() != OneAtATime(data) {
			t.Fatalf("streamed %#x, one-shot %#x", h.Sum32(), OneAtATime(data))
		}
		words := make([]uint32, len(data)/4)
		for i := range words {
			words[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		if Lookup3Words(words, seed) != Lookup3(data[:4*len(words)], seed) {
			t.Fatal("hashword and hashlittle disagree")
		}
		if c, _ := Lookup3Pair(data, seed, 0); c != Lookup3(data, seed) {
			t.Fatal("hashlittle2 with pb = 0 disagrees with hashlittle")
		}
	})
}

// Benchmarks beside hash/fnv, the standard library's non-cryptographic
// hash of the same use.
func BenchmarkShortKeys(b *testing.B) {
	key := []byte("user:12345678") // 13 bytes, a typical hash-table key
	b.Run("OneAtATime", func(b *testing.B) {
		b.SetBytes(int64(len(key)))
		b.ReportAllocs()
		for b.Loop() {
			_ = OneAtATime(key)
		}
	})
	b.Run("Lookup3", func(b *testing.B) {
		b.SetBytes(int64(len(key)))
		b.ReportAllocs()
		for b.Loop() {
			_ = Lookup3(key, 0)
		}
	})
	b.Run("stdlib-fnv32a", func(b *testing.B) {
		b.SetBytes(int64(len(key)))
		b.ReportAllocs()
		h := fnv.New32a()
		for b.Loop() {
			h.Reset()
			h.Write(key)
			_ = h.Sum32()
		}
	})
}

func BenchmarkBlock4KiB(b *testing.B) {
	data := make([]byte, 4096)
	b.Run("Lookup3", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			_ = Lookup3(data, 0)
		}
	})
	b.Run("OneAtATime", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			_ = OneAtATime(data)
		}
	})
	b.Run("stdlib-fnv32a", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		h := fnv.New32a()
		for b.Loop() {
			h.Reset()
			h.Write(data)
			_ = h.Sum32()
		}
	})
}
