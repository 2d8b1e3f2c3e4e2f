// Command release prepares a release of every module of the workspace at
// one version: it sets each go.mod's fastio requirements to that version,
// compares each module's API with its previous release (apidiff), writes the
// CHANGELOG.md section from the commits since that release, and prints the
// commit and tag commands in dependency order, core first. Tags carry the
// module's folder as a prefix (core/v0.1.0).
//
// Usage:
//
//	release [-n] [-root dir] [-date YYYY-MM-DD] VERSION
//
// With -n it prints the plan and changes nothing.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	dry := flag.Bool("n", false, "print the plan; change no file")
	root := flag.String("root", ".", "a folder at or below the workspace root (the folder of go.work)")
	date := flag.String("date", time.Now().UTC().Format(time.DateOnly), "release date for CHANGELOG.md")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: release [-n] [-root dir] [-date YYYY-MM-DD] VERSION")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	opts := Options{Root: *root, Version: flag.Arg(0), DryRun: *dry, Date: *date}
	if err := Run(opts, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}
