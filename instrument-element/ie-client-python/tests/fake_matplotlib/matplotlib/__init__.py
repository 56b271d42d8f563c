"""A stand-in for matplotlib, so that the plotting examples run in the tests without a display
(matplotlib is not a dependency of the client nor of its tests)."""
