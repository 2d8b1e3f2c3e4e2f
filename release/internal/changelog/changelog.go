// Package changelog inserts a release's section into CHANGELOG.md.
package changelog

import (
	"fmt"
	"strings"
)

// Entry is one module's part of a release section.
type Entry struct {
	Module   string   // folder name, e.g. "core"
	Previous string   // previous tag, "" for a first release
	Summary  string   // one line: first release, or the compatibility verdict
	Breaking []string // incompatible API changes
	Commits  []string // "hash subject" lines since Previous
}

// Section renders the CHANGELOG.md section of version, dated date.
func Section(version, date string, entries []Entry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (%s)\n", version, date)
	for _, e := range entries {
		fmt.Fprintf(&b, "\n### %s\n\n%s\n", e.Module, e.Summary)
		if len(e.Breaking) > 0 {
			b.WriteString("\nIncompatible API changes:\n\n")
			for _, c := range e.Breaking {
				fmt.Fprintf(&b, "- %s\n", c)
			}
		}
		if len(e.Commits) > 0 {
			fmt.Fprintf(&b, "\nChanges since %s:\n\n", e.Previous)
			for _, c := range e.Commits {
				fmt.Fprintf(&b, "- %s\n", c)
			}
		}
	}
	return b.String()
}

// Unreleased is the heading of the section that collects notes for the next
// release by hand; Insert moves its text into the release's section.
const Unreleased = "## Unreleased"

// Insert returns doc with section placed before the newest release section
// (the first "## " heading), or replacing the section of the same version if
// doc has one already. doc's text before the first heading stays first. The
// text of an "## Unreleased" section moves to just below the new section's
// heading, and the Unreleased section goes. A section of the same version
// keeps its notes (its text before the first "### " heading, written by
// hand or moved from Unreleased by an earlier run) below the new heading;
// its module parts are replaced.
func Insert(doc, version, section string) string {
	if !strings.HasSuffix(section, "\n") {
		section += "\n"
	}
	if notes, rest, ok := cutUnreleased(doc); ok {
		doc = rest
		if notes != "" {
			head, body, _ := strings.Cut(section, "\n")
			section = head + "\n\n" + notes + body
		}
	}
	lines := strings.SplitAfter(doc, "\n")
	first, start, end := -1, -1, -1
	for i, l := range lines {
		if !strings.HasPrefix(l, "## ") {
			continue
		}
		if first < 0 {
			first = i
		}
		if start >= 0 && end < 0 {
			end = i
		}
		if f := strings.Fields(l); len(f) > 1 && f[1] == version && start < 0 {
			start = i
		}
	}
	join := func(parts ...[]string) string {
		var b strings.Builder
		for _, p := range parts {
			for _, l := range p {
				b.WriteString(l)
			}
		}
		return b.String()
	}
	switch {
	case start >= 0:
		if end < 0 {
			end = len(lines)
		}
		notes := start + 1
		for notes < end && !strings.HasPrefix(lines[notes], "### ") {
			notes++
		}
		if kept := strings.TrimSpace(join(lines[start+1 : notes])); kept != "" && !strings.Contains(section, kept) {
			head, body, _ := strings.Cut(section, "\n")
			section = head + "\n\n" + kept + "\n" + body
		}
		tail := join(lines[end:])
		if tail != "" {
			section += "\n"
		}
		return join(lines[:start]) + section + tail
	case first >= 0:
		return join(lines[:first]) + section + "\n" + join(lines[first:])
	default:
		head := doc
		if head != "" && !strings.HasSuffix(head, "\n\n") {
			head = strings.TrimRight(head, "\n") + "\n\n"
		}
		return head + section
	}
}

// Of returns the section of version in doc, from its "## " heading to the
// next one, or "" when doc has none.
func Of(doc, version string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.SplitAfter(doc, "\n") {
		if strings.HasPrefix(l, "## ") {
			if in {
				break
			}
			f := strings.Fields(l)
			in = len(f) > 1 && f[1] == version
		}
		if in {
			b.WriteString(l)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// cutUnreleased removes the Unreleased section from doc and returns its
// text, trimmed.
func cutUnreleased(doc string) (notes, rest string, ok bool) {
	lines := strings.SplitAfter(doc, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimRight(l, "\n") == Unreleased {
			start = i
			break
		}
	}
	if start < 0 {
		return "", doc, false
	}
	end := len(lines)
	for i := start + 1; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "## ") {
			end = i
			break
		}
	}
	notes = strings.TrimSpace(strings.Join(lines[start+1:end], ""))
	if notes != "" {
		notes += "\n"
	}
	return notes, strings.Join(lines[:start], "") + strings.Join(lines[end:], ""), true
}
