package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gokkos/gokkos/kernelc"
)

// run is the command: it returns the exit status.
func run(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("gokkos-gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", kernelc.DefaultOutput, "output file name")
	dump := fs.Bool("dump-ir", false, "print the IR of every kernel")
	dir := fs.String("dir", ".", "package directory")
	verbose := fs.Bool("v", false, "say which kernels get no host loop and why")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gokkos-gen [-o file] [-dir path] [-dump-ir] [-v]")
		fmt.Fprintln(stderr, "gokkos-gen translates the //gokkos:kernel types of the package in -dir for every execution")
		fmt.Fprintln(stderr, "space; go generate runs it (//go:generate go tool gokkos-gen). To write graph files, use")
		fmt.Fprintln(stderr, "gokkos gen instead.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gokkos-gen: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if getenv("GOKKOS_DUMP_IR") == "1" {
		*dump = true
	}
	absDir, err := filepath.Abs(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "gokkos-gen: %v\n", err)
		return 1
	}
	path := *out
	if !filepath.IsAbs(path) {
		path = filepath.Join(absDir, path)
	}
	u, err := kernelc.Generate(absDir, path)
	res := u.Result
	cwd, _ := os.Getwd()
	if res != nil && len(res.Errors) > 0 {
		for _, e := range res.Errors {
			fmt.Fprintln(stderr, e.Relative(cwd))
		}
		fmt.Fprintf(stderr, "gokkos-gen: %d error(s); nothing written\n", len(res.Errors))
		return 1
	}
	if res == nil {
		fmt.Fprintf(stderr, "gokkos-gen: %v\n", err)
		return 1
	}
	if *dump {
		for _, k := range res.Kernels {
			fmt.Fprint(stdout, k.IR.String())
		}
	}
	if *verbose {
		for _, n := range u.Notes {
			fmt.Fprintln(stderr, n)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		fmt.Fprintln(stderr, "gokkos-gen: nothing written")
		return 1
	}
	if len(res.Kernels) == 0 {
		// Nothing to register: remove a stale file rather than leave one behind.
		if _, err := os.Stat(path); err == nil {
			if err := os.Remove(path); err != nil {
				fmt.Fprintf(stderr, "gokkos-gen: %v\n", err)
				return 1
			}
		}
		return 0
	}
	if err := os.WriteFile(path, u.Source, 0o644); err != nil {
		fmt.Fprintf(stderr, "gokkos-gen: %v\n", err)
		return 1
	}
	return 0
}
