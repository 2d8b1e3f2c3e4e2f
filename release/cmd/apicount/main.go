// Command apicount lists and counts the exported API of every library
// module of the workspace: one line per exported identifier (types,
// funcs, vars, consts, methods and struct fields), and the number of such
// identifiers per package.
//
// Usage:
//
//	apicount [-root dir] [-w file] [-check file -changelog file] [-diff olddir]
//
// Without flags it prints, per package, the number of exported names
// (types, funcs, vars, consts and methods, interface methods included) and
// of exported struct fields. -w writes the listing to
// file. -check compares the listing with the one in file, the baseline of
// the last release: every line that is gone from it (a name removed, or a
// changed signature) must be named in the changelog's first section (its
// identifier, as Writer.Flush or NewWriter, within backquotes), or the
// command fails. New lines are compatible and need no entry. -diff prints
// golang.org/x/exp/apidiff's report of every module from the workspace at
// olddir, an older checkout, to the one at -root.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fastio-go/fastio/release/internal/apicheck"
	"github.com/fastio-go/fastio/release/internal/workspace"
)

// libraries are the modules whose packages are imported by users; the
// others (cmd, bench, docs, release) hold commands and tools.
var libraries = []string{"core", "device", "format", "codec", "unicode", "crypto", "compress"}

func main() {
	root := flag.String("root", ".", "a folder at or below the workspace root (the folder of go.work)")
	write := flag.String("w", "", "write the API listing to this file")
	check := flag.String("check", "", "compare the API with the listing in this file")
	changelog := flag.String("changelog", "", "with -check: the CHANGELOG.md whose first section must name every removed or changed identifier")
	diff := flag.String("diff", "", "print golang.org/x/exp/apidiff's report from the workspace at this folder (an older tree) to the one at -root")
	flag.Parse()
	if *diff != "" {
		if err := report(*diff, *root); err != nil {
			fmt.Fprintln(os.Stderr, "apicount:", err)
			os.Exit(1)
		}
		return
	}
	lines, err := listing(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apicount:", err)
		os.Exit(1)
	}
	switch {
	case *write != "":
		if err := os.WriteFile(*write, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "apicount:", err)
			os.Exit(1)
		}
	case *check != "":
		missing, err := unrecorded(lines, *check, *changelog)
		if err != nil {
			fmt.Fprintln(os.Stderr, "apicount:", err)
			os.Exit(1)
		}
		if len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "apicount: the exported API changed since %s, and %s does not say so; removed or changed:\n", *check, *changelog)
			for _, l := range missing {
				fmt.Fprintln(os.Stderr, "\t"+l)
			}
			fmt.Fprintln(os.Stderr, "apicount: name each identifier in the changelog's first section, or restore it")
			os.Exit(1)
		}
		fmt.Println("apicount: every removed or changed identifier is in the changelog")
	default:
		names, fields := map[string]int{}, map[string]int{}
		for _, l := range lines {
			pkg, decl, _ := strings.Cut(l, ": ")
			if strings.HasPrefix(decl, "field ") {
				fields[pkg]++
			} else {
				names[pkg]++
			}
		}
		var pkgs []string
		for p := range names {
			pkgs = append(pkgs, p)
		}
		slices.Sort(pkgs)
		fmt.Printf("%-20s %5s %6s\n", "package", "names", "fields")
		for _, p := range pkgs {
			fmt.Printf("%-20s %5d %6d\n", p, names[p], fields[p])
		}
	}
}

// listing loads every library module of the workspace at root and returns
// the API listing of all of them.
func listing(root string) ([]string, error) {
	ws, err := workspace.FindRoot(root)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range libraries {
		dir := filepath.Join(ws, name)
		mod, err := modulePath(dir)
		if err != nil {
			return nil, err
		}
		m, err := apicheck.Load(dir, mod)
		if err != nil {
			return nil, err
		}
		out = append(out, apicheck.ListModule(m)...)
	}
	return out, nil
}

// report prints apidiff's report, module by module, from the workspace at
// oldRoot to the one at newRoot.
func report(oldRoot, newRoot string) error {
	olds, err := workspace.FindRoot(oldRoot)
	if err != nil {
		return err
	}
	news, err := workspace.FindRoot(newRoot)
	if err != nil {
		return err
	}
	for _, name := range libraries {
		mod, err := modulePath(filepath.Join(news, name))
		if err != nil {
			return err
		}
		old, err := apicheck.Load(filepath.Join(olds, name), mod)
		if err != nil {
			return err
		}
		cur, err := apicheck.Load(filepath.Join(news, name), mod)
		if err != nil {
			return err
		}
		r := apicheck.Compare(old, cur)
		fmt.Printf("## %s\n\n", mod)
		for _, sec := range []struct {
			title string
			lines []string
		}{{"Incompatible changes", apicheck.Incompatible(r)}, {"Compatible changes", apicheck.Compatible(r)}} {
			if len(sec.lines) == 0 {
				continue
			}
			fmt.Printf("%s:\n", sec.title)
			for _, l := range sec.lines {
				fmt.Printf("- %s\n", l)
			}
			fmt.Println()
		}
	}
	return nil
}

// modulePath reads the module line of dir's go.mod.
func modulePath(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.TrimSpace(rest), nil
		}
	}
	return "", fmt.Errorf("%s/go.mod has no module line", dir)
}

// unrecorded returns the lines of the baseline file that are not in lines
// and whose identifier the changelog's first section does not name.
func unrecorded(lines []string, baseline, changelog string) ([]string, error) {
	data, err := os.ReadFile(baseline)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, l := range lines {
		have[l] = true
	}
	var section string
	if changelog != "" {
		c, err := os.ReadFile(changelog)
		if err != nil {
			return nil, err
		}
		section = firstSection(string(c))
	}
	var missing []string
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		l := sc.Text()
		if l == "" || have[l] {
			continue
		}
		if id := identifier(l); id == "" || !strings.Contains(section, "`"+id+"`") && !strings.Contains(section, "`"+id+"(") {
			missing = append(missing, l)
		}
	}
	return missing, sc.Err()
}

// firstSection returns the changelog's text from its first "## " heading
// to the next.
func firstSection(c string) string {
	_, rest, ok := strings.Cut(c, "\n## ")
	if !ok {
		return ""
	}
	sec, _, _ := strings.Cut(rest, "\n## ")
	return sec
}

// identifier returns the name a changelog entry gives for a listing line:
// pkg.Name for a package-level name, pkg.Type.Name for a method or field
// ("core.Writer.Flush").
func identifier(line string) string {
	pkg, decl, ok := strings.Cut(line, ": ")
	if !ok {
		return ""
	}
	pkg = pkg[strings.LastIndex(pkg, "/")+1:]
	kind, rest, _ := strings.Cut(decl, " ")
	switch kind {
	case "method":
		// (T) Name(...) or (*T) Name(...)
		recv, after, _ := strings.Cut(strings.TrimPrefix(rest, "("), ") ")
		name, _, _ := strings.Cut(after, "(")
		name, _, _ = strings.Cut(name, "[")
		return pkg + "." + strings.TrimPrefix(recv, "*") + "." + name
	case "field":
		name, _, _ := strings.Cut(rest, " ")
		return pkg + "." + name
	default:
		name, _, _ := strings.Cut(rest, " ")
		name, _, _ = strings.Cut(name, "(")
		name, _, _ = strings.Cut(name, "[")
		return pkg + "." + name
	}
}
