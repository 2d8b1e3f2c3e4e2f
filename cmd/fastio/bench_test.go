//go:build linux

package main

import (
	"strings"
	"testing"
)

// TestBench runs fastio bench through its listing (the tables themselves
// take minutes: make bench) and a bad flag.
func TestBench(t *testing.T) {
	r := run(t, dataDir, nil, fastio, "bench", "-list")
	for _, want := range []string{"ints", "utf16", "fastio conv command"} {
		if !strings.Contains(string(r.stdout), want) {
			t.Errorf("bench -list lacks %q", want)
		}
	}
	if r.code != 0 {
		t.Errorf("bench -list: exit %d %s", r.code, r.stderr)
	}
	if r := run(t, dataDir, nil, fastio, "bench", "-no-such-flag"); r.code != 2 {
		t.Errorf("bench -no-such-flag: exit %d, want 2", r.code)
	}
	if r := run(t, dataDir, nil, fastio, "bench", "-h"); r.code != 0 || !strings.Contains(string(r.stderr), "-rows") {
		t.Errorf("bench -h: exit %d %q", r.code, r.stderr)
	}
}
