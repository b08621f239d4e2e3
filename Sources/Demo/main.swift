// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// flint-demo: Flint in one screen by default (`swift run flint-demo`); `flint-demo --list` lists the deeper
// tours, `flint-demo <tour>` runs one, `flint-demo all` runs every one, `flint-demo graph` writes the component
// graph. The component tour uses tiny stand-in products defined in this target (DemoAuth, DemoFunctions,
// DemoStorage, DemoDiagnostics) on AppRegistry.shared, as real products would be; the other tours use the real
// modules (FlintAuth, FlintFirestore, …) on private registries.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case nil:
        try await quickTour()
    case "--list", "-l", "list":
        print(TourCatalog.listing)
        exit(0)
    case "--help", "-h", "help":
        print("usage: flint-demo [--list | all | <tour> | graph [--dot] [--output FILE] [--svg FILE]]")
        print(TourCatalog.listing)
        exit(0)
    case "graph":
        try await GraphCommand.run(Array(arguments.dropFirst()))
        exit(0)
    case "all":
        try await quickTour()
        for entry in TourCatalog.entries {
            print("")
            try await entry.run()
        }
    case let name?:
        guard let entry = TourCatalog.entry(named: name) else {
            print("flint-demo: no tour named \(name)")
            print(TourCatalog.listing)
            exit(2)
        }
        try await entry.run()
    }
    print("")
    print("Done.")
} catch {
    print("flint-demo failed: \(error)")
    exit(1)
}
