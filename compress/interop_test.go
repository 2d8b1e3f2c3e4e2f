package compress

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"os/exec"
	"strconv"
	"testing"

	"github.com/fastio-go/fastio/core/coretest"
)

// The peers are the C zlib, through python3's zlib module, and the gzip
// command (Debian packages python3 and gzip). A test whose peer is missing
// skips naming the package, or fails under FASTIO_REQUIRE_PEERS=1.

// pyScript serves a batch of zlib jobs in one python3 process (starting
// one per job is slow). Each job is a length-prefixed op ("c,level,wbits",
// "d,wbits" or "p,wbits": inflate without requiring the end, each with an
// optional hex dictionary) and data; each answer a status byte and a
// length-prefixed result.
const pyScript = `
import sys, zlib, struct
r, w = sys.stdin.buffer, sys.stdout.buffer
def rd():
    b = r.read(4)
    if len(b) < 4:
        return None
    return r.read(struct.unpack('<I', b)[0])
while True:
    op = rd()
    if op is None:
        break
    data = rd()
    a = op.decode().split(',')
    n = 3 if a[0] == 'c' else 2
    kw = {'zdict': bytes.fromhex(a[n])} if len(a) > n else {}
    try:
        if a[0] == 'c':
            c = zlib.compressobj(int(a[1]), zlib.DEFLATED, int(a[2]), **kw)
            out, ok = c.compress(data) + c.flush(), True
        else:
            d = zlib.decompressobj(int(a[1]), **kw)
            out = d.decompress(data)
            ok = a[0] == 'p' or (d.eof and not d.unused_data)
            if not ok:
                out = b'incomplete stream or trailing data'
    except Exception as e:
        out, ok = str(e).encode(), False
    w.write(bytes([1 if ok else 0]) + struct.pack('<I', len(out)) + out)
w.flush()
`

// pyJob is one job for pythonZlib: op and in are sent, out (or err) comes back.
type pyJob struct {
	op  string
	in  []byte
	out []byte
	err string
}

// pythonZlib runs jobs through the C zlib of python3's zlib module.
func pythonZlib(t *testing.T, jobs ...*pyJob) {
	t.Helper()
	py := coretest.Peer(t, "python3", "python3")
	var in bytes.Buffer
	for _, j := range jobs {
		for _, p := range [][]byte{[]byte(j.op), j.in} {
			in.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(p))))
			in.Write(p)
		}
	}
	cmd := exec.Command(py, "-c", pyScript)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v: %s", err, stderr.Bytes())
	}
	for _, j := range jobs {
		if len(out) < 5 {
			t.Fatalf("python3 answered %d jobs short", len(jobs))
		}
		n := int(binary.LittleEndian.Uint32(out[1:5]))
		j.out = out[5 : 5+n]
		if out[0] == 0 {
			j.err = string(j.out)
		}
		out = out[5+n:]
	}
}

// wbits selects the container in Python's zlib: 15 zlib, 31 gzip, -15 raw.
func wbits(f Format) string {
	switch f {
	case Gzip:
		return "31"
	case Deflate:
		return "-15"
	}
	return "15"
}

func interopData() map[string][]byte {
	return map[string][]byte{
		"empty":       nil,
		"text_300k":   textCorpus(300<<10, 11),
		"random_100k": randomCorpus(100<<10, 11),
	}
}

func TestInteropPythonZlib(t *testing.T) {
	coretest.Peer(t, "python3", "python3")
	type check struct {
		name  string
		job   *pyJob
		check func(t *testing.T, j *pyJob)
	}
	var checks []check
	for name, data := range interopData() {
		for _, f := range formats {
			for _, level := range []int{HuffmanOnly, BestSpeed, 6, BestCompression} {
				checks = append(checks, check{
					name: f.String() + "/" + name + "/ours_to_c/" + strconv.Itoa(level),
					job:  &pyJob{op: "d," + wbits(f), in: compressBytes(t, f, level, data)},
					check: func(t *testing.T, j *pyJob) {
						if j.err != "" || !bytes.Equal(j.out, data) {
							t.Fatalf("C zlib inflated %d bytes (%s), want %d", len(j.out), j.err, len(data))
						}
					},
				})
			}
			for _, level := range []int{1, 6, 9} {
				checks = append(checks, check{
					name: f.String() + "/" + name + "/c_to_ours/" + strconv.Itoa(level),
					job:  &pyJob{op: "c," + strconv.Itoa(level) + "," + wbits(f), in: data},
					check: func(t *testing.T, j *pyJob) {
						got, err := inflateAll(f, j.out, nil)
						if err != nil || !bytes.Equal(got, data) {
							t.Fatalf("inflated %d bytes (%v), want %d", len(got), err, len(data))
						}
					},
				})
			}
		}
	}
	dict := []byte("common prefix words that both ends know ")
	ddata := bytes.Repeat([]byte("common prefix words that both ends know, again "), 20)
	var dstream bytes.Buffer
	dw, _ := NewWriter(&dstream, Zlib, 6, &WriterOptions{Dict: dict})
	dw.Write(ddata)
	dw.Close()
	checks = append(checks,
		check{"dictionary/ours_to_c", &pyJob{op: "d,15," + hex.EncodeToString(dict), in: dstream.Bytes()},
			func(t *testing.T, j *pyJob) {
				if j.err != "" || !bytes.Equal(j.out, ddata) {
					t.Fatalf("C zlib with dictionary: %s", j.err)
				}
			}},
		check{"dictionary/c_to_ours", &pyJob{op: "c,6,15," + hex.EncodeToString(dict), in: ddata},
			func(t *testing.T, j *pyJob) {
				if got, err := inflateAll(Zlib, j.out, &ReaderOptions{Dict: dict}); err != nil || !bytes.Equal(got, ddata) {
					t.Fatalf("inflating C zlib's dictionary stream: %v", err)
				}
			}},
	)
	// C zlib must inflate everything written before a sync flush, without
	// the end of the stream.
	var fstream bytes.Buffer
	fw, _ := NewWriter(&fstream, Zlib, 6, nil)
	fw.WriteString("flushed part")
	fw.Flush()
	checks = append(checks, check{"sync_flush", &pyJob{op: "p,15", in: fstream.Bytes()},
		func(t *testing.T, j *pyJob) {
			if j.err != "" || string(j.out) != "flushed part" {
				t.Fatalf("C zlib inflated %q (%s) before the end", j.out, j.err)
			}
		}})
	// And reject our stream when corrupted, as we do.
	bad := compressBytes(t, Zlib, 6, []byte("checksum"))
	bad[len(bad)-1] ^= 1
	checks = append(checks, check{"bad_checksum", &pyJob{op: "d,15", in: bad},
		func(t *testing.T, j *pyJob) {
			if j.err == "" {
				t.Fatal("C zlib accepted a bad checksum")
			}
			if _, err := inflateAll(Zlib, bad, nil); !errors.Is(err, ErrChecksum) {
				t.Fatalf("we accept it: %v", err)
			}
		}})

	jobs := make([]*pyJob, len(checks))
	for i, c := range checks {
		jobs[i] = c.job
	}
	pythonZlib(t, jobs...)
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { c.check(t, c.job) })
	}
}

func TestInteropGzipCommand(t *testing.T) {
	gz := coretest.Peer(t, "gzip", "gzip")
	run := func(t *testing.T, in []byte, args ...string) []byte {
		t.Helper()
		cmd := exec.Command(gz, args...)
		cmd.Stdin = bytes.NewReader(in)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("gzip %v: %v: %s", args, err, stderr.Bytes())
		}
		return out
	}
	for name, data := range interopData() {
		t.Run(name+"/ours_to_gzip", func(t *testing.T) {
			var out bytes.Buffer
			w, _ := NewWriter(&out, Gzip, 6, nil)
			w.Header = Header{Name: "data.txt", Comment: "from fastio"}
			w.Write(data)
			w.Close()
			if got := run(t, out.Bytes(), "-dc"); !bytes.Equal(got, data) {
				t.Fatalf("gzip -d inflated %d bytes, want %d", len(got), len(data))
			}
			run(t, out.Bytes(), "-t")
		})
		for _, level := range []string{"-1", "-6", "-9"} {
			t.Run(name+"/gzip_to_ours"+level, func(t *testing.T) {
				stream := run(t, data, "-c", "-n", level)
				got, err := inflateAll(Gzip, stream, nil)
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("%v, %d bytes, want %d", err, len(got), len(data))
				}
			})
		}
	}
	t.Run("members", func(t *testing.T) {
		// Concatenated members, and zero padding, read as gzip -d does.
		a, b := run(t, []byte("one\n"), "-c"), compressBytes(t, Gzip, 1, []byte("two\n"))
		stream := cat(a, b, make([]byte, 16))
		want := run(t, stream, "-dc")
		got, err := inflateAll(Gzip, stream, nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("got %q (%v), gzip -d gives %q", got, err, want)
		}
	})
}
