// Package device is a stand-in for fastio's device: OutFile is core's
// buffered writer under another name.
package device

import (
	"os"

	"github.com/fastio-go/fastio/core"
)

type OutFile = core.Writer

func Stdout() *OutFile { return core.NewWriter(os.Stdout) }
