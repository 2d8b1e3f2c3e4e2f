package compress_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/fastio-go/fastio/compress"
	"github.com/fastio-go/fastio/core"
)

// The package's own inflate engine is the default; LegacyInflate selects
// klauspost/compress's inflater, which gives the same bytes.
func ExampleReaderOptions_legacyInflate() {
	var z core.Buffer
	w, _ := compress.NewWriter(&z, compress.Gzip, 6)
	io.WriteString(w, strings.Repeat("to be or not to be, ", 1000))
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	for _, legacy := range []bool{false, true} {
		r, _ := compress.NewReader(bytes.NewReader(z.Bytes()), compress.Gzip,
			&compress.ReaderOptions{LegacyInflate: legacy})
		var out core.Buffer
		n, err := io.Copy(&out, r)
		fmt.Println(legacy, n, err, strings.HasPrefix(string(out.Bytes()), "to be or not"))
	}
	// Output:
	// false 20000 <nil> true
	// true 20000 <nil> true
}
