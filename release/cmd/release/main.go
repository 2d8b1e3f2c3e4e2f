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
//
// A module with a command is tagged without its sibling replace directives
// (`go install path@version` refuses a go.mod with any); after the tags,
//
//	release -restore [-root dir] VERSION
//
// puts them back, and the printed commit makes that the next commit.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	dry := flag.Bool("n", false, "print the plan; change no file")
	restore := flag.Bool("restore", false, "after the tags: put back the sibling replace directives the release dropped")
	root := flag.String("root", ".", "a folder at or below the workspace root (the folder of go.work)")
	date := flag.String("date", time.Now().UTC().Format(time.DateOnly), "release date for CHANGELOG.md")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: release [-n] [-restore] [-root dir] [-date YYYY-MM-DD] VERSION")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	opts := Options{Root: *root, Version: flag.Arg(0), DryRun: *dry, Date: *date, Restore: *restore}
	if err := Run(opts, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}
