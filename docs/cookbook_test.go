package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCookbook builds every program under cookbook/, runs it, and compares
// what it prints with its output.txt, the output the pages show.
func TestCookbook(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("cookbook", "*", "main.go"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cookbook programs: %v", err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cookbook/...")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cookbook/...: %v\n%s", err, out)
	}
	for _, m := range dirs {
		name := filepath.Base(filepath.Dir(m))
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("cookbook", name, "output.txt"))
			if err != nil {
				t.Fatalf("every cookbook program has an output.txt: %v", err)
			}
			cmd := exec.Command(filepath.Join(bin, name))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, stderr.String())
			}
			if got := stdout.String(); got != string(want) {
				t.Errorf("%s prints\n%s\nwant (cookbook/%s/output.txt)\n%s", name, got, name, want)
			}
		})
	}
}

var includeRE = regexp.MustCompile(`(?m)^::include (cookbook/[^/\s]+)/`)

// TestCookbookPages checks that every cookbook page shows a program and
// every program is shown on some page, so none is dead or untested.
func TestCookbookPages(t *testing.T) {
	progs, _ := filepath.Glob(filepath.Join("cookbook", "*", "main.go"))
	pages, _ := filepath.Glob(filepath.Join("content", "*.md"))
	more, _ := filepath.Glob(filepath.Join("content", "*", "*.md"))
	pages = append(pages, more...)
	shown := map[string]bool{}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ms := includeRE.FindAllStringSubmatch(string(data), -1)
		if strings.Contains(p, string(filepath.Separator)+"cookbook"+string(filepath.Separator)) && len(ms) == 0 {
			t.Errorf("%s includes no program", p)
		}
		for _, m := range ms {
			shown[m[1]] = true
		}
	}
	for _, p := range progs {
		dir := filepath.ToSlash(filepath.Dir(p))
		if !shown[dir] {
			t.Errorf("%s is on no page", dir)
		}
	}
	if !slices.Contains(progs, filepath.Join("cookbook", "first", "main.go")) {
		t.Error("the first program of the landing page is missing")
	}
}
