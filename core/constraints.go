package core

// Signed is the set of signed integer types, including named types over them.
type Signed interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

// Unsigned is the set of unsigned integer types, including named types over
// them.
type Unsigned interface {
	~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Integer is the set of all integer types.
type Integer interface {
	Signed | Unsigned
}

// Float is the set of floating-point types.
type Float interface {
	~float32 | ~float64
}

// Text is the set of the two byte-string kinds. A function constrained by
// Text serves both strings and byte slices without converting, and so
// without allocating.
type Text interface {
	~string | ~[]byte
}
