package compress

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// toBGZF rewrites an indexed stream's members, all of them shorter than
// 64 KiB, in BGZF's form: the extra field holds only the subfield BC with
// the member's length less one.
func toBGZF(t testing.TB, s []byte) []byte {
	var out []byte
	for len(s) > 0 {
		xlen := int(binary.LittleEndian.Uint16(s[10:]))
		size := int(binary.LittleEndian.Uint32(s[12+xlen-4:]))
		if s[3] != flagExtra || size > 1<<16 {
			t.Fatalf("member with flags 0x%02x, %d bytes: not a BGZF block", s[3], size)
		}
		m := append([]byte{}, s[:10]...)
		m = append(m, 6, 0, 'B', 'C', 2, 0, 0, 0)
		m = append(m, s[12+xlen:size]...)
		binary.LittleEndian.PutUint16(m[16:], uint16(len(m)-1))
		out = append(out, m...)
		s = s[size:]
	}
	return out
}

// FuzzIndexedReader inflates arbitrary bytes, seeded with indexed
// streams (FI and BC) and their corruptions, with one goroutine and with
// two: the output, the error and its offset, the input and output counts
// and the last header must be the same.
func FuzzIndexedReader(f *testing.F) {
	text := textCorpus(6<<10, 3)
	s := flushedIndexStream(f, text, 700)
	f.Add(s)
	f.Add(toBGZF(f, s))
	f.Add(flushedIndexStream(f, append(randomCorpus(2000, 1), text[:3000]...), 1000))
	f.Add(append(bytes.Clone(s), compressBytes(f, Gzip, 6, text[:500])...))
	for _, at := range []int{3, 12, 16, 40, len(s) / 2, len(s) - 5} {
		c := bytes.Clone(s)
		c[at] ^= 0x21
		f.Add(c)
	}
	f.Add(s[:len(s)*2/3])
	twoProcs(f)
	f.Fuzz(func(t *testing.T, stream []byte) {
		idxCompare(t, stream, ReaderOptions{MaxSize: fuzzLimit})
	})
}
