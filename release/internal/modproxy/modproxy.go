// Package modproxy writes a Go module proxy to a folder, in the file layout
// that GOPROXY=file://<dir> reads: for each module, <escaped path>/@v/list,
// and <version>.info, <version>.mod and <version>.zip beside it. The zips are
// made by golang.org/x/mod/zip, as the go command itself makes them.
package modproxy

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	modzip "golang.org/x/mod/zip"
)

// Version is one version of one module to publish.
type Version struct {
	Path    string    // module path
	Version string    // canonical semantic version, e.g. v0.1.0
	Dir     string    // folder holding the module's go.mod and sources
	Time    time.Time // the version's time, written to .info
	// GoMod, when not nil, replaces the go.mod found in Dir, both as the
	// .mod file and inside the zip (a proxy serving a changed requirement).
	GoMod []byte
}

// Write publishes every version under dir, adding to any versions already
// there. @v/list holds each module's versions in semver order.
func Write(dir string, versions []Version) error {
	lists := map[string][]string{}
	for _, v := range versions {
		if !semver.IsValid(v.Version) || semver.Canonical(v.Version) != v.Version {
			return fmt.Errorf("modproxy: %s: %q is not a canonical semantic version", v.Path, v.Version)
		}
		esc, err := module.EscapePath(v.Path)
		if err != nil {
			return err
		}
		escVer, err := module.EscapeVersion(v.Version)
		if err != nil {
			return err
		}
		vdir := filepath.Join(dir, filepath.FromSlash(esc), "@v")
		if err := os.MkdirAll(vdir, 0o755); err != nil {
			return err
		}
		gomod := v.GoMod
		if gomod == nil {
			if gomod, err = os.ReadFile(filepath.Join(v.Dir, "go.mod")); err != nil {
				return err
			}
		}
		var zbuf bytes.Buffer
		mv := module.Version{Path: v.Path, Version: v.Version}
		if err := modzip.CreateFromDir(&zbuf, mv, v.Dir); err != nil {
			return fmt.Errorf("modproxy: zip of %s: %w", mv, err)
		}
		z := zbuf.Bytes()
		if v.GoMod != nil {
			if z, err = replaceGoMod(z, mv, v.GoMod); err != nil {
				return err
			}
		}
		info, err := json.Marshal(struct {
			Version string
			Time    time.Time
		}{v.Version, v.Time.UTC()})
		if err != nil {
			return err
		}
		base := filepath.Join(vdir, escVer)
		for ext, data := range map[string][]byte{".info": info, ".mod": gomod, ".zip": z} {
			if err := os.WriteFile(base+ext, data, 0o644); err != nil {
				return err
			}
		}
		lists[vdir] = append(lists[vdir], v.Version)
	}
	for vdir, vs := range lists {
		old, err := os.ReadFile(filepath.Join(vdir, "list"))
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		vs = append(vs, strings.Fields(string(old))...)
		semver.Sort(vs)
		vs = slices.Compact(vs)
		if err := os.WriteFile(filepath.Join(vdir, "list"), []byte(strings.Join(vs, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// replaceGoMod rewrites the go.mod entry of a module zip.
func replaceGoMod(z []byte, mv module.Version, gomod []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		return nil, err
	}
	name := mv.Path + "@" + mv.Version + "/go.mod"
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	found := false
	for _, f := range zr.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			return nil, err
		}
		if f.Name == name {
			found = true
			if _, err := w.Write(gomod); err != nil {
				return nil, err
			}
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		_, err = b.ReadFrom(r)
		r.Close()
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(b.Bytes()); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, fmt.Errorf("modproxy: zip of %s has no go.mod", mv)
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// URL returns the GOPROXY entry that serves dir.
func URL(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return "file://" + filepath.ToSlash(abs)
}
