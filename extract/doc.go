// Package extract reads PostgreSQL: the catalog into a catalog.Schema, the
// data into a catalog.Profile, the statement statistics into a
// catalog.Workload, and the rows of a plan table into a stream, all from one
// consistent read-only snapshot. It never writes to the source.
package extract
