package scen

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/fastio-go/fastio/format"
)

// The generated doubles: splitmix64 bits, a 53-bit mantissa scaled by one
// of 16 powers of ten with one multiplication (so that C, C++ and Go round
// every value alike; cpeers/gen.h holds the same generator), negative for
// half of them.
var doubleScale = [16]float64{1e-10, 1e-5, 1e-3, 0.01, 0.1, 1, 10, 100,
	1000, 1e4, 1e5, 1e6, 1e7, 1e9, 1e15, 1e20}

// splitmix advances the state s and returns the next splitmix64 output.
func splitmix(s *uint64) uint64 {
	*s += 0x9E3779B97F4A7C15
	z := *s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// nextDouble returns the next generated double of state s (start at 1).
func nextDouble(s *uint64) float64 {
	z := splitmix(s)
	v := float64(z>>11) * 0x1p-53 * doubleScale[z&15]
	if (z>>4)&1 != 0 {
		return -v
	}
	return v
}

// foldInit and fold make the fingerprint of a sequence of doubles (their
// bits, FNV-1a style over 64-bit words), as the C references compute it.
const foldInit = 0xcbf29ce484222325

func fold(h uint64, v float64) uint64 { return (h ^ math.Float64bits(v)) * 0x100000001b3 }

// doublesFingerprint is the fingerprint every reader of the doubles prints.
func doublesFingerprint(n int, h uint64) string { return fmt.Sprintf("%d %016x", n, h) }

// intsFingerprint is what every reader of the integers prints: the count
// and the sum.
func intsFingerprint(n, sum int64) string { return fmt.Sprintf("%d %d", n, sum) }

// scanInts scans r with fastio's Scanner, one integer a token, and returns
// the fingerprint of what it read: the fastio side of every integer-reading
// row (a file, or the inflated chain).
func scanInts(r io.Reader) (string, error) {
	sc := format.NewScanner(r)
	var n, sum int64
	for {
		v, err := format.ScanInt[int64](sc, 10)
		if errors.Is(err, io.EOF) {
			return intsFingerprint(n, sum), nil
		}
		if err != nil {
			return "", err
		}
		n++
		sum += v
	}
}

// WantInts is the fingerprint of the integers 0..n-1.
func WantInts(n int) string { return intsFingerprint(int64(n), int64(n)*int64(n-1)/2) }

// WantDoubles is the fingerprint of the first n generated doubles.
func WantDoubles(n int) string {
	s, h := uint64(1), uint64(foldInit)
	for range n {
		h = fold(h, nextDouble(&s))
	}
	return doublesFingerprint(n, h)
}

// writeLines writes n lines made by line to path through bufio.
func writeLines(path string, n int, line func(dst []byte, i int) []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var b []byte
	for i := range n {
		b = line(b[:0], i)
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteIntsFile writes the integers 0..n-1, one a line.
func WriteIntsFile(path string, n int) error {
	return writeLines(path, n, func(b []byte, i int) []byte {
		return append(strconv.AppendInt(b, int64(i), 10), '\n')
	})
}

// WriteDoublesFile writes the first n generated doubles, shortest, one a line.
func WriteDoublesFile(path string, n int) error {
	s := uint64(1)
	return writeLines(path, n, func(b []byte, _ int) []byte {
		return append(strconv.AppendFloat(b, nextDouble(&s), 'g', -1, 64), '\n')
	})
}

// Word lists of the generated corpora. The scripts are those whose
// characters every converter measured here maps alike to GB18030.
var (
	latinWords = []string{"the", "of", "and", "to", "in", "is", "that", "for", "it", "as",
		"was", "with", "be", "by", "on", "not", "he", "this", "are", "or", "his", "from",
		"at", "which", "but", "have", "an", "had", "they", "you", "were", "their", "one",
		"all", "we", "can", "her", "has", "there", "been", "if", "more", "when", "will",
		"would", "who", "so", "no", "buffer", "stream", "device", "number", "format",
		"record", "compress", "digest", "train", "station", "schedule", "passenger"}
	accentedWords = []string{"été", "déjà", "über", "Straße", "façade", "niño", "cœur",
		"mañana", "häufig", "réseau", "naïve", "fiancée", "Grüße", "crème", "año", "où",
		"élève", "Ångström", "smörgåsbord", "Øresund", "łódź", "český"}
	otherWords = []string{"поезд", "скорость", "вокзал", "Ελλάδα", "ταχύτητα",
		"高速", "列车", "站台", "时刻表", "乘客", "数据", "压缩", "编码", "文件",
		"しんかんせん", "えき", "カタカナ", "한국어", "기차", "🚄", "🚅", "😀", "🎉", "€", "—", "…"}
)

// vocabulary is a generated word list for prose: the common English words
// first, then syllable compounds, a few thousand distinct words as a real
// text has.
var vocabulary = func() []string {
	words := append([]string{}, latinWords...)
	syl := []string{"ta", "ren", "mo", "li", "ster", "ca", "vin", "dor", "pe", "lu", "ma", "tion",
		"ex", "ar", "bo", "ni", "sel", "ko", "tri", "gan", "ve", "pol", "um", "si", "dra", "fe", "ho", "quin"}
	for i := 0; len(words) < 5000; i++ {
		n := i
		w := ""
		for k := 0; k < 2+i%3; k++ {
			w += syl[n%len(syl)]
			n /= len(syl)
			n += k * 7
		}
		words = append(words, w)
	}
	return words
}()

// proseWord picks a word of the vocabulary with a Zipf-like law (the k-th
// most common word about 1/k as often as the first), from random bits z.
func proseWord(z uint64) string {
	u := float64(z&0xffffff)/(1<<24)*0.999 + 0.001 // (0, 1]
	// Inverse of the CDF of density 1/x over [1, len]: rank = len^u.
	r := int(math.Pow(float64(len(vocabulary)), u)) - 1
	return vocabulary[min(r, len(vocabulary)-1)]
}

// Corpus returns about n bytes of generated text: words of a vocabulary of
// 5000 drawn with a Zipf-like law, as in prose, in lines of about 70
// bytes. mix selects the scripts: 0 ASCII only, 1 Latin with accented words
// (7% of the characters, 12-13% of the bytes, in two-byte sequences), 2
// mixed scripts (Latin, Cyrillic, Greek, Chinese, Japanese, Korean, emoji).
func Corpus(n int, mix int) []byte {
	out := make([]byte, 0, n+128)
	s := uint64(7)
	line := 0
	for len(out) < n {
		z := splitmix(&s)
		var w string
		switch r := z % 100; {
		case mix == 2 && r < 30:
			w = otherWords[(z>>8)%uint64(len(otherWords))]
		case mix >= 1 && r < 30:
			w = accentedWords[(z>>8)%uint64(len(accentedWords))]
		default:
			w = proseWord(z >> 8)
		}
		if line > 0 {
			out = append(out, ' ')
			line++
		}
		out = append(out, w...)
		line += len(w)
		if z>>60 == 0 {
			out = append(out, '.')
		}
		if line > 70 {
			out = append(out, '\n')
			line = 0
		}
	}
	return append(out, '\n')
}

// BinaryCorpus returns about n bytes of structured binary data: little-
// endian counters and timestamps, short names and random bytes, the mix a
// binary log or table file holds.
func BinaryCorpus(n int) []byte {
	out := make([]byte, 0, n+64)
	s := uint64(11)
	var seq uint64
	t := uint64(1_700_000_000_000)
	for len(out) < n {
		z := splitmix(&s)
		seq++
		t += z % 2000
		out = appendLE(out, seq)
		out = appendLE(out, t)
		out = appendLE(out, z%100000)
		w := latinWords[z%uint64(len(latinWords))]
		out = append(out, byte(len(w)))
		out = append(out, w...)
		r := splitmix(&s)
		out = append(out, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	return out[:n]
}

func appendLE(b []byte, v uint64) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
}

// Emoji returns n copies of U+1F684 (HIGH-SPEED TRAIN) in UTF-8.
func Emoji(n int) []byte {
	out := make([]byte, 4*n)
	for i := 0; i < len(out); i += 4 {
		copy(out[i:], "\U0001F684")
	}
	return out
}

// DigestFile returns the SHA-256 (its first 16 hex digits) and the size of
// a file: the fingerprint of an output that must be the same bytes.
func DigestFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", err
	}
	return DigestOf(h.Sum(nil), n), nil
}

// DigestOf formats a SHA-256 sum and a size as DigestFile does.
func DigestOf(sum []byte, n int64) string {
	return fmt.Sprintf("sha256:%s (%d bytes)", hex.EncodeToString(sum)[:16], n)
}

// DoublesFile is the fingerprint of a file of doubles, one a line, in any
// notation: the values must be the generated ones, bit for bit.
func DoublesFile(path string) (string, error) {
	n, h := 0, uint64(foldInit)
	err := EachLine(path, func(b []byte) error {
		v, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return fmt.Errorf("line %d: %w", n+1, err)
		}
		n++
		h = fold(h, v)
		return nil
	})
	return doublesFingerprint(n, h), err
}
