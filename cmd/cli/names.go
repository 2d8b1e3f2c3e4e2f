package cli

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// progName is the program name a subcommand's messages start with: the
// name of the link the process was invoked through ("sha256sum", "gzip"),
// else "fastio <subcommand>".
func progName(c *cobra.Command) string {
	if p := linkName(); p != "" {
		return p
	}
	return c.CommandPath()
}

// linkName is the tool name of the link the process was invoked through,
// or "". gunzip and zcat say "gzip", as gzip's gunzip and zcat scripts run
// gzip.
func linkName() string {
	if len(os.Args) == 0 {
		return ""
	}
	base := invokedName(os.Args[0])
	switch {
	case base == "gunzip" || base == "zcat":
		return "gzip"
	case aliases[base] != nil:
		return base
	}
	return ""
}

// invokedName is the base name of argv0 without a ".exe" suffix.
func invokedName(argv0 string) string {
	return strings.TrimSuffix(filepath.Base(argv0), ".exe")
}

// quotef quotes a file name for a diagnostic as coreutils' quotef does
// (shell-escape style): names of safe characters as they are, others in
// single quotes, with a single quote written '\” and control characters
// as $'\n' sequences.
func quotef(name string) string {
	if name == "" {
		return "''"
	}
	safe := name != ""
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80 ||
			strings.IndexByte("_-+=./:,%@^", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return name
	}
	if strings.IndexByte(name, '\'') >= 0 && !strings.ContainsAny(name, "\"$`\\!") && !hasControl(name) {
		return `"` + name + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '\'':
			b.WriteString(`'\''`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`'$'\`)
			switch c {
			case '\n':
				b.WriteByte('n')
			case '\r':
				b.WriteByte('r')
			case '\t':
				b.WriteByte('t')
			default:
				b.WriteString(string(rune('0'+c>>6)) + string(rune('0'+(c>>3)&7)) + string(rune('0'+c&7)))
			}
			b.WriteString(`''`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	s := b.String()
	// A control character at either end leaves an empty quoted string there.
	s = strings.TrimPrefix(s, "''")
	return strings.TrimSuffix(s, "''")
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	return false
}
