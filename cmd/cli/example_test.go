package cli_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/fastio-go/fastio/cmd/cli"
)

// Run executes the command tree in-process with the streams given: here
// sha256sum of standard input.
func ExampleRun() {
	code := cli.Run([]string{"sum"}, strings.NewReader("abc"), os.Stdout, os.Stderr)
	fmt.Println("exit status", code)
	// Output:
	// ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -
	// exit status 0
}

// conv reports the first illegal input as iconv does, with exit status 1.
func ExampleRun_conv() {
	var out, msg bytes.Buffer
	code := cli.Run([]string{"conv", "-f", "UTF-8", "-t", "UTF-16BE"}, strings.NewReader("hé\xff"), &out, &msg)
	fmt.Printf("% x\n%s", out.Bytes(), msg.String())
	fmt.Println("exit status", code)
	// Output:
	// 00 68 00 e9
	// fastio conv: illegal input sequence at position 3
	// exit status 1
}

// rec encode and rec dump round-trip JSON lines through the record codec.
func ExampleRun_rec() {
	var stream bytes.Buffer
	cli.Run([]string{"rec", "encode"}, strings.NewReader(`[{"id":1,"kind":"int","value":42},{"id":2,"kind":"blob","value":"aGk="}]`+"\n"), &stream, os.Stderr)
	fmt.Printf("% x\n", stream.Bytes())
	cli.Run([]string{"rec", "dump"}, &stream, os.Stdout, os.Stderr)
	// Output:
	// 08 00 01 2a 80 02 02 68 69
	// [{"id":1,"kind":"int","value":42},{"id":2,"kind":"blob","value":"aGk="}]
}

// NewRootCommand is the tree other programs (a documentation generator)
// walk: every subcommand has its Short, Long and Example text.
func ExampleNewRootCommand() {
	for _, c := range cli.NewRootCommand().Commands() {
		fmt.Printf("%-8s %s\n", c.Name(), c.Short)
	}
	// Output:
	// conv     Convert text between character encodings, as iconv does
	// deflate  Compress or decompress deflate streams, as gzip does
	// gzip     Compress or decompress gzip streams, as gzip does
	// rec      Dump record streams as JSON lines and encode them back
	// sum      Print or check SHA checksums, as sha256sum does
	// vet      Report buffered writers whose output can be lost
	// zlib     Compress or decompress zlib streams, as gzip does
}
