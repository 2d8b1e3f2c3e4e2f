package codecbench

import (
	"bytes"
	"fmt"
	"time"

	"github.com/fastio-go/fastio/codec/record"
)

// Example encodes the seed's record both ways and compares the sizes of
// the frames.
func Example() {
	s := stat{
		UID: 1000, GID: 100, Mode: 0o100644,
		Name: []byte("photo.jpg"),
		Time: time.Unix(1795996800, 123456789),
		Blob: [5]byte{'b', 'l', 'o', 'b', 0},
	}
	var mem bytes.Buffer
	if err := writeRecord(record.NewWriter(&mem), &s); err != nil {
		fmt.Println(err)
	}
	proto, _ := appendProtowire(nil, nil, &s)

	var got decoded
	if _, err := decodeProtowire(proto, &got); err != nil || got != s.want() {
		fmt.Println("protowire round trip failed:", err)
	}
	fmt.Println("record codec:", mem.Len(), "bytes")
	fmt.Println("protobuf:", len(proto), "bytes")
	// Output:
	// record codec: 45 bytes
	// protobuf: 39 bytes
}
