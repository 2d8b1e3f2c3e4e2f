package device

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// mapHandle maps the file read-only with a file mapping object and a view
// of the whole file; the mapping object can be closed once the view
// exists.
func mapHandle(h *handle, size int) ([]byte, bool, error) {
	fh := windows.Handle(h.f.Fd())
	size64 := uint64(size)
	m, err := windows.CreateFileMapping(fh, nil, windows.PAGE_READONLY, uint32(size64>>32), uint32(size64), nil)
	if err != nil {
		return nil, false, err
	}
	defer windows.CloseHandle(m)
	addr, err := windows.MapViewOfFile(m, windows.FILE_MAP_READ, 0, 0, uintptr(size))
	if err != nil {
		return nil, false, err
	}
	// The view lives outside the Go heap; reinterpret the address's bits
	// as a pointer to it.
	base := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	return unsafe.Slice((*byte)(base), size), true, nil
}

func unmap(data []byte) error {
	return windows.UnmapViewOfFile(uintptr(unsafe.Pointer(unsafe.SliceData(data))))
}
