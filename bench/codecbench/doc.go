// Package codecbench compares the record codec of
// github.com/fastio-go/fastio/codec/record with protobuf, its nearest peer
// outside the standard library: the example record of the record package's
// documentation (uid, gid, mode, a name, a timestamp as two integers, a
// 5-byte blob) is encoded and decoded by each, in memory, one stream of framed
// records per side.
//
// The protobuf side is written by hand with
// google.golang.org/protobuf/encoding/protowire, the package protobuf's
// generated code is built on (no reflection), and framed the way
// protodelim frames a stream of messages: a varint length, then the
// message.
//
//	message Stat {
//		uint64 uid = 1; uint64 gid = 2; uint64 mode = 3;
//		bytes name = 4;
//		repeated uint64 time = 5; // packed: seconds, nanoseconds
//		bytes blob = 6;
//	}
//
// Each side writes its own wire format (a protobuf tag is one byte here
// where a record tag takes two, so protobuf is smaller), and each decodes
// its own stream into the same values; TestSameValues checks that they
// agree. The package lives in its own module so that codec depends on core
// only. It holds only tests and benchmarks:
//
//	go test -run '^$' -bench . -count 10 ./codecbench
package codecbench
