// Command docs builds fastio's documentation site from the repository: API
// pages from the doc comments and examples of every package of every
// module in go.work, prose pages from content/, the cookbook's tested
// programs, the command reference, the benchmark results and an offline
// search index.
//
//	go run . -root .. -out public          # build into public/
//	go run . -root .. -out public -serve 127.0.0.1:6060
//
// With -serve it builds, then serves the site and prints its address.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/fastio-go/fastio/docs/internal/site"
)

func main() {
	root := flag.String("root", "..", "repository root (the folder with go.work)")
	out := flag.String("out", "public", "output folder (emptied first)")
	serve := flag.String("serve", "", "after building, serve the site at this address (host:port)")
	flag.Parse()
	if err := run(*root, *out, *serve); err != nil {
		fmt.Fprintln(os.Stderr, "docs:", err)
		os.Exit(1)
	}
}

func run(root, out, serve string) error {
	cfg, err := config(root, out)
	if err != nil {
		return err
	}
	s, err := site.Build(cfg)
	if err != nil {
		return err
	}
	abs, _ := filepath.Abs(out)
	fmt.Printf("docs: wrote %d pages to %s\n", len(s.Pages()), abs)
	if serve == "" {
		return nil
	}
	ln, err := net.Listen("tcp", serve)
	if err != nil {
		return err
	}
	fmt.Printf("docs: serving http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return http.Serve(ln, http.FileServer(http.Dir(out)))
}

// config gathers what the site is built from.
func config(root, out string) (site.Config, error) {
	return site.Config{Root: root, Out: out}, nil
}
