package crypto

import "syscall"

// adviseSequential tells the kernel a mapping will be read once, front to
// back, so that it reads ahead aggressively.
func adviseSequential(m []byte) { _ = syscall.Madvise(m, syscall.MADV_SEQUENTIAL) }
