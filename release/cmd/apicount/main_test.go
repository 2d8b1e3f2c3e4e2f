package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestIdentifier(t *testing.T) {
	tests := []struct{ line, want string }{
		{"core: func NewWriter(w io.Writer) *Writer", "core.NewWriter"},
		{"core: method (*Writer) Flush() error", "core.Writer.Flush"},
		{"core: method (Engine) Write(p []byte) (int, error)", "core.Engine.Write"},
		{"codec/record: field Error.Offset int64", "record.Error.Offset"},
		{"format: func PrintLn[W Writer](w W, args ...any)", "format.PrintLn"},
		{"core: const MinBufferSize untyped int = 64", "core.MinBufferSize"},
		{"compress: type Writer struct{Header Header}", "compress.Writer"},
	}
	for _, tt := range tests {
		if got := identifier(tt.line); got != tt.want {
			t.Errorf("identifier(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestUnrecorded checks the rule of make apicheck: a line of the baseline
// that is gone must be named in the changelog's first section; a new line
// needs nothing.
func TestUnrecorded(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "api.txt")
	os.WriteFile(base, []byte("core: func A()\ncore: func B(x int)\ncore: method (*W) C()\n"), 0o644)
	log := filepath.Join(dir, "CHANGELOG.md")
	now := []string{"core: func A()", "core: func B(x string)", "core: func D()"}
	tests := []struct {
		changelog string
		want      []string
	}{
		{"# Changelog\n\n## Unreleased\n\n- nothing\n", []string{"core: func B(x int)", "core: method (*W) C()"}},
		{"# Changelog\n\n## Unreleased\n\n- `core.B` takes a string.\n- `core.W.C` is gone.\n", nil},
		{"# Changelog\n\n## Unreleased\n\n- `core.B` takes a string.\n\n## v0.1.0\n\n- `core.W.C`\n", []string{"core: method (*W) C()"}},
	}
	for _, tt := range tests {
		os.WriteFile(log, []byte(tt.changelog), 0o644)
		got, err := unrecorded(now, base, log)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("changelog %q: unrecorded = %q, %v; want %q", tt.changelog, got, err, tt.want)
		}
	}
}
