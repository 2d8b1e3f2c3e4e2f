package seed

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/fastio-go/fastio/bench/seed/internal/scen"
)

// recordFormat is the fingerprint of an encoded record file: its values,
// decoded by the format's own decoder.
func recordFormat(format string) fingerFunc {
	return func(_ *env, out string, _ []byte) (string, error) { return scen.RecordFile(format, out) }
}

// hexRun finds a digest in what a tool printed (sha256sum: "HEX  FILE",
// openssl: "SHA2-256(FILE)= HEX").
var hexRun = regexp.MustCompile(`[0-9a-f]{40,128}`)

func printedDigest(_ *env, _ string, stdout []byte) (string, error) {
	if m := hexRun.Find(stdout); m != nil {
		return string(m), nil
	}
	return "", fmt.Errorf("no digest in %q", stdout)
}

// gunzipped is the fingerprint of a gzip output: the text it inflates to.
func gunzipped(_ *env, out string, _ []byte) (string, error) { return scen.Gunzip(out) }

func moreTables() []table {
	records := func(s *sizes) int { return s.Records }
	recIn := map[string]string{"record": "records.rec", "binary": "records.rec", "text": "records.txt", "proto": "records.pb"}
	decode := func(format string) func(*env, string) []string {
		return func(e *env, _ string) []string { return []string{format, e.path(recIn[format])} }
	}
	wantRecords := func(e *env) (string, error) { return scen.WantRecords(e.size.Records), nil }
	perRecord := func(e *env) (float64, string) { return float64(e.size.Records) / 1e6, "M records/s" }

	large := func(e *env) string { return e.path("large.bin") }
	readArgs := func(size int) func(*env, string) []string {
		return func(e *env, _ string) []string { return []string{strconv.Itoa(size), large(e)} }
	}
	readMethods := func(size int) []method {
		return []method{
			{name: "fastio device.InFile.Read", kind: kindFastio, child: "read.infile", args: readArgs(size), comment: "1 MiB buffer: reads of at least its size go straight to the caller's slice"},
			{name: "fastio core.Reader.Read", kind: kindFastio, child: "read.core", args: readArgs(size), comment: defaultBuffer + " over *os.File"},
			{name: "os.File.Read", kind: kindGo, child: "read.os", args: readArgs(size), comment: "one read(2) per call"},
			{name: "bufio.Reader.Read", kind: kindGo, child: "read.bufio", args: readArgs(size), comment: "4 KiB buffer"},
			{name: "C read(2)", kind: kindC, cpeer: "rawread", args: readArgs(size), comment: "a floor: read(2) into one buffer, no pass over the bytes"},
		}
	}
	largeWork := func(e *env) (float64, string) { return float64(e.size.Large) / 1e6, "MB/s" }
	wantLarge := func(e *env) (string, error) { return scen.WantLarge(large(e)) }

	var out []table
	out = append(out,
		table{
			id: "records", title: "Record codec: encode and decode",
			goal: "Encode N records of the record codec's example (uid, gid, mode, a name, a timestamp, a 5-byte blob) to a file, then decode the file back, " +
				"with the record codec, with encoding/binary by hand (the same bytes), as text lines (strconv) and as protobuf (protowire by hand).",
			counts: func(s *sizes) string { return count(s.Records) + " records" },
			notes:  []string{"Every encoding is decoded back by its own decoder and must give the generated values; the comment gives each format's bytes per record."},
			prepare: func(e *env) error {
				for _, f := range []string{"record", "text", "proto"} {
					if _, err := e.once(recIn[f], func(p string) error { return scen.WriteRecords(f, p, e.size.Records) }); err != nil {
						return err
					}
				}
				return nil
			},
			columns: []column{
				{name: "Encode", want: wantRecords, work: perRecord, methods: []method{
					{name: "fastio record.Builder", kind: kindFastio, child: "rec.encode.builder", args: countArgs(records), finger: recordFormat("record"), comment: "Writer.Start/Finish onto a device.OutFile; decode: record.Reader + Decoder"},
					{name: "fastio record.Writer", kind: kindFastio, child: "rec.encode.writer", args: countArgs(records), finger: recordFormat("record"), comment: "Uint/Blob/EndRecord"},
					{name: "encoding/binary by hand", kind: kindGo, child: "rec.encode", args: countArgs(records, "binary"), finger: recordFormat("binary"), comment: "the same bytes; bufio"},
					{name: "text lines (strconv)", kind: kindGo, child: "rec.encode", args: countArgs(records, "text"), finger: recordFormat("text"), comment: "space-separated fields; bufio"},
					{name: "protobuf (protowire)", kind: kindGo, child: "rec.encode", args: countArgs(records, "proto"), finger: recordFormat("proto"), comment: "by hand, length-delimited; bufio"},
				}},
				{name: "Decode", want: wantRecords, work: perRecord, finger: printed, methods: []method{
					{name: "fastio record.Builder", kind: kindFastio, child: "rec.decode", args: decode("record")},
					{name: "encoding/binary by hand", kind: kindGo, child: "rec.decode", args: decode("binary")},
					{name: "text lines (strconv)", kind: kindGo, child: "rec.decode", args: decode("text")},
					{name: "protobuf (protowire)", kind: kindGo, child: "rec.decode", args: decode("proto")},
				}},
			},
		},
		table{
			id: "read", title: "Large reads through the buffer",
			goal:   "Read a file to the end in calls of 1 MiB (at least the buffer's size: fastio's reader hands them to the device, no copy) and of 4 KiB (served from the buffer).",
			counts: func(s *sizes) string { return mib(s.Large) + " file" },
			notes:  []string{"The check round verifies the byte count and an FNV-1a of the bytes; timed rounds only count."},
			prepare: func(e *env) error {
				_, err := e.once("large.bin", func(p string) error { return scen.WriteLargeFile(p, e.size.Large) })
				return err
			},
			columns: []column{
				{name: "1 MiB reads", finger: printed, want: wantLarge, work: largeWork, methods: readMethods(1 << 20)},
				{name: "4 KiB reads", finger: printed, want: wantLarge, work: largeWork, methods: readMethods(4 << 10)},
			},
		},
	)
	for _, alg := range []struct{ id, name, n, tool, ossl string }{
		{"sha1", "SHA-1", "1", "sha1sum", "-sha1"},
		{"sha256", "SHA-256", "256", "sha256sum", "-sha256"},
		{"sha512", "SHA-512", "512", "sha512sum", "-sha512"},
	} {
		alg := alg
		file := func(e *env) string { return e.path("sha.bin") }
		fileArgs := func(e *env, _ string) []string { return []string{alg.n, file(e)} }
		msgs := func(n int, count func(*sizes) int) column {
			return column{
				name: fmt.Sprintf("%s messages", map[int]string{64: "64 B", 1024: "1 KiB"}[n]), finger: printed,
				want: func(e *env) (string, error) { return scen.WantMessages(alg.n, n, count(e.size)) },
				work: func(e *env) (float64, string) { return float64(count(e.size)) / 1e6, "M msgs/s" },
				methods: []method{
					{name: "fastio crypto.SumFile / Sum", kind: kindFastio, child: "sha.msgs.fastio", args: func(e *env, _ string) []string {
						return []string{alg.n, strconv.Itoa(n), strconv.Itoa(count(e.size))}
					}},
					{name: "crypto/" + map[string]string{"1": "sha1", "256": "sha256", "512": "sha512"}[alg.n], kind: kindGo, child: "sha.msgs.std", args: func(e *env, _ string) []string {
						return []string{alg.n, strconv.Itoa(n), strconv.Itoa(count(e.size))}
					}},
					{name: "OpenSSL", kind: kindC, cpeer: "sha", args: func(e *env, _ string) []string {
						return []string{alg.n, strconv.Itoa(n), strconv.Itoa(count(e.size))}
					}},
				},
			}
		}
		stdName := "crypto/" + map[string]string{"1": "sha1", "256": "sha256", "512": "sha512"}[alg.n]
		out = append(out, table{
			id: alg.id, title: alg.name + " of {sha} and of short messages",
			goal: fmt.Sprintf("Hash a file (on tmpfs) with %s, and hash many 64-byte and 1 KiB messages one by one, folding the digests.", alg.name),
			counts: func(s *sizes) string {
				return fmt.Sprintf("%s file; %s messages of 64 B, %s of 1 KiB", mib(s.SHA), count(s.Msgs64), count(s.Msgs1K))
			},
			prepare: func(e *env) error {
				_, err := e.once("sha.bin", func(p string) error { return scen.WriteLargeFile(p, e.size.SHA) })
				return err
			},
			columns: []column{
				{name: "file", finger: printedDigest, want: func(e *env) (string, error) { return scen.WantFileDigest(alg.n, file(e)) },
					work: func(e *env) (float64, string) { return float64(e.size.SHA) / 1e6, "MB/s" },
					methods: []method{
						{name: "fastio crypto.SumFile / Sum", kind: kindFastio, child: "sha.file.fastio", args: fileArgs, comment: "SumFile reads the file in 64 KiB blocks; Sum1/256/512 for messages"},
						{name: "fastio Hasher + io.Copy", kind: kindFastio, child: "sha.file.hasher", args: fileArgs, comment: "the Hasher as an io.Writer (ReadFrom)"},
						{name: stdName, kind: kindGo, child: "sha.file.std", args: fileArgs, comment: "io.Copy into hash.Hash; Sum for messages"},
						{name: alg.tool, kind: kindCLI, tool: alg.tool, args: func(e *env, _ string) []string { return []string{file(e)} }, comment: "GNU coreutils"},
						{name: "fastio sum command", kind: kindCmd, args: func(e *env, _ string) []string {
							return []string{"sum", "-a", "sha" + alg.n, file(e)}
						}, comment: alg.tool + "'s output"},
						{name: "OpenSSL", kind: kindCLI, tool: "openssl", args: func(e *env, _ string) []string { return []string{"dgst", alg.ossl, file(e)} }, comment: "openssl dgst on the file; our C program calling libcrypto SHA1()/SHA256()/SHA512() on messages"},
					}},
				msgs(64, func(s *sizes) int { return s.Msgs64 }),
				msgs(1024, func(s *sizes) int { return s.Msgs1K }),
			},
		})
	}
	out = append(out, gzipTables()...)
	chain := func(s *sizes) int { return s.Chain }
	out = append(out, table{
		id: "chain", title: "The chain: print → gzip → file → inflate → scan",
		goal:   "Print the integers 0 to N-1, one a line, into a gzip stream (level 1) into a file; then inflate the file and scan the integers back, summing them.",
		counts: func(s *sizes) string { return count(s.Chain) + " integers" },
		prepare: func(e *env) error {
			txt, err := e.once("chain.txt", func(p string) error { return scen.WriteIntsFile(p, e.size.Chain) })
			if err != nil {
				return err
			}
			_, err = e.once("chain.gz", func(p string) error { return scen.GzipFile(txt, p, 1) })
			return err
		},
		columns: []column{
			{name: "print → gzip → file", finger: gunzipped, want: func(e *env) (string, error) { return scen.DigestFile(e.path("chain.txt")) },
				work: func(e *env) (float64, string) { return float64(e.size.Chain) / 1e6, "M/s" },
				methods: []method{
					{name: "fastio format + compress + device", kind: kindFastio, child: "chain.write.fastio", args: countArgs(chain), comment: "format.IntLn into compress.Writer over device.OutFile; compress.Reader under format.Scanner"},
					{name: "bufio + strconv + compress/gzip", kind: kindGo, child: "chain.write.go", args: countArgs(chain, "std"), comment: "bufio.Writer over gzip.Writer over bufio; bufio.Scanner over gzip.Reader"},
					{name: "bufio + strconv + klauspost gzip", kind: kindGo, child: "chain.write.go", args: countArgs(chain, "klauspost")},
				}},
			{name: "file → inflate → scan", finger: printed, want: func(e *env) (string, error) { return scen.WantInts(e.size.Chain), nil },
				work: func(e *env) (float64, string) { return float64(e.size.Chain) / 1e6, "M/s" },
				methods: []method{
					{name: "fastio format + compress + device", kind: kindFastio, child: "chain.read.fastio", args: inArgs("chain.gz")},
					{name: "bufio + strconv + compress/gzip", kind: kindGo, child: "chain.read.go", args: inArgs("chain.gz", "std")},
					{name: "bufio + strconv + klauspost gzip", kind: kindGo, child: "chain.read.go", args: inArgs("chain.gz", "klauspost")},
				}},
		},
	})
	return out
}
