//go:build !purego

package crypto

// purego is set by the purego build tag: no assembly of this package runs.
const purego = false
