// flint-demo: a guided tour of Flint's component system. Run it with `swift run flint-demo`.
// The products it uses (DemoAuth, DemoFunctions, DemoStorage, DemoDiagnostics) are tiny stand-ins defined
// in this target, registered on AppRegistry.shared exactly as real products would be.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let tour = Tour()
do {
    try await tour.run()
} catch {
    print("flint-demo failed: \(error)")
    exit(1)
}
