// Command fastio converts text encodings, hashes files and compresses
// streams with the flags, output and exit codes of iconv, sha256sum and gzip,
// on the fastio libraries. Run "fastio --help" for the subcommands.
package main

import (
	"os"

	"github.com/fastio-go/fastio/cmd/cli"
)

func main() {
	os.Exit(cli.Main())
}
