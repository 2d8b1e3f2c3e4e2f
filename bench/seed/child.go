package seed

import (
	"fmt"
	"os"
	"sort"
)

// childEnv names the scenario a re-executed binary runs instead of its
// main; checkEnv is set during the check round, where a scenario may do
// extra work to prove what it read.
const (
	childEnv = "FASTIO_SEEDBENCH_CHILD"
	checkEnv = "FASTIO_SEEDBENCH_CHECK"
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
func checking() bool { return os.Getenv(checkEnv) != "" }

// init turns a re-executed binary into the child it was started as: any
// program linking this package (seedbench, the fastio command, this
// package's test binary) can serve as the child of Main.
func init() {
	name := os.Getenv(childEnv)
	if name == "" {
		return
	}
	os.Exit(runChild(name, os.Args[1:]))
}

// runChild runs the named scenario and returns the process's exit code.
func runChild(name string, args []string) int {
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
