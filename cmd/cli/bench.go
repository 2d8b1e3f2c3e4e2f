package cli

import (
	"github.com/fastio-go/fastio/bench/seed"
	"github.com/spf13/cobra"
)

func newBenchCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "bench [flags]",
		Short: "Run fastio's benchmark tables against their peers on this machine",
		Long: `bench runs the benchmark tables of the bench module end to end: integers
and doubles written and read back, "Hello World" lines, text conversion
between UTF-8, UTF-16LE, UTF-32LE and GB18030, the record codec, large reads,
SHA digests, gzip and a print → gzip → file → inflate → scan chain, each cell
a process of its own, fastio beside the standard library, C/C++ references
and the command-line peers (iconv, sha256sum, openssl, gzip, pigz, ...).

A check round compares every method's output with fastio's first; then the
methods alternate for the given rounds, and each cell reports the median CPU
time of the child, wall time, ratios to fastio and peak RSS. The tables go
to standard output and RESULTS.md, results.json and SVG charts to -out.
A peer that is not installed is skipped with a note.

The flags are those of the seedbench command: -list shows the tables and
which peers are installed, -rows picks tables, -size tiny|default|full,
-rounds N, -out DIR. "fastio bench -h" lists them all.

Exit status: 0, 1 when a method failed or two methods disagreed, 2 for bad
flags.`,
		Example: `  fastio bench -list
  fastio bench -rows sha,gzip -rounds 5
  fastio bench -size tiny -out /tmp/results`,
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			if code := seed.Main(args, c.OutOrStdout(), c.ErrOrStderr()); code != 0 {
				return exitStatus(code)
			}
			return nil
		},
	}
}
