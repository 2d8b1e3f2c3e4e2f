// Package crypto is a stand-in for fastio's crypto.
package crypto

type Hasher struct{}

func New() *Hasher                            { return &Hasher{} }
func (h *Hasher) Write(p []byte) (int, error) { return len(p), nil }
func (h *Hasher) Flush() error                { return nil }
func (h *Hasher) Sum(b []byte) []byte         { return b }
