package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/fastio-go/fastio/release/internal/modproxy"
	"github.com/fastio-go/fastio/release/internal/snapshot"
	"github.com/fastio-go/fastio/release/internal/workspace"
	"golang.org/x/mod/module"
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
	modcache, err := goCmd(rootDir, "env", "GOMODCACHE")
	if err != nil {
		return err
	}
	for _, m := range ws.Modules {
		if len(m.ThirdParty()) == 0 {
			continue
		}
		if _, err := goCmd(m.Dir, "mod", "download"); err != nil {
			return err
		}
		// go mod download fetches the build list; go.sum also names
		// go.mod files of versions the build does not select, which a
		// downstream go get may read.
		missing, err := missingFromCache(m.Dir, filepath.Join(modcache, "cache", "download"))
		if err != nil {
			return err
		}
		if len(missing) > 0 {
			if _, err := goCmd(m.Dir, append([]string{"mod", "download"}, missing...)...); err != nil {
				return err
			}
		}
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

// missingFromCache returns, as path@version, the third-party versions that
// the go.sum file in dir lists and whose go.mod the module cache's download
// directory cache lacks.
func missingFromCache(dir, cache string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var missing []string
	seen := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || strings.HasPrefix(f[0], workspace.Prefix) {
			continue
		}
		path, version := f[0], strings.TrimSuffix(f[1], "/go.mod")
		esc, err := module.EscapePath(path)
		if err != nil {
			return nil, err
		}
		escVer, err := module.EscapeVersion(version)
		if err != nil {
			return nil, err
		}
		mv := path + "@" + version
		if seen[mv] {
			continue
		}
		seen[mv] = true
		if _, err := os.Stat(filepath.Join(cache, filepath.FromSlash(esc), "@v", escVer+".mod")); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, mv)
		}
	}
	return missing, nil
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
