// Command child runs one Go scenario of the seed tables (named by
// FASTIO_SEEDBENCH_CHILD) and exits. seedbench builds it at run time so
// that the scenarios are timed in a binary holding only them.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

func main() {
	// scen's init has run the scenario and exited when the variable is set.
	fmt.Fprintf(os.Stderr, "child: %s is not set; this program is started by seedbench\n", scen.ChildEnv)
	os.Exit(2)
}
