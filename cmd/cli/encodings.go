package cli

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// allEncodings returns the golang.org/x/text encodings conv can look up by
// label, for -l.
func allEncodings() []encoding.Encoding {
	var e []encoding.Encoding
	e = append(e, charmap.All...)
	e = append(e, japanese.All...)
	e = append(e, korean.All...)
	e = append(e, simplifiedchinese.All...)
	e = append(e, traditionalchinese.All...)
	return e
}
