package crypto

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

// FuzzDevice is a differential fuzz of the hash device against the
// standard library: data written in pieces whose sizes come from splits,
// for every algorithm, plain and keyed.
func FuzzDevice(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 1, 1}, []byte("key"))
	f.Add(bytes.Repeat([]byte("Hello World\n"), 100), []byte{12, 200, 0, 7}, []byte{})
	f.Add(make([]byte, 3*BufferSize+1), []byte{255, 255, 255, 1}, bytes.Repeat([]byte{0xaa}, 131))
	f.Fuzz(func(t *testing.T, data, splits, key []byte) {
		for _, a := range allAlgorithms {
			for _, k := range kernelsFor(a) {
				func() {
					defer k.use()()
					fuzzDevice(t, a, data, splits, key)
				}()
			}
		}
	})
}

// fuzzDevice is one algorithm of FuzzDevice.
func fuzzDevice(t *testing.T, a Algorithm, data, splits, key []byte) {
	h := mustNew(t, a)
	m, err := NewHMAC(a, key)
	if err != nil {
		t.Fatal(err)
	}
	rest := data
	for i := 0; len(rest) > 0; i++ {
		n := len(rest)
		if len(splits) > 0 {
			n = min(n, int(splits[i%len(splits)])*37+1)
		}
		switch i % 4 {
		case 0:
			h.Write(rest[:n])
			m.Write(rest[:n])
		case 1:
			p := h.Reserve(n)
			h.Commit(copy(p, rest[:n]))
			m.WriteString(string(rest[:n]))
		case 2:
			h.PutString(string(rest[:n]))
			m.Put(rest[:n])
		default:
			h.Put(rest[:n])
			for _, c := range rest[:n] {
				m.PutByte(c)
			}
		}
		rest = rest[n:]
	}
	if got, want := h.Sum(nil), stdSum(a, data); !bytes.Equal(got, want) {
		t.Fatalf("%v: got %x, want %x", a, got, want)
	}
	if got, want := m.Sum(nil), stdMAC(a, key, data); !bytes.Equal(got, want) {
		t.Fatalf("HMAC-%v: got %x, want %x", a, got, want)
	}
}

// FuzzParseHexDigest checks the hex parser against encoding/hex and the
// round trip through Digest.String.
func FuzzParseHexDigest(f *testing.F) {
	f.Add("")
	f.Add("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
	f.Add("ABCDEF0123")
	f.Add("abc")
	f.Add("zz")
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseHexDigest(s)
		want, werr := hex.DecodeString(s)
		switch {
		case len(s) == 0 || len(s) > 2*MaxSize:
			if !errors.Is(err, ErrDigestLength) {
				t.Fatalf("%q: %v, want ErrDigestLength", s, err)
			}
		case werr != nil:
			if !errors.Is(err, ErrHexDigest) {
				t.Fatalf("%q: %v, want ErrHexDigest (encoding/hex: %v)", s, err, werr)
			}
		default:
			if err != nil || !bytes.Equal(d.Bytes(), want) {
				t.Fatalf("%q: got %x, %v; want %x", s, d.Bytes(), err, want)
			}
			if back, _ := ParseHexDigest(d.String()); !back.Equal(d) {
				t.Fatalf("%q: round trip through %q differs", s, d.String())
			}
		}
	})
}

// FuzzParseAlgorithm checks that names never panic and that every parsed
// algorithm prints back to a name that parses to it.
func FuzzParseAlgorithm(f *testing.F) {
	for _, s := range []string{"SHA-256", "sha512/256", "", "md5", "sha-512_256"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAlgorithm(s)
		if err != nil {
			if !errors.Is(err, ErrAlgorithm) || a != 0 {
				t.Fatalf("%q: %v, %v", s, a, err)
			}
			return
		}
		if back, err := ParseAlgorithm(a.String()); back != a || err != nil {
			t.Fatalf("%q: %v prints as %q", s, a, a.String())
		}
	})
}
