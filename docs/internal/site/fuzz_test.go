package site

import (
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var lineNumRE = regexp.MustCompile(`<span class="ln" id="L\d+">\d+</span>`)

// FuzzHighlight: whatever the input, Go or not, the highlighted HTML holds
// exactly the input's text once the tags are removed and the entities
// decoded, and every line has its anchor.
func FuzzHighlight(f *testing.F) {
	for _, s := range []string{"func f() {}", "x := `raw\nstring`", "/* a\nb */ c", "'\\n' 0x1p-2 \"s\"", "@#$ not go", "a\n\nb\n", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, lines := range []bool{false, true} {
			out := Highlight([]byte(src), Marks{Lines: lines, Links: map[int]string{0: "#x"}, Anchors: map[int]string{0: "x"}})
			text := tagRE.ReplaceAllString(out, "")
			if lines {
				// Line anchors carry their numbers as text.
				text = lineNumRE.ReplaceAllString(out, "")
				text = tagRE.ReplaceAllString(text, "")
				if n := strings.Count(out, `class="ln"`); n != strings.Count(src, "\n")+1 {
					t.Fatalf("%d line anchors for %d lines", n, strings.Count(src, "\n")+1)
				}
			}
			if got := html.UnescapeString(text); got != src {
				t.Fatalf("text changed:\n%q\n%q", src, got)
			}
		}
	})
}

// FuzzInstallLines: any README gives lines that are part of it, or an error.
func FuzzInstallLines(f *testing.F) {
	f.Add("# x\n\n## Install\n\n```sh\ngo get a@latest\n```\n")
	f.Add("## Install\n```\n")
	f.Add("## Install\n\n## Next\n```\nx\n```")
	f.Fuzz(func(t *testing.T, readme string) {
		name := filepath.Join(t.TempDir(), "README.md")
		if err := os.WriteFile(name, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		lines, err := InstallLines(name)
		if err == nil && !strings.Contains(readme, lines) {
			t.Fatalf("lines %q are not in the README", lines)
		}
	})
}
