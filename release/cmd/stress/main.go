// Command stress runs every fuzz target of the workspace for a set time, then
// the full-size tests named in a list file (bombs, faults, changing files,
// memory bounds), and prints a table of what ran, how often and what failed.
// It exits non-zero if anything failed.
//
// Usage:
//
//	stress [-root dir] [-time 1m] [-list file] [-fuzz regexp]
//
// Each line of the list file is
//
//	module package run-regexp [NAME=value ...]
//
// with # comments: the module's folder, a package pattern inside it, the
// -run expression, and the environment that selects the full size. Lines of
// modules that go.work does not use are reported and skipped.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"time"
)

func main() {
	root := flag.String("root", ".", "a folder at or below the workspace root")
	fuzzTime := flag.Duration("time", time.Minute, "how long each fuzz target runs")
	list := flag.String("list", "", "file of full-size tests (see the command doc)")
	only := flag.String("fuzz", "", "run only the fuzz targets whose package/name matches this regexp")
	timeout := flag.Duration("timeout", 60*time.Minute, "go test -timeout of each full-size test")
	flag.Parse()
	var match *regexp.Regexp
	if *only != "" {
		var err error
		if match, err = regexp.Compile(*only); err != nil {
			fmt.Fprintln(os.Stderr, "stress:", err)
			os.Exit(2)
		}
	}
	cfg := config{root: *root, fuzzTime: *fuzzTime, list: *list, match: match, timeout: *timeout, out: os.Stdout}
	ok, err := run(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stress:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}
