// Package cli is the command tree of the fastio command: conv (an iconv),
// sum (sha256sum and its siblings), gzip, zlib and deflate, rec and vet.
// NewRootCommand returns the tree, so that other programs (the
// documentation generator, tests) can run or describe it; Main runs it as
// the process.
//
// Each subcommand follows the tool it replaces: its flags, its output bytes,
// the shape of its messages (with "fastio <sub>:" where the tool prints its own
// name) and its exit codes. Output to a named file is written to a temporary
// file beside it and renamed into place at the end, so that an error or an
// interrupt never leaves a partial file.
package cli
