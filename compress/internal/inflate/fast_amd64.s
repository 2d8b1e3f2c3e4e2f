//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The fast loop of fast.go in amd64 assembly with BMI2 shifts (SHRX, SHLX,
// BZHI take their count from any register, so the bit count stays in CX
// while the entry in AX gives the shifts): the same steps, the same
// bounds, every value in a register.
//
// Registers:
//	AX  the literal/length entry of the next symbol, then the distance entry
//	BX  bit buffer          CX  bit count (only its low byte means anything)
//	R8  next input byte     R9  last input position an iteration may start at
//	R10 next output byte    R11 output position where the loop stops
//	DI  start of the output buffer (the farthest a distance may reach)
//	R12 literal/length table, R13 distance table
//	DX  the bits before the last entry consumed (for a length's extra bits)
//	SI, R14, R15 scratch; X0, X1 copies
//
// Entry layout (huffman.go): bits 0-7 bits to consume, 8-11 codeword
// length, 12-15 flags (15 literal, 14 end of block, 13 subtable, 12 bad),
// 16-31 value.

// REFILL loads 8 input bytes above the bits held and advances R8 by the
// whole bytes that fit: 56 to 63 bits held after. It uses SI.
#define REFILL \
	MOVQ  (R8), SI       \
	SHLXQ CX, SI, SI     \
	ORQ   SI, BX         \
	MOVL  CX, SI         \
	SHRL  $3, SI         \
	ANDL  $7, SI         \
	SUBQ  SI, R8         \
	ADDQ  $7, R8         \
	ORQ   $56, CX

// CONSUME drops the bits of the entry in AX.
#define CONSUME \
	SHRXQ AX, BX, BX \
	SUBQ  AX, CX

// LOOKUP_LIT looks up the literal/length entry of the bits in BX into AX.
#define LOOKUP_LIT \
	MOVL BX, SI            \
	ANDL $0x7ff, SI        \
	MOVL (R12)(SI*4), AX

// func decodeFast(s *fastState)
//
// The loop is arranged as libdeflate's: an iteration starts with the bit
// buffer refilled and the entry of its first symbol in AX; the bits of an
// entry are consumed as soon as it is loaded, before its kind is tested
// (the bits before are kept in DX for the extra bits of a length), and
// the refill comes after the lookup of the next entry, so neither is on
// the chain from one table lookup to the next.
TEXT ·decodeFast(SB), NOSPLIT, $0-8
	MOVQ s+0(FP), SI
	MOVQ fastState_in(SI), R8
	MOVQ fastState_inLimit(SI), R9
	MOVQ fastState_out(SI), R10
	MOVQ fastState_outLimit(SI), R11
	MOVQ fastState_outBase(SI), DI
	MOVQ fastState_bits(SI), BX
	MOVQ fastState_nbits(SI), CX
	MOVQ fastState_lit(SI), R12
	MOVQ fastState_dist(SI), R13

	// The caller left room for this refill and a whole iteration.
	REFILL
	LOOKUP_LIT

loop:
	MOVQ  BX, DX
	CONSUME
	TESTL $0x8000, AX
	JZ    notlit

	// Up to three literals per refill: 3 × 15 bits, and 11 for the next
	// lookup, of the 56 at least.
	MOVL  AX, R14
	SHRL  $16, R14
	LOOKUP_LIT
	MOVQ  BX, DX
	CONSUME
	MOVB  R14, (R10)
	INCQ  R10
	TESTL $0x8000, AX
	JZ    notlit

	MOVL  AX, R14
	SHRL  $16, R14
	LOOKUP_LIT
	MOVQ  BX, DX
	CONSUME
	MOVB  R14, (R10)
	INCQ  R10
	TESTL $0x8000, AX
	JZ    notlit

	MOVL AX, R14
	SHRL $16, R14
	LOOKUP_LIT
	REFILL
	MOVB R14, (R10)
	INCQ R10
	JMP  check

notlit:
	// AX is consumed, DX holds the bits from its codeword on.
	TESTL $0x7000, AX
	JNZ   exceptional

length:
	// R14 = base + extra bits: the entry's low byte is codeword plus extra
	// bits, bits 8-11 the codeword length.
	BZHIQ AX, DX, R14
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	SHRXQ SI, R14, R14
	MOVL  AX, SI
	SHRL  $16, SI
	ADDQ  SI, R14

	// The distance entry, looked up before the refill: a literal or a
	// length from the primary table has a codeword of at most 11 bits,
	// so of the 56 bits at least 56-11-11-16 = 18 remain (a length
	// through the subtable comes after one literal less). Its bits go
	// after the test, so that an invalid one leaves them, as the Go loop
	// does.
	MOVL  BX, SI
	ANDL  $0xff, SI
	MOVL  (R13)(SI*4), AX
	REFILL
	TESTL $0x3000, AX
	JNZ   distexc

distok:
	MOVQ  BX, DX
	CONSUME
	BZHIQ AX, DX, R15
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	SHRXQ SI, R15, R15
	MOVL  AX, SI
	SHRL  $16, SI
	ADDQ  SI, R15

	// At most 15+13 bits of the 56 went to the distance: the next lookup
	// needs no refill, which follows it.
	LOOKUP_LIT
	REFILL

	// R15 = distance, R14 = length; the distance reaches no further back
	// than the start of the buffer.
	MOVQ R10, SI
	SUBQ DI, SI
	CMPQ R15, SI
	JHI  corrupt
	MOVQ R10, SI
	SUBQ R15, SI             // SI = source
	ADDQ R10, R14            // R14 = end of the match
	CMPQ R15, $16
	JB   near8

	// Distance 16 or more: each 16-byte load reads bytes already stored.
copy16:
	MOVOU (SI), X0
	MOVOU X0, (R10)
	ADDQ  $16, SI
	ADDQ  $16, R10
	CMPQ  R10, R14
	JB    copy16
	MOVQ  R14, R10
	JMP   check

near8:
	CMPQ R15, $8
	JB   near1

copy8:
	MOVQ (SI), R15
	MOVQ R15, (R10)
	ADDQ $8, SI
	ADDQ $8, R10
	CMPQ R10, R14
	JB   copy8
	MOVQ R14, R10
	JMP  check

near1:
	CMPQ R15, $1
	JNE  stepcopy

	// Distance 1: a run of one byte, 16 at a time.
	MOVBQZX    (SI), R15
	MOVQ       $0x0101010101010101, SI
	IMULQ      SI, R15
	MOVQ       R15, X0
	PUNPCKLQDQ X0, X0

run:
	MOVOU X0, (R10)
	ADDQ  $16, R10
	CMPQ  R10, R14
	JB    run
	MOVQ  R14, R10
	JMP   check

	// Distance 2 to 7: 8-byte words stepping by the distance, each step
	// storing one more period of the pattern after the last.
stepcopy:
	MOVQ (SI), SI
	MOVQ SI, (R10)
	ADDQ R15, R10
	MOVQ R10, SI
	SUBQ R15, SI
	CMPQ R10, R14
	JB   stepcopy
	MOVQ R14, R10

check:
	CMPQ R8, R9
	JHI  limits
	CMPQ R10, R11
	JB   loop

limits:
	MOVQ $0, R15
	JMP  exit

distexc:
	TESTL $0x1000, AX
	JNZ   corrupt

	// A distance codeword longer than 8 bits: the subtable.
	SHRQ  $8, BX
	SUBQ  $8, CX
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	BZHIQ SI, BX, SI
	SHRL  $16, AX
	ADDQ  SI, AX
	MOVL  (R13)(AX*4), AX
	TESTL $0x1000, AX
	JNZ   corrupt
	JMP   distok

exceptional:
	TESTL $0x2000, AX
	JZ    eobbad

	// A literal/length codeword longer than 11 bits: its first 11 bits
	// are consumed (a subtable pointer's low byte is 11), the subtable
	// resolves the rest.
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	BZHIQ SI, BX, SI
	SHRL  $16, AX
	ADDQ  SI, AX
	MOVL  (R12)(AX*4), AX
	TESTL $0x8000, AX
	JZ    subnotlit
	CONSUME
	MOVL AX, R14
	SHRL $16, R14
	LOOKUP_LIT
	REFILL
	MOVB R14, (R10)
	INCQ R10
	JMP  check

subnotlit:
	TESTL $0x7000, AX
	JNZ   subexc
	MOVQ  BX, DX
	CONSUME
	JMP   length

subexc:
	TESTL $0x4000, AX
	JZ    corrupt
	CONSUME
	MOVQ $1, R15
	JMP  exit

eobbad:
	TESTL $0x4000, AX
	JNZ   eob

	// An invalid codeword: its bits stay, as in the Go loop.
	MOVQ DX, BX
	ADDQ AX, CX
	JMP  corrupt

eob:
	MOVQ $1, R15
	JMP  exit

corrupt:
	MOVQ $2, R15

exit:
	MOVQ s+0(FP), SI
	MOVQ R8, fastState_in(SI)
	MOVQ R10, fastState_out(SI)
	MOVQ BX, fastState_bits(SI)
	MOVQ CX, fastState_nbits(SI)
	MOVQ R15, fastState_status(SI)
	RET

// func decodeMarksAsm(s *fastState)
//
// decodeFast for 16-bit output (marks.go): the same loop, a literal
// stored as a word, a length and a distance doubled into bytes once
// decoded, so that the copies below work on bytes as decodeFast's do; a
// distance of one value is a run of a 16-bit pattern.
TEXT ·decodeMarksAsm(SB), NOSPLIT, $0-8
	MOVQ s+0(FP), SI
	MOVQ fastState_in(SI), R8
	MOVQ fastState_inLimit(SI), R9
	MOVQ fastState_out(SI), R10
	MOVQ fastState_outLimit(SI), R11
	MOVQ fastState_outBase(SI), DI
	MOVQ fastState_bits(SI), BX
	MOVQ fastState_nbits(SI), CX
	MOVQ fastState_lit(SI), R12
	MOVQ fastState_dist(SI), R13

	// The caller left room for this refill and a whole iteration.
	REFILL
	LOOKUP_LIT

loopM:
	MOVQ  BX, DX
	CONSUME
	TESTL $0x8000, AX
	JZ    notlitM

	// Up to three literals per refill: 3 × 15 bits, and 11 for the next
	// lookup, of the 56 at least.
	MOVL  AX, R14
	SHRL  $16, R14
	LOOKUP_LIT
	MOVQ  BX, DX
	CONSUME
	MOVW  R14, (R10)
	ADDQ  $2, R10
	TESTL $0x8000, AX
	JZ    notlitM

	MOVL  AX, R14
	SHRL  $16, R14
	LOOKUP_LIT
	MOVQ  BX, DX
	CONSUME
	MOVW  R14, (R10)
	ADDQ  $2, R10
	TESTL $0x8000, AX
	JZ    notlitM

	MOVL AX, R14
	SHRL $16, R14
	LOOKUP_LIT
	REFILL
	MOVW R14, (R10)
	ADDQ $2, R10
	JMP  checkM

notlitM:
	// AX is consumed, DX holds the bits from its codeword on.
	TESTL $0x7000, AX
	JNZ   exceptionalM

lengthM:
	// R14 = base + extra bits: the entry's low byte is codeword plus extra
	// bits, bits 8-11 the codeword lengthM.
	BZHIQ AX, DX, R14
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	SHRXQ SI, R14, R14
	MOVL  AX, SI
	SHRL  $16, SI
	ADDQ  SI, R14
	SHLQ  $1, R14            // in bytes of output

	// The distance entry, looked up before the refill: a literal or a
	// lengthM from the primary table has a codeword of at most 11 bits,
	// so of the 56 bits at least 56-11-11-16 = 18 remain (a lengthM
	// through the subtable comes after one literal less). Its bits go
	// after the test, so that an invalid one leaves them, as the Go loopM
	// does.
	MOVL  BX, SI
	ANDL  $0xff, SI
	MOVL  (R13)(SI*4), AX
	REFILL
	TESTL $0x3000, AX
	JNZ   distexcM

distokM:
	MOVQ  BX, DX
	CONSUME
	BZHIQ AX, DX, R15
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	SHRXQ SI, R15, R15
	MOVL  AX, SI
	SHRL  $16, SI
	ADDQ  SI, R15
	SHLQ  $1, R15            // in bytes of output

	// At most 15+13 bits of the 56 went to the distance: the next lookup
	// needs no refill, which follows it.
	LOOKUP_LIT
	REFILL

	// R15 = distance, R14 = lengthM; the distance reaches no further back
	// than the start of the buffer.
	MOVQ R10, SI
	SUBQ DI, SI
	CMPQ R15, SI
	JHI  corruptM
	MOVQ R10, SI
	SUBQ R15, SI             // SI = source
	ADDQ R10, R14            // R14 = end of the match
	CMPQ R15, $16
	JB   near8M

	// Distance 8 or more (16 bytes): each 16-byte load reads bytes already stored.
copy16M:
	MOVOU (SI), X0
	MOVOU X0, (R10)
	ADDQ  $16, SI
	ADDQ  $16, R10
	CMPQ  R10, R14
	JB    copy16M
	MOVQ  R14, R10
	JMP   checkM

near8M:
	CMPQ R15, $8
	JB   near1M

copy8M:
	MOVQ (SI), R15
	MOVQ R15, (R10)
	ADDQ $8, SI
	ADDQ $8, R10
	CMPQ R10, R14
	JB   copy8M
	MOVQ R14, R10
	JMP  checkM

near1M:
	CMPQ R15, $2
	JNE  stepcopyM

	// Distance 1: a run of one value, 16 at a time.
	MOVWQZX    (SI), R15
	MOVQ       $0x0001000100010001, SI
	IMULQ      SI, R15
	MOVQ       R15, X0
	PUNPCKLQDQ X0, X0

runM:
	MOVOU X0, (R10)
	ADDQ  $16, R10
	CMPQ  R10, R14
	JB    runM
	MOVQ  R14, R10
	JMP   checkM

	// Distance 2 or 3 (4 or 6 bytes): 8-byte words stepping by the distance, each step
	// storing one more period of the pattern after the last.
stepcopyM:
	MOVQ (SI), SI
	MOVQ SI, (R10)
	ADDQ R15, R10
	MOVQ R10, SI
	SUBQ R15, SI
	CMPQ R10, R14
	JB   stepcopyM
	MOVQ R14, R10

checkM:
	CMPQ R8, R9
	JHI  limitsM
	CMPQ R10, R11
	JB   loopM

limitsM:
	MOVQ $0, R15
	JMP  exitM

distexcM:
	TESTL $0x1000, AX
	JNZ   corruptM

	// A distance codeword longer than 8 bits: the subtable.
	SHRQ  $8, BX
	SUBQ  $8, CX
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	BZHIQ SI, BX, SI
	SHRL  $16, AX
	ADDQ  SI, AX
	MOVL  (R13)(AX*4), AX
	TESTL $0x1000, AX
	JNZ   corruptM
	JMP   distokM

exceptionalM:
	TESTL $0x2000, AX
	JZ    eobbadM

	// A literal/lengthM codeword longer than 11 bits: its first 11 bits
	// are consumed (a subtable pointer's low byte is 11), the subtable
	// resolves the rest.
	MOVL  AX, SI
	SHRL  $8, SI
	ANDL  $15, SI
	BZHIQ SI, BX, SI
	SHRL  $16, AX
	ADDQ  SI, AX
	MOVL  (R12)(AX*4), AX
	TESTL $0x8000, AX
	JZ    subnotlitM
	CONSUME
	MOVL AX, R14
	SHRL $16, R14
	LOOKUP_LIT
	REFILL
	MOVW R14, (R10)
	ADDQ $2, R10
	JMP  checkM

subnotlitM:
	TESTL $0x7000, AX
	JNZ   subexcM
	MOVQ  BX, DX
	CONSUME
	JMP   lengthM

subexcM:
	TESTL $0x4000, AX
	JZ    corruptM
	CONSUME
	MOVQ $1, R15
	JMP  exitM

eobbadM:
	TESTL $0x4000, AX
	JNZ   eobM

	// An invalid codeword: its bits stay, as in the Go loopM.
	MOVQ DX, BX
	ADDQ AX, CX
	JMP  corruptM

eobM:
	MOVQ $1, R15
	JMP  exitM

corruptM:
	MOVQ $2, R15

exitM:
	MOVQ s+0(FP), SI
	MOVQ R8, fastState_in(SI)
	MOVQ R10, fastState_out(SI)
	MOVQ BX, fastState_bits(SI)
	MOVQ CX, fastState_nbits(SI)
	MOVQ R15, fastState_status(SI)
	RET
