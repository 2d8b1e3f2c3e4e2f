package site

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"html"
	"strings"
)

// Marks says what to do with identifiers and lines while highlighting Go
// source: which identifiers (by byte offset in the source) become links or
// anchors, and whether each line gets a numbered anchor (L1, L2, …).
type Marks struct {
	Links   map[int]string // offset of an identifier → href
	Anchors map[int]string // offset of an identifier → element id
	Lines   bool           // number the lines with anchors "L<n>"
}

// Highlight renders Go source as HTML with classes for keywords (k),
// comments (c), strings and characters (s) and numbers (n). Marks adds links,
// anchors and line numbers. Text it cannot tokenize is copied escaped, so a
// fragment that is not valid Go still renders.
func Highlight(src []byte, m Marks) string {
	var out bytes.Buffer
	line := 1
	if m.Lines {
		fmt.Fprintf(&out, `<span class="ln" id="L1">1</span>`)
	}
	emit := func(text string, open, close string) {
		// Spans are closed and reopened around line anchors so that every
		// line's anchor sits at the start of its line.
		for {
			i := strings.IndexByte(text, '\n')
			if i < 0 || !m.Lines {
				if text != "" {
					out.WriteString(open)
					out.WriteString(html.EscapeString(text))
					out.WriteString(close)
				}
				return
			}
			if i > 0 {
				out.WriteString(open)
				out.WriteString(html.EscapeString(text[:i]))
				out.WriteString(close)
			}
			line++
			fmt.Fprintf(&out, "\n"+`<span class="ln" id="L%d">%d</span>`, line, line)
			text = text[i+1:]
		}
	}
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, scanner.ScanComments)
	last := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner, not in the text
		}
		off := file.Offset(pos)
		if off < last {
			continue
		}
		text := lit
		if text == "" {
			text = tok.String()
		}
		if off+len(text) > len(src) {
			break
		}
		text = string(src[off : off+len(text)])
		emit(string(src[last:off]), "", "")
		switch {
		case tok == token.COMMENT:
			emit(text, `<span class="c">`, `</span>`)
		case tok == token.STRING || tok == token.CHAR:
			emit(text, `<span class="s">`, `</span>`)
		case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
			emit(text, `<span class="n">`, `</span>`)
		case tok.IsKeyword():
			emit(text, `<span class="k">`, `</span>`)
		case tok == token.IDENT:
			open, close := "", ""
			if id, ok := m.Anchors[off]; ok {
				open, close = `<span class="id" id="`+html.EscapeString(id)+`">`, `</span>`
			}
			if href, ok := m.Links[off]; ok {
				open += `<a href="` + html.EscapeString(href) + `">`
				close = `</a>` + close
			}
			emit(text, open, close)
		default:
			emit(text, "", "")
		}
		last = off + len(text)
	}
	emit(string(src[last:]), "", "")
	return out.String()
}
