//go:build race

package ddbsim

// raceEnabled tells tests the race detector slows everything down.
const raceEnabled = true
