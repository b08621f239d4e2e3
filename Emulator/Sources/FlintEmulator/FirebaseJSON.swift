// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The `emulators` section of a `firebase.json`, the Firebase CLI's project file: the port of each service.
///
/// ```json
/// { "emulators": { "auth": { "port": 9099 }, "database": { "port": 9000 }, "storage": { "port": 9199 } } }
/// ```
///
/// The Firebase Emulator Suite's names (`auth`, `database`, `storage`, `functions`) and the emulator's own
/// (`installations`, `remote-config`, `messaging`, `app-check`) are read; other entries (`firestore`, `ui`,
/// `hub`, …) are ignored, and so is each entry's `host` (the emulator listens on one address, `--host`, so that
/// a project file cannot expose it to the network).
public struct FirebaseJSON: Sendable, Hashable {
    /// The largest file read (1 MiB).
    public static let maximumSize = 1 << 20

    /// The port of each service the file names.
    public var ports: [EmulatorConfiguration.Service: Int]

    /// The ports of `data`, a `firebase.json`'s text.
    ///
    /// - Throws: ``EmulatorStartError/invalidConfiguration(_:)`` naming what is wrong: text that is not a JSON
    ///   object, an `emulators` entry that is not an object, or a port that is not an integer in 0...65535.
    public init(data: Data, name: String = "firebase.json") throws(EmulatorStartError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw .invalidConfiguration("\(name): \(Self.path(context)) has the wrong type")
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw .invalidConfiguration("\(name): \(Self.path(context)) is not valid")
        } catch {
            throw .invalidConfiguration("\(name) is not a JSON object")
        }
        ports = [:]
        for service in EmulatorConfiguration.Service.allCases {
            guard let entry = file.emulators?[service.rawValue] else { continue }
            guard entry.isObject else {
                throw .invalidConfiguration("\(name): emulators.\(service.rawValue) is not an object")
            }
            guard let port = entry.port else { continue }
            guard (0...65535).contains(port) else {
                throw .invalidConfiguration("\(name): emulators.\(service.rawValue).port \(port) is not in 0...65535")
            }
            ports[service] = port
        }
    }

    /// A `firebase.json`: only its `emulators` section is read.
    private struct File: Decodable {
        var emulators: [String: Entry]?
    }

    /// An entry of `emulators`: a service's object (its `port`), or another value (`singleProjectMode: true`).
    private struct Entry: Decodable {
        var isObject: Bool
        var port: Int?

        private enum Key: String, CodingKey { case port }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: Key.self) else {
                isObject = false
                return
            }
            isObject = true
            port = try container.decodeIfPresent(Int.self, forKey: .port)
        }
    }

    /// A decoding error's location, as `emulators.auth.port`.
    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    /// The ports of the `firebase.json` at `url`, or nil when there is no file there.
    ///
    /// - Throws: ``EmulatorStartError/invalidFile(path:problem:)`` when what is there is not a regular file, is
    ///   over ``maximumSize`` or cannot be read; ``EmulatorStartError/invalidConfiguration(_:)`` when it is not a
    ///   valid `firebase.json` (see ``init(data:name:)``).
    public static func load(from url: URL) throws(EmulatorStartError) -> FirebaseJSON? {
        guard let data = try EmulatorFile.contents(of: url, maximumSize: maximumSize) else { return nil }
        return try FirebaseJSON(data: data, name: url.path)
    }
}
