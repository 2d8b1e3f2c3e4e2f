module github.com/fastio-go/fastio/codec

go 1.26.0

require github.com/fastio-go/fastio/core v0.1.0

require github.com/google/go-cmp v0.7.0

replace github.com/fastio-go/fastio/core => ../core
