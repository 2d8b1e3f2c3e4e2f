//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// tokensGeneric's loop (block.go) in amd64 assembly with BMI2 shifts:
// the same bits, stored 8 bytes at a time after each token, the bits of
// an unfinished byte kept.
//
// Registers:
//	SI  next token     DI  end of the tokens
//	R8  literal table  R9  length table   R10 distance table
//	R11 output         BX  bit buffer     CX  bits held
//	AX, DX, R12-R15 scratch

// func tokensAsm(s *tokenState)
TEXT ·tokensAsm(SB), NOSPLIT, $0-8
	MOVQ s+0(FP), AX
	MOVQ tokenState_toks(AX), SI
	MOVQ tokenState_n(AX), DI
	LEAQ (SI)(DI*4), DI
	MOVQ tokenState_lit(AX), R8
	MOVQ tokenState_lens(AX), R9
	MOVQ tokenState_dists(AX), R10
	MOVQ tokenState_out(AX), R11
	MOVQ tokenState_bb(AX), BX
	MOVQ tokenState_nb(AX), CX

loop:
	CMPQ SI, DI
	JEQ  done
	MOVL (SI), AX
	ADDQ $4, SI
	CMPL AX, $256
	JAE  match
	MOVL (R8)(AX*4), DX        // a literal: code | length<<24
	MOVL DX, R12
	ANDL $0xffffff, R12
	SHLXQ CX, R12, R12
	ORQ  R12, BX
	SHRL $24, DX
	ADDQ DX, CX

flush:
	MOVQ BX, (R11)
	MOVQ CX, DX
	SHRQ $3, DX
	ADDQ DX, R11
	MOVQ CX, R12
	ANDQ $-8, R12
	SHRXQ R12, BX, BX
	ANDQ $7, CX
	JMP  loop

match:
	MOVL AX, DX                // the length's code and extra bits
	SHRL $16, DX
	SUBL $3, DX
	MOVBLZX DL, DX
	MOVL (R9)(DX*4), R12
	MOVL R12, R13
	ANDL $0xffffff, R13
	SHLXQ CX, R13, R13
	ORQ  R13, BX
	SHRL $24, R12
	ADDQ R12, CX
	MOVL AX, R13               // the distance
	ANDL $0xffff, R13
	SHRL $25, AX
	ANDL $31, AX               // its code
	MOVQ (R10)(AX*8), R12
	MOVQ R12, R14
	SHRQ $32, R14
	SUBL R14, R13              // extra bits' value
	MOVL R12, R14
	SHRL $16, R14
	ANDL $0xff, R14
	SHLXQ R14, R13, R13
	MOVL R12, R15
	ANDL $0xffff, R15
	ORQ  R15, R13
	SHLXQ CX, R13, R13
	ORQ  R13, BX
	SHRL $24, R12
	ANDL $0xff, R12
	ADDQ R12, CX
	JMP  flush

done:
	MOVQ s+0(FP), AX
	MOVQ R11, tokenState_out(AX)
	MOVQ BX, tokenState_bb(AX)
	MOVQ CX, tokenState_nb(AX)
	RET
