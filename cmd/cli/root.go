package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
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

Invoked through a link named sha1sum, sha224sum, sha256sum, sha384sum,
sha512sum, gunzip or zcat it behaves as "fastio sum -a …", "fastio gzip -d"
or "fastio gzip -dc".`,
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
	root := NewRootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &usageError{code: usageCode(c), err: err}
	})
	c, err := root.ExecuteC()
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
	fmt.Fprintf(stderr, "%s: %v\nTry '%s --help' for more information.\n", c.CommandPath(), err, c.CommandPath())
	return code
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
	name := strings.TrimSuffix(filepath.Base(argv[0]), ".exe")
	if pre, ok := aliases[name]; ok {
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
