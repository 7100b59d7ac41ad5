package main

import (
	"errors"
	"io"
)

// benchCommand prints a table of GTEPS per algorithm, strategy and graph.
func benchCommand(args []string, stdout, stderr io.Writer) error {
	return errors.New("not yet")
}
