package unicode_test

import (
	"errors"
	"fmt"

	"github.com/fastio-go/fastio/unicode"
	"golang.org/x/text/encoding/japanese"
)

// Under the Strict policy a bridged source stops at its first bad sequence,
// where x/text's own decoder would write U+FFFD.
func ExampleRegister_strict() {
	sjis, _ := unicode.Register("Shift_JIS", japanese.ShiftJIS)
	c, _ := unicode.New(sjis, unicode.UTF8, unicode.Options{Strict: true})
	out, err := c.Append(nil, []byte("\x93\xfa\x96\x7b ok \xff rest"))
	fmt.Printf("%q\n", out)
	var ue *unicode.Error
	if errors.As(err, &ue) {
		fmt.Println(ue.Err, "at byte offset", ue.Offset)
	}
	lax, _ := unicode.New(sjis, unicode.UTF8, unicode.Options{})
	out, _ = lax.Append(nil, []byte("\x93\xfa\x96\x7b ok \xff rest"))
	fmt.Printf("%+q\n", out)
	// Output:
	// "日本 ok "
	// unicode: invalid input sequence at byte offset 8
	// "\u65e5\u672c ok \ufffd rest"
}
