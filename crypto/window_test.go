package crypto

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// TestHasherOperations drives every way of writing, interleaved with Sum,
// Flush, Reset, ReadFrom and Reserve/Commit, in random order and sizes,
// and checks every Sum against the standard library: the window the fast
// paths write into and the engine's buffer must always add up to the bytes
// written, in order. A Commit out of range at the end must be reported and
// leave the digest of the bytes before it.
func TestHasherOperations(t *testing.T) { hasherOperations(t) }

func hasherOperations(t *testing.T) {
	data := benchData(5 * BufferSize)
	key := []byte("operations key")
	for _, a := range allAlgorithms {
		for _, mac := range []bool{false, true} {
			for seed := range uint64(12) {
				t.Run(a.String()+"/"+strconv.FormatBool(mac)+"/"+strconv.FormatUint(seed, 10), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(seed, 99))
					h := mustNew(t, a)
					want := func(p []byte) []byte { return stdSum(a, p) }
					if mac {
						h = mustHMAC(t, a, key)
						want = func(p []byte) []byte { return stdMAC(a, key, p) }
					}
					var written []byte
					for step := 0; step < 200; step++ {
						off := rng.IntN(len(data) - 3*BufferSize)
						p := data[off : off+[]int{1, 7, 12, 63, 64, 65, 300, 1024, BufferSize, 2*BufferSize + 5}[rng.IntN(10)]]
						switch rng.IntN(12) {
						case 0:
							h.Write(p)
						case 1:
							h.WriteString(string(p))
						case 2:
							h.Put(p)
						case 3:
							h.PutString(string(p))
						case 4:
							for _, c := range p[:min(len(p), 70)] {
								h.PutByte(c)
							}
							p = p[:min(len(p), 70)]
						case 5:
							r := h.Reserve(len(p))
							h.Commit(copy(r, p))
						case 6:
							if n, err := h.ReadFrom(bytes.NewReader(p)); n != int64(len(p)) || err != nil {
								t.Fatalf("ReadFrom = %d, %v", n, err)
							}
						case 7:
							if err := h.Flush(); err != nil || h.Buffered() >= h.BlockSize() {
								t.Fatalf("Flush = %v, %d buffered", err, h.Buffered())
							}
							p = nil
						case 8:
							h.Reset()
							written = written[:0]
							p = nil
						default:
							if got := h.Sum(nil); !bytes.Equal(got, want(written)) {
								t.Fatalf("step %d: Sum of %d bytes differs", step, len(written))
							}
							p = nil
						}
						written = append(written, p...)
						if h.Buffered() > len(written) {
							t.Fatalf("step %d: %d buffered of %d written", step, h.Buffered(), len(written))
						}
					}
					if got := h.Sum(nil); !bytes.Equal(got, want(written)) {
						t.Fatal("final Sum differs")
					}
					h.PutString("tail")
					written = append(written, "tail"...)
					h.Commit(1 << 20)
					if _, err := h.Write([]byte("x")); !errors.Is(err, core.ErrInvalidCount) {
						t.Fatalf("Write after a bad Commit = %v", err)
					}
					if !errors.Is(h.Flush(), core.ErrInvalidCount) || !errors.Is(h.Err(), core.ErrInvalidCount) {
						t.Fatal("the bad Commit is not reported")
					}
					if got := h.Sum(nil); !bytes.Equal(got, want(written)) {
						t.Fatal("Sum after a bad Commit is not the digest of the bytes before it")
					}
					h.Reset()
					if h.Err() != nil || !bytes.Equal(h.Sum(nil), want(nil)) {
						t.Fatal("Reset after a bad Commit")
					}
				})
			}
		}
	}
}

// TestFlushedPartialBlock covers the Hasher's Sum after a Flush: the whole
// blocks are in the engine and the partial block waits in the buffer, not
// in the window, on every implementation.
func TestFlushedPartialBlock(t *testing.T) {
	for _, k := range kernelsFor(SHA256) {
		t.Run(k.name, func(t *testing.T) {
			defer k.use()()
			flushedPartialBlock(t)
		})
	}
}

func flushedPartialBlock(t *testing.T) {
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
