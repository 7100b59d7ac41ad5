// Package srchash hashes the Go declarations that kernels are translated from. gokkos-gen
// records, for every kernel, the hash of each declaration of the generated package that its
// translation was made from (abi.KernelSpec.Source); the runtime recomputes them from the source
// files at the kernel type's first launch with this same code, and refuses to launch a kernel
// whose source changed since its file was generated.
//
// A declaration's hash covers its tokens only: comments, spacing, line breaks, the semicolons
// that line breaks stand for and trailing commas do not count, so reformatting a file (gofmt
// included) or editing its comments keeps every hash, while any other edit of the declaration
// changes it.
package srchash

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gokkos/gokkos/execspace/abi"
)

// hashLen is the number of bytes of SHA-256 a hash keeps (it is written in hex).
const hashLen = 8

// TypeKey is the key of the declaration of type name.
func TypeKey(name string) string { return "type " + name }

// FuncKey is the key of the declaration of function name.
func FuncKey(name string) string { return "func " + name }

// MethodKey is the key of the declaration of method name of type recv (its base type name,
// without pointer or type parameters).
func MethodKey(recv, name string) string { return "func (" + recv + ") " + name }

// ConstKey is the key of constant name, whose hash covers its whole const declaration (iota
// and implicit repetition make a constant depend on the other specs of its group).
func ConstKey(name string) string { return "const " + name }

// VarKey is the key of package-level variable name.
func VarKey(name string) string { return "var " + name }

// Label names the declaration of key in a message about kernel type typeName (its name
// without package or type arguments): the method's name alone for a method of typeName,
// "T.M" for another method, a function's name, or the key itself otherwise.
func Label(key, typeName string) string {
	if rest, ok := strings.CutPrefix(key, "func ("); ok {
		recv, name, _ := strings.Cut(rest, ") ")
		if recv == typeName {
			return name
		}
		return recv + "." + name
	}
	if name, ok := strings.CutPrefix(key, "func "); ok {
		return name
	}
	return key
}

// Decls parses the Go file src (filename names it in errors) and returns the hash of each of
// its top-level declarations by key. init functions and blank names have none.
func Decls(filename string, src []byte) (map[string]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.Pos())
	hash := func(n ast.Node) string { return declHash(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	out := map[string]string{}
	add := func(key string, h func() string) {
		if _, dup := out[key]; !dup {
			out[key] = h()
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if name == "_" || (name == "init" && d.Recv == nil) {
				continue
			}
			add(FuncDeclKey(d), func() string { return hash(d) })
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.Name != "_" {
						add(TypeKey(s.Name.Name), func() string { return hash(s) })
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name == "_" {
							continue
						}
						if d.Tok == token.CONST {
							add(ConstKey(n.Name), func() string { return hash(d) })
						} else {
							add(VarKey(n.Name), func() string { return hash(s) })
						}
					}
				}
			}
		}
	}
	return out, nil
}

// FuncDeclKey is the key of a function or method declaration: FuncKey, or MethodKey with the
// receiver's base type name as written.
func FuncDeclKey(d *ast.FuncDecl) string {
	if d.Recv != nil && len(d.Recv.List) == 1 {
		return MethodKey(recvName(d.Recv.List[0].Type), d.Name.Name)
	}
	return FuncKey(d.Name.Name)
}

// recvName is the base type name of a receiver type expression.
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// declHash hashes the tokens of a declaration's text. Every token is written as its text
// (length-prefixed), so the hash does not depend on go/token's numbering of token kinds. A
// semicolon, explicit or standing for a line break, is written as ";", and left out before a
// closing parenthesis or brace and at the end, where Go lets it be omitted; a comma before a
// closing bracket is left out.
func declHash(src []byte) string {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	var toks []string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		text := tok.String()
		if tok.IsLiteral() {
			text = lit
		}
		if n := len(toks); n > 0 {
			prev := toks[n-1]
			switch {
			case prev == ";" && (tok == token.RPAREN || tok == token.RBRACE),
				prev == "," && (tok == token.RPAREN || tok == token.RBRACE || tok == token.RBRACK):
				toks = toks[:n-1]
			}
		}
		toks = append(toks, text)
	}
	for len(toks) > 0 && toks[len(toks)-1] == ";" {
		toks = toks[:len(toks)-1]
	}
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, t := range toks {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(t)))])
		h.Write([]byte(t))
	}
	return hex.EncodeToString(h.Sum(nil)[:hashLen])
}

// Combine returns the combined hash of pieces: it changes when any piece's file, key or hash
// does, or when pieces are added, removed or reordered.
func Combine(pieces []abi.SourcePiece) string {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, p := range pieces {
		for _, s := range [...]string{p.File, p.Key, p.Hash} {
			h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
			h.Write([]byte(s))
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:hashLen])
}

// parsed is one file's declaration hashes, computed once per process.
type parsed struct {
	once  sync.Once
	decls map[string]string
	err   error
}

// files caches Decls by absolute file name.
var files sync.Map // string → *parsed

// fileDecls returns the declaration hashes of the file at path, reading and parsing it once per
// process.
func fileDecls(path string) (map[string]string, error) {
	v, _ := files.LoadOrStore(path, &parsed{})
	p := v.(*parsed)
	p.once.Do(func() {
		var src []byte
		if src, p.err = os.ReadFile(path); p.err == nil {
			p.decls, p.err = Decls(path, src)
		}
	})
	return p.decls, p.err
}

// Current returns pieces with each hash recomputed from the files in package directory dir
// (each file read and parsed once per process). A piece whose file cannot be read or parsed,
// or no longer declares its key, gets an empty hash.
func Current(dir string, pieces []abi.SourcePiece) []abi.SourcePiece {
	out := make([]abi.SourcePiece, len(pieces))
	for i, p := range pieces {
		out[i] = abi.SourcePiece{File: p.File, Key: p.Key}
		if decls, err := fileDecls(filepath.Join(dir, filepath.FromSlash(p.File))); err == nil {
			out[i].Hash = decls[p.Key]
		}
	}
	return out
}
