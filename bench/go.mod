module github.com/fastio-go/fastio/bench

go 1.26.0

require (
	github.com/fastio-go/fastio/codec v0.1.0
	github.com/fastio-go/fastio/compress v0.1.0
	github.com/fastio-go/fastio/core v0.1.0
	github.com/fastio-go/fastio/crypto v0.1.0
	github.com/fastio-go/fastio/device v0.1.0
	github.com/fastio-go/fastio/format v0.1.0
	github.com/fastio-go/fastio/unicode v0.1.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/text v0.44.0
	gonum.org/v1/plot v0.17.0
	google.golang.org/protobuf v1.36.12
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	golang.org/x/image v0.30.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/fastio-go/fastio/codec => ../codec

replace github.com/fastio-go/fastio/compress => ../compress

replace github.com/fastio-go/fastio/core => ../core

replace github.com/fastio-go/fastio/crypto => ../crypto

replace github.com/fastio-go/fastio/device => ../device

replace github.com/fastio-go/fastio/format => ../format

replace github.com/fastio-go/fastio/unicode => ../unicode
