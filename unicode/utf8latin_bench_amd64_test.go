//go:build !purego

package unicode

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// latinProse returns about n bytes of generated Latin-script prose: words
// of English with, for three words in ten, a word of French, German,
// Spanish, Scandinavian or Polish with accented letters, so that about 7%
// of the characters and 12-13% of the bytes are in two-byte sequences, in
// lines of about 70 bytes.
func latinProse(n int) []byte {
	plain := []string{"the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was",
		"with", "be", "by", "on", "not", "he", "this", "are", "or", "his", "from", "at",
		"which", "but", "have", "an", "had", "they", "you", "were", "their", "one", "all",
		"buffer", "stream", "device", "number", "format", "record", "train", "station"}
	accented := []string{"été", "déjà", "über", "Straße", "façade", "niño", "cœur", "mañana",
		"häufig", "réseau", "naïve", "fiancée", "Grüße", "crème", "año", "où", "élève",
		"Ångström", "smörgåsbord", "Øresund", "łódź", "český"}
	rng := rand.New(rand.NewPCG(7, 7))
	out := make([]byte, 0, n+80)
	line := 0
	for len(out) < n {
		w := plain[rng.IntN(len(plain))]
		if rng.IntN(10) < 3 {
			w = accented[rng.IntN(len(accented))]
		}
		if line > 0 {
			out = append(out, ' ')
		}
		out = append(out, w...)
		line += len(w) + 1
		if line > 70 {
			out = append(out, ".\n"...)
			line = 0
		}
	}
	return out
}

// arabicProse returns about n bytes of generated Arabic-script prose:
// words of two-byte letters between spaces, the one- and two-byte mix of
// the Arabic text transcoding papers measure.
func arabicProse(n int) []byte {
	words := []string{"مرحبا", "العالم", "كتاب", "مدرسة", "قطار", "محطة", "بيانات", "ملف",
		"سرعة", "الترميز", "نص", "في", "من", "على", "إلى", "هذا"}
	rng := rand.New(rand.NewPCG(9, 9))
	out := make([]byte, 0, n+80)
	line := 0
	for len(out) < n {
		w := words[rng.IntN(len(words))]
		if line > 0 {
			out = append(out, ' ')
		}
		out = append(out, w...)
		line += len(w) + 1
		if line > 70 {
			out = append(out, ".\n"...)
			line = 0
		}
	}
	return out
}

// BenchmarkLatinKernel compares the AVX-512 UTF-8 decoder with its Latin
// path (impl=latin) and without it (impl=general), and the AVX2 kernel a
// CPU without AVX-512 runs with its Latin path and without it
// (impl=avx2latin, impl=avx2general), in the same run, on
// 256 KiB of Latin prose, of Arabic prose (mostly two-byte characters)
// and, to show what the check costs other text, on
// 256 KiB of each of the benchmark corpora: "kernel" is the vector kernel
// alone (utf8MixedRun), "append" the whole Converter.Append. Compare with
// benchstat -col /impl.
func BenchmarkLatinKernel(b *testing.B) {
	impls := []string{"general", "latin", "avx2general", "avx2latin"}
	switch {
	case !hasAVX2:
		b.Skip("no AVX2 on this CPU")
	case !hasAVX512:
		impls = impls[2:]
	}
	inputs := map[string][]byte{"Latin": latinProse(256 << 10), "Arabic": arabicProse(256 << 10)}
	for _, name := range []string{"MostlyASCII", "Mixed", "Chinese"} {
		inputs[name] = corpora()[name][:256<<10]
	}
	for _, to := range []Encoding{UTF16LE, UTF32LE} {
		unit := 2
		if to == UTF32LE {
			unit = 4
		}
		c, _ := New(UTF8, to, Options{})
		for _, name := range []string{"Latin", "Arabic", "MostlyASCII", "Mixed", "Chinese"} {
			in := inputs[name]
			out := make([]byte, 4*len(in)+128)
			levels := map[string]string{"general": "avx512-nolatin", "latin": "avx512",
				"avx2general": "avx2mixed-nolatin", "avx2latin": "avx2mixed"}
			for _, impl := range impls {
				// The AVX2 kernel leaves runs of three- and four-byte
				// characters to the Go loops: alone it is measured on
				// text of one- and two-byte characters only.
				kernelToo := !strings.HasPrefix(impl, "avx2") || name != "Mixed" && name != "Chinese"
				if kernelToo {
					b.Run(to.String()+"/"+name+"/kernel/impl="+impl, func(b *testing.B) {
						defer setLatinLevel(levels[impl])()
						cpuLoop(b, len(in), func() {
							_, ns := utf8MixedRun(out, in, unit)
							if impl == "latin" && (name == "Latin" || name == "Arabic") && ns < len(in)-64 {
								b.Fatalf("the kernel stopped at %d of %d bytes", ns, len(in))
							}
						})
					})
				}
				b.Run(to.String()+"/"+name+"/append/impl="+impl, func(b *testing.B) {
					defer setLatinLevel(levels[impl])()
					cpuLoop(b, len(in), func() {
						if _, err := c.Append(out[:0], in); err != nil {
							b.Fatal(err)
						}
					})
				})
			}
		}
	}
}
