module github.com/fastio-go/fastio/crypto

go 1.26.0

require (
	github.com/fastio-go/fastio/core v0.1.0
	github.com/minio/sha256-simd v1.0.1
)

require (
	github.com/klauspost/cpuid/v2 v2.2.3 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/fastio-go/fastio/core => ../core
