// Package charset finds encodings by the names glibc's iconv gives them
// ("ISO-8859-1", "LATIN1", "SJIS", "CP1252", "EUC-KR", "ISO-2022-JP", …)
// or by their WHATWG and IANA labels, and returns them as unicode.Encoding
// values, so that a unicode.Converter joins any two of them: fastio's
// universal iconv.
//
// # Names
//
// Labels are compared without regard to case or surrounding white space,
// and tried in this order:
//
//   - The encodings that package unicode converts natively (UTF-8,
//     UTF-16LE/BE, UTF-32LE/BE, GB18030) return the native values and so
//     its fast paths. The labels without a byte order mean what they mean
//     to glibc's iconv: "UTF-16" and "UTF-32" are unicode.UTF16 and
//     unicode.UTF32 (a leading byte order mark gives the order and is
//     removed, little-endian without one; as a target, a mark and
//     little-endian text), "UCS-2" is UTF-16LE and "UCS-4" is UTF-32BE,
//     with no mark written or looked for (a leading mark of the source
//     follows unicode.Options: dropped by default, kept as U+FEFF, as iconv
//     does, with KeepBOM; and unlike iconv's UCS-2, characters beyond
//     U+FFFF are written as surrogate pairs).
//   - The charsets of glibc listed below, by glibc's name or any alias its
//     gconv-modules gives it ([Names] lists them): they convert with
//     glibc's own bytes. So "latin1" is ISO-8859-1, not the WHATWG's
//     windows-1252; "Shift_JIS" is glibc's SJIS, not the WHATWG's
//     Windows-31J (which is "CP932" or "WINDOWS-31J" here); "EUC-KR" is
//     KS X 1001 alone, without the WHATWG's Unified Hangul Code; "BIG5" has
//     no HKSCS; "GB2312" is EUC-CN. A WHATWG or IANA label of one of these
//     charsets ("ks_c_5601-1987", "x-sjis") means it too. For the WHATWG's
//     meaning of a label, register golang.org/x/text/encoding/htmlindex's
//     encoding with unicode.Register.
//   - HZ-GB-2312 (RFC 1843), which glibc lacks, by "HZ-GB-2312" or "HZ".
//   - Any other label goes through golang.org/x/text's htmlindex (WHATWG
//     labels) and then ianaindex (IANA names and aliases): x-user-defined,
//     x-mac-cyrillic, ISO-8859-6-E/-I, ISO-8859-8-E/-I, IBM00858, IBM01140.
//
// An unknown label gives an error wrapping unicode.ErrUnknownEncoding. No
// label decodes to the WHATWG's "replacement" encoding (which turns a whole
// text into one U+FFFD): its labels (ISO-2022-KR, ISO-2022-CN,
// ISO-2022-CN-EXT, HZ-GB-2312) are the charsets of those names.
//
// # The glibc charsets
//
// ANSI_X3.4-1968 (ASCII), ISO-8859-1 to -11 and -13 to -16, KOI8-R, KOI8-U,
// MACINTOSH, CP10007, MAC-UK (glibc's MAC-CYRILLIC), IBM037, IBM1047,
// IBM1140, IBM437, IBM850, IBM852, IBM855, IBM858, IBM860, IBM862, IBM863,
// IBM865, IBM866, IBM874 (CP874, WINDOWS-874), CP1250 to CP1258, EUC-JP,
// SJIS, CP932, EUC-KR, EUC-CN, GBK, BIG5, EUC-TW (CNS 11643 planes 1–7),
// ISO-2022-JP, ISO-2022-KR, ISO-2022-CN and ISO-2022-CN-EXT.
//
// Their tables are generated from glibc 2.36's iconv by gen_tables.go,
// which asks iconv(3) what it does with every byte sequence (a character,
// an illegal sequence and how many bytes iconv -c drops for it, or an
// incomplete one) and with every Unicode scalar value up to U+2FFFF, so
// both directions carry glibc's irreversible mappings as they are (EUC-JP
// and ISO-2022-JP decode 0xA1C1 to U+301C WAVE DASH, ISO-8859-15 maps
// 0x80–0x9F to the C1 controls). CP1255 and CP1258 compose a base letter
// and the combining marks after it into one precomposed character, and
// write a precomposed character they lack as its base and marks, as glibc
// does. ISO-2022-JP, ISO-2022-KR and ISO-2022-CN are state machines on the
// JIS X 0208 part of the EUC-JP table, the KS X 1001 part of the EUC-KR
// table, and the GB2312 and CNS 11643 planes 1 and 2 of the EUC-CN and
// EUC-TW tables:
//
//   - ISO-2022-JP: ESC ( B (ASCII), ESC ( J (JIS X 0201 Roman), ESC $ @
//     and ESC $ B (JIS X 0208). As in glibc, a byte below 0x21 and 0x7F
//     stand for themselves in every set, so an escape sequence glibc does
//     not know (ESC ( I, ESC $ ( D) passes through as text; the encoder
//     writes ESC ( B at the end of the text.
//   - ISO-2022-KR: the announcement ESC $ ) C is written at the start of a
//     text that is not empty and skipped wherever it is read; SO and SI
//     switch between KS X 1001 and ASCII, and the encoder writes SI before
//     the next ASCII character (a newline included) and at the end.
//   - ISO-2022-CN: ESC $ ) A and ESC $ ) G designate GB2312 or CNS 11643
//     plane 1 for SO, ESC N (after ESC $ * H) introduces a plane 2
//     character; the encoder repeats the designations on each line, as
//     RFC 1922 asks and glibc does. ISO-2022-CN-EXT adds ISO-IR-165 for SO
//     (ESC $ ) E; its table is probed through glibc's ISO-2022-CN-EXT
//     module, which holds it) and planes 3 to 7 for SS3 (ESC $ + I to M,
//     ESC O), with the other rules of glibc's ISO-2022-CN-EXT module.
//
// # Bad input
//
// The decoders of this package's own charsets find bad input themselves:
// under unicode.Options.Strict the first ill-formed sequence stops a
// conversion with a *unicode.Error at its exact source offset, naming the
// bytes of that sequence, however the input is cut into writes or reads;
// skipping it resumes as iconv -c does. By default an ill-formed sequence
// becomes one U+FFFD. A character the target charset lacks is, strictly,
// an error wrapping unicode.ErrUnencodable, and by default the SUB
// character 0x1A.
//
// # Differences from glibc
//
// TestIconvDifferential compares every table with the iconv command, both
// ways, strict and with -c, whole and in chunks. What differs:
//
//   - CP1255 and CP1258: glibc holds back a letter that a combining mark
//     may follow, and when an illegal byte comes next, iconv stops without
//     writing that letter; this package writes it before it reports the
//     illegal byte (at the same offset). With -c both write it.
//   - ISO-2022-CN and ISO-2022-CN-EXT, where glibc cannot read back what
//     it writes: glibc's
//     decoder applies a designation made while shifted (ESC $ ) G between
//     two characters of one SO run, as its own encoder writes it) only at
//     the next SO, this one at once, as RFC 1922 has it; glibc writes
//     plane 2 (or SS3) characters that follow one another after a single
//     ESC N (ESC O), this encoder writes it before each (it is a single
//     shift); and after such a character written outside SO, glibc writes
//     the next SO-set character without SO, this encoder with it.
//   - The tables are glibc 2.36's (Debian 12). Another glibc may map a few
//     code points differently; gen_tables.go regenerates them and
//     TestGeneratedTables says when they are stale.
//
// This package is apart from package unicode because importing it links
// the tables (about 570 KB, compressed) and golang.org/x/text's encodings, which a
// program that converts only between UTF forms does not need.
package charset
