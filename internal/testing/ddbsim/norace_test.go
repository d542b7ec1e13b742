//go:build !race

package ddbsim

const raceEnabled = false
