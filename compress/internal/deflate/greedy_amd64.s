//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// greedyGeneric's loop (match.go) in amd64 assembly: the same steps in
// the same order, so the tokens, the frequencies and the table are the
// same, with every value of the literal path in a register.
//
// Registers:
//	R8  the input      R9  the table      R10 the tokens   R11 litFreq
//	BX  p              CX  last           DI  tokens written
//	R13 base (the virtual position of the input's first byte)
//	AX, DX, SI, R12, R14, R15 scratch
// Frame: 0 end, 8 lenSym, 16 the state, 24 the second candidate (or
// -1), 32 and 40 the first candidate's length and position.

#define HASH_MUL $0x1e35a7bd
#define TOKEN_MASK $0x3ffff  // maxTokens - 1
#define LIT_LEN_OFF 1028     // 4 × 257: litFreq of the first length code
#define DIST_OFF 1144        // 4 × numLitLen: distFreq after litFreq

// INSERT enters the position whose 4 bytes are in the low half of W with
// the virtual position V into its bucket, the older entry second. It
// uses R12 and R15.
#define INSERT(W, V) \
	IMUL3L HASH_MUL, W, R15 \
	SHRL   $17, R15         \
	LEAQ   (R9)(R15*8), R15 \
	MOVL   (R15), R12       \
	MOVL   R12, 4(R15)      \
	MOVL   V, (R15)

// func greedyAsm(s *greedyState)
TEXT ·greedyAsm(SB), NOSPLIT, $48-8
	MOVQ s+0(FP), AX
	MOVQ AX, 16(SP)
	MOVQ greedyState_buf(AX), R8
	MOVQ greedyState_ht(AX), R9
	MOVQ greedyState_toks(AX), R10
	MOVQ greedyState_freq(AX), R11
	MOVQ greedyState_lenSym(AX), DX
	MOVQ DX, 8(SP)
	MOVQ greedyState_p(AX), BX
	MOVQ greedyState_last(AX), CX
	MOVQ greedyState_end(AX), DX
	MOVQ DX, 0(SP)
	MOVQ greedyState_nt(AX), DI
	MOVL greedyState_base(AX), R13

loop:
	CMPQ BX, CX
	JGE  done
	MOVL (R8)(BX*1), R15       // x
	IMUL3L HASH_MUL, R15, AX
	SHRL $17, AX
	LEAQ (R9)(AX*8), R12       // the bucket
	MOVL 1(R8)(BX*1), R14      // the next position's bucket, on its way to the cache
	IMUL3L HASH_MUL, R14, R14
	SHRL $17, R14
	PREFETCHT0 (R9)(R14*8)
	MOVL (R12), AX             // v0
	MOVL 4(R12), DX            // v1
	LEAL (R13)(BX*1), SI       // vp
	MOVL AX, 4(R12)
	MOVL SI, (R12)

	// A candidate counts if it is at most a window back and its first
	// 4 bytes are x.
	MOVL SI, R12
	SUBL AX, R12
	CMPL R12, $0x8000
	JA   no0
	SUBL R13, AX               // c0
	CMPL (R8)(AX*1), R15
	JNE  no0
	SUBL DX, SI
	CMPL SI, $0x8000
	JA   only0
	SUBL R13, DX               // c1
	CMPL (R8)(DX*1), R15
	JNE  only0
	MOVQ DX, 24(SP)
	JMP  extend0

no0:
	SUBL DX, SI
	CMPL SI, $0x8000
	JA   literal
	SUBL R13, DX
	CMPL (R8)(DX*1), R15
	JNE  literal
	MOVQ DX, AX

only0:
	MOVQ $-1, 24(SP)

extend0:
	// R14 = 4 + matchLen(buf, AX+4, p+4, min(258, end-p)-4)
	MOVQ 0(SP), R12
	SUBQ BX, R12
	MOVL $258, R14
	CMPQ R12, R14
	CMOVQGT R14, R12
	SUBQ $4, R12               // the limit, at least 1
	LEAQ 4(R8)(AX*1), SI
	LEAQ 4(R8)(BX*1), DX
	XORL R14, R14
m0words:
	LEAQ 8(R14), R15
	CMPQ R15, R12
	JGT  m0bytes
	MOVQ (SI)(R14*1), R15
	XORQ (DX)(R14*1), R15
	JNZ  m0diff
	ADDQ $8, R14
	JMP  m0words
m0diff:
	TZCNTQ R15, R15
	SHRQ $3, R15
	ADDQ R15, R14
	JMP  m0done
m0bytes:
	CMPQ R14, R12
	JGE  m0done
	MOVB (SI)(R14*1), R15B
	CMPB R15B, (DX)(R14*1)
	JNE  m0done
	INCQ R14
	JMP  m0bytes
m0done:
	ADDQ $4, R14
	MOVQ 24(SP), DX
	CMPQ DX, $-1
	JEQ  emit

	// Both candidates: the second only if longer. Its match is
	// measured by a second copy of the code above (a macro cannot hold
	// labels; one copy entered twice costs level 1 about 2% more
	// instructions).
	MOVQ R14, 32(SP)
	MOVQ AX, 40(SP)
	MOVQ DX, AX
	MOVQ 0(SP), R12
	SUBQ BX, R12
	MOVL $258, R14
	CMPQ R12, R14
	CMOVQGT R14, R12
	SUBQ $4, R12
	LEAQ 4(R8)(AX*1), SI
	LEAQ 4(R8)(BX*1), DX
	XORL R14, R14
m1words:
	LEAQ 8(R14), R15
	CMPQ R15, R12
	JGT  m1bytes
	MOVQ (SI)(R14*1), R15
	XORQ (DX)(R14*1), R15
	JNZ  m1diff
	ADDQ $8, R14
	JMP  m1words
m1diff:
	TZCNTQ R15, R15
	SHRQ $3, R15
	ADDQ R15, R14
	JMP  m1done
m1bytes:
	CMPQ R14, R12
	JGE  m1done
	MOVB (SI)(R14*1), R15B
	CMPB R15B, (DX)(R14*1)
	JNE  m1done
	INCQ R14
	JMP  m1bytes
m1done:
	ADDQ $4, R14
	CMPQ R14, 32(SP)
	JGT  emit
	MOVQ 32(SP), R14
	MOVQ 40(SP), AX

emit:
	// A match of R14 bytes from AX: its token and frequencies.
	MOVQ BX, DX
	SUBQ AX, DX                // dist
	LEAL -1(DX), SI
	CMPL SI, $4
	JB   dsdone
	BSRL SI, R12               // distSym: 2n + the bit below the top one
	LEAL -1(R12), R15
	SHRXL R15, SI, SI
	ANDL $1, SI
	LEAL (SI)(R12*2), SI
dsdone:
	MOVL SI, R12
	SHLL $25, R12
	MOVL R14, R15
	SHLL $16, R15
	ORL  R15, R12
	ORL  DX, R12
	ORL  $0x80000000, R12
	MOVL DI, R15
	ANDL TOKEN_MASK, R15
	MOVL R12, (R10)(R15*4)
	INCQ DI
	MOVQ 8(SP), R12
	MOVBLZX -3(R12)(R14*1), R15
	INCL LIT_LEN_OFF(R11)(R15*4)
	INCL DIST_OFF(R11)(SI*4)

	// Enter the three positions after p: from one load when they and
	// the 4 bytes of each are before last.
	LEAQ 1(BX), AX             // q
	ADDQ R14, BX               // p past the match
	LEAQ 3(AX), DX
	CMPQ DX, CX
	JGE  tail
	MOVQ (R8)(AX*1), SI
	LEAL (R13)(AX*1), DX
	INSERT(SI, DX)
	SHRQ $8, SI
	INCL DX
	INSERT(SI, DX)
	SHRQ $8, SI
	INCL DX
	INSERT(SI, DX)
	JMP  loop

tail:
	// Up to min(p, last, q+3), one at a time.
	CMPQ DX, BX
	CMOVQGT BX, DX
	CMPQ DX, CX
	CMOVQGT CX, DX
tailloop:
	CMPQ AX, DX
	JGE  loop
	MOVL (R8)(AX*1), SI
	LEAL (R13)(AX*1), R14
	INSERT(SI, R14)
	INCQ AX
	JMP  tailloop

literal:
	MOVBLZX (R8)(BX*1), AX
	MOVL DI, R12
	ANDL TOKEN_MASK, R12
	MOVL AX, (R10)(R12*4)
	INCQ DI
	INCL (R11)(AX*4)
	INCQ BX
	JMP  loop

done:
	MOVQ 16(SP), AX
	MOVQ BX, greedyState_p(AX)
	MOVQ DI, greedyState_nt(AX)
	RET
