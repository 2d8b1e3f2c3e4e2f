module github.com/fastio-go/fastio/core

go 1.26.0
