package cli

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestCommandTree: every command documents itself, as the documentation
// generator needs.
func TestCommandTree(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Short == "" || c.Long == "" || c.Example == "" {
			t.Errorf("%s: Short, Long and Example are all needed", c.CommandPath())
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(NewRootCommand())
}

func TestArgs(t *testing.T) {
	tests := []struct {
		argv []string
		want []string
	}{
		{[]string{"/usr/bin/fastio", "sum", "x"}, []string{"sum", "x"}},
		{[]string{"/home/u/bin/sha256sum", "-c", "S"}, []string{"sum", "-a", "sha256", "-c", "S"}},
		{[]string{"sha1sum"}, []string{"sum", "-a", "sha1"}},
		{[]string{"zcat", "a.gz"}, []string{"gzip", "-dc", "a.gz"}},
		{[]string{"gunzip", "-k", "a.gz"}, []string{"gzip", "-d", "-k", "a.gz"}},
		{nil, nil},
	}
	for _, tc := range tests {
		if got := Args(tc.argv); !slices.Equal(got, tc.want) {
			t.Errorf("Args(%q) = %q, want %q", tc.argv, got, tc.want)
		}
	}
}

// TestGzipClusters: gzip-style short-flag clusters parse.
func TestGzipClusters(t *testing.T) {
	tests := []struct {
		args  []string
		check func(o *gzipOptions) bool
	}{
		{[]string{"-dc"}, func(o *gzipOptions) bool { return o.decompress && o.stdout }},
		{[]string{"-9c"}, func(o *gzipOptions) bool { return o.level == 9 && o.stdout }},
		{[]string{"-kf1"}, func(o *gzipOptions) bool { return o.keep && o.force && o.level == 1 }},
		{[]string{"-tq"}, func(o *gzipOptions) bool { return o.test && o.quiet }},
		{[]string{"-p", "3"}, func(o *gzipOptions) bool { return o.procs == 3 }},
		{[]string{"-p3"}, func(o *gzipOptions) bool { return o.procs == 3 }},
		{[]string{"--best", "--stdout"}, func(o *gzipOptions) bool { return o.level == 9 && o.stdout }},
		{[]string{"-lv"}, func(o *gzipOptions) bool { return o.list && o.verbose }},
		{[]string{"-dN"}, func(o *gzipOptions) bool { return o.decompress && o.name && !o.noName }},
		{[]string{"-Nn"}, func(o *gzipOptions) bool { return !o.name && o.noName }},
		{[]string{"-qv"}, func(o *gzipOptions) bool { return o.verbose && !o.quiet }},
		{[]string{"-v", "--silent"}, func(o *gzipOptions) bool { return !o.verbose && o.quiet }},
		{[]string{"-rvk"}, func(o *gzipOptions) bool { return o.recursive && o.verbose && o.keep }},
		{[]string{"-n9"}, func(o *gzipOptions) bool { return o.noName && o.level == 9 }},
		// The last level given wins, as in gzip.
		{[]string{"-9", "-1"}, func(o *gzipOptions) bool { return o.level == 1 }},
		{[]string{"--best", "--fast"}, func(o *gzipOptions) bool { return o.level == 1 }},
		{[]string{"-1", "--best"}, func(o *gzipOptions) bool { return o.level == 9 }},
		{[]string{"-91"}, func(o *gzipOptions) bool { return o.level == 1 }},
		{nil, func(o *gzipOptions) bool { return o.level == 6 }},
		{[]string{"--rsyncable", "-a", "--synchronous"}, func(o *gzipOptions) bool { return o.level == 6 }},
		{[]string{"--list", "--name", "--recursive", "--verbose", "--no-name"}, func(o *gzipOptions) bool {
			return o.list && !o.name && o.recursive && o.verbose && o.noName
		}},
	}
	for _, tc := range tests {
		var got *gzipOptions
		c := newGzipCommand(formatGzip)
		c.RunE = func(c *cobra.Command, args []string) error { return nil }
		c.SetArgs(tc.args)
		// Capture the options through the flag values.
		if err := c.Execute(); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		got = optionsOf(c)
		if !tc.check(got) {
			t.Errorf("%q parsed as %+v", tc.args, *got)
		}
	}
}

// optionsOf reads the gzip options back from the parsed flags.
func optionsOf(c *cobra.Command) *gzipOptions {
	f := c.Flags()
	o := &gzipOptions{}
	o.decompress, _ = f.GetBool("decompress")
	o.stdout, _ = f.GetBool("stdout")
	o.keep, _ = f.GetBool("keep")
	o.force, _ = f.GetBool("force")
	o.test, _ = f.GetBool("test")
	o.quiet = f.Lookup("quiet").Value.String() == "true"
	o.procs, _ = f.GetInt("processes")
	o.list, _ = f.GetBool("list")
	o.verbose = f.Lookup("verbose").Value.String() == "true"
	o.name = f.Lookup("name").Value.String() == "true"
	o.noName = f.Lookup("no-name").Value.String() == "true"
	o.recursive, _ = f.GetBool("recursive")
	for l := 1; l <= 9; l++ {
		if f.Lookup("level-"+string(rune('0'+l))).Value.String() == "true" {
			o.level = l
		}
	}
	return o
}

// TestVersionFlag: --version prints the module version in one line.
func TestVersionFlag(t *testing.T) {
	for _, arg := range []string{"--version", "-v"} {
		var out, errb strings.Builder
		code := Run([]string{arg}, strings.NewReader(""), &out, &errb)
		if code != 0 || out.String() != "fastio "+Version()+"\n" || errb.Len() != 0 {
			t.Errorf("fastio %s: exit %d, stdout %q, stderr %q; want 0, %q", arg, code, out.String(), errb.String(), "fastio "+Version()+"\n")
		}
	}
	if Version() == "" {
		t.Error("Version() is empty")
	}
}
