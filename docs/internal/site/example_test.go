package site_test

import (
	"fmt"

	"github.com/fastio-go/fastio/docs/internal/site"
)

// Highlight marks up Go source; Marks add links and anchors by the byte
// offset of an identifier.
func ExampleHighlight() {
	src := []byte("var w Writer // buffered")
	fmt.Println(site.Highlight(src, site.Marks{Links: map[int]string{6: "#Writer"}}))
	// Output:
	// <span class="k">var</span> w <a href="#Writer">Writer</a> <span class="c">// buffered</span>
}
