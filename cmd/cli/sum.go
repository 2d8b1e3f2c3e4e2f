package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/core"
	"github.com/fastio-go/fastio/crypto"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// sumOptions are the flags of fastio sum.
type sumOptions struct {
	algo                                           string
	hmacFile                                       string
	tag, zero, version                             bool
	binary                                         int // -1 unset, 0 text (-t), 1 binary (-b, --tag)
	check, quiet, status, strict, ignoreMiss, warn bool
}

func newSumCommand() *cobra.Command {
	o := sumOptions{binary: -1}
	c := &cobra.Command{
		Use:   "sum [-a ALGORITHM] [--tag] [-z] [FILE]...\n  fastio sum -c [--quiet] [--status] [--strict] [--ignore-missing] [-w] [SUMFILE]...",
		Short: "Print or check SHA checksums, as sha256sum does",
		Long: `sum prints the SHA-1, SHA-2 or SHA-512/256 digest of each FILE (standard
input for none or "-"), one "DIGEST  NAME" line per file as sha256sum and its
siblings do, or "SHA256 (NAME) = DIGEST" with --tag. A name holding a backslash,
a newline or a carriage return is escaped and its line starts with a
backslash, unless -z ends the lines with NUL.

With -c, sum reads lines in either form from each SUMFILE and checks the
named files, printing "NAME: OK", "NAME: FAILED" or "NAME: FAILED open or
read" and the warnings of sha256sum; the exit status is 1 if any file failed,
could not be read, or (with --strict) a line was improperly formatted.

--hmac KEYFILE computes HMAC over the algorithm with the key in KEYFILE
instead of a plain digest (tag form "HMAC-SHA256 (NAME) = MAC").

Exit status: 0 on success, 1 on any failure. Options that do not go
together (--tag after --text, -c with --tag, -z, -b or -t, --quiet,
--status, --strict, -w or --ignore-missing without -c) exit 1 with
sha256sum's message.`,
		Example: `  fastio sum big.iso
  fastio sum -a sha512 --tag *.tar
  fastio sum -c SHA256SUMS --quiet
  ln -s "$(which fastio)" ~/bin/sha256sum   # then: sha256sum FILE`,
		RunE: func(c *cobra.Command, args []string) error {
			return runSum(c, &o, args)
		},
	}
	c.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return sumUsage(c, getoptError(err).Error())
	})
	f := c.Flags()
	f.StringVarP(&o.algo, "algorithm", "a", "sha256", "hash: sha1, sha224, sha256, sha384, sha512 or sha512-256")
	f.StringVar(&o.hmacFile, "hmac", "", "compute HMAC with the key read from `KEYFILE`")
	// --tag, -b and -t set the mode in the order given, as in coreutils:
	// --tag implies -b, and a later -t makes "--tag -t" an error.
	addOrderFlag(f, &o, "tag", "", "create a BSD-style checksum")
	f.BoolVarP(&o.zero, "zero", "z", false, "end each output line with NUL, not newline, and disable file name escaping")
	addOrderFlag(f, &o, "binary", "b", "read in binary mode (the same bytes on this platform; marks names with '*')")
	addOrderFlag(f, &o, "text", "t", "read in text mode (default)")
	f.BoolVar(&o.version, "version", false, "output version information and exit")
	f.BoolVarP(&o.check, "check", "c", false, "read checksums from the FILEs and check them")
	// --quiet, --status and -w override each other, the last one winning,
	// as in coreutils.
	addModeFlag(f, &o, "quiet", "q", "don't print OK for each successfully verified file; no progress bar")
	addModeFlag(f, &o, "status", "", "don't output anything, status code shows success")
	f.BoolVar(&o.strict, "strict", false, "exit non-zero for improperly formatted checksum lines")
	f.BoolVar(&o.ignoreMiss, "ignore-missing", false, "don't fail or report status for missing files")
	addModeFlag(f, &o, "warn", "w", "warn about improperly formatted checksum lines")
	return c
}

// modeFlag is one of the check-mode output flags, which reset each other.
type modeFlag struct {
	o    *sumOptions
	name string
	set  bool
}

func (m *modeFlag) String() string   { return strconv.FormatBool(m.set) }
func (m *modeFlag) Type() string     { return "bool" }
func (m *modeFlag) IsBoolFlag() bool { return true }

func (m *modeFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	m.set = on
	if !on {
		return nil
	}
	m.o.quiet, m.o.status, m.o.warn = false, false, false
	switch m.name {
	case "quiet":
		m.o.quiet = true
	case "status":
		m.o.status = true
	case "warn":
		m.o.warn = true
	}
	return nil
}

func addModeFlag(f *pflag.FlagSet, o *sumOptions, name, short, usage string) {
	fl := f.VarPF(&modeFlag{o: o, name: name}, name, short, usage)
	fl.NoOptDefVal = "true"
}

// orderFlag is --tag, -b or -t, which set the reading mode in order.
type orderFlag struct {
	o    *sumOptions
	name string
	set  bool
}

func (m *orderFlag) String() string   { return strconv.FormatBool(m.set) }
func (m *orderFlag) Type() string     { return "bool" }
func (m *orderFlag) IsBoolFlag() bool { return true }

func (m *orderFlag) Set(v string) error {
	on, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	m.set = on
	switch {
	case !on:
		if m.name == "tag" {
			m.o.tag = false
		}
	case m.name == "text":
		m.o.binary = 0
	default: // binary, tag
		m.o.binary = 1
		if m.name == "tag" {
			m.o.tag = true
		}
	}
	return nil
}

func addOrderFlag(f *pflag.FlagSet, o *sumOptions, name, short, usage string) {
	fl := f.VarPF(&orderFlag{o: o, name: name}, name, short, usage)
	fl.NoOptDefVal = "true"
}

// sumUsageError is the message of options that do not go together, in the
// order coreutils checks them, or "".
func sumUsageError(o *sumOptions) string {
	only := func(opt string) string {
		return "the --" + opt + " option is meaningful only when verifying checksums"
	}
	switch {
	case o.tag && o.binary == 0:
		return "--tag does not support --text mode"
	case o.zero && o.check:
		return "the --zero option is not supported when verifying checksums"
	case o.tag && o.check:
		return "the --tag option is meaningless when verifying checksums"
	case o.binary >= 0 && o.check:
		return "the --binary and --text options are meaningless when verifying checksums"
	case o.ignoreMiss && !o.check:
		return only("ignore-missing")
	case o.status && !o.check:
		return only("status")
	case o.warn && !o.check:
		return only("warn")
	case o.quiet && !o.check:
		return only("quiet")
	case o.strict && !o.check:
		return only("strict")
	}
	return ""
}

// sumUsage prints a usage error as sha256sum does, with the name the
// program was invoked as, and returns its exit status.
func sumUsage(c *cobra.Command, msg string) error {
	prog := progName(c)
	fmt.Fprintf(c.ErrOrStderr(), "%s: %s\nTry '%s --help' for more information.\n", prog, msg, prog)
	return exitStatus(1)
}

// summer computes the digests of fastio sum.
type summer struct {
	alg    crypto.Algorithm
	key    []byte
	hmac   bool
	stdin  io.Reader
	stderr io.Writer
	quiet  bool
	h      *crypto.Hasher
}

// sum returns the hex digest of the named file ("-" is stdin).
func (s *summer) sum(name string) ([]byte, error) {
	r, closeFn, err := openInput(name, s.stdin)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	size := sizeOf(r)
	pr, done := withProgress(r, size, name, s.stderr, s.quiet)
	defer done()
	if pr == r && name != "-" {
		// A named file without a progress bar: SumFile reads it in
		// 64 KiB blocks and reports a file that changes meanwhile.
		var d crypto.Digest
		if s.hmac {
			d, err = crypto.SumFileHMAC(s.alg, s.key, name)
		} else {
			d, err = crypto.SumFile(s.alg, name)
		}
		if err != nil {
			return nil, err
		}
		return d.AppendHex(nil), nil
	}
	s.h.Reset()
	if _, err := s.h.ReadFrom(pr); err != nil {
		return nil, err
	}
	return s.h.AppendHex(nil), nil
}

// tagName is the algorithm's name in tagged lines, as coreutils writes it.
func (s *summer) tagName() string {
	n := strings.ToUpper(s.alg.String())
	n = strings.ReplaceAll(n, "-", "")
	n = strings.ReplaceAll(n, "/", "-")
	if s.hmac {
		return "HMAC-" + n
	}
	return n
}

func runSum(c *cobra.Command, o *sumOptions, args []string) error {
	prog := progName(c)
	if o.version {
		if _, err := fmt.Fprintf(c.OutOrStdout(), "%s (fastio) %s\n", prog, Version()); err != nil {
			fmt.Fprintf(c.ErrOrStderr(), "%s: write error\n", prog)
			return exitStatus(1)
		}
		return nil
	}
	alg, err := crypto.ParseAlgorithm(o.algo)
	if err != nil {
		return sumUsage(c, fmt.Sprintf("unknown algorithm %q (want sha1, sha224, sha256, sha384, sha512 or sha512-256)", o.algo))
	}
	if msg := sumUsageError(o); msg != "" {
		return sumUsage(c, msg)
	}
	s := &summer{alg: alg, stdin: c.InOrStdin(), stderr: c.ErrOrStderr(), quiet: o.quiet || o.status}
	if o.hmacFile != "" {
		key, err := os.ReadFile(o.hmacFile)
		if err != nil {
			fmt.Fprintf(c.ErrOrStderr(), "%s: %s: %s\n", prog, quotef(o.hmacFile), strerror(err))
			return exitStatus(1)
		}
		s.key, s.hmac = key, true
		s.h, err = crypto.NewHMAC(alg, key)
		if err != nil {
			return err
		}
	} else {
		s.h, _ = crypto.New(alg)
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	out := core.NewWriter(c.OutOrStdout())
	var failed bool
	if o.check {
		for _, name := range args {
			if !checkFile(s, o, prog, name, out, c.ErrOrStderr()) {
				failed = true
			}
		}
	} else {
		for _, name := range args {
			hex, err := s.sum(name)
			if err != nil {
				out.Flush()
				fmt.Fprintf(c.ErrOrStderr(), "%s: %s: %s\n", prog, quotef(name), strerror(err))
				failed = true
				continue
			}
			out.Write(formatSumLine(nil, s.tagName(), hex, name, o.tag, o.binary == 1, o.zero))
		}
	}
	if err := out.Flush(); err != nil {
		if isEPIPE(err) {
			return exitStatus(141)
		}
		fmt.Fprintf(c.ErrOrStderr(), "%s: write error\n", prog)
		return exitStatus(1)
	}
	if failed {
		return exitStatus(1)
	}
	return nil
}

// needsEscape reports whether a file name must be escaped in a checksum line.
func needsEscape(name string) bool { return strings.ContainsAny(name, "\\\n\r") }

// escapeName appends name with backslash, newline and carriage return escaped.
func escapeName(dst []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// formatSumLine appends one output line of sum: "HEX  NAME\n", "HEX *NAME\n"
// (binary) or "TAG (NAME) = HEX\n", escaped as coreutils does unless zero,
// which ends the line with NUL instead.
func formatSumLine(dst []byte, tag string, hex []byte, name string, tagged, binary, zero bool) []byte {
	esc := !zero && needsEscape(name)
	if esc {
		dst = append(dst, '\\')
	}
	if tagged {
		dst = append(dst, tag...)
		dst = append(dst, " ("...)
	} else {
		dst = append(dst, hex...)
		if binary {
			dst = append(dst, " *"...)
		} else {
			dst = append(dst, "  "...)
		}
	}
	if esc {
		dst = escapeName(dst, name)
	} else {
		dst = append(dst, name...)
	}
	if tagged {
		dst = append(dst, ") = "...)
		dst = append(dst, hex...)
	}
	if zero {
		return append(dst, 0)
	}
	return append(dst, '\n')
}

// checkLine is a parsed line of a checksum file.
type checkLine struct {
	digest string // hex, as written
	name   string // unescaped
	binary bool
}

// lineParser parses checksum-file lines for one algorithm. Like coreutils it
// remembers whether an untagged line used the BSD "reversed" form (one space
// between digest and name) and then keeps to it, so that a name starting with
// a space or '*' cannot be confused with the mode marker.
type lineParser struct {
	tag         string // "SHA256", "HMAC-SHA256"...
	hexLen      int
	bsdReversed int // -1 unknown, 0 GNU form, 1 BSD reversed form
}

func newLineParser(tag string, size int) *lineParser {
	return &lineParser{tag: tag, hexLen: 2 * size, bsdReversed: -1}
}

func isWhite(c byte) bool { return c == ' ' || c == '\t' }

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// unescapeName undoes escapeName; ok is false for any other escape.
func unescapeName(s string) (string, bool) {
	if !strings.Contains(s, "\\") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b = append(b, s[i])
			continue
		}
		i++
		if i == len(s) {
			return "", false
		}
		switch s[i] {
		case '\\':
			b = append(b, '\\')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		default:
			return "", false
		}
	}
	return string(b), true
}

// parse parses one line, without its line end, in the GNU form
// ("HEX  NAME", "HEX *NAME"), the BSD reversed form ("HEX NAME") or the
// tagged form ("TAG (NAME) = HEX"), optionally after a backslash that marks
// an escaped name.
func (p *lineParser) parse(s string) (checkLine, bool) {
	i := 0
	for i < len(s) && isWhite(s[i]) {
		i++
	}
	escaped := false
	if i < len(s) && s[i] == '\\' {
		i++
		escaped = true
	}
	if strings.HasPrefix(s[i:], p.tag) {
		j := i + len(p.tag)
		if j < len(s) && s[j] == ' ' {
			j++
		}
		if j < len(s) && s[j] == '(' {
			return p.parseTagged(s[j+1:], escaped)
		}
	}
	if len(s)-i < p.hexLen {
		return checkLine{}, false
	}
	digest := s[i : i+p.hexLen]
	i += p.hexLen
	if i >= len(s) || !isWhite(s[i]) || !isHex(digest) {
		return checkLine{}, false
	}
	i++
	var l checkLine
	if len(s)-i == 1 || (i < len(s) && s[i] != ' ' && s[i] != '*') {
		if p.bsdReversed == 0 {
			return checkLine{}, false
		}
		p.bsdReversed = 1
	} else if p.bsdReversed != 1 {
		p.bsdReversed = 0
		l.binary = i < len(s) && s[i] == '*'
		i++
	}
	if i >= len(s) {
		return checkLine{}, false
	}
	name := s[i:]
	if escaped {
		var ok bool
		if name, ok = unescapeName(name); !ok {
			return checkLine{}, false
		}
	}
	l.digest, l.name = digest, name
	return l, true
}

// parseTagged parses "NAME) = HEX", the rest of a tagged line.
func (p *lineParser) parseTagged(s string, escaped bool) (checkLine, bool) {
	end := strings.LastIndexByte(s, ')')
	if end < 0 {
		return checkLine{}, false
	}
	name := s[:end]
	if escaped {
		var ok bool
		if name, ok = unescapeName(name); !ok {
			return checkLine{}, false
		}
	}
	i := end + 1
	for i < len(s) && isWhite(s[i]) {
		i++
	}
	if i >= len(s) || s[i] != '=' {
		return checkLine{}, false
	}
	i++
	for i < len(s) && isWhite(s[i]) {
		i++
	}
	digest := s[i:]
	if len(digest) != p.hexLen || !isHex(digest) || name == "" {
		return checkLine{}, false
	}
	return checkLine{digest: digest, name: name}, true
}

// plural picks coreutils' singular or plural wording.
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(many, n)
}

// checkFile verifies the lines of one checksum file and reports whether
// every check passed.
func checkFile(s *summer, o *sumOptions, prog, sumName string, out *core.Writer, stderr io.Writer) bool {
	isStdin := sumName == "-"
	display := sumName
	if isStdin {
		display = "standard input"
	}
	// A directory opens and then fails to read, as in coreutils.
	r, closeFn, err := openConvInput(sumName, s.stdin)
	if err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "%s: %s: %s\n", prog, quotef(sumName), strerror(err))
		return false
	}
	defer closeFn()
	p := newLineParser(s.tagName(), s.alg.Size())
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		lineNo, misformatted, openFailed, mismatched int
		properlyFormatted, matched                   bool
	)
	diag := func(format string, a ...any) {
		out.Flush()
		fmt.Fprintf(stderr, "%s: "+format+"\n", append([]any{prog}, a...)...)
	}
	var line []byte
	for {
		line, err = br.ReadSlice('\n')
		tooLong := false
		if err == bufio.ErrBufferFull {
			// A line longer than any digest and file name: read to its
			// end without keeping it, and count it as improperly formatted.
			long := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				if len(long) < maxCheckLine {
					long = append(long, line...)
				} else {
					tooLong = true
				}
			}
			line = long
		}
		if len(line) == 0 {
			break
		}
		lineNo++
		if tooLong {
			misformatted++
			if o.warn {
				diag("%s: %d: improperly formatted %s checksum line", quotef(display), lineNo, s.tagName())
			}
			if err != nil {
				break
			}
			continue
		}
		if line[0] == '#' {
			continue
		}
		line = bytes.TrimSuffix(line, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 {
			continue
		}
		l, ok := p.parse(string(line))
		if !ok || (isStdin && l.name == "-") {
			misformatted++
			if o.warn {
				diag("%s: %d: improperly formatted %s checksum line", quotef(display), lineNo, s.tagName())
			}
			continue
		}
		properlyFormatted = true
		hex, herr := s.sum(l.name)
		if herr != nil {
			if o.ignoreMiss && errors.Is(herr, os.ErrNotExist) {
				continue
			}
			diag("%s: %s", quotef(l.name), strerror(herr))
			openFailed++
			if !o.status {
				printCheckName(out, l.name)
				out.WriteString(": FAILED open or read\n")
			}
			continue
		}
		ok = strings.EqualFold(string(hex), l.digest)
		if ok {
			matched = true
		} else {
			mismatched++
		}
		if !o.status && (!ok || !o.quiet) {
			printCheckName(out, l.name)
			if ok {
				out.WriteString(": OK\n")
			} else {
				out.WriteString(": FAILED\n")
			}
		}
		if err != nil {
			break
		}
	}
	if err != nil && err != io.EOF {
		diag("%s: read error", quotef(display))
		return false
	}
	if !properlyFormatted {
		diag("%s: no properly formatted checksum lines found", quotef(display))
		return false
	}
	if !o.status {
		if misformatted > 0 {
			diag("WARNING: %s", plural(misformatted, "%d line is improperly formatted", "%d lines are improperly formatted"))
		}
		if openFailed > 0 {
			diag("WARNING: %s", plural(openFailed, "%d listed file could not be read", "%d listed files could not be read"))
		}
		if mismatched > 0 {
			diag("WARNING: %s", plural(mismatched, "%d computed checksum did NOT match", "%d computed checksums did NOT match"))
		}
	}
	if o.ignoreMiss && !matched && mismatched == 0 && openFailed == 0 {
		diag("%s: no file was verified", quotef(display))
	}
	return matched && mismatched == 0 && openFailed == 0 && (!o.strict || misformatted == 0)
}

// maxCheckLine bounds the memory a line of a checksum file takes: the
// longest digest in hex, a tag, and a file name of 64 KiB escaped.
const maxCheckLine = 256 << 10

// printCheckName writes a name in check mode's output, escaped (with a
// leading backslash) only when it holds a newline, as coreutils does.
func printCheckName(out *core.Writer, name string) {
	if strings.Contains(name, "\n") {
		out.WriteByte('\\')
		out.Write(escapeName(nil, name))
		return
	}
	out.WriteString(name)
}
