module github.com/fastio-go/fastio/crypto

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.0.0-00010101000000-000000000000
	github.com/minio/sha256-simd v1.0.1
)

require (
	github.com/klauspost/cpuid/v2 v2.2.3 // indirect
	golang.org/x/sys v0.0.0-20220704084225-05e143d24a9e // indirect
)

replace github.com/fastio-go/fastio/core => ../core
