package scen

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// TestCorpus checks the generated texts: the size asked for, valid UTF-8,
// the same bytes every time, and the scripts of each mix.
func TestCorpus(t *testing.T) {
	tests := []struct {
		mix      int
		nonASCII bool
		fourByte bool
	}{
		{0, false, false},
		{1, true, false},
		{2, true, true},
	}
	for _, tt := range tests {
		c := Corpus(1<<16, tt.mix)
		if len(c) < 1<<16 || len(c) > 1<<16+256 {
			t.Errorf("mix %d: %d bytes, want about %d", tt.mix, len(c), 1<<16)
		}
		if !utf8.Valid(c) {
			t.Errorf("mix %d: not valid UTF-8", tt.mix)
		}
		if !bytes.Equal(c, Corpus(1<<16, tt.mix)) {
			t.Errorf("mix %d: not deterministic", tt.mix)
		}
		hasNonASCII, hasFour := false, false
		for _, r := range string(c) {
			hasNonASCII = hasNonASCII || r >= 0x80
			hasFour = hasFour || r >= 0x10000
		}
		if hasNonASCII != tt.nonASCII || hasFour != tt.fourByte {
			t.Errorf("mix %d: non-ASCII %v, 4-byte %v; want %v, %v", tt.mix, hasNonASCII, hasFour, tt.nonASCII, tt.fourByte)
		}
	}
	if b := BinaryCorpus(1000); len(b) != 1000 || !bytes.Equal(b, BinaryCorpus(1000)) {
		t.Error("BinaryCorpus: wrong size or not deterministic")
	}
	if e := Emoji(3); string(e) != "🚄🚄🚄" {
		t.Errorf("Emoji(3) = %q", e)
	}
}

// TestSmallText checks that short strings end on a character boundary.
func TestSmallText(t *testing.T) {
	for n := 1; n <= 80; n++ {
		s := SmallText(n)
		if len(s) > n || len(s) < n-3 || !utf8.Valid(s) {
			t.Errorf("SmallText(%d) = %q (%d bytes)", n, s, len(s))
		}
	}
}

// TestRecordFormats checks that each record encoding decodes back to the
// generated values.
func TestRecordFormats(t *testing.T) {
	want := WantRecords(500)
	for _, format := range []string{"record", "binary", "text", "proto"} {
		p := t.TempDir() + "/r"
		if err := WriteRecords(format, p, 500); err != nil {
			t.Fatal(err)
		}
		dec := format
		if format == "record" {
			dec = "binary" // the same bytes, read by the other decoder
		}
		got, err := RecordFile(dec, p)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", format, got, err, want)
		}
	}
	if err := WriteRecords("xml", t.TempDir()+"/r", 1); err == nil {
		t.Error("unknown format: no error")
	}
}

// TestRunChild checks the exit codes of the child entry point.
func TestRunChild(t *testing.T) {
	if code := RunChild("no.such.scenario", nil); code != 2 {
		t.Errorf("unknown scenario: exit %d, want 2", code)
	}
	if code := RunChild("ints.read.fastio", []string{t.TempDir() + "/missing"}); code != 1 {
		t.Errorf("missing input: exit %d, want 1", code)
	}
	if !Has("ints.write.outfile") || Has("no.such.scenario") {
		t.Error("Has is wrong")
	}
}

// FuzzParsers checks that the Go peers' record decoders reject any input
// without panicking.
func FuzzParsers(f *testing.F) {
	var s stat
	genStat(7, &s)
	f.Add(appendBinary(nil, &s))
	f.Add(appendProto(nil, &s))
	f.Add([]byte("1000 5 100644 train7 1700000007.5 0102030405"))
	f.Add([]byte{0x80, 0x04, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		var s stat
		_ = parseBinary(b, &s)
		_ = parseProto(b, &s)
		_ = parseText(b, &s)
	})
}
