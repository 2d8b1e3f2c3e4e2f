package unicode

import "github.com/fastio-go/fastio/core"

// Engine returns the writing side of the buffer that holds w's source
// text not yet converted (see core.Engine): writing to it is
// writing to w, through the inlined fast paths formatters and encoders
// use, and it cannot reset, redirect or close w. The Engine stays valid
// for w's lifetime, across Flush, Close and Reset.
func (w *Writer) Engine() core.Engine { return w.eng.Engine() }

var _ interface{ Engine() core.Engine } = (*Writer)(nil)
