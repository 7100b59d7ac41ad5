package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/gokkos/gokkos/backends"
)

func main() { os.Exit(gokkosMain(os.Args[1:], os.Stdout, os.Stderr)) }

// usageError marks errors that exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// command is a subcommand.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"gen", "write a generated graph to a file", genCommand},
		{"run", "run an algorithm on a graph file", runCommand},
		{"bench", "print a table of GTEPS per algorithm, strategy and graph", benchCommand},
		{"info", "print the machine and the execution spaces", infoCommand},
		{"plot", "draw the JSON lines of bench -json as an SVG bar chart", plotCommand},
	}
}

// gokkosMain runs the command line args and returns the exit status: 0 on success, 1 on
// errors, 2 on bad usage.
func gokkosMain(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		// A panic is a bug, but the user still gets a message and a non-zero status.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "gokkos: internal error: %v\n", r)
			status = 1
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		if len(args) > 1 {
			return gokkosMain([]string{args[1], "-h"}, stdout, stderr)
		}
		usage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == name {
			err := c.run(args[1:], stdout, stderr)
			switch {
			case err == nil:
				return 0
			case errors.Is(err, flag.ErrHelp):
				return 0
			}
			fmt.Fprintf(stderr, "gokkos %s: %v\n", name, err)
			var ue usageError
			if errors.As(err, &ue) {
				return 2
			}
			return 1
		}
	}
	fmt.Fprintf(stderr, "gokkos: unknown command %q\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gokkos COMMAND [flags]")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help   help on a command (gokkos help run)")
	fmt.Fprintf(w, "algorithms: %s\n", strings.Join(algorithmNames(), ", "))
	fmt.Fprintln(w, "(gokkos gen writes graph files; kernels are translated by go generate with gokkos-gen)")
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("gokkos "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args, which must hold flags only; see parseFlags.
func parse(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %q", fs.Args())
	}
	return nil
}

// parseFlags parses the flags at the start of args, turning flag errors into usage errors.
// A flag set made with ContinueOnError prints a bad flag's error itself, then its usage;
// parseFlags lets it print neither and prints the usage once, since gokkosMain prints the
// returned error: the error then appears once, after the usage. -h prints the usage and
// returns flag.ErrHelp.
func parseFlags(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	if err == nil {
		return nil
	}
	usage()
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usageError{err.Error()}
}

// explicit returns the names of the flags that args set on fs, which must be parsed.
func explicit(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// notApplicable is the usage error for flag -name, set on the command line, that does not
// apply to context; why says what the flag is for.
func notApplicable(name, context, why string) error {
	return usagef("-%s does not apply to %s (%s)", name, context, why)
}
