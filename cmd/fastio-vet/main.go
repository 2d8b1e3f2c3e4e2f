// Command fastio-vet runs the flushcheck analyzer under go vet:
//
//	go install github.com/fastio-go/fastio/cmd/fastio-vet@latest
//	go vet -vettool=$(which fastio-vet) ./...
//
// It reports a *bufio.Writer or a fastio writer created in a function and not
// flushed or closed on some path to its return, and a final Flush or Close
// whose error is ignored, and misuse of a core.Cursor that loses its bytes (a
// dropped PutString or Put result, defer c.Done() before later writes, a
// Cursor not ended by Done). "fastio vet" runs the same analyzer without go
// vet.
package main

import (
	"github.com/fastio-go/fastio/cmd/flushcheck"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() { unitchecker.Main(flushcheck.Analyzer) }
