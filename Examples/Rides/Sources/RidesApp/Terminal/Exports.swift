// The terminal front end is RidesKit drawn as text: importing it brings the RIBs, services and view
// models too (the tests, the benchmarks' soak and `rides` itself read them).
@_exported import RidesKit
