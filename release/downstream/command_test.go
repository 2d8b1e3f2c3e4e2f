package downstream

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fastio-go/fastio/release/internal/modproxy"
	"github.com/fastio-go/fastio/release/internal/peertest"
	"github.com/fastio-go/fastio/release/internal/snapshot"
	"github.com/fastio-go/fastio/release/internal/workspace"
)

// goInstallRE matches a README's `go install path@version …` line of fastio
// commands.
var goInstallRE = regexp.MustCompile(`^go install( ` + regexp.QuoteMeta(workspace.Prefix) + `[a-z0-9/-]+@\S+)+$`)

// readmeGoInstalls returns the `go install <fastio command>@<version>` lines
// of the code blocks of a README.
func readmeGoInstalls(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	block := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			block = !block
			continue
		}
		cmd, _, _ := strings.Cut(line, "#")
		cmd = strings.TrimSpace(cmd)
		if block && strings.HasPrefix(cmd, "go install "+workspace.Prefix) {
			if !goInstallRE.MatchString(cmd) {
				t.Fatalf("%s: %q is not `go install %s<command>@<version>`", name, line, workspace.Prefix)
			}
			lines = append(lines, cmd)
		}
	}
	return lines
}

// TestDownstreamCommand installs the fastio command as a user does, with
// the READMEs' `go install …/cmd/fastio@…` line, from a proxy holding the
// working tree as a release: every module with a command is published
// without its sibling replace directives, as the release commit tags it
// (go install path@version refuses a go.mod with any). It then runs the
// installed binary.
func TestDownstreamCommand(t *testing.T) {
	peertest.Peer(t, "sha256sum", "coreutils")
	ws := loadWorkspace(t)
	version := releaseVersion(t, ws)
	cmdMod := ws.Module(workspace.Prefix + "cmd")
	if cmdMod == nil {
		t.Fatal("go.work does not use cmd")
	}
	const command = workspace.Prefix + "cmd/fastio"
	var lines []string
	for _, readme := range []string{filepath.Join(ws.Root, "README.md"), filepath.Join(cmdMod.Dir, "README.md")} {
		found := readmeGoInstalls(t, readme)
		if !slices.ContainsFunc(found, func(l string) bool { return strings.Contains(l, " "+command+"@") }) {
			t.Errorf("%s has no `go install %s@…` line in a code block", readme, command)
		}
		for _, l := range found {
			if !slices.Contains(lines, l) {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) == 0 {
		t.FailNow()
	}

	// The release form of each go.mod with a command.
	goMod, err := snapshot.ReleaseGoMods(ws.Closure(cmdMod))
	if err != nil {
		t.Fatal(err)
	}
	if goMod["cmd"] == nil {
		t.Fatal("cmd/go.mod has no sibling replace directive to drop: the test would not show that the release form installs")
	}

	tmp := t.TempDir()
	proxyDir := filepath.Join(tmp, "proxy")
	publish(t, ws, version, proxyDir, goMod)
	proxy := modproxy.URL(proxyDir) + "," + modproxy.URL(thirdPartyProxy(t, ws.Closure(cmdMod)))
	bin := filepath.Join(tmp, "bin")
	// go install path@version checks every module against the checksum
	// database (the installed module's go.sum does not serve it): offline,
	// the check is off; the third-party modules come from the local module
	// cache, which the database verified when they were downloaded. GOFLAGS
	// is a user's: without goEnv's -mod=mod, which go install does not need
	// (the release commit's go.sum has no lines for the fastio versions).
	env := append(goEnv(t, proxy, filepath.Join(tmp, "modcache")), "GOBIN="+bin, "GOSUMDB=off", "GOFLAGS=-modcacherw -trimpath")
	user := filepath.Join(tmp, "home")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}

	// The go.mod of the working tree, replace directives and all, is what
	// go install refuses: the reason for the release form.
	t.Run("with-replaces-refused", func(t *testing.T) {
		rawDir := filepath.Join(tmp, "proxy-raw")
		publish(t, ws, version, rawDir, nil)
		rawEnv := append(goEnv(t, modproxy.URL(rawDir)+","+modproxy.URL(thirdPartyProxy(t, nil)), filepath.Join(tmp, "modcache-raw")), "GOBIN="+filepath.Join(tmp, "bin-raw"))
		out, err := run(user, rawEnv, "go", "install", command+"@"+version)
		if err == nil || !strings.Contains(out, "replace directives") {
			t.Errorf("go install from a go.mod with replace directives: err %v, output\n%s\nwant a refusal naming replace directives", err, out)
		}
	})

	for _, l := range lines {
		args := strings.Fields(l)
		if out, err := run(user, env, args[0], args[1:]...); err != nil {
			t.Fatalf("%s: %v\n%s", l, err, out)
		}
	}
	fastio := filepath.Join(bin, "fastio")

	out, err := run(user, env, fastio, "--version")
	if err != nil || out != "fastio "+version+"\n" {
		t.Errorf("fastio --version: %v, printed %q, want %q", err, out, "fastio "+version+"\n")
	}

	data := bytes.Repeat([]byte("downstream install of the fastio command\n"), 1000)
	file := filepath.Join(user, "data.txt")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:]) + "  data.txt\n"
	peer, err := run(user, env, "sha256sum", "data.txt")
	if err != nil || peer != want {
		t.Fatalf("sha256sum data.txt: %v, %q; want %q", err, peer, want)
	}
	if out, err := run(user, env, fastio, "sum", "data.txt"); err != nil || out != peer {
		t.Errorf("fastio sum data.txt: %v, printed %q; sha256sum printed %q", err, out, peer)
	}
	if out, err := run(user, env, "go", "version", "-m", fastio); err != nil || !strings.Contains(out, "\tmod\t"+command[:len(command)-len("/fastio")]+"\t"+version) {
		t.Errorf("go version -m: %v; the binary's build info lacks module cmd %s:\n%s", err, version, out)
	}
}
