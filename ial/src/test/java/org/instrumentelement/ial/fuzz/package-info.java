/**
 * What the fuzz targets ({@code *FuzzTest}) share; see docs/fuzzing.md for how they run as
 * regression tests and how to fuzz them.
 */
package org.instrumentelement.ial.fuzz;
