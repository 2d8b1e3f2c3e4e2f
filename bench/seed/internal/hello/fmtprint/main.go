// Command fmtprint is the hello world of the binary-size table, written
// with fmt.Println.
package main

import "fmt"

func main() {
	fmt.Println("Hello World")
}
