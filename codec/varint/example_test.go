package varint_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fastio-go/fastio/codec/varint"
	"github.com/fastio-go/fastio/core"
)

func Example() {
	var buf []byte
	buf = varint.AppendUint(buf, 300)
	buf = varint.AppendInt(buf, -3)
	fmt.Printf("% x\n", buf)

	u, n, _ := varint.Uint(buf)
	s, _, _ := varint.Int(buf[n:])
	fmt.Println(u, s)
	// Output:
	// ac 02 05
	// 300 -3
}

func ExampleUint_errors() {
	for _, in := range [][]byte{{0xac}, {0x80, 0x00}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}} {
		_, n, err := varint.Uint(in)
		fmt.Println(n, err, errors.Is(err, varint.ErrOverlong))
	}
	// Output:
	// 1 varint: truncated: unexpected EOF false
	// 2 varint: non-minimal (overlong) encoding true
	// 10 varint: value overflows 64 bits false
}

func ExampleReadUint() {
	var out bytes.Buffer
	w := core.WrapWriter(&out) // formats in place in out
	for _, v := range []uint64{1, 128, 1 << 40} {
		varint.WriteUint(w, v)
	}
	r := core.NewSpanReader(out.Bytes())
	for {
		v, err := varint.ReadUint(r)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(v)
	}
	// Output:
	// 1
	// 128
	// 1099511627776
	// EOF
}
