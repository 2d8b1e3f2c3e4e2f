// Program copy copies files fast: device.Copy uses the kernel's
// copy_file_range or sendfile where it can (no bytes pass through the
// program), and falls back to a buffered copy for anything else.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/fastio-go/fastio/device"
)

func main() {
	dir, err := os.MkdirTemp("", "copy")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "src.bin")
	payload := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	if err := os.WriteFile(src, payload, 0o644); err != nil {
		log.Fatal(err)
	}

	// File to file, opened with C mode strings.
	in, err := device.Open(src, "r")
	if err != nil {
		log.Fatal(err)
	}
	out, err := device.Open(filepath.Join(dir, "dst.bin"), "wx") // x: fail if it exists
	if err != nil {
		log.Fatal(err)
	}
	n, err := device.Copy(out, in)
	if err != nil {
		log.Fatal(err)
	}
	if err := in.Close(); err != nil {
		log.Fatal(err)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "dst.bin"))
	fmt.Println("copied", n, "bytes, equal:", bytes.Equal(got, payload))

	// The same call works for any reader and writer.
	var buf bytes.Buffer
	n, err = device.Copy(&buf, strings.NewReader("from a string\n"))
	fmt.Print(n, " ", err, " ", buf.String())

	// Opening again with "wx" fails, with an error naming the file.
	_, err = device.Open(filepath.Join(dir, "dst.bin"), "wx")
	fmt.Println("exists:", errors.Is(err, fs.ErrExist))

	// A bad mode string is an error, not a silent default.
	_, err = device.Open(src, "rq")
	fmt.Println(errors.Is(err, device.ErrBadMode), strings.ReplaceAll(err.Error(), dir, "$DIR"))
}
