package crypto

import (
	"github.com/fastio-go/fastio/core"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestBlock256 checks the block functions against each other: the SHA-NI
// assembly (where the CPU has it) and the portable Go.
func TestBlock256(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, blocks := range []int{0, 1, 2, 3, 17} {
		t.Run(strconv.Itoa(blocks), func(t *testing.T) {
			p := make([]byte, 64*blocks)
			for i := range p {
				p[i] = byte(rng.Uint32())
			}
			var h1, h2 [8]uint32
			for i := range h1 {
				h1[i] = rng.Uint32()
			}
			h2 = h1
			block256(&h1, p)
			blockGeneric256(&h2, p)
			if h1 != h2 {
				t.Errorf("SHA-NI %v: got %x, portable %x", hasSHANI, h1, h2)
			}
		})
	}
}

func TestSum256Own(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 300 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var out [32]byte
		sum256(&iv256, p, out[:])
		if want := stdSum(SHA256, p); string(out[:]) != string(want) {
			t.Fatalf("SHA-256 of %d bytes: got %x, want %x", n, out, want)
		}
		sum256(&iv224, p, out[:28])
		if want := stdSum(SHA224, p); string(out[:28]) != string(want) {
			t.Fatalf("SHA-224 of %d bytes: got %x, want %x", n, out[:28], want)
		}
		d := newDigest256(n%2 == 0)
		hs := &Hasher{eng: d, alg: SHA256, size: d.Size()}
		hs.bw = *core.NewSinkWriter((*hashSink)(hs), 64)
		hs.reserve()
		writeInPieces(t, hs, p, rng)
		hs.Flush()
		a := SHA256
		if n%2 == 0 {
			a = SHA224
		}
		st, _ := d.MarshalBinary()
		var e digest256
		if err := e.UnmarshalBinary(st); err != nil || e.h != d.h || e.len != d.len || e.is224 != d.is224 || string(e.x[:e.nx]) != string(d.x[:d.nx]) {
			t.Fatalf("state round trip: %v", err)
		}
		if got, want := d.Sum(nil), stdSum(a, p); string(got) != string(want) {
			t.Fatalf("%v engine, %d bytes: got %x, want %x", a, n, got, want)
		}
	}
}

func TestBlock1(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, blocks := range []int{0, 1, 2, 5} {
		p := make([]byte, 64*blocks)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var h1 [5]uint32
		for i := range h1 {
			h1[i] = rng.Uint32()
		}
		h2 := h1
		block1(&h1, p)
		blockGeneric1(&h2, p)
		if h1 != h2 {
			t.Errorf("%d blocks: SHA-NI %v: got %x, portable %x", blocks, hasSHANI, h1, h2)
		}
	}
	for n := range 300 {
		p := make([]byte, n)
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		var got [20]byte
		if sum1(p, &got); string(got[:]) != string(stdSum(SHA1, p)) {
			t.Fatalf("SHA-1 of %d bytes: got %x, want %x", n, got, stdSum(SHA1, p))
		}
		var d digest1
		d.Reset()
		d.Write(p[:n/3])
		st, _ := d.MarshalBinary()
		var e digest1
		if err := e.UnmarshalBinary(st); err != nil {
			t.Fatal(err)
		}
		e.Write(p[n/3:])
		if got, want := e.Sum(nil), stdSum(SHA1, p); string(got) != string(want) {
			t.Fatalf("SHA-1 engine, %d bytes: got %x, want %x", n, got, want)
		}
	}
}

// TestFlushedPartialBlock covers the Hasher's general Sum path for its own
// engines: after a Flush the engine holds a partial block.
func TestFlushedPartialBlock(t *testing.T) {
	msg := []byte("a message longer than one block, flushed in the middle of its second block, then finished")
	for _, a := range allAlgorithms {
		for _, mac := range []bool{false, true} {
			t.Run(a.String()+"/hmac="+strconv.FormatBool(mac), func(t *testing.T) {
				var h *Hasher
				var want []byte
				if mac {
					h, _ = NewHMAC(a, []byte("key"))
					want = stdMAC(a, []byte("key"), msg)
				} else {
					h = mustNew(t, a)
					want = stdSum(a, msg)
				}
				for round := range 2 {
					h.Write(msg[:70])
					if err := h.Flush(); err != nil {
						t.Fatal(err)
					}
					h.Write(msg[70:])
					if got := h.Sum(nil); string(got) != string(want) {
						t.Fatalf("round %d: got %x, want %x", round, got, want)
					}
					h.Reset()
				}
			})
		}
	}
}

func TestDigestStateErrors(t *testing.T) {
	var d256 digest256
	var d1 digest1
	good256, _ := newDigest256(false).MarshalBinary()
	var fresh1 digest1
	fresh1.Reset()
	good1, _ := fresh1.MarshalBinary()
	tests := []struct {
		name string
		err  error
	}{
		{"256/empty", d256.UnmarshalBinary(nil)},
		{"256/magic", d256.UnmarshalBinary(append([]byte("x"), good256[1:]...))},
		{"256/kind", d256.UnmarshalBinary(append(append([]byte(digest256Magic), 2), good256[len(digest256Magic)+1:]...))},
		{"256/tail", d256.UnmarshalBinary(append(good256, 0))},
		{"1/empty", d1.UnmarshalBinary(nil)},
		{"1/other", d1.UnmarshalBinary(good256)},
		{"1/tail", d1.UnmarshalBinary(append(good1, 0))},
	}
	for _, tt := range tests {
		if tt.err == nil {
			t.Errorf("%s: malformed state accepted", tt.name)
		}
	}
	if err := d1.UnmarshalBinary(good1); err != nil {
		t.Errorf("good SHA-1 state rejected: %v", err)
	}
}
