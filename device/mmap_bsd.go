//go:build darwin || freebsd

package device

const mapFlags = 0
