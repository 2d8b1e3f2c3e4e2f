package main

import (
	"io"

	"github.com/fastio-go/fastio/core"
)

// bytesReader reads a byte slice in place.
func bytesReader(p []byte) io.Reader { return core.NewSpanReader(p) }
