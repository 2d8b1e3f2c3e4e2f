// Command proxy writes the working tree to a Go module proxy on disk, as the
// next release would publish it: every module of go.work at the version the
// modules require each other at (the modules with a command without their
// sibling replace directives, so that `go install path@version` works), and
// the third-party modules their go.sum files list, from the local module
// cache. With it a fastio module installs where no other proxy can serve
// it:
//
//	GOPROXY=file://$DIR GONOSUMDB=github.com/fastio-go GOFLAGS=-mod=mod go get github.com/fastio-go/fastio/format@latest
//
// Usage:
//
//	proxy [-root dir] DIR
//
// It runs `go mod download` in each module first, which fetches what the
// module cache lacks; DIR keeps the versions already in it.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	root := flag.String("root", ".", "a folder at or below the workspace root (the folder of go.work)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: proxy [-root dir] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := Run(*root, flag.Arg(0), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "proxy:", err)
		os.Exit(1)
	}
}
