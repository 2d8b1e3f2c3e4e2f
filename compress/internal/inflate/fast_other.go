//go:build !amd64 || purego

package inflate

// useAsm is false: there is no assembly loop in this build.
var useAsm = false

// fast decodes symbols while the input window and the output buffer have
// room; see fastGeneric.
func (d *Decoder) fast(target int) { d.fastGeneric(target) }

// decodeMarks is DecodeMarks' loop: marksGeneric in this build.
func decodeMarks(t *Tables, in []byte, out []uint16, outEnd int, s *MarkState) Status {
	return marksGeneric(t, in, out, outEnd, s)
}
