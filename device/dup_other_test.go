//go:build !linux && !darwin && !freebsd

package device

import (
	"errors"
	"os"
)

func dupFd(*os.File) (uintptr, error) { return 0, errors.ErrUnsupported }
