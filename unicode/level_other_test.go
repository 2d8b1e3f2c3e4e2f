//go:build purego || !amd64

package unicode

// kernelLevels lists the instruction sets this build can run: pure Go only.
func kernelLevels() []string { return []string{"go"} }

func setLevel(level string) (undo func()) { return func() {} }
