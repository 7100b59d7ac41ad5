// A downstream module as a new user writes one: scripts/downstream.sh copies this directory to a
// temporary folder, points the gokkos requirement at the checkout with a replace directive,
// installs gokkos-gen as a Go tool, generates, and runs the tests on the host and sim spaces.
module example.com/downstream

go 1.26.0
