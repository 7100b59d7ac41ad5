package main

import (
	"fmt"
	"io"

	"github.com/gokkos/gokkos/execspace"
)

// infoCommand prints the machine and every execution space that opens.
func infoCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("info", stderr)
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, err := execspace.ConfigFromEnv()
	if err != nil {
		return err
	}
	var spaces []execspace.Space
	var notes []string
	for _, name := range execspace.Backends() {
		s, err := execspace.Open(name, cfg)
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		defer s.Close()
		spaces = append(spaces, s)
	}
	execspace.PrintConfiguration(stdout, spaces...)
	for _, n := range notes {
		fmt.Fprintf(stdout, "not available: %s\n", n)
	}
	return nil
}
