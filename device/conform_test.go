package device

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/core/coretest"
)

// rw joins a writer and a reader into the device of an IOFile.
type rw struct {
	io.Writer
	io.Reader
}

func TestConformance(t *testing.T) {
	writers := []struct {
		name string
		c    coretest.WriterConfig
	}{
		{"OutFile", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewOwningWriter(dev, 64) }}},
		{"OutFile/default", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter { return core.NewOwningWriter(dev, core.DefaultBufferSize) }}},
		{"IOFile", coretest.WriterConfig{New: func(dev io.Writer) core.BufferedWriter {
			return newIOFile(rw{dev, eofReader{}}, 64)
		}}},
		{"Null", coretest.WriterConfig{
			New:    func(io.Writer) core.BufferedWriter { return new(Null) },
			Output: func(w core.BufferedWriter) []byte { return strconv.AppendInt(nil, w.(*Null).Count(), 10) },
		}},
	}
	for _, tc := range writers {
		t.Run(tc.name, func(t *testing.T) { coretest.TestBufferedWriter(t, tc.c) })
	}

	dir := t.TempDir()
	n := 0
	readers := []struct {
		name string
		c    coretest.ReaderConfig
	}{
		{"InFile", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewOwningReader(src, 64) }}},
		{"InFile/default", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader { return core.NewOwningReader(src, core.DefaultBufferSize) }}},
		{"IOFile", coretest.ReaderConfig{New: func(src io.Reader) core.BufferedReader {
			return newIOFile(rw{io.Discard, src}, 64)
		}}},
		{"Mapped", coretest.ReaderConfig{Fixed: func(p []byte) core.BufferedReader {
			n++
			path := filepath.Join(dir, strconv.Itoa(n))
			if err := os.WriteFile(path, p, 0o666); err != nil {
				t.Fatal(err)
			}
			m, err := Map(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { m.Close() })
			return m
		}}},
		{"OpenIn", coretest.ReaderConfig{Fixed: func(p []byte) core.BufferedReader {
			n++
			path := filepath.Join(dir, strconv.Itoa(n))
			if err := os.WriteFile(path, p, 0o666); err != nil {
				t.Fatal(err)
			}
			in, err := OpenIn(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { in.Close() })
			return in
		}}},
	}
	for _, tc := range readers {
		t.Run(tc.name, func(t *testing.T) { coretest.TestBufferedReader(t, tc.c) })
	}
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
