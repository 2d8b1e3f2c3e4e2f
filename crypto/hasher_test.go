package crypto

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"hash"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

var allAlgorithms = []Algorithm{SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_256}

// stdNew is the standard library's constructor for each algorithm: the
// reference of the differential tests.
func stdNew(a Algorithm) func() hash.Hash {
	switch a {
	case SHA1:
		return sha1.New
	case SHA224:
		return sha256.New224
	case SHA256:
		return sha256.New
	case SHA384:
		return sha512.New384
	case SHA512:
		return sha512.New
	case SHA512_256:
		return sha512.New512_256
	}
	return nil
}

func stdSum(a Algorithm, p []byte) []byte {
	h := stdNew(a)()
	h.Write(p)
	return h.Sum(nil)
}

func stdMAC(a Algorithm, key, p []byte) []byte {
	m := hmac.New(stdNew(a), key)
	m.Write(p)
	return m.Sum(nil)
}

func mustNew(t testing.TB, a Algorithm) *Hasher {
	t.Helper()
	h, err := New(a)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func mustHMAC(t testing.TB, a Algorithm, key []byte) *Hasher {
	t.Helper()
	h, err := NewHMAC(a, key)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// writeInPieces feeds p to h through every write method, cutting it at
// random boundaries.
func writeInPieces(t testing.TB, h *Hasher, p []byte, rng *rand.Rand) {
	t.Helper()
	for len(p) > 0 {
		var n int
		switch rng.IntN(10) {
		case 0:
			n = min(len(p), 1+rng.IntN(3*BufferSize)) // large, past the buffer
		default:
			n = min(len(p), 1+rng.IntN(100))
		}
		chunk := p[:n]
		switch rng.IntN(8) {
		case 5:
			h.Put(chunk)
		case 6:
			h.PutString(string(chunk))
		case 7:
			for _, c := range chunk {
				h.PutByte(c)
			}
		case 0:
			if m, err := h.Write(chunk); m != n || err != nil {
				t.Fatalf("Write: %d, %v", m, err)
			}
		case 1:
			if m, err := h.WriteString(string(chunk)); m != n || err != nil {
				t.Fatalf("WriteString: %d, %v", m, err)
			}
		case 2:
			for _, c := range chunk {
				if err := h.WriteByte(c); err != nil {
					t.Fatal(err)
				}
			}
		case 3:
			w := h.Reserve(n)
			if len(w) < n {
				t.Fatalf("Reserve(%d) gave %d bytes", n, len(w))
			}
			h.Commit(copy(w, chunk))
		case 4:
			r := &coretest.Reader{Data: chunk, Faults: coretest.Faults{Max: 1 + rng.IntN(7)}}
			if m, err := h.ReadFrom(r); m != int64(n) || err != nil {
				t.Fatalf("ReadFrom: %d, %v", m, err)
			}
		}
		p = p[n:]
	}
}

func TestDifferentialRandomBoundaries(t *testing.T) {
	sizes := []int{0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1000, BufferSize - 1, BufferSize, BufferSize + 1, 3*BufferSize + 17, 100_000}
	for _, a := range allAlgorithms {
		for _, k := range kernelsFor(a) {
			for _, size := range sizes {
				t.Run(a.String()+"/"+k.name+"/"+strconv.Itoa(size), func(t *testing.T) {
					defer k.use()()
					testDifferential(t, a, size)
				})
			}
		}
	}
}

// testDifferential compares the device, the HMAC device and MAC with the
// standard library on size random bytes written in random pieces.
func testDifferential(t *testing.T, a Algorithm, size int) {
	rng := rand.New(rand.NewPCG(uint64(size), uint64(a)))
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	want := stdSum(a, data)
	h := mustNew(t, a)
	for round := range 3 {
		writeInPieces(t, h, data, rng)
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("round %d: got %x, want %x", round, got, want)
		}
		h.Reset()
	}
	key := data[:min(len(data), rng.IntN(300))]
	m, err := NewHMAC(a, key)
	if err != nil {
		t.Fatal(err)
	}
	wantMAC := stdMAC(a, key, data)
	for round := range 2 {
		writeInPieces(t, m, data, rng)
		if got := m.Sum(nil); !bytes.Equal(got, wantMAC) {
			t.Fatalf("HMAC round %d (key %d bytes): got %x, want %x", round, len(key), got, wantMAC)
		}
		m.Reset()
	}
	if d, _ := MAC(a, key, data); !bytes.Equal(d.Bytes(), wantMAC) {
		t.Fatalf("MAC: got %v, want %x", d, wantMAC)
	}
}

// TestHMACKeyLengths crosses the block size, where the key is hashed first.
func TestHMACKeyLengths(t *testing.T) {
	msg := []byte("The quick brown fox jumps over the lazy dog")
	for _, a := range allAlgorithms {
		bs := a.BlockSize()
		for _, kl := range []int{0, 1, a.Size(), bs - 1, bs, bs + 1, 2*bs + 3} {
			t.Run(a.String()+"/key"+strconv.Itoa(kl), func(t *testing.T) {
				key := bytes.Repeat([]byte{byte(kl)}, kl)
				h, err := NewHMAC(a, key)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(msg)
				if got, want := h.Sum(nil), stdMAC(a, key, msg); !bytes.Equal(got, want) {
					t.Errorf("got %x, want %x", got, want)
				}
				if !h.IsHMAC() || h.Algorithm() != a || h.Size() != a.Size() || h.BlockSize() != bs {
					t.Error("accessors disagree with the algorithm")
				}
			})
		}
	}
}

// TestSumKeepsState checks that Sum is a snapshot: writing on after it
// gives the digest of the whole message.
func TestSumKeepsState(t *testing.T) {
	for _, a := range allAlgorithms {
		t.Run(a.String(), func(t *testing.T) {
			h := mustNew(t, a)
			h.WriteString("hello, ")
			first := h.Sum(nil)
			h.WriteString("world")
			if got, want := h.Sum(nil), stdSum(a, []byte("hello, world")); !bytes.Equal(got, want) {
				t.Errorf("got %x, want %x", got, want)
			}
			if want := stdSum(a, []byte("hello, ")); !bytes.Equal(first, want) {
				t.Errorf("first Sum: got %x, want %x", first, want)
			}
			prefix := []byte("prefix")
			if got := h.Sum(prefix); !bytes.HasPrefix(got, []byte("prefix")) || len(got) != 6+a.Size() {
				t.Errorf("Sum does not append: %q", got)
			}
			// Into spare capacity: the digest lands after the prefix and
			// nothing past it is touched.
			for _, m := range []*Hasher{h, mustHMAC(t, a, []byte("key"))} {
				m.WriteString("hello, world")
				want := m.Sum(nil)
				room := append(make([]byte, 0, 200), "prefix"...)
				tail := room[6+len(want) : 200]
				for i := range tail {
					tail[i] = 0xee
				}
				got := m.Sum(room)
				if !bytes.Equal(got[6:], want) || string(got[:6]) != "prefix" || &got[0] != &room[:1][0] {
					t.Errorf("Sum into capacity: %x, want prefix and %x", got, want)
				}
				if bytes.Count(tail, []byte{0xee}) != len(tail) {
					t.Errorf("Sum wrote past the digest: %x", tail)
				}
			}
		})
	}
}

func TestOneShots(t *testing.T) {
	msg := "Hello World\n"
	tests := []struct {
		a   Algorithm
		got []byte
	}{
		{SHA1, func() []byte { s := Sum1(msg); return s[:] }()},
		{SHA224, func() []byte { s := Sum224(msg); return s[:] }()},
		{SHA256, func() []byte { s := Sum256([]byte(msg)); return s[:] }()},
		{SHA384, func() []byte { s := Sum384(msg); return s[:] }()},
		{SHA512, func() []byte { s := Sum512(msg); return s[:] }()},
		{SHA512_256, func() []byte { s := Sum512_256(msg); return s[:] }()},
	}
	for _, tt := range tests {
		t.Run(tt.a.String(), func(t *testing.T) {
			want := stdSum(tt.a, []byte(msg))
			if !bytes.Equal(tt.got, want) {
				t.Errorf("got %x, want %x", tt.got, want)
			}
			d, n, err := SumReader(tt.a, &coretest.Reader{Data: []byte(msg), Faults: coretest.Faults{Max: 1}})
			if err != nil || n != int64(len(msg)) || !bytes.Equal(d.Bytes(), want) {
				t.Errorf("SumReader: %v, %d, %v", d, n, err)
			}
		})
	}
}

type namedBytes []byte
type namedString string

func TestOneShotNamedTextTypes(t *testing.T) {
	want := Sum256("abc")
	if Sum256(namedBytes("abc")) != want || Sum256(namedString("abc")) != want {
		t.Error("named string kinds hash differently")
	}
	if Sum256("") != Sum256([]byte(nil)) {
		t.Error("empty string and nil slice differ")
	}
}

func TestAlgorithmNames(t *testing.T) {
	tests := []struct {
		in   string
		want Algorithm
	}{
		{"SHA-1", SHA1}, {"sha1", SHA1}, {"SHA-224", SHA224}, {"sha256", SHA256},
		{"Sha_384", SHA384}, {"SHA512", SHA512}, {"SHA-512/256", SHA512_256}, {"sha512_256", SHA512_256},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAlgorithm(tt.in)
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
			if back, err := ParseAlgorithm(got.String()); back != got || err != nil {
				t.Errorf("String does not parse back: %q", got.String())
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	t.Run("algorithms", func(t *testing.T) {
		for _, a := range []Algorithm{0, maxAlgorithm, 200} {
			if _, err := New(a); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("New(%d): %v", a, err)
			}
			if _, err := NewHMAC(a, nil); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("NewHMAC(%d): %v", a, err)
			}
			if _, err := Sum(a, "x"); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("Sum(%d): %v", a, err)
			}
			if _, err := MAC(a, nil, "x"); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("MAC(%d): %v", a, err)
			}
			if _, _, err := SumReader(a, bytes.NewReader(nil)); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("SumReader(%d): %v", a, err)
			}
			if _, err := SumFile(a, "testdata/fips180-4.txt"); !errors.Is(err, ErrAlgorithm) {
				t.Errorf("SumFile(%d): %v", a, err)
			}
			if a.Size() != 0 || a.BlockSize() != 0 || a.Valid() {
				t.Errorf("invalid %d has a size", a)
			}
			if s := a.String(); s != "Algorithm("+strconv.Itoa(int(a))+")" {
				t.Errorf("String: %q", s)
			}
		}
	})
	t.Run("names", func(t *testing.T) {
		for _, s := range []string{"", "md5", "sha", "sha-3", "sha256sha256sha256", "sha\x00256", "SHA-512/2"} {
			_, err := ParseAlgorithm(s)
			var ae *AlgorithmError
			if !errors.Is(err, ErrAlgorithm) || !errors.As(err, &ae) || ae.Name != s {
				t.Errorf("ParseAlgorithm(%q): %v", s, err)
			}
		}
	})
	t.Run("commit-range", func(t *testing.T) {
		h := mustNew(t, SHA256)
		h.WriteString("abc")
		w := h.Reserve(4)
		h.Commit(len(w) + 1)
		if err := h.Flush(); !errors.Is(err, core.ErrInvalidCount) {
			t.Fatalf("Flush: %v", err)
		}
		if n, err := h.WriteString("more"); n != 0 || !errors.Is(err, core.ErrInvalidCount) {
			t.Errorf("Write after error: %d, %v", n, err)
		}
		if _, err := h.ReadFrom(bytes.NewReader([]byte("x"))); !errors.Is(err, core.ErrInvalidCount) {
			t.Errorf("ReadFrom after error: %v", err)
		}
		if err := h.WriteByte('x'); !errors.Is(err, core.ErrInvalidCount) {
			t.Errorf("WriteByte after error: %v", err)
		}
		p := h.Reserve(BufferSize * 2)
		h.Commit(len(p))
		if !h.Verify(stdSum(SHA256, []byte("abc"))) {
			t.Error("bytes after the error were hashed")
		}
		h.Put([]byte("x"))
		h.PutString("x")
		h.PutByte('x')
		if !h.Verify(stdSum(SHA256, []byte("abc"))) || !errors.Is(h.Err(), core.ErrInvalidCount) {
			t.Error("Put after the error hashed or cleared it")
		}
		h.Commit(-1)
		h.Reset()
		if h.Err() != nil || h.Flush() != nil {
			t.Error("Reset keeps the error")
		}
	})
	t.Run("commit-range-then-sum", func(t *testing.T) {
		// Sum hashes the buffer's whole blocks in place; the fast paths
		// must stay closed after it.
		for _, a := range allAlgorithms {
			h := mustNew(t, a)
			msg := bytes.Repeat([]byte("0123456789"), 20)
			h.Write(msg)
			h.Commit(len(h.Reserve(1)) + 1)
			for range 2 {
				if !h.Verify(stdSum(a, msg)) {
					t.Errorf("%v: Sum after a misused Commit", a)
				}
				h.Put(msg[:12])
				h.PutString("Hello World\n")
				h.PutByte('x')
				h.WriteByte('x')
				if n, err := h.WriteString("Hello World\n"); n != 0 || !errors.Is(err, core.ErrInvalidCount) {
					t.Errorf("%v: WriteString after Sum: %d, %v", a, n, err)
				}
				if n, err := h.Write(msg[:12]); n != 0 || !errors.Is(err, core.ErrInvalidCount) {
					t.Errorf("%v: Write after Sum: %d, %v", a, n, err)
				}
				h.Commit(copy(h.Reserve(3), "abc"))
			}
		}
	})
	t.Run("reader-errors", func(t *testing.T) {
		tests := []struct {
			name string
			r    io.Reader
			want error
			n    int64
		}{
			{"fault", &coretest.Reader{Data: []byte("abcdef"), Faults: coretest.Faults{Max: 2, FailAt: 2}}, coretest.ErrFault, 2},
			{"invalid-count", badCountReader{}, core.ErrInvalidCount, 0},
			{"no-progress", emptyReader{}, io.ErrNoProgress, 0},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				h := mustNew(t, SHA1)
				n, err := h.ReadFrom(tt.r)
				if !errors.Is(err, tt.want) || n != tt.n {
					t.Errorf("ReadFrom: %d, %v; want %d, %v", n, err, tt.n, tt.want)
				}
				d, n, err := SumReader(SHA1, tt.r)
				if err == nil || d.Len() != 0 {
					t.Errorf("SumReader: %v, %d, %v", d, n, err)
				}
			})
		}
	})
	t.Run("verify", func(t *testing.T) {
		h := mustNew(t, SHA256)
		h.WriteString("abc")
		sum := h.Sum(nil)
		bad := bytes.Clone(sum)
		bad[31] ^= 1
		tests := []struct {
			name string
			ok   bool
		}{
			{"exact", h.Verify(sum)},
			{"!flipped", !h.Verify(bad)},
			{"!short", !h.Verify(sum[:31])},
			{"!long", !h.Verify(append(bytes.Clone(sum), 0))},
			{"!empty", !h.Verify(nil)},
			{"truncated-10", h.VerifyTruncated(sum[:10])},
			{"!truncated-9", !h.VerifyTruncated(sum[:9])},
			{"!truncated-flipped", !h.VerifyTruncated(bad)},
			{"!truncated-long", !h.VerifyTruncated(append(bytes.Clone(sum), 0))},
			{"!hex-odd", !h.VerifyHex("abc")},
			{"!hex-bad-char", !h.VerifyHex("zz" + string(h.AppendHex(nil)[2:]))},
			{"!hex-short", !h.VerifyHex(string(h.AppendHex(nil)[2:]))},
			{"hex", h.VerifyHex(string(h.AppendHex(nil)))},
		}
		for _, tt := range tests {
			if !tt.ok {
				t.Errorf("%s failed", tt.name)
			}
		}
	})
}

type badCountReader struct{}

func (badCountReader) Read(p []byte) (int, error) { return len(p) + 1, nil }

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// TestBufferedWriterContract runs the core.BufferedWriter protocol as a
// formatter would use it, through core.WrapWriter.
func TestBufferedWriterContract(t *testing.T) {
	h := mustNew(t, SHA256)
	var w core.BufferedWriter = h
	if core.WrapWriter(h) != w {
		t.Fatal("WrapWriter wraps a Hasher instead of using it as it is")
	}
	var want []byte
	for i := range 5000 {
		p := w.Reserve(20)
		if len(p) < 20 {
			t.Fatalf("Reserve(20) gave %d", len(p))
		}
		p = strconv.AppendInt(p[:0], int64(i)*7919, 10)
		p = append(p, '\n')
		w.Commit(len(p))
		want = append(want, p...)
	}
	// A reservation larger than the buffer grows it.
	big := w.Reserve(3 * BufferSize)
	for i := range big[:3*BufferSize] {
		big[i] = byte(i)
	}
	w.Commit(3 * BufferSize)
	want = append(want, big[:3*BufferSize]...)
	if err := w.Flush(); err != nil || h.Buffered() >= h.BlockSize() {
		t.Fatalf("Flush: %v, %d buffered (more than a partial block)", err, h.Buffered())
	}
	if got := h.Sum(nil); !bytes.Equal(got, stdSum(SHA256, want)) {
		t.Error("formatted output hashed wrong")
	}
}

func TestDigestValue(t *testing.T) {
	h := mustNew(t, SHA224)
	h.WriteString("abc")
	d := h.Digest()
	want := stdSum(SHA224, []byte("abc"))
	if !bytes.Equal(d.Bytes(), want) || d.Len() != 28 {
		t.Fatalf("Digest: %x", d.Bytes())
	}
	if got := string(d.AppendHex(nil)); got != d.String() || got != string(h.AppendHex(nil)) {
		t.Errorf("hex forms differ: %s", got)
	}
	if got, want := string(d.AppendBase64(nil)), string(h.AppendBase64(nil)); got != want || got != "Iwl9IjQF2CKGQqR3vaJVsyqtvOS9oLP342ydpw==" {
		t.Errorf("base64: %s / %s", got, want)
	}
	p, err := ParseHexDigest(d.String())
	if err != nil || !p.Equal(d) {
		t.Errorf("ParseHexDigest round trip: %v, %v", p, err)
	}
	e, err := DigestOf(want)
	if err != nil || !e.Equal(d) {
		t.Errorf("DigestOf: %v", err)
	}
	e.b[0] ^= 1
	if e.Equal(d) {
		t.Error("different digests are equal")
	}
	if _, err := DigestOf(make([]byte, MaxSize+1)); !errors.Is(err, ErrDigestLength) {
		t.Errorf("DigestOf too long: %v", err)
	}
}

func TestParseHexDigestErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		char   byte
		odd    bool
		want   error
	}{
		{"abc", 3, 0, true, ErrHexDigest},
		{"ag", 1, 'g', false, ErrHexDigest},
		{"0011zz", 4, 'z', false, ErrHexDigest},
		{"00\x000", 2, 0, false, ErrHexDigest},
		{string(make([]byte, 2*MaxSize+2)), 0, 0, false, ErrDigestLength},
		{"", 0, 0, false, ErrDigestLength},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.in[:min(len(tt.in), 8)]), func(t *testing.T) {
			_, err := ParseHexDigest(tt.in)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			var he *HexError
			if errors.As(err, &he) && (he.Offset != tt.offset || he.Char != tt.char || he.Odd != tt.odd) {
				t.Errorf("got %+v (%v)", *he, err)
			}
		})
	}
}

// TestThroughCoreWriter hashes output that reaches the device in the
// chunks a core.Writer with a small buffer produces, and through
// WrapWriter's pass-through: the digest must not depend on them.
func TestThroughCoreWriter(t *testing.T) {
	var want []byte
	for i := range 2000 {
		want = strconv.AppendInt(want, int64(i)*31, 10)
		want = append(want, ' ')
	}
	for _, size := range []int{core.MinBufferSize, 100, 4096} {
		t.Run(strconv.Itoa(size), func(t *testing.T) {
			h := mustNew(t, SHA512_256)
			w := core.NewWriterSize(h, size)
			for i := range 2000 {
				p := w.Reserve(24)
				p = strconv.AppendInt(p[:0], int64(i)*31, 10)
				p = append(p, ' ')
				w.Commit(len(p))
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := h.Sum(nil); !bytes.Equal(got, stdSum(SHA512_256, want)) {
				t.Error("digest depends on the chunking")
			}
		})
	}
}

var sha256Empty = Sum256("")

// TestZeroHasher: the zero value hashes with SHA-256 whichever method
// comes first.
func TestZeroHasher(t *testing.T) {
	want := stdSum(SHA256, []byte("abc"))
	tests := []struct {
		name string
		f    func(h *Hasher)
	}{
		{"Write", func(h *Hasher) { h.Write([]byte("abc")) }},
		{"WriteString", func(h *Hasher) { h.WriteString("abc") }},
		{"WriteByte", func(h *Hasher) { h.WriteByte('a'); h.WriteByte('b'); h.WriteByte('c') }},
		{"Put", func(h *Hasher) { h.Put([]byte("abc")) }},
		{"PutString", func(h *Hasher) { h.PutString("abc") }},
		{"PutByte", func(h *Hasher) { h.PutByte('a'); h.PutByte('b'); h.PutByte('c') }},
		{"Reserve", func(h *Hasher) { h.Commit(copy(h.Reserve(3), "abc")) }},
		{"ReadFrom", func(h *Hasher) { h.ReadFrom(bytes.NewReader([]byte("abc"))) }},
		{"Reset", func(h *Hasher) { h.Reset(); h.WriteString("abc") }},
		{"Flush", func(h *Hasher) { h.Flush(); h.WriteString("abc") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Hasher
			tt.f(&h)
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("got %x, want %x", got, want)
			}
			if h.Size() != 32 || h.Algorithm() != SHA256 || h.BlockSize() != 64 {
				t.Error("zero Hasher is not SHA-256")
			}
		})
	}
	var bad Hasher
	bad.Commit(1)
	if _, err := bad.WriteString("abc"); !errors.Is(err, core.ErrInvalidCount) {
		t.Errorf("zero Hasher forgets a misused Commit: %v", err)
	}
	var h, h2 Hasher
	if h2.VerifyTruncated(make([]byte, 10)) || !h2.VerifyTruncated(sha256Empty[:10]) {
		t.Error("VerifyTruncated on a zero Hasher")
	}
	if h.Digest().Len() != 32 || !h.VerifyHex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") {
		t.Error("empty zero Hasher")
	}
}

// TestWriteByteAcrossBuffer crosses the buffer boundary byte by byte.
func TestWriteByteAcrossBuffer(t *testing.T) {
	data := make([]byte, 3*BufferSize+7)
	for i := range data {
		data[i] = byte(i * 13)
	}
	h := mustNew(t, SHA1)
	for _, c := range data {
		h.WriteByte(c)
	}
	if got := h.Sum(nil); !bytes.Equal(got, stdSum(SHA1, data)) {
		t.Error("WriteByte across buffers")
	}
	if n := testing.AllocsPerRun(3*BufferSize, func() { h.WriteByte('x') }); n != 0 && !raceEnabled {
		t.Errorf("WriteByte allocates %v", n)
	}
}

// TestNoDoorPastTheHash checks that no value reachable from a Hasher's
// exported methods is the *core.Writer that buffers its input, whose
// Reset or Close would bypass the hash function.
func TestNoDoorPastTheHash(t *testing.T) {
	for _, path := range coretest.Reach(reflect.TypeFor[*Hasher](), "Hasher", reflect.TypeFor[*core.Writer]()) {
		t.Errorf("%s is the *core.Writer behind the hash function", path)
	}
}
