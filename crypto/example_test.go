package crypto_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/fastio-go/fastio/crypto"
)

// A Hasher is an output device: print into it as into a file, then read
// the digest out (the same as `sha256sum` of those three lines).
func Example() {
	h, err := crypto.New(crypto.SHA256)
	if err != nil {
		panic(err)
	}
	for range 3 {
		fmt.Fprint(h, "Hello World\n")
	}
	fmt.Println(h.Digest())
	// Output:
	// 795bf86603211c6f47b124ab3c40ec143497fa502f7853b989f573247dd90748
}

// In a hot loop of short writes, PutString's fast path inlines into the
// loop: a compare and a copy per line, the hashing done a buffer at a
// time.
func ExampleHasher_PutString() {
	h, _ := crypto.New(crypto.SHA256)
	for range 3 {
		h.PutString("Hello World\n")
	}
	fmt.Println(h.Digest())
	fmt.Println(h.Err())
	// Output:
	// 795bf86603211c6f47b124ab3c40ec143497fa502f7853b989f573247dd90748
	// <nil>
}

// Formatters write straight into the Hasher's buffer through the
// core.BufferedWriter protocol: Reserve, append, Commit.
func ExampleHasher_Reserve() {
	h, _ := crypto.New(crypto.SHA1)
	for i := range 3 {
		p := h.Reserve(20)
		p = strconv.AppendInt(p[:0], int64(i), 10)
		p = append(p, '\n')
		h.Commit(len(p))
	}
	fmt.Printf("%x\n", h.Sum(nil))
	fmt.Println(crypto.Sum1("0\n1\n2\n") == [20]byte(h.Sum(nil)))
	// Output:
	// 62c6411ae1474ce94848bb47464294578873b6fe
	// true
}

// HMAC with a key; Reset starts a new message under the same key, and
// Verify compares in constant time.
func ExampleNewHMAC() {
	mac, _ := crypto.NewHMAC(crypto.SHA256, []byte("Jefe"))
	mac.WriteString("what do ya want for nothing?")
	fmt.Println(string(mac.AppendHex(nil)))
	mac.Reset()
	mac.WriteString("what do ya want for nothing?")
	fmt.Println(mac.VerifyHex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
	// Output:
	// 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
	// true
}

func ExampleSum256() {
	fmt.Printf("%x\n", crypto.Sum256("abc"))
	// Output:
	// ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
}

func ExampleSum512() {
	// As `printf abc | sha512sum` prints it.
	fmt.Printf("%x\n", crypto.Sum512("abc"))
	fmt.Printf("%x\n", crypto.Sum384([]byte("abc")))
	// Output:
	// ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f
	// cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7
}

func ExampleSum() {
	a, _ := crypto.ParseAlgorithm("sha-512/256")
	d, _ := crypto.Sum(a, "abc")
	fmt.Println(a, d)
	// Output:
	// SHA-512/256 53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23
}

func ExampleMAC() {
	d, _ := crypto.MAC(crypto.SHA1, []byte("Jefe"), "what do ya want for nothing?")
	fmt.Println(d)
	// Output:
	// effcdf6ae5eb2fa2d27416d5f184df9c259a7c79
}

func ExampleSumReader() {
	d, n, err := crypto.SumReader(crypto.SHA384, strings.NewReader("abc"))
	fmt.Println(n, err)
	fmt.Println(string(d.AppendBase64(nil)))
	// Output:
	// 3 <nil>
	// ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn
}

func ExampleSumFile() {
	path := filepath.Join(os.TempDir(), "fastio-crypto-example.txt")
	os.WriteFile(path, []byte("abc"), 0o600)
	defer os.Remove(path)
	d, err := crypto.SumFile(crypto.SHA256, path)
	fmt.Println(d, err)
	// Output:
	// ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad <nil>
}

func ExampleSumFileHMAC() {
	path := filepath.Join(os.TempDir(), "fastio-crypto-hmac-example.txt")
	os.WriteFile(path, []byte("The quick brown fox jumps over the lazy dog"), 0o600)
	defer os.Remove(path)
	d, err := crypto.SumFileHMAC(crypto.SHA256, []byte("key"), path)
	fmt.Println(d, err)
	// Output:
	// f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8 <nil>
}

func ExampleParseHexDigest() {
	want, err := crypto.ParseHexDigest("A9993E364706816ABA3E25717850C26C9CD0D89D")
	fmt.Println(err, want.Equal(mustSum(crypto.SHA1, "abc")))
	_, err = crypto.ParseHexDigest("a9993e36470681xx")
	fmt.Println(err)
	// Output:
	// <nil> true
	// crypto: invalid hex digest: bad character 'x' at offset 14
}

func mustSum(a crypto.Algorithm, s string) crypto.Digest {
	d, err := crypto.Sum(a, s)
	if err != nil {
		panic(err)
	}
	return d
}

// SumMany256 hashes a batch of messages, two at a time where the CPU has
// the SHA extensions; the digests are those of Sum256.
func ExampleSumMany256() {
	msgs := [][]byte{[]byte("abc"), []byte(""), []byte("Hello World\n")}
	digests := make([][32]byte, len(msgs))
	if err := crypto.SumMany256(digests, msgs); err != nil {
		panic(err)
	}
	for _, d := range digests {
		fmt.Printf("%x\n", d)
	}
	fmt.Println(crypto.SumMany256(digests[:1], msgs))
	// Output:
	// ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
	// e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
	// d2a84f4b8b650937ec8f73cd8be2c74add5a911ba64df27458ed8229da804a26
	// crypto: SumMany256: 1 digests for 3 messages
}
