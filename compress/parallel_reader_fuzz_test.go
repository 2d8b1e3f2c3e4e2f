package compress

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fastio-go/fastio/core"
)

// FuzzParallelReader inflates arbitrary bytes with one goroutine and in
// parallel with small chunks: the output and the error (its offset
// included) must be the same. Only where both stop at the size limit may
// the offsets differ: each reports how far its inflater had got.
func FuzzParallelReader(f *testing.F) {
	text := textCorpus(6<<10, 2)
	for _, s := range [][]byte{
		deflateStd(text, 6), deflateStd(text, 0), deflateStd(text, 1),
		deflateKlauspost(append(randomCorpus(1000, 3), text...), 9),
		writerStream(f, Deflate, 6, text, 300),
		deflateStd(bytes.Repeat(randomCorpus(500, 4), 20), 9),
	} {
		f.Add(uint8(Deflate), uint16(100), s)
		f.Add(uint8(Deflate), uint16(1000), s)
		c := bytes.Clone(s)
		c[len(c)/2] ^= 0x04
		f.Add(uint8(Deflate), uint16(300), c)
		f.Add(uint8(Deflate), uint16(300), s[:len(s)*3/4])
	}
	f.Add(uint8(Gzip), uint16(200), compressBytes(f, Gzip, 6, text))
	twoProcs(f)
	f.Fuzz(func(t *testing.T, fm uint8, chunk uint16, stream []byte) {
		format := Format(fm % 3)
		want, werr := inflateAll(format, stream, &ReaderOptions{MaxSize: fuzzLimit})
		opts := &ReaderOptions{MaxSize: fuzzLimit, Concurrency: 2, chunkSize: 64 + int64(chunk%1024)}
		got, gerr := inflateAll(format, stream, opts)
		if !bytes.Equal(got, want) {
			t.Fatalf("parallel: %d bytes, one goroutine %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
		}
		if errors.Is(gerr, core.ErrTooLarge) && errors.Is(werr, core.ErrTooLarge) {
			return
		}
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("parallel: %v; one goroutine: %v", gerr, werr)
		}
	})
}
