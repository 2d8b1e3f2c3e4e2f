// A downstream program using unicode and its x/text bridge.
package main

import (
	"fmt"
	"os"

	"github.com/fastio-go/fastio/unicode"
	"github.com/fastio-go/fastio/unicode/charset"
)

func main() {
	c, err := unicode.New(unicode.UTF8, unicode.UTF16LE, unicode.Options{})
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	out, err := c.Append(nil, []byte("hé€"))
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Printf("% x\n", out)
	if _, err := charset.Lookup("Shift_JIS"); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println("Shift_JIS found")
}
