// Command writestring is the hello world of the binary-size table, written
// with os.Stdout.WriteString and nothing else.
package main

import "os"

func main() {
	os.Stdout.WriteString("Hello World\n")
}
