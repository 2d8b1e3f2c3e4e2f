package compress_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"strconv"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
)

// A chain: numbers formatted in place into the compressor, which writes
// to a buffer; then inflated and parsed straight from the Reader's window.
func Example() {
	var file bytes.Buffer // stands in for a file
	w, _ := compress.NewWriter(&file, compress.Zlib, compress.BestSpeed, nil)
	for i := range 1000 {
		p := w.Reserve(20)
		p = strconv.AppendInt(p[:0], int64(i), 10)
		p = append(p, '\n')
		w.Commit(len(p))
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	r, _ := compress.NewReader(core.NewSpanReader(file.Bytes()), compress.Zlib, nil)
	sum, v := 0, 0
	for {
		for _, c := range r.Window() {
			if c == '\n' {
				sum, v = sum+v, 0
			} else {
				v = v*10 + int(c-'0')
			}
		}
		r.Consume(r.Buffered())
		if _, err := r.Fill(); err == io.EOF {
			break
		} else if err != nil {
			panic(err)
		}
	}
	fmt.Println(sum)
	// Output: 499500
}

// Gzip with header fields, read back by the Reader.
func ExampleWriter_gzip() {
	var out bytes.Buffer
	w, _ := compress.NewWriter(&out, compress.Gzip, compress.DefaultCompression, nil)
	w.Header.Name = "notes.txt"
	w.Header.Comment = "written by fastio"
	w.WriteString("hello, gzip\n")
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	r, _ := compress.NewReader(&out, compress.Gzip, nil)
	text, _ := io.ReadAll(r)
	fmt.Printf("%s: %q (%s)\n", r.Header.Name, text, r.Header.Comment)
	// Output: notes.txt: "hello, gzip\n" (written by fastio)
}

// Flush is a sync flush: the other end can inflate everything written so
// far while the stream goes on.
func ExampleWriter_Flush() {
	var wire bytes.Buffer
	w, _ := compress.NewWriter(&wire, compress.Deflate, compress.BestSpeed, nil)
	r, _ := compress.NewReader(&wire, compress.Deflate, nil)

	w.WriteString("ping\n")
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	r.Fill()
	fmt.Printf("%q\n", r.Window())
	// Output: "ping\n"
}

// A size limit stops a decompression bomb after exactly MaxSize bytes.
func ExampleReaderOptions_limit() {
	var bomb bytes.Buffer
	w, _ := compress.NewWriter(&bomb, compress.Zlib, compress.BestCompression, nil)
	w.Write(make([]byte, 10<<20)) // 10 MiB of zeros: about 10 KiB compressed
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	r, _ := compress.NewReader(&bomb, compress.Zlib, &compress.ReaderOptions{MaxSize: 1 << 20})
	n, err := io.Copy(io.Discard, r)
	fmt.Println(n, errors.Is(err, core.ErrTooLarge))
	// Output: 1048576 true
}

// Errors say what is wrong and where.
func ExampleError() {
	var out bytes.Buffer
	w, _ := compress.NewWriter(&out, compress.Zlib, 6, nil)
	w.WriteString("some data")
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	stream := out.Bytes()
	stream[len(stream)-1] ^= 0xff // damage the Adler-32 trailer

	r, _ := compress.NewReader(bytes.NewReader(stream), compress.Zlib, nil)
	_, err := io.ReadAll(r)
	fmt.Println(err)
	fmt.Println(errors.Is(err, compress.ErrChecksum))
	// Output:
	// compress: zlib: read trailer at offset 13: checksum mismatch (Adler-32 in trailer 0x11810390, computed 0x1181036f)
	// true
}

// A WriterPool reuses compressors, which a server handling many responses
// would otherwise allocate each time.
func ExampleWriterPool() {
	pool, _ := compress.NewWriterPool(compress.Gzip, compress.BestSpeed, nil)
	for _, msg := range []string{"first response", "second response"} {
		var out bytes.Buffer
		w := pool.Get(&out)
		w.WriteString(msg)
		if err := w.Close(); err != nil {
			log.Fatal(err)
		}
		pool.Put(w)

		r, _ := compress.NewReader(&out, compress.Gzip, nil)
		text, _ := io.ReadAll(r)
		fmt.Println(string(text))
	}
	// Output:
	// first response
	// second response
}

// Compressing on two goroutines: the output is one ordinary gzip stream.
func ExampleWriterOptions_concurrency() {
	var out bytes.Buffer
	w, _ := compress.NewWriter(&out, compress.Gzip, 6, &compress.WriterOptions{Concurrency: 2})
	line := []byte("a line of text that repeats, as logs do\n")
	for range 100000 { // 4 MB: four blocks of DefaultBlockSize
		w.Write(line)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	r, _ := compress.NewReader(&out, compress.Gzip, nil)
	n, err := io.Copy(io.Discard, r)
	fmt.Println(n, err, w.Concurrency())
	// Output: 4000000 <nil> 2
}

// Inflating one gzip member on two goroutines: the source is read at
// offsets (a *bytes.Reader here, a regular *os.File in practice).
func ExampleReaderOptions_concurrency() {
	// 6 MiB of data deflate cannot shrink: 6 MiB of compressed data, three
	// chunks for the parallel Reader.
	data := make([]byte, 6<<20)
	x := uint64(1)
	for i := range data {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		data[i] = byte(x)
	}
	var gz bytes.Buffer
	w, _ := compress.NewWriter(&gz, compress.Gzip, 1, nil)
	w.Write(data)
	if err := w.Close(); err != nil {
		panic(err)
	}

	r, _ := compress.NewReader(bytes.NewReader(gz.Bytes()), compress.Gzip, &compress.ReaderOptions{Concurrency: 2})
	var back bytes.Buffer
	_, err := io.Copy(&back, r)
	fmt.Println(back.Len(), err, bytes.Equal(back.Bytes(), data))
	// Output: 6291456 <nil> true
}
