// Package charset finds encodings by their WHATWG or IANA labels — "utf-8",
// "Shift_JIS", "windows-1252", "euc-kr", "gbk", "gb18030", "latin1" — and
// returns them as unicode.Encoding values, so that a unicode.Converter
// joins any two of them: fastio's universal iconv.
//
// Labels of the encodings that package unicode converts natively (UTF-8,
// UTF-16LE/BE, UTF-32LE/BE, GB18030) return the native values and so its
// fast paths; every other label goes through golang.org/x/text's
// htmlindex (WHATWG labels) and then ianaindex (IANA names and aliases).
//
// This package is apart from package unicode because importing it links
// every table of golang.org/x/text's encodings (several megabytes), which a
// program that converts only between UTF forms does not need.
package charset
