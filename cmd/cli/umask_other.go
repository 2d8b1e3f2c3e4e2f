//go:build !unix

package cli

func sysUmask() int { return 0o022 }
