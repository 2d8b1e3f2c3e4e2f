package scen

import (
	"bufio"
	stdgzip "compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/device"
	"github.com/fastio-go/fastio/format"
	kgzip "github.com/klauspost/compress/gzip"
)

// The gzip and chain scenarios.

// gzipWriters build a gzip writer of a level over w for each Go method.
var gzipWriters = map[string]func(w io.Writer, level int) (io.WriteCloser, error){
	"std": func(w io.Writer, level int) (io.WriteCloser, error) { return stdgzip.NewWriterLevel(w, level) },
	"klauspost": func(w io.Writer, level int) (io.WriteCloser, error) {
		return kgzip.NewWriterLevel(w, level)
	},
}

// gzipReaders build a gzip reader over r for each Go method.
var gzipReaders = map[string]func(r io.Reader) (io.Reader, error){
	"std":       func(r io.Reader) (io.Reader, error) { return stdgzip.NewReader(r) },
	"klauspost": func(r io.Reader) (io.Reader, error) { return kgzip.NewReader(r) },
}

// Gunzip inflates a gzip file with compress/gzip and returns the digest of
// the text: the fingerprint of a compressed output.
func Gunzip(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	zr, err := stdgzip.NewReader(bufio.NewReaderSize(f, chunk))
	if err != nil {
		return "", err
	}
	tmp := path + ".inflated"
	defer os.Remove(tmp)
	if err := withOut(tmp, func(w *bufio.Writer) error { _, err := io.Copy(w, zr); return err }); err != nil {
		return "", err
	}
	return DigestFile(tmp)
}

// GzipFile compresses src into dst with compress/gzip at level (to prepare
// the inflate columns).
func GzipFile(src, dst string, level int) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return withOut(dst, func(w *bufio.Writer) error {
		zw, err := stdgzip.NewWriterLevel(w, level)
		if err != nil {
			return err
		}
		if err := copyChunks(zw, in); err != nil {
			return err
		}
		return zw.Close()
	})
}

// FastioGzipFile compresses the file src to dst with compress.Writer at
// level on two goroutines: the stream of the concurrent Writer, the same
// whatever the number of goroutines.
func FastioGzipFile(src, dst string, level int) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return withOut(dst, func(w *bufio.Writer) error {
		zw, err := compress.NewWriter(w, compress.Gzip, level, &compress.WriterOptions{Concurrency: 2})
		if err != nil {
			return err
		}
		if err := copyChunks(zw, in); err != nil {
			return err
		}
		return zw.Close()
	})
}

// FastioIndexedGzipFile is FastioGzipFile with WriterOptions.Index:
// each block a gzip member that records its length, which a Reader with
// a Concurrency of 2 or more inflates on several goroutines.
func FastioIndexedGzipFile(src, dst string, level int) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return withOut(dst, func(w *bufio.Writer) error {
		zw, err := compress.NewWriter(w, compress.Gzip, level, &compress.WriterOptions{Concurrency: 2, Index: true})
		if err != nil {
			return err
		}
		if err := copyChunks(zw, in); err != nil {
			return err
		}
		return zw.Close()
	})
}

// gzipArgs reads level, input, output.
func gzipArgs(a []string) (int, *os.File, error) {
	level, err := strconv.Atoi(arg(a, 0))
	if err != nil {
		return 0, nil, err
	}
	in, err := os.Open(arg(a, 1))
	return level, in, err
}

var (
	// gzip.fastio LEVEL IN OUT [CONCURRENCY]
	_ = register("gzip.fastio", func(a []string) (string, error) {
		var opts compress.WriterOptions
		if len(a) > 3 {
			n, err := strconv.Atoi(a[3])
			if err != nil {
				return "", err
			}
			opts.Concurrency = n
		}
		level, in, err := gzipArgs(a)
		if err != nil {
			return "", err
		}
		defer in.Close()
		out, err := device.Create(arg(a, 2))
		if err != nil {
			return "", err
		}
		zw, err := compress.NewWriter(out, compress.Gzip, level, &opts)
		if err != nil {
			out.Close()
			return "", err
		}
		if err := copyChunks(zw, in); err != nil {
			out.Close()
			return "", err
		}
		if err := zw.Close(); err != nil {
			out.Close()
			return "", err
		}
		return "", out.Close()
	})
	_ = register("gzip.go", func(a []string) (string, error) {
		newW, ok := gzipWriters[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown gzip package %q", arg(a, 0))
		}
		level, in, err := gzipArgs(a[1:])
		if err != nil {
			return "", err
		}
		defer in.Close()
		return "", withOut(arg(a, 3), func(w *bufio.Writer) error {
			zw, err := newW(w, level)
			if err != nil {
				return err
			}
			if err := copyChunks(zw, in); err != nil {
				return err
			}
			return zw.Close()
		})
	})
	// gunzip.fastio IN OUT [CONCURRENCY]
	_ = register("gunzip.fastio", func(a []string) (string, error) {
		opts := compress.ReaderOptions{MaxSize: compress.NoLimit}
		if len(a) > 2 {
			n, err := strconv.Atoi(a[2])
			if err != nil {
				return "", err
			}
			opts.Concurrency = n
		}
		// The parallel Reader reads an *os.File at offsets; a buffered
		// device is read through its buffer, on one goroutine.
		var in io.ReadCloser
		var err error
		if opts.Concurrency > 1 {
			in, err = os.Open(arg(a, 0))
		} else {
			in, err = device.OpenIn(arg(a, 0))
		}
		if err != nil {
			return "", err
		}
		defer in.Close()
		zr, err := compress.NewReader(in, compress.Gzip, &opts)
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		if _, err := zr.WriteTo(out); err != nil {
			out.Close()
			return "", err
		}
		return "", out.Close()
	})
	_ = register("gunzip.go", func(a []string) (string, error) {
		newR, ok := gzipReaders[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown gzip package %q", arg(a, 0))
		}
		in, err := os.Open(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer in.Close()
		zr, err := newR(bufio.NewReaderSize(in, chunk))
		if err != nil {
			return "", err
		}
		return "", withOut(arg(a, 2), func(w *bufio.Writer) error { return copyChunks(w, zr) })
	})

	// The chain: integers printed into a gzip stream into a file, and the
	// file inflated and scanned back.
	_ = register("chain.write.fastio", func(a []string) (string, error) {
		n, err := strconv.Atoi(arg(a, 0))
		if err != nil {
			return "", err
		}
		out, err := device.Create(arg(a, 1))
		if err != nil {
			return "", err
		}
		zw, err := compress.NewWriter(out, compress.Gzip, 1, nil)
		if err != nil {
			out.Close()
			return "", err
		}
		for i := range n {
			format.IntLn(zw, i)
		}
		if err := zw.Close(); err != nil {
			out.Close()
			return "", err
		}
		return "", out.Close()
	})
	_ = register("chain.write.go", func(a []string) (string, error) {
		newW, ok := gzipWriters[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown gzip package %q", arg(a, 0))
		}
		n, err := strconv.Atoi(arg(a, 1))
		if err != nil {
			return "", err
		}
		return "", withOut(arg(a, 2), func(fw *bufio.Writer) error {
			zw, err := newW(fw, 1)
			if err != nil {
				return err
			}
			w := bufio.NewWriter(zw)
			for i := range n {
				b := strconv.AppendInt(w.AvailableBuffer(), int64(i), 10)
				w.Write(append(b, '\n'))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			return zw.Close()
		})
	})
	_ = register("chain.read.fastio", func(a []string) (string, error) {
		in, err := device.OpenIn(arg(a, 0))
		if err != nil {
			return "", err
		}
		defer in.Close()
		zr, err := compress.NewReader(in, compress.Gzip, &compress.ReaderOptions{MaxSize: compress.NoLimit})
		if err != nil {
			return "", err
		}
		return scanInts(zr)
	})
	_ = register("chain.read.go", func(a []string) (string, error) {
		newR, ok := gzipReaders[arg(a, 0)]
		if !ok {
			return "", fmt.Errorf("unknown gzip package %q", arg(a, 0))
		}
		in, err := os.Open(arg(a, 1))
		if err != nil {
			return "", err
		}
		defer in.Close()
		zr, err := newR(bufio.NewReader(in))
		if err != nil {
			return "", err
		}
		sc := bufio.NewScanner(zr)
		var n, sum int64
		for sc.Scan() {
			v, err := strconv.ParseInt(string(sc.Bytes()), 10, 64)
			if err != nil {
				return "", err
			}
			n++
			sum += v
		}
		return intsFingerprint(n, sum), sc.Err()
	})
)
