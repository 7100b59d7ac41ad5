// Package devmath is the device math library of the kernel toolchain: float64 exp, log, pow,
// the trigonometric, hyperbolic and error functions, cbrt, hypot and mod, written once against
// a small instruction-building interface, Builder, that each back end implements.
//
// The package lives in kernelc, beside the back ends rather than under one of them, because
// nothing in it is specific to a target: a routine reads as float64 arithmetic, comparisons,
// selects, a few integer operations on the IEEE representation, structured control flow and
// read-only tables. The PTX back end (package ptx) implements Builder over its instruction
// generator and defines one device function per routine; Eval implements it on the host, which
// makes it the reference that a back end's lowering is tested against bit for bit. Accuracy
// against a high-precision oracle is tested here, through Eval.
//
// Every polynomial is a Taylor series or a Chebyshev interpolant whose coefficients, like every
// constant and table, are computed with math/big when the package is initialised, so the
// generated code does not depend on the host's math package.
package devmath
