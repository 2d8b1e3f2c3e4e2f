package seed

import (
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The C and C++ references' sources, compiled by make bench (into
// bench/results/cpeers) or, without it, by the program into its
// temporary directory.
//
//go:embed cpeers/*.c cpeers/*.cc cpeers/*.h
var cpeerSources embed.FS

// The flags the references are compiled with; the Makefile uses the same.
const (
	cFlags   = "-O2"
	cxxFlags = "-O2 -std=c++17"
)

// cpeerBuilds lists each reference: its binary, source, compiler, extra
// link flags, the Debian package that provides what it builds against, and
// a header that must exist for it to be built (a library with no Debian
// package here).
var cpeerBuilds = []struct{ bin, src, cc, libs, pkg, header string }{
	{"launch", "launch.c", "gcc", "", "gcc", ""},
	{"stdio", "stdio.c", "gcc", "", "gcc", ""},
	{"table", "table.c", "gcc", "", "gcc", ""},
	{"jeaiii", "jeaiii.c", "gcc", "", "gcc", ""},
	{"rawread", "rawread.c", "gcc", "", "gcc", ""},
	{"sha", "sha.c", "gcc", "-lcrypto", "libssl-dev", ""},
	{"charconv", "charconv.cc", "g++", "", "libfast-float-dev", ""},
	{"simdutf", "simdutf.cc", "g++", "-lsimdutf", "", "/usr/include/simdutf.h"},
}

// cpeerPackage returns the Debian package whose absence leaves the
// reference bin unbuilt, or "" when it has none.
func cpeerPackage(bin string) string {
	for _, b := range cpeerBuilds {
		if b.bin == bin {
			return b.pkg
		}
	}
	return ""
}

// buildCPeers compiles the references into dir. It returns dir, or "" and
// the reason when no compiler is installed; a reference that fails to
// build (a missing library) is left out and its rows are skipped.
func buildCPeers(e *env, dir string) (string, string, error) {
	for _, cc := range []string{"gcc", "g++"} {
		if _, err := e.lookPath(cc); err != nil {
			return "", fmt.Sprintf("%s not installed (apt-get install gcc g++): no C/C++ references", cc), nil
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	ents, err := cpeerSources.ReadDir("cpeers")
	if err != nil {
		return "", "", err
	}
	for _, ent := range ents {
		b, err := cpeerSources.ReadFile("cpeers/" + ent.Name())
		if err != nil {
			return "", "", err
		}
		if err := os.WriteFile(filepath.Join(dir, ent.Name()), b, 0o644); err != nil {
			return "", "", err
		}
	}
	for _, b := range cpeerBuilds {
		if b.header != "" {
			if _, err := os.Stat(b.header); err != nil {
				continue
			}
		}
		flags := cFlags
		if b.cc == "g++" {
			flags = cxxFlags
		}
		args := append(strings.Fields(flags), "-o", filepath.Join(dir, b.bin), filepath.Join(dir, b.src))
		args = append(args, strings.Fields(b.libs)...)
		if out, err := exec.Command(b.cc, args...).CombinedOutput(); err != nil {
			fmt.Fprintf(e.stderr, "seedbench: %s %s failed, its rows are skipped: %v\n%s", b.cc, strings.Join(args, " "), err, out)
		}
	}
	return dir, "", nil
}

// readFlags reads the flags a Makefile build recorded in flags.txt
// ("CFLAGS=..." and "CXXFLAGS=..." lines).
func readFlags(dir string) (cflags, cxxflags string) {
	b, err := os.ReadFile(filepath.Join(dir, "flags.txt"))
	if err != nil {
		return "unknown (no flags.txt in " + dir + ")", ""
	}
	for l := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "CFLAGS="); ok {
			cflags = v
		}
		if v, ok := strings.CutPrefix(l, "CXXFLAGS="); ok {
			cxxflags = v
		}
	}
	return cflags, cxxflags
}
