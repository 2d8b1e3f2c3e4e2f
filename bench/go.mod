module github.com/fastio-go/fastio/bench

go 1.26.0

require (
	github.com/fastio-go/fastio/codec v0.1.0
	github.com/fastio-go/fastio/core v0.1.0
	google.golang.org/protobuf v1.36.12
)

replace github.com/fastio-go/fastio/codec => ../codec

replace github.com/fastio-go/fastio/core => ../core
