// Package crypto hashes data by printing it into a hash device, the way
// fast_io does: a Hasher is an output device that implements
// core.BufferedWriter, so format can print into it and codec can encode
// records into it with no intermediate buffer; the digest is read out
// afterwards with Sum, Digest, AppendHex or Verify, and Reset makes the
// device ready for the next message.
//
// Algorithms: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 and SHA-512/256
// (FIPS 180-4), each also keyed as HMAC (RFC 2104). SHA-224 and SHA-256 run
// on github.com/minio/sha256-simd (which uses the SHA instructions of x86
// and ARM when present); the others on the standard library. SHA-1 is
// offered for interoperability with existing formats (git, RFC 2202); it is
// broken for collision resistance and must not protect anything new.
//
// The device layer costs little: small writes are copied into a buffer
// whose size is a multiple of the block size, and the compression function
// sees whole buffers; a write at least as large as the buffer goes to it
// without a copy. Write, WriteString, Reserve/Commit, Sum into a slice with
// room, Digest, the one-shot sums and MAC allocate nothing.
//
// One-shot helpers cover byte slices and strings (Sum256, Sum, MAC, ...),
// readers (SumReader) and files (SumFile, which maps a large regular file
// into memory where the platform allows and reads it in large chunks
// elsewhere). Digests compare in constant time (Equal, Hasher.Verify).
//
// The non-cryptographic Jenkins hashes of fast_io live apart, in package
// github.com/fastio-go/fastio/crypto/jenkins.
package crypto
