//go:build !amd64 || purego

package crypto

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
)

// Here the standard library serves every algorithm, with its own assembly
// where it has some (the SHA instructions of arm64, for one) and portable
// Go under the purego build tag, which it honours too.

// newEngine returns a fresh engine for a, which must be valid.
func newEngine(a Algorithm) engine { return newStdEngine(a) }

func sumSHA1(p []byte, out *[20]byte)       { *out = sha1.Sum(p) }
func sumSHA224(p []byte, out *[28]byte)     { *out = sha256.Sum224(p) }
func sumSHA256(p []byte, out *[32]byte)     { *out = sha256.Sum256(p) }
func sumSHA384(p []byte, out *[48]byte)     { *out = sha512.Sum384(p) }
func sumSHA512(p []byte, out *[64]byte)     { *out = sha512.Sum512(p) }
func sumSHA512_256(p []byte, out *[32]byte) { *out = sha512.Sum512_256(p) }
