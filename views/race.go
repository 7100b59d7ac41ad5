//go:build race

package views

// raceEnabled is true in race-detector builds, where element access also checks for freed views.
const raceEnabled = true
