package compress

import "github.com/fastio-go/fastio/core"

// Engine returns the writing side of the buffer that holds w's input not
// yet compressed (see core.Engine): writing to it is writing to w,
// through the inlined fast paths formatters and encoders use, and it
// cannot reset, redirect or close w. The Header must still be set before
// the first byte. The Engine stays valid for w's lifetime, across Flush,
// Close and Reset.
func (w *Writer) Engine() core.Engine { return w.eng.Engine() }

var _ interface{ Engine() core.Engine } = (*Writer)(nil)
