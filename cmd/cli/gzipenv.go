package cli

import (
	"fmt"
	"io"
	"strings"
)

// The GZIP environment variable holds options that gzip reads before its
// command line, as gzip 1.12 does: only -n, -N, -q, -v, -1 ... -9 (and
// their long names, --fast, --best and --rsyncable) are taken there; any
// other option or a file name is an error, and options other than -q are
// taken with a warning that the variable is deprecated.

// gzipLongOptions are gzip's long options, with the short option each
// stands for ("" for those without one) and whether it takes a value.
var gzipLongOptions = []struct {
	name, short string
	value       bool
}{
	{"ascii", "a", false}, {"to-stdout", "c", false}, {"stdout", "c", false},
	{"decompress", "d", false}, {"uncompress", "d", false}, {"force", "f", false},
	{"help", "h", false}, {"keep", "k", false}, {"list", "l", false},
	{"license", "L", false}, {"no-name", "n", false}, {"name", "N", false},
	{"-presume-input-tty", "", false}, {"quiet", "q", false}, {"silent", "q", false},
	{"synchronous", "", false}, {"recursive", "r", false}, {"suffix", "S", true},
	{"test", "t", false}, {"verbose", "v", false}, {"version", "V", false},
	{"fast", "1", false}, {"best", "9", false}, {"lzw", "Z", false},
	{"bits", "b", true}, {"rsyncable", "", false},
	// fastio's own
	{"processes", "p", true}, {"max", "", true},
}

// gzipShortOptions are gzip's short options; those followed by ':' take a
// value.
const gzipShortOptions = "ab:cdfhH?klLmMnNqrS:tvVZ123456789"

// envAllowed reports whether the option with short name s (or long name
// long) may be given in GZIP.
func envAllowed(s, long string) bool {
	return strings.Contains("nNqv123456789", s) && s != "" || long == "rsyncable"
}

// gzipEnvArgs checks the options of a GZIP variable env and returns them
// as arguments for the command line, before the user's. On an error it
// prints gzip's message on stderr and returns ok false.
func gzipEnvArgs(prog, env string, stderr io.Writer) (args []string, ok bool) {
	fail := func(format string, a ...any) ([]string, bool) {
		fmt.Fprintf(stderr, "%s: "+format+"\n", append([]any{prog}, a...)...)
		fmt.Fprintf(stderr, "Try `%s --help' for more information.\n", prog)
		return nil, false
	}
	words := strings.Fields(env)
	var nonOption string
	quiet := false
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return fail("--: option not valid in GZIP environment variable")
		case strings.HasPrefix(w, "--"):
			name, _, hasValue := strings.Cut(w[2:], "=")
			opt := -1
			for j, o := range gzipLongOptions {
				if o.name == name {
					opt = j
					break
				}
				if strings.HasPrefix(o.name, name) {
					if opt >= 0 && gzipLongOptions[opt].short != o.short {
						return fail("option '%s' is ambiguous", w)
					}
					if opt < 0 {
						opt = j
					}
				}
			}
			if opt < 0 {
				return fail("unrecognized option '%s'", w)
			}
			o := gzipLongOptions[opt]
			if o.value && !hasValue {
				if i+1 == len(words) {
					return fail("option '--%s' requires an argument", o.name)
				}
				i++
			} else if !o.value && hasValue {
				return fail("option '--%s' doesn't allow an argument", o.name)
			}
			if !envAllowed(o.short, o.name) {
				return fail("--%s: option not valid in GZIP environment variable", o.name)
			}
			quiet = quiet && o.short != "v" || o.short == "q"
			if o.short != "" {
				args = append(args, "-"+o.short)
			} else {
				args = append(args, "--"+o.name)
			}
		case strings.HasPrefix(w, "-") && w != "-":
			for k := 1; k < len(w); k++ {
				c := string(w[k])
				at := strings.Index(gzipShortOptions, c)
				if at < 0 || c == ":" {
					return fail("invalid option -- '%s'", c)
				}
				if at+1 < len(gzipShortOptions) && gzipShortOptions[at+1] == ':' {
					if k+1 == len(w) && i+1 == len(words) {
						return fail("option requires an argument -- '%s'", c)
					}
					return fail("-%s: option not valid in GZIP environment variable", c)
				}
				if !envAllowed(c, "") {
					return fail("-%s: option not valid in GZIP environment variable", c)
				}
				quiet = quiet && c != "v" || c == "q"
				args = append(args, "-"+c)
			}
		default:
			// getopt goes on past a file name; gzip then refuses it.
			if nonOption == "" {
				nonOption = w
			}
		}
	}
	if nonOption != "" {
		return fail("%s: non-option in GZIP environment variable", nonOption)
	}
	if len(args) > 0 && !quiet {
		fmt.Fprintf(stderr, "%s: warning: GZIP environment variable is deprecated; use an alias or script\n", prog)
	}
	return args, true
}
