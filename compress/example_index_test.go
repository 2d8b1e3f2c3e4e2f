package compress_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/fastio-go/fastio/compress"
)

// A gzip file in indexed members: each block of input is a member whose
// extra field records its length, which a Reader with a Concurrency of 2
// or more follows to inflate the members on several goroutines.
func ExampleWriterOptions_index() {
	var gz bytes.Buffer
	w, _ := compress.NewWriter(&gz, compress.Gzip, 6, &compress.WriterOptions{Index: true, Concurrency: 2})
	w.Header.Name = "log.txt"
	line := []byte("a line of text that repeats, as logs do\n")
	for range 75000 { // 3 MB: three blocks of DefaultBlockSize
		w.Write(line)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	// The members one by one, as any gzip reader sees them.
	src := bytes.NewReader(gz.Bytes())
	for src.Len() > 0 {
		r, _ := compress.NewReader(src, compress.Gzip, &compress.ReaderOptions{SingleMember: true, StopAtEnd: true})
		n, _ := io.Copy(io.Discard, r)
		x := r.Header.Extra
		recorded := int64(binary.LittleEndian.Uint32(x[len(x)-4:]))
		fmt.Printf("%q: %d bytes, subfield %s, recorded length right: %v\n", r.Header.Name, n, x[len(x)-8:len(x)-6], recorded == r.InputOffset())
	}

	// All of it, on two goroutines.
	r, _ := compress.NewReader(bytes.NewReader(gz.Bytes()), compress.Gzip, &compress.ReaderOptions{Concurrency: 2})
	n, err := io.Copy(io.Discard, r)
	fmt.Println(n, err)
	// Output:
	// "log.txt": 1048576 bytes, subfield FI, recorded length right: true
	// "": 1048576 bytes, subfield FI, recorded length right: true
	// "": 902848 bytes, subfield FI, recorded length right: true
	// 3000000 <nil>
}
