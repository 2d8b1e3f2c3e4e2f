package site

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
)

// RepoPath is the import path prefix every fastio module shares.
const RepoPath = "github.com/fastio-go/fastio"

// Module is one module of the workspace.
type Module struct {
	Dir      string     // folder relative to the repository root, "core"
	Path     string     // module path
	Doc      string     // what the module is for: the first paragraph of its README, as plain text
	Tooling  bool       // the repository's own tooling (benchmarks, this site, releases), not for import
	Packages []*Package // every package, commands (package main) included
}

// ToolingModules are the modules that serve the repository itself: the
// benchmark harness, this site's generator and the release tooling. They
// are listed apart from the library modules and stay out of search.
var ToolingModules = []string{"bench", "docs", "release"}

// Package is one package directory of a module.
type Package struct {
	Module     *Module
	ImportPath string
	Rel        string // directory relative to the repository root, "codec/record"
	Dir        string // absolute directory
	Name       string
	Synopsis   string
}

// Targets are the platforms the platform notes compare: Linux is tested,
// the others must build.
var Targets = []string{"linux/amd64", "darwin/amd64", "freebsd/amd64", "windows/amd64", "wasip1/wasm"}

// buildContext returns a go/build context for one "goos/goarch" target.
func buildContext(target string) build.Context {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, _ = strings.Cut(target, "/")
	ctx.CgoEnabled = false
	ctx.BuildTags = nil
	return ctx
}

// LoadModules reads go.work at root and finds every package of every module
// it lists. Directories named testdata, or starting with "." or "_", and
// nested modules are skipped, as the go command does.
func LoadModules(root string) ([]*Module, error) {
	workFile := filepath.Join(root, "go.work")
	data, err := os.ReadFile(workFile)
	if err != nil {
		return nil, fmt.Errorf("site: reading the workspace: %w", err)
	}
	wf, err := modfile.ParseWork(workFile, data, nil)
	if err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	var mods []*Module
	for _, u := range wf.Use {
		dir := path.Clean(filepath.ToSlash(u.Path))
		gomod := filepath.Join(root, dir, "go.mod")
		md, err := os.ReadFile(gomod)
		if err != nil {
			return nil, fmt.Errorf("site: module %s: %w", dir, err)
		}
		mp := modfile.ModulePath(md)
		if mp == "" {
			return nil, fmt.Errorf("site: %s has no module line", gomod)
		}
		m := &Module{Dir: dir, Path: mp, Tooling: slices.Contains(ToolingModules, dir)}
		m.Doc, err = readmeDoc(filepath.Join(root, dir, "README.md"), dir, mp)
		if err != nil {
			return nil, err
		}
		if err := m.findPackages(root); err != nil {
			return nil, err
		}
		mods = append(mods, m)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Dir < mods[j].Dir })
	return mods, nil
}

func (m *Module) findPackages(root string) error {
	base := filepath.Join(root, m.Dir)
	ctx := buildContext(Targets[0])
	return filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != base {
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		bp, err := ctx.ImportDir(p, build.ImportComment)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("site: package in %s: %w", p, err)
		}
		rel, _ := filepath.Rel(base, p)
		ip := m.Path
		if rel != "." {
			ip = m.Path + "/" + filepath.ToSlash(rel)
		}
		relRoot, _ := filepath.Rel(root, p)
		pkg := &Package{Module: m, ImportPath: ip, Rel: filepath.ToSlash(relRoot), Dir: p, Name: bp.Name}
		m.Packages = append(m.Packages, pkg)
		return nil
	})
}

var (
	mdLinkRE = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdMarkRE = regexp.MustCompile("[`*]")
)

// readmeDoc returns the first paragraph of a module's README after its
// title, as plain text, with the module path at its start replaced by the
// module's name ("core holds fastio's buffer concepts …"). A module without
// a README has no description.
func readmeDoc(file, dir, modPath string) (string, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("site: %w", err)
	}
	for _, para := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" || strings.HasPrefix(para, "#") || strings.HasPrefix(para, "<!--") {
			continue
		}
		text := strings.Join(strings.Fields(para), " ")
		text = strings.Replace(text, "`"+modPath+"`", dir, 1)
		text = mdLinkRE.ReplaceAllString(text, "$1")
		return mdMarkRE.ReplaceAllString(text, ""), nil
	}
	return "", nil
}

// Internal reports whether the package is internal to its module
// (a path element "internal"): not importable by users.
func (p *Package) Internal() bool {
	return slices.Contains(strings.Split(p.ImportPath, "/"), "internal")
}

// CookbookProgram reports whether the package is one of the docs module's
// cookbook programs, which are examples, not commands to install.
func (p *Package) CookbookProgram() bool {
	return strings.HasPrefix(p.Rel, "docs/cookbook/")
}

// Short is the module's folder name, which is also its name in prose.
func (m *Module) Short() string { return m.Dir }

// IsCommand reports whether the package is a program (package main).
func (p *Package) IsCommand() bool { return p.Name == "main" }

// Title is the heading of the package's page: "package name", or
// "command name" for a program, named after its folder.
func (p *Package) Title() string {
	if p.CookbookProgram() {
		return "cookbook program " + path.Base(p.ImportPath)
	}
	if p.IsCommand() {
		return "command " + path.Base(p.ImportPath)
	}
	return "package " + p.Name
}
