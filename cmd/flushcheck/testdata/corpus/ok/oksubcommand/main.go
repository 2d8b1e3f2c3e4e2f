// Command oksubcommand returns the Flush error from every case of its switch.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func run(cmd string) error {
	w := bufio.NewWriter(os.Stdout)
	switch cmd {
	case "version":
		fmt.Fprintln(w, "oksubcommand 1.0")
		return w.Flush()
	case "help":
		fmt.Fprintln(w, "commands: version, help")
	}
	return w.Flush()
}

func main() {
	if err := run("version"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
