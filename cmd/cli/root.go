package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"
)

// exitStatus is the error a subcommand returns to end the process with a
// status other than 0 after printing its own messages.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// usageError is a command-line mistake: the message is printed with a hint
// to --help and the process exits with code.
type usageError struct {
	code int
	err  error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// NewRootCommand returns the fastio command tree with every subcommand.
// Errors are not printed by cobra: Run (and Main) print them in the shape of
// the tool each subcommand replaces and map them to its exit codes.
func NewRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "fastio",
		Short: "Fast iconv, sha256sum and gzip built on the fastio libraries",
		Long: `fastio converts text between character encodings, hashes files and
compresses or decompresses zlib, gzip and raw deflate streams, with the flags,
output and exit codes of iconv, sha256sum and gzip, so a script can switch to
it by changing the command name. It also dumps and encodes record streams,
checks Go code for writers that are never flushed.

Invoked through a link (or a copy) named iconv, sha1sum, sha224sum,
sha256sum, sha384sum, sha512sum, gzip, gunzip or zcat it behaves as
"fastio conv", "fastio sum -a …", "fastio gzip", "fastio gzip -d" or
"fastio gzip -dc", and its messages begin with that name.`,
		Example: `  fastio conv -f UTF-8 -t UTF-16LE notes.txt > notes16.txt
  fastio sum -a sha512 *.iso > SHA512SUMS && fastio sum -a sha512 -c SHA512SUMS
  fastio gzip -9 -k access.log`,
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
		Version:           Version(),
	}
	root.SetVersionTemplate("fastio {{.Version}}\n")
	root.AddCommand(newConvCommand(), newSumCommand())
	for _, f := range []streamFormat{formatGzip, formatZlib, formatDeflate} {
		root.AddCommand(newGzipCommand(f))
	}
	root.AddCommand(newRecCommand(), newVetCommand())
	return root
}

// Version returns the version of the module the running binary was built
// from, as the go command recorded it: v0.1.0 after `go install
// …/cmd/fastio@v0.1.0`, "(devel)" (or a version derived from the checkout's
// version control) when built in the repository. "fastio --version" prints it.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// Run runs the command tree with args (without the program name) and the
// given standard streams, and returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "gzip" {
		var ok bool
		if args, ok = gzipCommandLine(args, stderr); !ok {
			return 1
		}
	}
	root := NewRootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{code: usageCode(c), err: getoptError(err)}
	})
	// Help goes out in one write whose error is the exit status, as the C
	// tools exit 1 when --help cannot be written (a full disk).
	var helpErr error
	helpCmd := root
	defaultHelp := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, a []string) {
		out := c.OutOrStdout()
		var buf bytes.Buffer
		c.SetOut(&buf)
		defaultHelp(c, a)
		c.SetOut(out)
		if _, err := out.Write(buf.Bytes()); err != nil && helpErr == nil {
			helpErr, helpCmd = err, c
		}
	})
	c, err := root.ExecuteC()
	if err == nil && helpErr != nil {
		prog := progName(helpCmd)
		switch helpCmd.Name() {
		case "gzip", "zlib", "deflate":
			fmt.Fprintf(stderr, "\n%s: %s\n", prog, strerror(helpErr))
		default:
			fmt.Fprintf(stderr, "%s: write error: %s\n", prog, strerror(helpErr))
		}
		return 1
	}
	if err == nil {
		return 0
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	var ue *usageError
	code := 1
	if errors.As(err, &ue) {
		code = ue.code
	} else if c == root || strings.Contains(err.Error(), "unknown command") {
		code = 2
	}
	prog := progName(c)
	fmt.Fprintf(stderr, "%s: %v\n%s\n", prog, err, tryHelp(c, prog))
	return code
}

// gzipCommandLine returns the arguments of a gzip command line args
// ("gzip" and its arguments) with the options of the GZIP environment
// variable before the user's, as gzip reads them, and gzip's
// ---presume-input-tty (a long option whose name begins with a dash,
// which gzip's tests use) spelt as the flag parser takes it. It prints
// gzip's message and returns false for a GZIP that gzip refuses.
func gzipCommandLine(args []string, stderr io.Writer) ([]string, bool) {
	out := []string{args[0]}
	if env := os.Getenv("GZIP"); env != "" {
		extra, ok := gzipEnvArgs(progOf(linkName(), "fastio gzip"), env, stderr)
		if !ok {
			return nil, false
		}
		out = append(out, extra...)
	}
	for i, a := range args[1:] {
		if a == "--" {
			return append(out, args[1+i:]...), true
		}
		if strings.HasPrefix(a, "--") {
			full, all := expandLong(a[2:])
			if all != nil {
				prog := progOf(linkName(), "fastio gzip")
				fmt.Fprintf(stderr, "%s: option '%s' is ambiguous; possibilities:", prog, a)
				for _, n := range all {
					fmt.Fprintf(stderr, " '--%s'", n)
				}
				fmt.Fprintf(stderr, "\nTry `%s --help' for more information.\n", prog)
				return nil, false
			}
			a = "--" + full
			if name, _, hasValue := strings.Cut(full, "="); hasValue && !longTakesValue(name) {
				// pflag would read the value as a boolean.
				prog := progOf(linkName(), "fastio gzip")
				fmt.Fprintf(stderr, "%s: option '--%s' doesn't allow an argument\nTry `%s --help' for more information.\n", prog, name, prog)
				return nil, false
			}
		}
		out = append(out, a)
	}
	return out, true
}

// longTakesValue reports whether a gzip long option takes a value; an
// unknown name is taken to, and left to the flag parser.
func longTakesValue(name string) bool {
	for _, o := range gzipLongOptions {
		if strings.TrimPrefix(o.name, "-") == name {
			return o.value
		}
	}
	return true
}

// progOf is name, or else the default.
func progOf(name, def string) string {
	if name == "" {
		return def
	}
	return name
}

// expandLong spells out a long option given (as getopt_long takes it) by
// a prefix of its name that only one of gzip's long options has, with
// "=VALUE" if given; other names are returned as they are. For a prefix of
// several options it returns them all.
func expandLong(opt string) (string, []string) {
	name, value, hasValue := strings.Cut(opt, "=")
	if name == "" {
		return opt, nil
	}
	full := ""
	for _, o := range gzipLongOptions {
		if o.name == name {
			full = name
			break
		}
	}
	if full == "" {
		var short string
		var all []string
		ambiguous := false
		for _, o := range gzipLongOptions {
			if !strings.HasPrefix(o.name, name) {
				continue
			}
			all = append(all, o.name)
			// Two names of one option (--stdout, --to-stdout) are not
			// ambiguous; two options are.
			if full != "" && (o.short != short || short == "") {
				ambiguous = true
			}
			full, short = o.name, o.short
		}
		if ambiguous {
			return opt, all
		}
	}
	if full == "" {
		return opt, nil
	}
	full = strings.TrimPrefix(full, "-") // ---presume-input-tty
	if hasValue {
		return full + "=" + value, nil
	}
	return full, nil
}

// tryHelp is the line after a usage error, in the words of the tool the
// subcommand replaces.
func tryHelp(c *cobra.Command, prog string) string {
	switch c.Name() {
	case "gzip", "zlib", "deflate":
		return "Try `" + prog + " --help' for more information."
	case "conv":
		return "Try `" + prog + " --help' or `" + prog + " --usage' for more information."
	}
	return "Try '" + prog + " --help' for more information."
}

// getoptError rewords a flag-parsing error of cobra's in the words of the
// C library's getopt_long, which gzip, iconv and sha256sum print:
// "invalid option -- 'x'", "unrecognized option '--foo'", "option requires
// an argument -- 'S'".
func getoptError(err error) error {
	msg := err.Error()
	var name string
	switch {
	case scanQuoted(msg, "unknown shorthand flag: '", &name):
		return errors.New("invalid option -- '" + name + "'")
	case strings.HasPrefix(msg, "unknown flag: --"):
		return errors.New("unrecognized option '" + strings.TrimPrefix(msg, "unknown flag: ") + "'")
	case scanQuoted(msg, "flag needs an argument: '", &name):
		return errors.New("option requires an argument -- '" + name + "'")
	case strings.HasPrefix(msg, "flag needs an argument: --"):
		return errors.New("option '" + strings.TrimPrefix(msg, "flag needs an argument: ") + "' requires an argument")
	case strings.HasPrefix(msg, "bad flag syntax: "):
		return errors.New("unrecognized option '" + strings.TrimPrefix(msg, "bad flag syntax: ") + "'")
	case strings.HasPrefix(msg, "invalid argument ") && strings.Contains(msg, `" for "`):
		// A value given to a flag that takes none (--tag=x): pflag names
		// the flag "--tag" or "-b, --binary".
		i := strings.Index(msg, `" for "`) + len(`" for "`)
		if j := strings.IndexByte(msg[i:], '"'); j > 0 {
			names := msg[i : i+j]
			if k := strings.LastIndex(names, ", "); k >= 0 {
				names = names[k+2:]
			}
			if strings.HasPrefix(names, "--") {
				return errors.New("option '" + names + "' doesn't allow an argument")
			}
		}
	}
	return err
}

// scanQuoted reports whether msg begins with prefix followed by a quoted
// name and a closing quote, and stores the name.
func scanQuoted(msg, prefix string, name *string) bool {
	rest, ok := strings.CutPrefix(msg, prefix)
	if !ok {
		return false
	}
	n, _, ok := strings.Cut(rest, "'")
	*name = n
	return ok && n != ""
}

// usageCode is the exit status of a command-line mistake: iconv (argp) uses
// 64, the others 1.
func usageCode(c *cobra.Command) int {
	if c.Name() == "conv" {
		return 64
	}
	return 1
}

// aliases maps the names of the tools fastio stands in for, as the base name
// of a link to the binary, to the arguments they stand for.
var aliases = map[string][]string{
	"iconv":     {"conv"},
	"gzip":      {"gzip"},
	"sha1sum":   {"sum", "-a", "sha1"},
	"sha224sum": {"sum", "-a", "sha224"},
	"sha256sum": {"sum", "-a", "sha256"},
	"sha384sum": {"sum", "-a", "sha384"},
	"sha512sum": {"sum", "-a", "sha512"},
	"gunzip":    {"gzip", "-d"},
	"zcat":      {"gzip", "-dc"},
}

// Args returns the arguments the command tree runs with for a process
// invoked as argv: argv[1:], behind the subcommand a link name stands for.
func Args(argv []string) []string {
	if len(argv) == 0 {
		return nil
	}
	if pre, ok := aliases[invokedName(argv[0])]; ok {
		return append(append([]string(nil), pre...), argv[1:]...)
	}
	return argv[1:]
}

// Main runs the command tree as the process: with os.Args (see Args) and the
// standard streams. An interrupt while a named output file is being written
// removes its temporary file before the process ends. It returns the exit
// status for os.Exit.
func Main() int {
	cleanOnInterrupt = true
	return Run(Args(os.Args), os.Stdin, os.Stdout, os.Stderr)
}

// cleanOnInterrupt is set by Main: the first temporary output file then
// installs a handler of SIGINT, SIGTERM and SIGHUP that removes the
// temporary files and exits with 128 + the signal number. (Only then, so
// that a program running the tree in-process keeps its own signal handling.)
var cleanOnInterrupt bool

var interruptOnce sync.Once

func handleInterrupts() {
	if !cleanOnInterrupt {
		return
	}
	interruptOnce.Do(func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
		go func() {
			s := <-sig
			removeTemps()
			code := 130
			if n, ok := s.(syscall.Signal); ok {
				code = 128 + int(n)
			}
			os.Exit(code)
		}()
	})
}
