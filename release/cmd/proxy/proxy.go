package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/fastio-go/fastio/release/internal/modproxy"
	"github.com/fastio-go/fastio/release/internal/snapshot"
	"github.com/fastio-go/fastio/release/internal/workspace"
)

// Run writes the proxy of the workspace at or above root into dir and
// prints what it wrote and how to use it.
func Run(root, dir string, out io.Writer) error {
	rootDir, err := workspace.FindRoot(root)
	if err != nil {
		return err
	}
	ws, err := workspace.Load(rootDir)
	if err != nil {
		return err
	}
	version, err := snapshot.Version(ws)
	if err != nil {
		return err
	}
	goMod, err := snapshot.ReleaseGoMods(ws.Modules)
	if err != nil {
		return err
	}
	if err := snapshot.Publish(dir, ws, version, goMod, time.Now()); err != nil {
		return err
	}
	for _, m := range ws.Modules {
		if len(m.ThirdParty()) == 0 {
			continue
		}
		if _, err := goCmd(m.Dir, "mod", "download"); err != nil {
			return err
		}
	}
	modcache, err := goCmd(rootDir, "env", "GOMODCACHE")
	if err != nil {
		return err
	}
	n, err := snapshot.CopyThirdParty(dir, filepath.Join(modcache, "cache", "download"), ws.Modules)
	if err != nil {
		return err
	}
	url := modproxy.URL(dir)
	fmt.Fprintf(out, "proxy: %s holds %d fastio modules at %s and %d third-party module versions\n", url, len(ws.Modules), version, n)
	fmt.Fprintf(out, "install from it, in a module outside this workspace:\n\n")
	fmt.Fprintf(out, "  cat %s >> go.sum   # only where sum.golang.org is out of reach too\n", filepath.Join(strings.TrimPrefix(url, "file://"), "go.sum"))
	fmt.Fprintf(out, "  GOPROXY=%s GONOSUMDB=github.com/fastio-go GOFLAGS=-mod=mod go get %sformat@latest\n", url, workspace.Prefix)
	return nil
}

// goCmd runs the go command in dir outside the workspace and returns its
// standard output, trimmed.
func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return strings.TrimSpace(string(b)), nil
}
