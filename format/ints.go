package format

import (
	"bufio"
	"encoding/binary"

	"github.com/fastio-go/fastio/core"
)

// maxIntsSep is the longest separator Ints writes in the same batch as the
// numbers; a longer one is written with Str between them.
const maxIntsSep = 64

// Ints writes the values of xs in decimal, of any integer type, with sep
// between each value and the next (not after the last). The bytes are
// those of a loop of Int and Str, but the values are formatted many at a
// time into one reservation of the writer's free space, so the buffer's
// bookkeeping (the room check, the length update) is paid once per batch
// instead of once per value. It does not allocate.
func Ints[T core.Integer, W Writer](w W, xs []T, sep string) {
	if len(sep) > maxIntsSep {
		for i, v := range xs {
			if i > 0 {
				Str(w, sep)
			}
			Int(w, v)
		}
		return
	}
	if cw, ok := engine(w); ok {
		for i := 0; i < len(xs); {
			// The concrete Reserve and Commit inline.
			p := cw.Reserve(intsRoom(sep))
			var n int
			n, i = fillInts(p, xs, i, sep)
			cw.Commit(n)
		}
		return
	}
	switch bw := any(w).(type) {
	case core.BufferedWriter:
		for i := 0; i < len(xs); {
			p := bw.Reserve(intsRoom(sep))
			var n int
			n, i = fillInts(p, xs, i, sep)
			bw.Commit(n)
		}
	case *bufio.Writer:
		intsBufio(bw, xs, sep)
	default:
		b := scratch.Get().(*scratchBuf)
		for i := 0; i < len(xs); {
			// One Write per chunk keeps the pooled buffer small whatever
			// len(xs) is.
			p := b.Reserve(4 << 10)
			var n int
			n, i = fillInts(p, xs, i, sep)
			b.Commit(n)
			w.Write(b.Bytes())
			b.Reset()
		}
		release(b)
	}
}

// intsRoom is the space fillInts needs: a leading separator and one value
// with the separator stored after it.
func intsRoom(sep string) int { return maxIntLen + 2*len(sep) }

// fillInts formats xs[i:] into p, which must hold intsRoom(sep) bytes, for as long as it has room, each value preceded by sep but the
// first of xs; it returns the bytes written and the index of the next
// value.
func fillInts[T core.Integer](p []byte, xs []T, i int, sep string) (int, int) {
	n := 0
	if i > 0 {
		n = copy(p, sep)
	}
	if len(sep) == 1 {
		return fillInts1(p, n, xs, i, sep[0])
	}
	need := maxIntLen + len(sep)
	for {
		n += putValue(p[n:n+maxIntLen], xs[i])
		i++
		if i == len(xs) || len(p)-n < need {
			return n, i
		}
		n += copy(p[n:], sep)
	}
}

// fillInts1 is fillInts after the leading separator, for a one-byte
// separator: it is stored after every value, the last one's left
// uncounted, so the common value is one 8-byte store and one byte store.
func fillInts1[T core.Integer](p []byte, n int, xs []T, i int, sep byte) (int, int) {
	for ; i < len(xs) && len(p)-n >= maxIntLen+1; i++ {
		q := p[n : n+maxIntLen+1]
		u, neg := split(xs[i])
		if u < 1e8 && !neg {
			// As IntLn: the length comes from u, not from the digits.
			d := decLen32(uint32(u))
			binary.LittleEndian.PutUint64(q, ascii8(uint32(u))>>lead(d)|uint64(sep)<<(uint(d)*8))
			q[8] = sep
			n += d + 1
			continue
		}
		d := putIntFast(q, u, neg)
		q[d] = sep
		n += d + 1
	}
	return n - 1, i
}

// putValue writes v in decimal at the start of p, which must hold
// maxIntLen bytes, and returns the count, with the digits of a small
// non-negative value inline.
func putValue[T core.Integer](p []byte, v T) int {
	u, neg := split(v)
	if u < 1e8 && !neg {
		d := decLen32(uint32(u))
		binary.LittleEndian.PutUint64(p, ascii8(uint32(u))>>lead(d))
		return d
	}
	return putIntFast(p, u, neg)
}

// intsBufio is Ints for a *bufio.Writer, in its free space.
func intsBufio[T core.Integer](w *bufio.Writer, xs []T, sep string) {
	need := intsRoom(sep)
	for i := 0; i < len(xs); {
		if w.Available() < need {
			w.Flush() // a failure is sticky in bufio, reported by its Flush
			if w.Available() < need {
				// A buffer too small to batch into.
				for ; i < len(xs); i++ {
					if i > 0 {
						w.WriteString(sep)
					}
					u, neg := split(xs[i])
					intTo(w, u, neg)
				}
				return
			}
		}
		p := w.AvailableBuffer()
		var n int
		n, i = fillInts(p[:cap(p)], xs, i, sep)
		w.Write(p[:n])
	}
}
