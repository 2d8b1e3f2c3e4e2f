package unicode

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// The bridge makes every golang.org/x/text encoding an Encoding, so that a
// Converter joins any two of them: the source is decoded to UTF-8 by its
// x/text decoder (or this package's, for a native encoding), and UTF-8 is
// encoded to the target by its x/text encoder (or this package's). The
// charset subpackage looks encodings up by their IANA and WHATWG labels.

// firstBridged is the first Encoding value handed out by Register.
const firstBridged Encoding = 64

type bridge struct {
	name string
	enc  encoding.Encoding
}

var (
	bridgeMu sync.Mutex
	bridges  atomic.Pointer[[]bridge] // copy on write, so readers take no lock
)

func bridged(e Encoding) *bridge {
	list := bridges.Load()
	if e < firstBridged || list == nil || int(e-firstBridged) >= len(*list) {
		return nil
	}
	return &(*list)[e-firstBridged]
}

// Register returns the Encoding for a golang.org/x/text encoding, under the
// given name. Registering the same name again returns the same value (the
// first encoding registered under a name wins), so a program can call it
// freely; names are compared without regard to case. A name that is a
// native encoding's ("UTF-8", "UTF-16LE", …, "GB18030") returns the native
// Encoding, whose fast paths are then used. A nil enc or an empty name
// gives ErrUnknownEncoding.
//
// The registry is one list for the whole process, by design: an Encoding
// is a small comparable value (a map key, a field of the stateless
// Converter) that must mean the same encoding wherever it is passed, which
// a registry value handed around would not give without making every
// Converter carry it. Register is safe for concurrent use, and converting
// takes no lock (the list is replaced, never changed, under a mutex). A
// registration is never undone, and at most 65,471 names fit, so a program
// should not register names taken from its input; charset.Lookup registers
// only golang.org/x/text's own encodings, under their canonical names.
func Register(name string, enc encoding.Encoding) (Encoding, error) {
	if enc == nil || name == "" {
		return 0, fmt.Errorf("%w: Register needs a name and an encoding", ErrUnknownEncoding)
	}
	for e := UTF8; e < numNative; e++ {
		if strings.EqualFold(name, nativeNames[e]) {
			return e, nil
		}
	}
	bridgeMu.Lock()
	defer bridgeMu.Unlock()
	var list []bridge
	if p := bridges.Load(); p != nil {
		list = *p
	}
	for i, b := range list {
		if strings.EqualFold(b.name, name) {
			return firstBridged + Encoding(i), nil
		}
	}
	if len(list) >= int(^Encoding(0)-firstBridged) {
		return 0, fmt.Errorf("%w: too many registered encodings", ErrUnknownEncoding)
	}
	next := make([]bridge, len(list), len(list)+1)
	copy(next, list)
	next = append(next, bridge{name: name, enc: enc})
	bridges.Store(&next)
	return firstBridged + Encoding(len(list)), nil
}

// bridgeChain builds the transformer of a conversion with a bridged end.
func (c Converter) bridgeChain() transform.Transformer {
	var stages []transform.Transformer
	if b := bridged(c.from); b != nil {
		stages = append(stages, b.enc.NewDecoder())
	} else if c.from != UTF8 || !c.opt.KeepBOM || c.opt.Strict {
		// The native source is decoded to UTF-8 with the caller's options.
		opt := c.opt
		opt.EmitBOM = false
		stages = append(stages, Converter{from: c.from, to: UTF8, opt: opt}.NewTransformer())
	}
	if b := bridged(c.to); b != nil {
		enc := b.enc.NewEncoder()
		if !c.opt.Strict {
			enc = encoding.ReplaceUnsupported(enc)
		}
		stages = append(stages, enc)
	} else if c.to != UTF8 || c.opt.EmitBOM {
		opt := Options{Strict: c.opt.Strict, EmitBOM: c.opt.EmitBOM, KeepBOM: true}
		stages = append(stages, Converter{from: UTF8, to: c.to, opt: opt}.NewTransformer())
	}
	if len(stages) == 1 {
		return stages[0]
	}
	return transform.Chain(stages...)
}

func (c Converter) appendBridged(dst, src []byte) ([]byte, error) {
	if bridged(c.from) == nil && !c.from.Native() || bridged(c.to) == nil && !c.to.Native() {
		return dst, fmt.Errorf("%w: %v to %v", ErrUnknownEncoding, c.from, c.to)
	}
	t := c.NewTransformer()
	for {
		nd, ns, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nd]
		src = src[ns:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		dst = growFor(dst, 2*len(src)+16)
	}
}
