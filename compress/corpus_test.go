package compress

import (
	"math/rand/v2"
	"strconv"
)

// textCorpus returns n bytes of deterministic English-like text: lines of
// words drawn with a skewed (Zipf) distribution from a fixed vocabulary,
// with numbers and punctuation, so that it compresses about as well as
// natural text (a ratio near 3 at level 6).
func textCorpus(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	vocab := make([]string, 4096)
	const letters = "etaoinshrdlcumwfgypbvkjxqz"
	for i := range vocab {
		l := 2 + rng.IntN(9)
		w := make([]byte, l)
		for j := range w {
			// Skewed letter choice: frequent letters come first.
			w[j] = letters[min(rng.IntN(26), rng.IntN(26))]
		}
		vocab[i] = string(w)
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	// Natural text repeats phrases as well as words; a Zipf-chosen set of
	// 2-to-6-word phrases gives the longer matches real text has.
	phrases := make([]string, 1024)
	for i := range phrases {
		var p []byte
		for k := 2 + rng.IntN(5); k > 0; k-- {
			p = append(append(p, vocab[zipf.Uint64()]...), ' ')
		}
		phrases[i] = string(p[:len(p)-1])
	}
	pzipf := rand.NewZipf(rng, 1.2, 4, uint64(len(phrases)-1))
	out := make([]byte, 0, n+64)
	col := 0
	for len(out) < n {
		switch r := rng.IntN(40); {
		case r == 0:
			out = strconv.AppendInt(out, int64(rng.IntN(100000)), 10)
		case r == 1:
			out = append(out, ',')
		case r < 8:
			out = append(out, phrases[pzipf.Uint64()]...)
		default:
			out = append(out, vocab[zipf.Uint64()]...)
		}
		col += 8
		if col > 70 {
			out = append(out, ".\n"...)
			col = 0
		} else {
			out = append(out, ' ')
		}
	}
	return out[:n]
}

// randomCorpus returns n bytes of deterministic random data, which
// deflate cannot compress.
func randomCorpus(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]byte, n)
	for i := 0; i+8 <= n; i += 8 {
		v := rng.Uint64()
		for j := range 8 {
			out[i+j] = byte(v >> (8 * j))
		}
	}
	for i := n &^ 7; i < n; i++ {
		out[i] = byte(rng.Uint32())
	}
	return out
}
