package compress

import "github.com/fastio-go/fastio/core"

// Engine returns the core.Writer that buffers w's input: its buffer holds
// the bytes written and not yet given to the compressor, and every
// buffered method of w is that Writer's method, so writing to the engine is
// writing to w (see core.EngineWriter); the Header must still be set before
// the first byte. Formatters and encoders given w write through it with the
// inlined fast paths of *core.Writer. The pointer stays valid for w's
// lifetime, across Flush, Close and Reset.
func (w *Writer) Engine() *core.Writer { return &w.eng }

var _ core.EngineWriter = (*Writer)(nil)
