package seed

import (
	"regexp"
	"strings"
	"testing"
)

// countToken finds what reads as a count in a title: 10M, 500k, 1 GiB,
// 32 MiB.
var countToken = regexp.MustCompile(`\b\d+(k|M| [KMG]iB)\b`)

// TestTitlesStateTheRunsCounts checks that every table's title, at every
// size, states the counts of that size and no other (a run at the default
// size must not carry the full size's "10M integers" or "1 GiB"), and that
// every placeholder of a title or a goal is known.
func TestTitlesStateTheRunsCounts(t *testing.T) {
	for _, s := range []*sizes{&fullSize, &defaultSize, &tinySize} {
		have := map[string]bool{}
		for _, n := range []int{s.Ints, s.Doubles, s.Hello, s.Emoji, s.Records, s.Chain, s.Msgs64, s.Msgs1K} {
			have[count(n)] = true
		}
		for _, n := range []int64{s.SHA, s.Large, int64(s.Mixed), int64(s.Gzip), int64(s.Small) << 10} {
			have[mib(n)] = true
		}
		for _, tb := range tables() {
			title, goal := s.expand(tb.title), s.expand(tb.goal)
			if strings.ContainsAny(title, "{}") || strings.Contains(goal, "{") {
				t.Errorf("%s size, table %s: a placeholder is left: %q / %q", s.name, tb.id, title, goal)
			}
			for _, tok := range countToken.FindAllString(title, -1) {
				if !have[tok] {
					t.Errorf("%s size, table %s: title %q says %s, which is none of this size's counts", s.name, tb.id, title, tok)
				}
			}
		}
	}
	// The titles that state a count change with the size.
	changed := 0
	for _, tb := range tables() {
		if countToken.MatchString(fullSize.expand(tb.title)) {
			changed++
			if fullSize.expand(tb.title) == tinySize.expand(tb.title) {
				t.Errorf("table %s: title %q is the same at the full and the tiny size", tb.id, tb.title)
			}
		}
	}
	if changed < 4 {
		t.Errorf("only %d titles state a count; the integer, double, line and SHA tables do", changed)
	}
	if got, want := defaultSize.expand("I/O {ints} integers, {sha}"), "I/O 1M integers, 32 MiB"; got != want {
		t.Errorf("expand = %q, want %q", got, want)
	}
}
