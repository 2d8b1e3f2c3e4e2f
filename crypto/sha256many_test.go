package crypto

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// sha256Vectors are the SHA-256 examples of FIPS 180-4 (NIST's "SHA256.pdf"
// example values) and the one-million-'a' message of FIPS 180-2.
var sha256Vectors = []struct {
	name, msg, want string
}{
	{"empty", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	{"abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	{"448bits", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	{"896bits", "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
	{"million-a", strings.Repeat("a", 1000000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
}

// TestSumMany256KnownAnswers hashes the vectors as one batch, and every
// ordered pair of them as a batch of two, so that each vector runs in
// both streams of the kernel beside every other length.
func TestSumMany256KnownAnswers(t *testing.T) {
	manyPaths(t, func(t *testing.T) {
		msgs := make([][]byte, len(sha256Vectors))
		for i, v := range sha256Vectors {
			msgs[i] = []byte(v.msg)
		}
		digests := make([][32]byte, len(msgs))
		if err := SumMany256(digests, msgs); err != nil {
			t.Fatal(err)
		}
		for i, v := range sha256Vectors {
			if got := hex.EncodeToString(digests[i][:]); got != v.want {
				t.Errorf("batch[%d] %s: got %s, want %s", i, v.name, got, v.want)
			}
		}
		// A batch of 37: each vector in several lanes of the 16-lane
		// groups, beside every other length, and in the pairs after them.
		var big [][]byte
		var want []string
		for i := range 37 {
			v := sha256Vectors[(i*3+i/5)%len(sha256Vectors)]
			big = append(big, []byte(v.msg))
			want = append(want, v.want)
		}
		bigDigests := make([][32]byte, len(big))
		if err := SumMany256(bigDigests, big); err != nil {
			t.Fatal(err)
		}
		for i := range big {
			if got := hex.EncodeToString(bigDigests[i][:]); got != want[i] {
				t.Errorf("batch of 37, [%d]: got %s, want %s", i, got, want[i])
			}
		}
		for _, a := range sha256Vectors {
			for _, b := range sha256Vectors {
				var d [2][32]byte
				if err := SumMany256(d[:], [][]byte{[]byte(a.msg), []byte(b.msg)}); err != nil {
					t.Fatal(err)
				}
				if got := hex.EncodeToString(d[0][:]); got != a.want {
					t.Errorf("pair (%s, %s): first got %s, want %s", a.name, b.name, got, a.want)
				}
				if got := hex.EncodeToString(d[1][:]); got != b.want {
					t.Errorf("pair (%s, %s): second got %s, want %s", a.name, b.name, got, b.want)
				}
			}
		}
	})
}

// checkMany256 runs SumMany256 over msgs and compares every digest with
// crypto/sha256's.
func checkMany256(t *testing.T, msgs [][]byte) {
	t.Helper()
	digests := make([][32]byte, len(msgs))
	for i := range digests {
		digests[i] = [32]byte{0: 0xde, 31: 0xad} // must be overwritten
	}
	if err := SumMany256(digests, msgs); err != nil {
		t.Fatal(err)
	}
	for i, m := range msgs {
		if want := sha256.Sum256(m); digests[i] != want {
			t.Fatalf("message %d of %d (length %d): got %x, want %x", i, len(msgs), len(m), digests[i], want)
		}
	}
}

// TestSumMany256Differential compares SumMany256 with crypto/sha256 over
// batches of 0 to 9 messages of random lengths 0..5000, over batches of 16
// to 40 (mixed lengths, short ones, one length for all), and over pairs
// of every length around the block and padding boundaries.
func TestSumMany256Differential(t *testing.T) {
	manyPaths(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(18, 256))
		data := make([]byte, 5000*9)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		rounds := 400
		if testing.Short() {
			rounds = 100
		}
		for range rounds {
			msgs := make([][]byte, rng.IntN(10))
			off := 0
			for i := range msgs {
				n := rng.IntN(5001)
				if rng.IntN(4) == 0 {
					n = rng.IntN(130) // short ones often: all padding cases
				}
				msgs[i] = data[off : off+n]
				off += n
			}
			checkMany256(t, msgs)
		}
		// Batches of 16 to 40, for the 16-lane groups: mixed lengths, and
		// one length for all (every lane finishing in the same block).
		for r := range rounds / 4 {
			msgs := make([][]byte, 16+rng.IntN(25))
			same := rng.IntN(5001)
			for i := range msgs {
				n := rng.IntN(5001)
				switch {
				case r%3 == 0:
					n = same
				case r%3 == 1:
					n = 150 + rng.IntN(150) // around the 16-lane threshold
				}
				start := rng.IntN(len(data) - n + 1)
				msgs[i] = data[start : start+n]
			}
			checkMany256(t, msgs)
		}
		for _, n := range []int{0, 1, 55, 56, 63, 64, 119, 120, 128, 191, 192, 247, 248, 1000, 1024} {
			msgs := make([][]byte, 16)
			for i := range msgs {
				msgs[i] = data[i*7 : i*7+n]
			}
			checkMany256(t, msgs)
		}
		// Every pair of lengths where a stream changes from whole blocks to
		// final ones, or its final part from one block to two.
		var lengths []int
		for _, base := range []int{0, 64, 128, 192} {
			for _, d := range []int{0, 1, 55, 56, 63} {
				lengths = append(lengths, base+d)
			}
		}
		for _, a := range lengths {
			for _, b := range lengths {
				checkMany256(t, [][]byte{data[:a], data[1000 : 1000+b]})
			}
		}
	})
}

// TestSumMany256SameBacking hashes one slice twice in a batch and
// messages that overlap, which a kernel reading both streams must allow.
func TestSumMany256SameBacking(t *testing.T) {
	manyPaths(t, func(t *testing.T) {
		p := benchData(3000)
		checkMany256(t, [][]byte{p, p, p[1:], p[:1000], p[5:6], nil})
	})
}

func TestSumMany256BadInput(t *testing.T) {
	tests := []struct {
		digests, messages int
		msg               string
	}{
		{0, 1, "crypto: SumMany256: 0 digests for 1 messages"},
		{3, 2, "crypto: SumMany256: 3 digests for 2 messages"},
		{1, 0, "crypto: SumMany256: 1 digests for 0 messages"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.digests)+"-"+strconv.Itoa(tt.messages), func(t *testing.T) {
			digests := make([][32]byte, tt.digests)
			msgs := make([][]byte, tt.messages)
			for i := range msgs {
				msgs[i] = []byte("abc")
			}
			err := SumMany256(digests, msgs)
			if !errors.Is(err, ErrBatchLength) {
				t.Fatalf("got %v, want an error wrapping ErrBatchLength", err)
			}
			var be *BatchLengthError
			if !errors.As(err, &be) || be.Digests != tt.digests || be.Messages != tt.messages {
				t.Fatalf("got %#v", err)
			}
			if err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err.Error(), tt.msg)
			}
			for i, d := range digests {
				if d != ([32]byte{}) {
					t.Errorf("digest %d written on error: %x", i, d)
				}
			}
		})
	}
	// Empty batches, nil or not, are fine.
	if err := SumMany256(nil, nil); err != nil {
		t.Errorf("nil batch: %v", err)
	}
	if err := SumMany256([][32]byte{}, [][]byte{}); err != nil {
		t.Errorf("empty batch: %v", err)
	}
}

func TestSumMany256Allocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under -race")
	}
	p := benchData(5000)
	msgs := [][]byte{p[:64], p[:1024], p[:300], p, p[:200], p[:57], p[:1]}
	for range 3 {
		msgs = append(msgs, msgs[:7]...) // 28: a 16-lane group and pairs
	}
	digests := make([][32]byte, len(msgs))
	manyPaths(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(100, func() {
			if err := SumMany256(digests, msgs); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("SumMany256: %v allocations, want 0", n)
		}
	})
}

// FuzzSumMany256 splits the input into messages at the lengths given by
// cuts (one byte each, the last message is the rest) and compares every
// digest with crypto/sha256's.
func FuzzSumMany256(f *testing.F) {
	f.Add([]byte("abc"), []byte{1, 1})
	f.Add(bytes.Repeat([]byte("Hello World\n"), 100), []byte{55, 56, 63, 64, 119, 120, 0, 255})
	f.Add(make([]byte, 3000), []byte{200, 7, 128, 128, 3})
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		if len(cuts) > 64 {
			cuts = cuts[:64]
		}
		var msgs [][]byte
		for _, c := range cuts {
			n := min(int(c), len(data))
			msgs = append(msgs, data[:n])
			data = data[n:]
		}
		msgs = append(msgs, data)
		manyPaths(t, func(t *testing.T) { checkMany256(t, msgs) })
	})
}
