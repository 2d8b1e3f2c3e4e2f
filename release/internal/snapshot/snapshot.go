// Package snapshot publishes the working tree to a module proxy on disk as
// the next release would be: every module of go.work at the version the
// modules require each other at, the modules with a command in their
// release form (no sibling replace directives, which `go install
// path@version` refuses), and the third-party module versions their go.sum
// files list, copied from the local module cache. GOPROXY=file://<dir> then
// installs any fastio module without another proxy.
package snapshot

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fastio-go/fastio/release/internal/apicheck"
	"github.com/fastio-go/fastio/release/internal/modproxy"
	"github.com/fastio-go/fastio/release/internal/workspace"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Version returns the version at which the modules of ws require each
// other: the version the working tree is published at. They must all agree
// on one released (not pseudo-) version.
func Version(ws *workspace.Workspace) (string, error) {
	version := ""
	for _, m := range ws.Modules {
		for _, r := range m.File.Require {
			if !strings.HasPrefix(r.Mod.Path, workspace.Prefix) {
				continue
			}
			if !semver.IsValid(r.Mod.Version) || module.IsPseudoVersion(r.Mod.Version) {
				return "", fmt.Errorf("%s requires %s@%s, a pseudo-version: a downstream go get cannot resolve it", m.Name, r.Mod.Path, r.Mod.Version)
			}
			if version == "" {
				version = r.Mod.Version
			} else if r.Mod.Version != version {
				return "", fmt.Errorf("%s requires %s@%s, others require fastio modules at %s", m.Name, r.Mod.Path, r.Mod.Version, version)
			}
		}
	}
	if version == "" {
		return "", errors.New("no module requires a fastio sibling: no release version to publish")
	}
	return version, nil
}

// ReleaseGoMods returns, by module name, the release form of the go.mod of
// each module of mods that holds a command (a main package outside
// internal): the go.mod without its sibling replace directives. Modules
// without a command, or without such directives, are not in the map.
func ReleaseGoMods(mods []*workspace.Module) (map[string][]byte, error) {
	goMod := map[string][]byte{}
	for _, m := range mods {
		cmds, err := apicheck.Commands(m.Dir)
		if err != nil {
			return nil, err
		}
		if len(cmds) == 0 {
			continue
		}
		data, err := os.ReadFile(m.ModFile)
		if err != nil {
			return nil, err
		}
		stripped, _, err := m.WithoutSiblingReplaces(data)
		if err != nil {
			return nil, err
		}
		if stripped != nil {
			goMod[m.Name] = stripped
		}
	}
	return goMod, nil
}

// Publish writes every module of ws at version into the proxy dir, with
// the go.mod of the modules named in goMod replaced by their entry, and
// the time t in each version's .info.
func Publish(dir string, ws *workspace.Workspace, version string, goMod map[string][]byte, t time.Time) error {
	var vs []modproxy.Version
	for _, m := range ws.Modules {
		vs = append(vs, modproxy.Version{Path: m.Path, Version: version, Dir: m.Dir, Time: t, GoMod: goMod[m.Name]})
	}
	return modproxy.Write(dir, vs)
}

// CopyThirdParty copies into the proxy dir the third-party module versions
// that the go.sum files of mods list, from cache, a module cache's download
// folder (`$(go env GOMODCACHE)/cache/download`, which has the proxy
// layout): the .mod of each, and the .zip and .info where the cache holds
// them (go.sum lists a go.mod-only line for modules whose code no build
// needs). It returns the number of module versions copied. A version whose
// .mod is not in the cache is an error naming it: run `go mod download` in
// the module first.
//
// It also writes dir/go.sum, those go.sum lines: the checksums the
// checksum database gave when each requirement was added. Appended to a
// user's go.sum, they let the go command verify the copied modules with no
// access to the database.
func CopyThirdParty(dir, cache string, mods []*workspace.Module) (int, error) {
	seen := map[module.Version]bool{}
	var list []module.Version
	var sums []string
	for _, m := range mods {
		data, err := os.ReadFile(filepath.Join(m.Dir, "go.sum"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) != 3 || strings.HasPrefix(f[0], workspace.Prefix) {
				continue
			}
			sums = append(sums, strings.Join(f, " "))
			mv := module.Version{Path: f[0], Version: strings.TrimSuffix(f[1], "/go.mod")}
			if !seen[mv] {
				seen[mv] = true
				list = append(list, mv)
			}
		}
	}
	slices.SortFunc(list, func(a, b module.Version) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return semver.Compare(a.Version, b.Version)
	})
	versions := map[string][]string{} // @v folder -> versions
	for _, mv := range list {
		esc, err := module.EscapePath(mv.Path)
		if err != nil {
			return 0, err
		}
		escVer, err := module.EscapeVersion(mv.Version)
		if err != nil {
			return 0, err
		}
		rel := filepath.Join(filepath.FromSlash(esc), "@v")
		if err := os.MkdirAll(filepath.Join(dir, rel), 0o755); err != nil {
			return 0, err
		}
		zipped := false
		for _, ext := range []string{".mod", ".info", ".zip"} {
			name := filepath.Join(rel, escVer+ext)
			b, err := os.ReadFile(filepath.Join(cache, name))
			if errors.Is(err, fs.ErrNotExist) && ext != ".mod" {
				continue
			}
			if err != nil {
				return 0, fmt.Errorf("%s@%s is not in the module cache (%w): run go mod download", mv.Path, mv.Version, err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				return 0, err
			}
			zipped = ext == ".zip"
		}
		if zipped {
			versions[rel] = append(versions[rel], mv.Version)
		}
	}
	for rel, vs := range versions {
		// list serves queries such as @latest: only versions with code.
		if err := os.WriteFile(filepath.Join(dir, rel, "list"), []byte(strings.Join(vs, "\n")+"\n"), 0o644); err != nil {
			return 0, err
		}
	}
	slices.Sort(sums)
	sums = slices.Compact(sums)
	sumFile := strings.Join(sums, "\n")
	if sumFile != "" {
		sumFile += "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), []byte(sumFile), 0o644); err != nil {
		return 0, err
	}
	return len(list), nil
}
