package cli

import (
	"slices"
	"strings"
	"testing"
)

func TestGzipEnvArgs(t *testing.T) {
	tests := []struct {
		env     string
		args    []string // nil: refused
		message string   // the first line on stderr
	}{
		{"-q", []string{"-q"}, ""},
		{"-9 -n", []string{"-9", "-n"}, "gzip: warning: GZIP environment variable is deprecated; use an alias or script"},
		{"  --best\t--no-name ", []string{"-9", "-n"}, "gzip: warning: GZIP environment variable is deprecated; use an alias or script"},
		{"-qv", []string{"-q", "-v"}, "gzip: warning: GZIP environment variable is deprecated; use an alias or script"},
		{"-vq", []string{"-v", "-q"}, ""},
		{"--rsyncable -q", []string{"--rsyncable", "-q"}, ""},
		{"--verb -q", []string{"-v", "-q"}, ""},
		{"--silent", []string{"-q"}, ""},
		{"--", nil, "gzip: --: option not valid in GZIP environment variable"},
		{"-c", nil, "gzip: -c: option not valid in GZIP environment variable"},
		{"-qc", nil, "gzip: -c: option not valid in GZIP environment variable"},
		{"--stdout", nil, "gzip: --stdout: option not valid in GZIP environment variable"},
		{"--dec", nil, "gzip: --decompress: option not valid in GZIP environment variable"},
		{"-Sxxx", nil, "gzip: -S: option not valid in GZIP environment variable"},
		{"--suffix=x", nil, "gzip: --suffix: option not valid in GZIP environment variable"},
		{"--suffix x", nil, "gzip: --suffix: option not valid in GZIP environment variable"},
		{"--suffix", nil, "gzip: option '--suffix' requires an argument"},
		{"-S", nil, "gzip: option requires an argument -- 'S'"},
		{"--best=1", nil, "gzip: option '--best' doesn't allow an argument"},
		{"-x", nil, "gzip: invalid option -- 'x'"},
		{"--bogus", nil, "gzip: unrecognized option '--bogus'"},
		{"--s", nil, "gzip: option '--s' is ambiguous"},
		{"file", nil, "gzip: file: non-option in GZIP environment variable"},
		{"-q file", nil, "gzip: file: non-option in GZIP environment variable"},
		{"file -c", nil, "gzip: -c: option not valid in GZIP environment variable"},
	}
	for _, tc := range tests {
		var stderr strings.Builder
		args, ok := gzipEnvArgs("gzip", tc.env, &stderr)
		first, _, _ := strings.Cut(stderr.String(), "\n")
		if ok != (tc.args != nil) || !slices.Equal(args, tc.args) || first != tc.message {
			t.Errorf("GZIP=%q: %q, %v, %q; want %q, %q", tc.env, args, ok, stderr.String(), tc.args, tc.message)
		}
		if !ok && !strings.HasSuffix(stderr.String(), "Try `gzip --help' for more information.\n") {
			t.Errorf("GZIP=%q: no hint to --help: %q", tc.env, stderr.String())
		}
	}
}

// FuzzGzipEnvArgs: any GZIP value is taken or refused with a message,
// and what is taken is only options gzip takes there.
func FuzzGzipEnvArgs(f *testing.F) {
	for _, s := range []string{"-q", "-9 --best", "--suffix x", "--", "-Sx", "--s", "a -q", "-=", "--=", "---", "-\t-"} {
		f.Add(s)
	}
	allowed := []string{"-n", "-N", "-q", "-v", "--rsyncable", "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9"}
	f.Fuzz(func(t *testing.T, env string) {
		var stderr strings.Builder
		args, ok := gzipEnvArgs("gzip", env, &stderr)
		if !ok && (args != nil || !strings.HasPrefix(stderr.String(), "gzip: ")) {
			t.Fatalf("GZIP=%q refused with %q, %q", env, args, stderr.String())
		}
		for _, a := range args {
			if !slices.Contains(allowed, a) {
				t.Fatalf("GZIP=%q gives %q", env, a)
			}
		}
	})
}

func TestExpandLong(t *testing.T) {
	tests := []struct {
		in, want string
		all      []string
	}{
		{"decompress", "decompress", nil},
		{"dec", "decompress", nil},
		{"std", "stdout", nil},
		{"to", "to-stdout", nil},
		{"suf=.x", "suffix=.x", nil},
		{"verb", "verbose", nil},
		{"li", "li", []string{"list", "license"}},
		{"n", "n", []string{"no-name", "name"}},
		{"-presume-input-tty", "presume-input-tty", nil},
		{"-pres", "presume-input-tty", nil},
		{"rsync", "rsyncable", nil},
		{"proc=2", "processes=2", nil},
		{"bogus", "bogus", nil},
		{"", "", nil},
		{"=x", "=x", nil},
	}
	for _, tc := range tests {
		if got, all := expandLong(tc.in); got != tc.want || !slices.Equal(all, tc.all) {
			t.Errorf("expandLong(%q) = %q, %q; want %q, %q", tc.in, got, all, tc.want, tc.all)
		}
	}
}
