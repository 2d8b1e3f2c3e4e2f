// Command seedbench runs fast_io's benchmark tables for fastio against its
// peers (the Go standard library, C/C++ references, command-line tools) on
// this machine and prints them as Markdown; see package
// github.com/fastio-go/fastio/bench/seed for the method and the flags
// (seedbench -h).
//
//	go run ./bench/cmd/seedbench            # default size, a few minutes
//	go run ./bench/cmd/seedbench -full      # the seed's counts
//	go run ./bench/cmd/seedbench -rows ints,sha256 -rounds 9
package main

import (
	"os"

	"github.com/fastio-go/fastio/bench/seed"
)

func main() {
	os.Exit(seed.Main(os.Args[1:], os.Stdout, os.Stderr))
}
