//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// TestGzipIndependentByGzip compresses with -i through the command and
// has GNU gzip -d, and the command's own -d -p 2 from a file, give the
// input back.
func TestGzipIndependentByGzip(t *testing.T) {
	needPeers(t, "gzip")
	for _, name := range gzipInputs {
		for _, args := range [][]string{{"-i"}, {"-i", "-p", "2", "-9"}, {"-i", "-1"}} {
			t.Run(name+"/"+args[len(args)-1], func(t *testing.T) {
				want := readFile(t, filepath.Join(dataDir, name))
				ours := run(t, dataDir, nil, fastio, append(append([]string{"gzip"}, args...), "-c", name)...)
				if ours.code != 0 {
					t.Fatalf("exit %d: %s", ours.code, ours.stderr)
				}
				back := run(t, dataDir, ours.stdout, "gzip", "-d")
				if back.code != 0 || !bytes.Equal(back.stdout, want) || len(back.stderr) > 0 {
					t.Errorf("gzip -d of -i output: exit %d %s", back.code, back.stderr)
				}
				gz := filepath.Join(t.TempDir(), name+".gz")
				if err := os.WriteFile(gz, ours.stdout, 0o644); err != nil {
					t.Fatal(err)
				}
				self := run(t, dataDir, nil, fastio, "gzip", "-d", "-p", "2", "-c", gz)
				if self.code != 0 || !bytes.Equal(self.stdout, want) {
					t.Errorf("fastio gzip -d -p 2 of -i output: exit %d %s", self.code, self.stderr)
				}
			})
		}
	}
}

// TestGzipBGZF decompresses a file bgzip wrote (members that record
// their length in the subfield BC) with -d -p 2 and -d, as gzip -d does.
func TestGzipBGZF(t *testing.T) {
	needPeers(t, "gzip")
	bgzip := coretest.Peer(t, "bgzip", "tabix")
	for _, name := range []string{"mixed.txt", "random.bin", "empty"} {
		t.Run(name, func(t *testing.T) {
			bgz := run(t, dataDir, nil, bgzip, "-c", name)
			if bgz.code != 0 {
				t.Fatalf("bgzip -c: exit %d %s", bgz.code, bgz.stderr)
			}
			path := filepath.Join(t.TempDir(), name+".gz")
			if err := os.WriteFile(path, bgz.stdout, 0o644); err != nil {
				t.Fatal(err)
			}
			peer := run(t, dataDir, nil, "gzip", "-dc", path)
			for _, p := range []string{"1", "2"} {
				ours := run(t, dataDir, nil, fastio, "gzip", "-dc", "-p", p, path)
				if ours.code != peer.code || !bytes.Equal(ours.stdout, peer.stdout) || len(ours.stderr) > 0 {
					t.Errorf("-p %s: exit %d, %d bytes, %s; gzip -dc: exit %d, %d bytes", p, ours.code, len(ours.stdout), ours.stderr, peer.code, len(peer.stdout))
				}
			}
		})
	}
}
