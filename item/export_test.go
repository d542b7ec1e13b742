package item

// CheckWire is checkWire for the external tests over the shared datasets.
var CheckWire = checkWire
