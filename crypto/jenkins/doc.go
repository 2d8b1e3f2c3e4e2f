// Package jenkins holds Bob Jenkins' non-cryptographic hash functions,
// which fast_io lists beside its cryptographic ones: one-at-a-time (from
// his 1997 Dr. Dobb's article "Hash Functions for Hash Table Lookup") and
// lookup3 (lookup3.c, 2006: hashlittle, hashlittle2 and hashword).
//
// These are for hash tables, bloom filters and checksums against
// accidents. They are NOT cryptographic: anyone can construct collisions
// and preimages at will. For integrity against an adversary use the
// parent package, github.com/fastio-go/fastio/crypto.
//
// lookup3 reads its input as little-endian words, as hashlittle does, so
// the results are the published ones on every platform. Its initial state
// depends on the total length, so it has no streaming form; one-at-a-time
// streams (OneAtATimeHash).
package jenkins
