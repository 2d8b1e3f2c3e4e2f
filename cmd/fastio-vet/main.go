// Command fastio-vet runs the flushcheck analyzer under go vet:
//
//	go install github.com/fastio-go/fastio/cmd/fastio-vet@latest
//	go vet -vettool=$(which fastio-vet) ./...
//
// It reports a buffered writer (fastio's, *bufio.Writer, the standard
// library's and klauspost's gzip, zlib and flate writers, *tabwriter.Writer,
// *csv.Writer) made in a function and not flushed or closed on some path to
// its return, a final Flush or Close whose error is ignored, and misuse of a
// core.Cursor that loses its bytes (a dropped PutString or Put result, defer
// c.Done() before later writes, a Cursor not ended by Done). Writers passed
// to the program's own functions are followed across packages. "fastio vet"
// runs the same analyzer without go vet.
package main

import (
	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() { unitchecker.Main(flushcheck.Analyzer) }
