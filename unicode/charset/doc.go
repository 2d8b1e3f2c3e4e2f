// Package charset finds encodings by their WHATWG or IANA labels — "utf-8",
// "Shift_JIS", "windows-1252", "euc-kr", "gbk", "gb18030", "latin1" — and
// returns them as unicode.Encoding values, so that a unicode.Converter
// joins any two of them: fastio's universal iconv.
//
// Labels of the encodings that package unicode converts natively (UTF-8,
// UTF-16LE/BE, UTF-32LE/BE, GB18030) return the native values and so its
// fast paths. The labels without a byte order mean what they mean to glibc's
// iconv: "UTF-16" and "UTF-32" are unicode.UTF16 and unicode.UTF32 (a
// leading byte order mark gives the order and is removed, little-endian
// without one; as a target, a mark and little-endian text), "UCS-2" is
// UTF-16LE and "UCS-4" is UTF-32BE, with no mark written or looked for (a
// leading mark of the source follows unicode.Options: dropped by default,
// kept as U+FEFF, as iconv does, with KeepBOM; and unlike iconv's UCS-2,
// characters beyond U+FFFF are written as surrogate pairs); every other label goes through golang.org/x/text's
// htmlindex (WHATWG labels) and then ianaindex (IANA names and aliases).
//
// This package is apart from package unicode because importing it links
// every table of golang.org/x/text's encodings (several megabytes), which a
// program that converts only between UTF forms does not need.
package charset
