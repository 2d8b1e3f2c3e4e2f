package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fastio-go/fastio/release/internal/apicheck"
	"github.com/fastio-go/fastio/release/internal/changelog"
	"github.com/fastio-go/fastio/release/internal/workspace"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// Options says what to release and how.
type Options struct {
	Root    string // a folder at or below the workspace root
	Version string // the version to release, e.g. v0.1.0
	DryRun  bool   // print the plan, write nothing
	Date    string // CHANGELOG.md date
	// Restore, after the tags, puts back the sibling replace directives
	// that the release commit dropped from the go.mod of modules with
	// commands (see Run), and prints the commit to make.
	Restore bool
}

// plan is what the release does to one module.
type plan struct {
	mod      *workspace.Module
	previous string   // previous tag, or ""
	newMod   []byte   // go.mod with bumped requirements; nil if unchanged
	dropped  []string // sibling replace directives the release commit drops
	entry    changelog.Entry
}

// Run carries out (or, with DryRun, prints) the release. A module with a
// command (a main package outside internal) is released without its sibling
// replace directives, since `go install path@version` refuses a module whose
// go.mod has any: the release commit's go.mod requires the released versions
// alone, as gopls's release does. The printed commands then restore them
// (Options.Restore) in the commit after the tags, so that GOWORK=off builds
// in the repository use the sibling folders again.
func Run(o Options, out io.Writer) error {
	if o.Restore {
		return restore(o, out)
	}
	v := o.Version
	if !semver.IsValid(v) || semver.Canonical(v) != v || semver.Build(v) != "" {
		return fmt.Errorf("version %q is not a canonical semantic version such as v0.1.0", v)
	}
	if major := semver.Major(v); major != "v0" && major != "v1" {
		return fmt.Errorf("version %s: a %s module needs a /%s suffix on its module path", v, major, major)
	}
	rootDir, err := workspace.FindRoot(o.Root)
	if err != nil {
		return err
	}
	ws, err := workspace.Load(rootDir)
	if err != nil {
		return err
	}
	if o.DryRun {
		fmt.Fprintf(out, "release %s (dry run: no file is changed)\n", v)
	} else {
		fmt.Fprintf(out, "release %s\n", v)
	}
	fmt.Fprintf(out, "workspace %s: %d modules, in dependency order:", ws.Root, len(ws.Modules))
	for _, m := range ws.Modules {
		fmt.Fprintf(out, " %s", m.Name)
	}
	fmt.Fprintln(out)

	var plans []*plan
	breaks := 0
	for _, m := range ws.Modules {
		p, err := planModule(ws, m, v, out)
		if err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		breaks += len(p.entry.Breaking)
		plans = append(plans, p)
	}

	var entries []changelog.Entry
	for _, p := range plans {
		entries = append(entries, p.entry)
	}
	section := changelog.Section(v, o.Date, entries)
	clName := filepath.Join(ws.Root, "CHANGELOG.md")
	doc, err := os.ReadFile(clName)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	newDoc := changelog.Insert(string(doc), v, section)

	fmt.Fprintf(out, "\nCHANGELOG.md section:\n\n%s\n", indent(changelog.Of(newDoc, v)))
	var changed []string
	for _, p := range plans {
		if p.newMod != nil {
			changed = append(changed, filepath.ToSlash(filepath.Join(p.mod.Name, "go.mod")))
		}
	}
	if newDoc != string(doc) {
		changed = append(changed, "CHANGELOG.md")
	}
	if dirty := gitOut(ws.Root, "status", "--porcelain", "--untracked-files=no"); dirty != "" {
		fmt.Fprintf(out, "note: the working tree has uncommitted changes; the tags below name a commit, not the working tree:\n%s\n", indent(dirty))
	}

	if !o.DryRun {
		for _, p := range plans {
			if p.newMod != nil {
				if err := os.WriteFile(p.mod.ModFile, p.newMod, 0o644); err != nil {
					return err
				}
			}
		}
		if newDoc != string(doc) {
			if err := os.WriteFile(clName, []byte(newDoc), 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(out, "wrote: %s\n", strings.Join(append([]string{}, changed...), " "))
	}

	verb := "then"
	if o.DryRun {
		verb = "a real run would write " + strings.Join(changed, " ") + "; then"
		if len(changed) == 0 {
			verb = "nothing to write; then"
		}
	}
	fmt.Fprintf(out, "\n%s run, from %s:\n\n", verb, ws.Root)
	if len(changed) > 0 {
		fmt.Fprintf(out, "  git commit -m 'release: %s' -- %s\n", v, strings.Join(changed, " "))
	}
	var tags, restored []string
	for _, p := range plans {
		tag := p.mod.Name + "/" + v
		tags = append(tags, tag)
		fmt.Fprintf(out, "  git tag -a %s -m '%s %s'\n", tag, p.mod.Path, v)
		if len(p.dropped) > 0 {
			restored = append(restored, filepath.ToSlash(filepath.Join(p.mod.Name, "go.mod")))
		}
	}
	if len(restored) > 0 {
		rel, err := filepath.Rel(filepath.Join(ws.Root, "release"), ws.Root)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "  (cd release && go run ./cmd/release -restore -root %s %s)   # the sibling replace directives back\n", filepath.ToSlash(rel), v)
		fmt.Fprintf(out, "  git commit -m 'release: sibling replace directives back after %s' -- %s\n", v, strings.Join(restored, " "))
		tags = append([]string{"HEAD"}, tags...)
	}
	fmt.Fprintf(out, "  git push origin %s\n", strings.Join(tags, " "))
	if breaks > 0 {
		fmt.Fprintf(out, "\n%d incompatible API changes in all (listed above).\n", breaks)
	}
	return nil
}

// planModule works out one module's part of the release and prints it.
func planModule(ws *workspace.Workspace, m *workspace.Module, v string, out io.Writer) (*plan, error) {
	p := &plan{mod: m, entry: changelog.Entry{Module: m.Name}}
	tags := strings.Fields(gitOut(ws.Root, "tag", "--list", m.Name+"/v*"))
	for _, t := range tags {
		tv := strings.TrimPrefix(t, m.Name+"/")
		if !semver.IsValid(tv) {
			continue
		}
		if semver.Compare(tv, v) == 0 {
			return nil, fmt.Errorf("tag %s exists already", t)
		}
		if semver.Compare(tv, v) < 0 && (p.previous == "" || semver.Compare(tv, strings.TrimPrefix(p.previous, m.Name+"/")) > 0) {
			p.previous = t
		}
	}
	for _, t := range tags {
		if tv := strings.TrimPrefix(t, m.Name+"/"); semver.IsValid(tv) && semver.Compare(tv, v) > 0 {
			return nil, fmt.Errorf("tag %s is newer than %s", t, v)
		}
	}

	// Requirements of fastio modules move to v.
	data, err := os.ReadFile(m.ModFile)
	if err != nil {
		return nil, err
	}
	f, err := modfile.Parse(m.ModFile, data, nil)
	if err != nil {
		return nil, err
	}
	var bumps []string
	for _, r := range f.Require {
		if strings.HasPrefix(r.Mod.Path, workspace.Prefix) && r.Mod.Version != v {
			bumps = append(bumps, fmt.Sprintf("%s %s -> %s", r.Mod.Path, r.Mod.Version, v))
			if err := f.AddRequire(r.Mod.Path, v); err != nil {
				return nil, err
			}
		}
	}
	if len(bumps) > 0 {
		f.Cleanup()
		if p.newMod, err = f.Format(); err != nil {
			return nil, err
		}
	}
	var cmds []string
	if len(f.Replace) > 0 {
		if cmds, err = apicheck.Commands(m.Dir); err != nil {
			return nil, err
		}
	}
	if len(cmds) > 0 {
		cur := p.newMod
		if cur == nil {
			cur = data
		}
		stripped, dropped, err := m.WithoutSiblingReplaces(cur)
		if err != nil {
			return nil, err
		}
		if dropped != nil {
			p.newMod, p.dropped = stripped, dropped
		}
	}

	fmt.Fprintf(out, "\n== %s (%s)\n", m.Name, m.Path)
	if len(bumps) == 0 {
		fmt.Fprintf(out, "requirements: fastio modules already at %s\n", v)
	}
	for _, b := range bumps {
		fmt.Fprintf(out, "requirement: %s\n", b)
	}

	if len(p.dropped) > 0 {
		fmt.Fprintf(out, "replace: the release commit drops %d sibling replace directives (%s), so that `go install %s@%s` works; -restore puts them back after the tags\n",
			len(p.dropped), shortNames(p.dropped), cmds[0], v)
	}
	for _, r := range f.Replace {
		if len(cmds) > 0 && !slices.Contains(p.dropped, r.Old.Path) {
			fmt.Fprintf(out, "warning: %s/go.mod keeps `replace %s => %s`, and `go install %s@%s` refuses a module whose go.mod has any replace directive\n",
				m.Name, r.Old.Path, strings.TrimSpace(r.New.Path+" "+r.New.Version), cmds[0], v)
		}
	}

	cur, err := apicheck.Load(m.Dir, m.Path)
	if err != nil {
		return nil, err
	}
	surface := apicheck.Count(cur)
	if p.previous == "" {
		fmt.Fprintf(out, "compatibility: no previous release (no tag %s/v*): first release; API surface: %s\n", m.Name, surface)
		p.entry.Summary = fmt.Sprintf("First release: %s; commits so far: %s.", surface, gitOut(ws.Root, "rev-list", "--count", "HEAD", "--", m.Name))
		return p, nil
	}
	p.entry.Previous = p.previous
	oldRoot, err := os.MkdirTemp("", "fastio-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(oldRoot)
	if err := extract(ws.Root, p.previous, oldRoot); err != nil {
		return nil, err
	}
	oldDir := filepath.Join(oldRoot, m.Name)
	if _, err := os.Stat(filepath.Join(oldDir, "go.mod")); err != nil {
		return nil, fmt.Errorf("tag %s has no %s/go.mod", p.previous, m.Name)
	}
	old, err := apicheck.Load(oldDir, m.Path)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", p.previous, err)
	}
	rep := apicheck.Compare(old, cur)
	inc, comp := apicheck.Incompatible(rep), apicheck.Compatible(rep)
	verdict := fmt.Sprintf("against %s: %d incompatible, %d compatible API changes; API surface: %s", p.previous, len(inc), len(comp), surface)
	prevV := strings.TrimPrefix(p.previous, m.Name+"/")
	switch {
	case len(inc) == 0:
	case semver.Major(v) != semver.Major(prevV):
	case semver.Major(v) == "v0" && semver.MajorMinor(v) != semver.MajorMinor(prevV):
		verdict += " (allowed: a v0 minor release may break)"
	case semver.Major(v) == "v0":
		verdict += " (warning: breaks in a v0 patch release; a minor release is expected)"
	default:
		return nil, fmt.Errorf("%s breaks the API of %s in the same major version:\n%s", v, p.previous, indent(strings.Join(inc, "\n")))
	}
	fmt.Fprintf(out, "compatibility: %s\n", verdict)
	for _, c := range inc {
		fmt.Fprintf(out, "  incompatible: %s\n", c)
	}
	for _, c := range comp {
		fmt.Fprintf(out, "  compatible:   %s\n", c)
	}
	p.entry.Summary = strings.ToUpper(verdict[:1]) + verdict[1:] + "."
	p.entry.Breaking = inc
	log := gitOut(ws.Root, "log", "--no-merges", "--format=%h %s", p.previous+"..HEAD", "--", m.Name)
	if log != "" {
		p.entry.Commits = strings.Split(log, "\n")
	}
	fmt.Fprintf(out, "commits since %s: %d\n", p.previous, len(p.entry.Commits))
	return p, nil
}

// restore puts back the sibling replace directives of every module that
// requires a fastio module without one, and prints the commit to make.
func restore(o Options, out io.Writer) error {
	rootDir, err := workspace.FindRoot(o.Root)
	if err != nil {
		return err
	}
	ws, err := workspace.Load(rootDir)
	if err != nil {
		return err
	}
	var changed []string
	for _, m := range ws.Modules {
		data, err := os.ReadFile(m.ModFile)
		if err != nil {
			return err
		}
		restored, added, err := ws.WithSiblingReplaces(m, data)
		if err != nil {
			return err
		}
		if added == nil {
			continue
		}
		name := filepath.ToSlash(filepath.Join(m.Name, "go.mod"))
		changed = append(changed, name)
		fmt.Fprintf(out, "%s: replace %s by their folders\n", name, shortNames(added))
		if !o.DryRun {
			if err := os.WriteFile(m.ModFile, restored, 0o644); err != nil {
				return err
			}
		}
	}
	if len(changed) == 0 {
		fmt.Fprintln(out, "every go.mod replaces the fastio modules it requires already: nothing to restore")
		return nil
	}
	verb := "then"
	if o.DryRun {
		verb = "dry run, nothing written; a real run would write " + strings.Join(changed, " ") + "; then"
	}
	fmt.Fprintf(out, "\n%s run, from %s:\n\n", verb, ws.Root)
	msg := "release: sibling replace directives back"
	if o.Version != "" {
		msg += " after " + o.Version
	}
	fmt.Fprintf(out, "  git commit -m '%s' -- %s\n", msg, strings.Join(changed, " "))
	return nil
}

// shortNames lists module paths by their folder names.
func shortNames(paths []string) string {
	var s []string
	for _, p := range paths {
		s = append(s, strings.TrimPrefix(p, workspace.Prefix))
	}
	return strings.Join(s, ", ")
}

// extract writes the tree of ref into dir.
func extract(repo, ref, dir string) error {
	cmd := exec.Command("git", "archive", "--format=tar", ref)
	cmd.Dir = repo
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("git archive %s: %v: %s", ref, err, stderr.Bytes())
	}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, filepath.Clean(dir)+string(filepath.Separator)) {
			return fmt.Errorf("git archive %s: entry %q leaves the folder", ref, h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
			body, err := io.ReadAll(tr)
			if err != nil {
				return err
			}
			if err := os.WriteFile(name, body, os.FileMode(h.Mode)&0o755|0o600); err != nil {
				return err
			}
		}
	}
}

// gitOut runs git in dir and returns its trimmed output, "" on error.
func gitOut(dir string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimRight(string(out), "\n")
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}
