package compress

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// TestConformance runs core's conformance suite over every buffered type
// of the package: the Writer in each format at a few levels, one
// goroutine and several, and the Reader.
func TestConformance(t *testing.T) {
	type wcase struct {
		f           Format
		level, conc int
	}
	var wcases []wcase
	for _, f := range formats {
		for _, level := range []int{HuffmanOnly, 1, 6, 9} {
			wcases = append(wcases, wcase{f, level, 1})
		}
		wcases = append(wcases, wcase{f, 1, 2})
	}
	for _, c := range wcases {
		name := c.f.String() + "/level" + strconv.Itoa(c.level) + "/goroutines" + strconv.Itoa(c.conc)
		t.Run("Writer/"+name, func(t *testing.T) {
			coretest.TestBufferedWriter(t, coretest.WriterConfig{
				New: func(dev io.Writer) core.BufferedWriter {
					w, err := NewWriter(dev, c.f, c.level, &WriterOptions{Concurrency: c.conc, BlockSize: MinBlockSize})
					if err != nil {
						t.Fatal(err)
					}
					return w
				},
				Decode: func(out []byte) ([]byte, error) { return inflatePartial(c.f, out) },
			})
		})
	}
	t.Run("Writer/size64", func(t *testing.T) {
		coretest.TestBufferedWriter(t, coretest.WriterConfig{
			New: func(dev io.Writer) core.BufferedWriter {
				w, _ := NewWriter(dev, Gzip, 6, &WriterOptions{BufferSize: 0})
				return w
			},
			Decode: func(out []byte) ([]byte, error) { return inflatePartial(Gzip, out) },
		})
	})
	for _, f := range formats {
		t.Run("Reader/"+f.String(), func(t *testing.T) {
			coretest.TestBufferedReader(t, coretest.ReaderConfig{
				New: func(src io.Reader) core.BufferedReader {
					r, _ := NewReader(src, f, nil)
					return r
				},
				Encode: func(data []byte) []byte { return compressBytes(t, f, 6, data) },
			})
		})
		t.Run("Reader/"+f.String()+"/size64", func(t *testing.T) {
			coretest.TestBufferedReader(t, coretest.ReaderConfig{
				New: func(src io.Reader) core.BufferedReader {
					r, _ := NewReader(src, f, &ReaderOptions{BufferSize: 0})
					return r
				},
				Encode: func(data []byte) []byte { return compressBytes(t, f, 1, data) },
			})
		})
	}
}

// inflatePartial inflates a stream that may lack its end (the suite
// decodes after Flush too): everything up to the last sync flush.
func inflatePartial(f Format, out []byte) ([]byte, error) {
	r, err := NewReader(bytes.NewReader(out), f, &ReaderOptions{MaxSize: NoLimit})
	if err != nil {
		return nil, err
	}
	got, err := io.ReadAll(r)
	if err != nil && (len(out) == 0 || isTruncated(err)) {
		err = nil
	}
	return got, err
}

func isTruncated(err error) bool { return errors.Is(err, io.ErrUnexpectedEOF) }
