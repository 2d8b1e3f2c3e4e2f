package flushcheck

import (
	"go/types"
	"strings"
)

// What the analyzer knows of the writers users hold and of the API around
// them: which types buffer, which calls make a new one, which wrap another
// writer and flush it in turn, and which fastio functions only write to the
// writer they are given.

const fastioPrefix = "github.com/fastio-go/fastio/"

const klauspost = "github.com/klauspost/compress/"

// writerTypes are the buffered writer types, by package path and type name.
var writerTypes = map[string]map[string]bool{
	"bufio":                       {"Writer": true},
	"compress/gzip":               {"Writer": true},
	"compress/zlib":               {"Writer": true},
	"compress/flate":              {"Writer": true},
	"encoding/csv":                {"Writer": true},
	"text/tabwriter":              {"Writer": true},
	klauspost + "gzip":            {"Writer": true},
	klauspost + "zlib":            {"Writer": true},
	klauspost + "flate":           {"Writer": true},
	klauspost + "zstd":            {"Encoder": true},
	klauspost + "s2":              {"Writer": true},
	"github.com/klauspost/pgzip":  {"Writer": true},
	fastioPrefix + "core":         {"Writer": true},
	fastioPrefix + "device":       {"OutFile": true, "IOFile": true, "Writer": true, "Locked": true},
	fastioPrefix + "unicode":      {"Writer": true},
	fastioPrefix + "compress":     {"Writer": true},
	fastioPrefix + "crypto":       {"Hasher": true},
	fastioPrefix + "codec/record": {"Writer": true},
}

// fastioLibrary reports whether path is a package of fastio's library
// modules, whose API is known: a function there that takes a writer writes
// to it (or wraps it) and does not keep the duty of flushing it.
func fastioLibrary(path string) bool {
	if !strings.HasPrefix(path, fastioPrefix) {
		return false
	}
	m := strings.TrimPrefix(path, fastioPrefix)
	if i := strings.IndexByte(m, '/'); i >= 0 {
		m = m[:i]
	}
	switch m {
	case "core", "device", "format", "codec", "unicode", "crypto", "compress":
		return !strings.Contains(path, "/internal/") && !strings.HasSuffix(path, "test")
	}
	return false
}

// fastioFinishers are the fastio functions that flush the writer they are
// given, by package path and name.
var fastioFinishers = map[string]map[string]bool{
	fastioPrefix + "device": {"Sync": true},
}

// fastioKeepers are the fastio functions whose result holds the writer they
// are given and flushes it (core.WrapWriter returns a *bufio.Writer's
// adapter, whose Flush is bufio's): the writer is handed to the result.
var fastioKeepers = map[string]map[string]bool{
	fastioPrefix + "core": {"WrapWriter": true},
}

// hashReads are the methods of a hash device that flush it by reading the
// digest.
var hashReads = map[string]bool{"Sum": true, "Digest": true, "AppendHex": true, "AppendBase64": true,
	"Verify": true, "VerifyHex": true, "VerifyTruncated": true}

// memoryDevices are destinations whose writes cannot fail.
var memoryDevices = map[string]map[string]bool{
	"bytes":   {"Buffer": true},
	"strings": {"Builder": true},
}

// writerType returns the named type behind t when t is a pointer to a
// tracked writer type (or such a type's alias).
func writerType(t types.Type) (*types.TypeName, bool) {
	if t == nil {
		return nil, false
	}
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return nil, false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, false
	}
	obj := n.Obj()
	return obj, writerTypes[obj.Pkg().Path()][obj.Name()]
}

// isHashLike reports whether tn is a hash device: it loses nothing when not
// flushed explicitly if its digest is read (Sum and friends flush), and its
// Flush reports only misuse.
func isHashLike(tn *types.TypeName) bool {
	return tn.Pkg().Path() == fastioPrefix+"crypto"
}

// isCSV reports whether tn is encoding/csv's Writer, whose Flush returns
// nothing: its error is read with Error.
func isCSV(tn *types.TypeName) bool {
	return tn.Pkg().Path() == "encoding/csv"
}

// flushesDestination reports whether a writer of type tn flushes the writer
// it was made over when it is flushed or closed: fastio's transcoders,
// compressors, record writers and locking wrappers do, the standard
// library's and klauspost's compressors and bufio do not.
func flushesDestination(tn *types.TypeName) bool {
	switch tn.Pkg().Path() {
	case fastioPrefix + "unicode", fastioPrefix + "compress", fastioPrefix + "codec/record":
		return true
	case fastioPrefix + "device":
		return tn.Name() == "Locked"
	}
	return false
}

// knownConstructor reports whether fn, a function or method of a package
// of writerTypes, makes a new writer: bufio.NewWriter, gzip.NewWriterLevel,
// core.NewWriter, device.Create, device.Stdout, Converter.NewWriter...
func knownConstructor(fn *types.Func) bool {
	if fn.Pkg() == nil || writerTypes[fn.Pkg().Path()] == nil {
		return false
	}
	name := fn.Name()
	for _, p := range []string{"New", "Open", "Create", "Dial"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return fn.Pkg().Path() == fastioPrefix+"device" && (name == "Stdout" || name == "Stderr")
}
