#include "textflag.h"

// func Line(p unsafe.Pointer)
TEXT ·Line(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func Lines4(p0, p1, p2, p3 unsafe.Pointer)
TEXT ·Lines4(SB), NOSPLIT, $0-32
	MOVQ p0+0(FP), AX
	MOVQ p1+8(FP), BX
	MOVQ p2+16(FP), CX
	MOVQ p3+24(FP), DX
	PREFETCHT0 (AX)
	PREFETCHT0 (BX)
	PREFETCHT0 (CX)
	PREFETCHT0 (DX)
	RET

// func Elements(p8, q4, r4 unsafe.Pointer, idx []int32)
TEXT ·Elements(SB), NOSPLIT, $0-48
	MOVQ p8+0(FP), AX
	MOVQ q4+8(FP), BX
	MOVQ r4+16(FP), CX
	MOVQ idx_base+24(FP), SI
	MOVQ idx_len+32(FP), DI
	XORQ DX, DX
loop:
	CMPQ DX, DI
	JGE done
	MOVLQSX (SI)(DX*4), R8
	PREFETCHT0 (AX)(R8*8)
	PREFETCHT0 (BX)(R8*4)
	PREFETCHT0 (CX)(R8*4)
	INCQ DX
	JMP loop
done:
	RET
