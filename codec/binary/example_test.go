package binary_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/fastio-go/fastio/codec/binary"
	"github.com/fastio-go/fastio/core"
)

// Point is a fixed-size type: sized numbers only.
type Point struct {
	X, Y int32
	Tag  uint8
}

func Example() {
	c, err := binary.For[Point](binary.BigEndian)
	if err != nil {
		log.Fatal(err)
	}
	buf := c.Append(nil, Point{X: 1, Y: -1, Tag: 7})
	fmt.Printf("%d bytes: % x\n", c.Size(), buf)

	p, n, err := c.Decode(buf)
	fmt.Println(p, n, err)
	// Output:
	// 9 bytes: 00 00 00 01 ff ff ff ff 07
	// {1 -1 7} 9 <nil>
}

func ExampleAppendSlice() {
	buf, _ := binary.AppendSlice(nil, binary.LittleEndian, []uint16{1, 0x203})
	buf, _ = binary.AppendSlice(buf, binary.LittleEndian, []string{"go", "fast"})
	fmt.Printf("% x\n", buf)

	nums, n, _ := binary.DecodeSlice[uint16](buf, binary.LittleEndian, 100)
	strs, _, _ := binary.DecodeSlice[string](buf[n:], binary.LittleEndian, 100)
	fmt.Println(nums, strs)
	// Output:
	// 02 01 00 03 02 02 02 67 6f 04 66 61 73 74
	// [1 515] [go fast]
}

func ExampleAppendMap() {
	buf, _ := binary.AppendMap(nil, binary.LittleEndian, map[string]float32{"b": 2, "a": 1})
	m, _, err := binary.DecodeMap[string, float32](buf, binary.LittleEndian, 0)
	fmt.Println(len(buf), m, err)
	// Output:
	// 13 map[a:1 b:2] <nil>
}

func ExampleCodec_Read() {
	c, _ := binary.For[Point](binary.LittleEndian)
	var out bytes.Buffer
	w := core.WrapWriter(&out) // encodes in place in out
	c.Write(w, Point{1, 2, 3})
	c.Write(w, Point{4, 5, 6})

	r := core.NewSpanReader(out.Bytes())
	for {
		p, err := c.Read(r)
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(p)
	}
	// Output:
	// {1 2 3}
	// {4 5 6}
	// EOF
}
