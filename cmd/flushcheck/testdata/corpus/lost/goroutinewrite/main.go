// Command goroutinewrite writes from a goroutine, waits for it, and never flushes.
package main

import (
	"bufio"
	"os"
	"sync"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.WriteString("from the goroutine\n")
	}()
	wg.Wait()
}
