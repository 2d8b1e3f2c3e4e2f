// Command workers lets goroutines write results under a mutex and never flushes.
package main

import (
	"bufio"
	"fmt"
	"os"
	"sync"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	var mu sync.Mutex
	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range results {
		wg.Go(func() {
			mu.Lock()
			defer mu.Unlock()
			results[i] = i * i
		})
	}
	wg.Wait()
	for i, r := range results {
		fmt.Fprintf(w, "%d: %d\n", i, r)
	}
}
