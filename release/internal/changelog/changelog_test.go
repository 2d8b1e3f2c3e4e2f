package changelog

import "testing"

func TestInsert(t *testing.T) {
	sec := "## v0.2.0 (2026-12-02)\n\n### core\n\nnew\n"
	tests := []struct {
		name, doc, version, want string
	}{
		{"empty", "", "v0.2.0", sec},
		{"intro only", "# Changelog\n\nIntro.\n", "v0.2.0", "# Changelog\n\nIntro.\n\n" + sec},
		{"before newest", "# Changelog\n\n## v0.1.0 (2026-12-01)\n\nold\n", "v0.2.0",
			"# Changelog\n\n" + sec + "\n## v0.1.0 (2026-12-01)\n\nold\n"},
		{"replaces same version", "# Changelog\n\n## v0.2.0 (2026-12-01)\n\n### core\n\nstale\n\n## v0.1.0 (2026-11-01)\n\nold\n", "v0.2.0",
			"# Changelog\n\n" + sec + "\n## v0.1.0 (2026-11-01)\n\nold\n"},
		{"keeps the notes of the same version", "# Changelog\n\n## v0.2.0 (not yet tagged)\n\n- a note\n\n### core\n\nstale\n", "v0.2.0",
			"# Changelog\n\n## v0.2.0 (2026-12-02)\n\n- a note\n\n### core\n\nnew\n"},
		{"notes moved by an earlier run stay once", "# Changelog\n\n## Unreleased\n\n- later\n\n## v0.2.0 (2026-12-01)\n\n- a note\n\n### core\n\nstale\n", "v0.2.0",
			"# Changelog\n\n## v0.2.0 (2026-12-02)\n\n- a note\n\n- later\n\n### core\n\nnew\n"},
		{"takes the unreleased notes", "# Changelog\n\n## Unreleased\n\n- a note\n\n## v0.1.0 (2026-12-01)\n\nold\n", "v0.2.0",
			"# Changelog\n\n## v0.2.0 (2026-12-02)\n\n- a note\n\n### core\n\nnew\n\n## v0.1.0 (2026-12-01)\n\nold\n"},
		{"empty unreleased section goes", "# Changelog\n\n## Unreleased\n\n", "v0.2.0", "# Changelog\n\n" + sec},
		{"replaces last section", "# Changelog\n\n## v0.2.0 (2026-12-01)\n\n### core\n\nstale\n", "v0.2.0", "# Changelog\n\n" + sec},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Insert(tt.doc, tt.version, sec); got != tt.want {
				t.Errorf("Insert =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestSection(t *testing.T) {
	got := Section("v0.2.0", "2026-12-02", []Entry{
		{Module: "core", Summary: "First release."},
		{Module: "format", Previous: "format/v0.1.0", Summary: "1 incompatible change.",
			Breaking: []string{"Old: removed"}, Commits: []string{"abc123 format: faster"}},
	})
	want := `## v0.2.0 (2026-12-02)

### core

First release.

### format

1 incompatible change.

Incompatible API changes:

- Old: removed

Changes since format/v0.1.0:

- abc123 format: faster
`
	if got != want {
		t.Errorf("Section =\n%s\nwant\n%s", got, want)
	}
}

func TestOf(t *testing.T) {
	doc := "# Changelog\n\n## v0.2.0 (2026-12-02)\n\n- a note\n\n### core\n\nnew\n\n## v0.1.0 (2026-12-01)\n\nold\n"
	tests := []struct{ version, want string }{
		{"v0.2.0", "## v0.2.0 (2026-12-02)\n\n- a note\n\n### core\n\nnew\n"},
		{"v0.1.0", "## v0.1.0 (2026-12-01)\n\nold\n"},
		{"v0.3.0", ""},
	}
	for _, tt := range tests {
		if got := Of(doc, tt.version); got != tt.want {
			t.Errorf("Of(%s) = %q, want %q", tt.version, got, tt.want)
		}
	}
}
