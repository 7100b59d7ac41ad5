package sim

// opcode is an instruction's operation, decoded once from its name.
type opcode uint8

// The operations the simulator executes.
const (
	opUnknown opcode = iota
	opMov
	opAdd
	opSub
	opMul
	opMad
	opDiv
	opRem
	opMin
	opMax
	opAnd
	opOr
	opXor
	opShl
	opShr
	opFma
	opNeg
	opNot
	opAbs
	opSqrt
	opPopc
	opClz
	opBrev
	opCnot
	opSetp
	opSelp
	opCvt
	opCvta
	opPrmt
	opShf
	opLd
	opSt
	opAtom
	opBra
	opRet
	opExit
	opCall
	opBar
	opShfl
	opTrap
	opFence
	opPrefetch
)

// opcodes maps PTX operation names to opcodes.
var opcodes = map[string]opcode{
	"mov":  opMov,
	"add":  opAdd,
	"sub":  opSub,
	"mul":  opMul,
	"mad":  opMad,
	"div":  opDiv,
	"rem":  opRem,
	"min":  opMin,
	"max":  opMax,
	"and":  opAnd,
	"or":   opOr,
	"xor":  opXor,
	"shl":  opShl,
	"shr":  opShr,
	"fma":  opFma,
	"neg":  opNeg,
	"not":  opNot,
	"abs":  opAbs,
	"sqrt": opSqrt,
	"popc": opPopc,
	"clz":  opClz,
	"brev": opBrev,
	"cnot": opCnot,
	"setp": opSetp,
	"selp": opSelp,
	"cvt":  opCvt,
	"cvta": opCvta,
	"prmt": opPrmt,
	"shf":  opShf,
	"ld":   opLd,
	"st":   opSt,
	"atom": opAtom,
	"bra":  opBra,
	"ret":  opRet,
	"exit": opExit,
	"call": opCall,
	"bar":  opBar,
	"shfl": opShfl,
	"trap": opTrap,
	// The simulator's memory is sequentially consistent: fences order nothing more.
	"fence":  opFence,
	"membar": opFence,
	// A prefetch is a hint; the simulator has no caches to fill.
	"prefetch": opPrefetch,
}
