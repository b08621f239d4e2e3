// flint-demo: a guided tour of Flint's component system, then of the products built on it. Run it with
// `swift run flint-demo`. The first part uses tiny stand-in products defined in this target (DemoAuth,
// DemoFunctions, DemoStorage, DemoDiagnostics), registered on AppRegistry.shared exactly as real products would
// be; the product tours use the real modules (FlintAuth, FlintAppCheck, …) on private registries.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let tour = Tour()
do {
    try await tour.run()
    try await authTour()
    try await functionsTour()
    try await firestoreTour()
    try await databaseTour()
    try await storageTour()
    try await syncTour()
} catch {
    print("flint-demo failed: \(error)")
    exit(1)
}
