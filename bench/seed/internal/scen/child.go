// Package scen holds the Go scenarios of the seed tables, the code each
// child process runs, and the data generators shared with the parent. It
// is kept apart from package seed (and its chart dependencies) so that the
// child binary the scenarios are timed in is as small as a Go program
// doing this work would be.
//
// A program becomes a child when ChildEnv names a scenario: this
// package's init function runs it and exits.
package scen

import (
	"fmt"
	"os"
	"sort"
)

// ChildEnv names the scenario a re-executed binary runs instead of its
// main; CheckEnv is set during the check round, where a scenario may do
// extra work to prove what it read.
const (
	ChildEnv = "FASTIO_SEEDBENCH_CHILD"
	CheckEnv = "FASTIO_SEEDBENCH_CHECK"
)

// A childFunc is a Go scenario run in a child process: it does its work on
// the files named by args and returns the text to print on stdout (a sum,
// a digest), which the parent compares across methods.
type childFunc func(args []string) (string, error)

// children holds every Go scenario by name, filled by the register calls
// of the scenario files (package-level variables, so before init runs).
var children = map[string]childFunc{}

// register adds a Go scenario; it returns name so that scenario files can
// call it in a variable declaration.
func register(name string, f childFunc) string {
	if _, dup := children[name]; dup {
		panic("seed: scenario registered twice: " + name)
	}
	children[name] = f
	return name
}

// checking reports whether the child runs in the check round.
func checking() bool { return os.Getenv(CheckEnv) != "" }

// init turns a re-executed binary into the child it was started as: any
// program linking this package (seedbench, the fastio command, this
// package's test binary) can serve as the child of Main.
func init() {
	name := os.Getenv(ChildEnv)
	if name == "" {
		return
	}
	os.Exit(RunChild(name, os.Args[1:]))
}

// RunChild runs the named scenario and returns the process's exit code.
func RunChild(name string, args []string) int {
	f, ok := children[name]
	if !ok {
		names := make([]string, 0, len(children))
		for n := range children {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "seedbench child: unknown scenario %q (have %v)\n", name, names)
		return 2
	}
	out, err := f(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "seedbench child %s: %v\n", name, err)
		return 1
	}
	if out != "" {
		fmt.Println(out)
	}
	return 0
}

// arg returns args[i] or an error naming the scenario's usage.
func arg(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return ""
}

// Has reports whether a Go scenario of that name exists.
func Has(name string) bool {
	_, ok := children[name]
	return ok
}
