module github.com/fastio-go/fastio/bench

go 1.26.0

require (
	github.com/fastio-go/fastio/codec v0.1.0
	github.com/fastio-go/fastio/core v0.1.0
	github.com/fastio-go/fastio/device v0.1.0
	github.com/fastio-go/fastio/format v0.1.0
	google.golang.org/protobuf v1.36.12
)

require golang.org/x/sys v0.50.0 // indirect

replace github.com/fastio-go/fastio/codec => ../codec

replace github.com/fastio-go/fastio/core => ../core

replace github.com/fastio-go/fastio/device => ../device

replace github.com/fastio-go/fastio/format => ../format
