module github.com/fastio-go/fastio/docs

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	github.com/yuin/goldmark v1.8.7
	golang.org/x/mod v0.43.0
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/schollz/progressbar/v3 v3.19.1 // indirect
	golang.org/x/image v0.30.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/term v0.48.0 // indirect
	golang.org/x/text v0.44.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
	gonum.org/v1/plot v0.17.0 // indirect
	google.golang.org/protobuf v1.36.12 // indirect
)

require (
	github.com/fastio-go/fastio/bench v0.1.0
	github.com/fastio-go/fastio/cmd v0.1.0
	github.com/fastio-go/fastio/codec v0.1.0
	github.com/fastio-go/fastio/compress v0.1.0
	github.com/fastio-go/fastio/core v0.1.0
	github.com/fastio-go/fastio/crypto v0.1.0
	github.com/fastio-go/fastio/device v0.1.0
	github.com/fastio-go/fastio/format v0.1.0
	github.com/fastio-go/fastio/unicode v0.1.0
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
)

replace github.com/fastio-go/fastio/codec => ../codec

replace github.com/fastio-go/fastio/compress => ../compress

replace github.com/fastio-go/fastio/core => ../core

replace github.com/fastio-go/fastio/crypto => ../crypto

replace github.com/fastio-go/fastio/device => ../device

replace github.com/fastio-go/fastio/format => ../format

replace github.com/fastio-go/fastio/unicode => ../unicode

replace github.com/fastio-go/fastio/bench => ../bench

replace github.com/fastio-go/fastio/cmd => ../cmd
