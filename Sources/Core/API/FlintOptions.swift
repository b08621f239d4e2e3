// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The settings that identify a Firebase-style project and app: what `GoogleService-Info.plist` holds.
///
/// Build them in code, or load them from a file:
///
/// ```swift
/// var options = FlintOptions(googleAppID: "1:1234567890:ios:abcdef0123456789", gcmSenderID: "1234567890")
/// options.projectID = "my-project"
///
/// let fromFile = try FlintOptions(contentsOfFile: "GoogleService-Info.plist")
/// ```
///
/// `googleAppID` is checked when an app is configured with these options: it must have the form
/// `1:<digits>:<platform>:<hex>`, and `gcmSenderID` and `bundleID` must not be empty.
///
/// `Codable` uses the Swift property names as keys (`googleAppID`, `gcmSenderID`, …); the Firebase keys of
/// an options file (`GOOGLE_APP_ID`, `GCM_SENDER_ID`, …) are read by ``init(contentsOfFile:)`` only.
public struct FlintOptions: Sendable, Hashable, Codable {
    /// The app's Firebase ID, `1:<project number>:<platform>:<hex hash>`, e.g.
    /// `1:1234567890:ios:abcdef0123456789`. Required; validated when an app is configured.
    public var googleAppID: String
    /// The Cloud Messaging sender ID (the project number). Required.
    public var gcmSenderID: String
    /// The bundle identifier of the app. Defaults to the process name.
    public var bundleID: String
    /// The API key used to call Google APIs.
    public var apiKey: String?
    /// The project ID, e.g. `my-project`.
    public var projectID: String?
    /// The URL of the default Realtime Database instance.
    public var databaseURL: String?
    /// The default Cloud Storage bucket, e.g. `my-project.appspot.com`.
    public var storageBucket: String?
    /// The OAuth client ID.
    public var clientID: String?
    /// The app group ID shared between an app and its extensions.
    public var appGroupID: String?

    /// Options with the two required values; `bundleID` is the process name and every optional value is nil.
    public init(googleAppID: String, gcmSenderID: String) {
        self.googleAppID = googleAppID
        self.gcmSenderID = gcmSenderID
        self.bundleID = ProcessInfo.processInfo.processName
    }

    /// Loads options from a `GoogleService-Info.plist` (XML or binary property list) or from a JSON file
    /// with the same keys.
    ///
    /// The format is chosen by content, not by extension: a file whose first non-blank character is `{`
    /// (or `[`) is JSON, anything else a property list. The root must be a dictionary; the keys read are
    /// `GOOGLE_APP_ID` and `GCM_SENDER_ID` (required), `BUNDLE_ID` (defaults to the process name),
    /// `API_KEY`, `PROJECT_ID`, `DATABASE_URL`, `STORAGE_BUCKET`, `CLIENT_ID` and `APP_GROUP_ID`. Their
    /// values must be strings (a JSON `null` counts as absent); other keys are ignored.
    ///
    /// The path must name a regular file of at most ``maximumFileSize`` bytes (1 MiB); anything else at the path
    /// (a directory, a FIFO, a device) is refused at once, without waiting for it to be readable.
    ///
    /// - Throws: ``FlintError/invalidOptions(reason:)`` naming the path when the file cannot be read, is not a
    ///   regular file, is larger than ``maximumFileSize`` (the reason names the limit), is
    ///   not a valid property list or JSON, has no dictionary at its root, has a known key whose value is
    ///   not a string, or lacks a required key (named in the reason). The values are not validated here;
    ///   that happens when an app is configured.
    public init(contentsOfFile path: String) throws(FlintError) {
        self = try OptionsFileLoader.load(contentsOfFile: path)
    }

    /// The options of the default options file, or nil when there is no such file or it does not load.
    /// (`FlintApp.configure()` tells the two apart: it throws the load error of a file that exists.)
    ///
    /// The file is the path in the environment variable `FLINT_OPTIONS_FILE` when it is set and not empty
    /// (relative paths are taken from the current directory), else `GoogleService-Info.plist` in the
    /// current directory. There is no fallback from the one to the other.
    public static func defaultOptions() -> FlintOptions? {
        try? loadDefaultOptions(at: defaultOptionsPath())
    }

    /// The largest options file ``init(contentsOfFile:)`` reads: 1 MiB (a `GoogleService-Info.plist` is a few
    /// KiB). A larger file is refused with ``FlintError/invalidOptions(reason:)`` naming the file and the limit.
    public static let maximumFileSize = 1 << 20

    // MARK: - Default options lookup

    /// The environment variable naming the default options file.
    static let optionsFileEnvironmentVariable = "FLINT_OPTIONS_FILE"

    /// The name of the default options file looked up in the current directory.
    static let defaultOptionsFileName = "GoogleService-Info.plist"

    /// The path ``defaultOptions()`` reads, for the given environment and current directory.
    static func defaultOptionsPath(environment: [String: String], currentDirectory: String) -> String {
        let relativeOrAbsolute: String
        if let fromEnvironment = environment[optionsFileEnvironmentVariable], !fromEnvironment.isEmpty {
            relativeOrAbsolute = fromEnvironment
        } else {
            relativeOrAbsolute = defaultOptionsFileName
        }
        if relativeOrAbsolute.hasPrefix("/") {
            return relativeOrAbsolute
        }
        return (currentDirectory as NSString).appendingPathComponent(relativeOrAbsolute)
    }

    /// ``defaultOptions()`` for the given environment and current directory (testable without touching
    /// the process-global environment).
    static func defaultOptions(environment: [String: String], currentDirectory: String) -> FlintOptions? {
        let path = defaultOptionsPath(environment: environment, currentDirectory: currentDirectory)
        return try? FlintOptions(contentsOfFile: path)
    }

    /// The path ``defaultOptions()`` reads, for this process's environment and current directory.
    static func defaultOptionsPath() -> String {
        defaultOptionsPath(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The options of the default options file at `path`, for `FlintApp.configure()`.
    ///
    /// - Throws: ``FlintError/missingDefaultOptions`` when nothing is at `path`; the loader's
    ///   ``FlintError/invalidOptions(reason:)`` (naming the file and the problem) when a file is there but
    ///   does not load.
    static func loadDefaultOptions(at path: String) throws(FlintError) -> FlintOptions {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingDefaultOptions }
        return try OptionsFileLoader.load(contentsOfFile: path)
    }

    // MARK: - Validation

    /// The documented form of ``googleAppID``.
    static let googleAppIDForm = "1:<digits>:<platform>:<hex>"

    /// Checks the values an app needs: `googleAppID` has the form `1:<digits>:<platform>:<hex>` (platform
    /// in ASCII letters, hex in `[0-9a-fA-F]+`), and `gcmSenderID` and `bundleID` are not empty or blank.
    ///
    /// - Throws: ``FlintError/invalidOptions(reason:)`` naming the first offending field and its value.
    func validate() throws(FlintError) {
        if let problem = Self.googleAppIDProblem(googleAppID) {
            throw .invalidOptions(
                reason: "googleAppID '\(googleAppID)' \(problem); expected \(Self.googleAppIDForm), "
                    + "e.g. 1:1234567890:ios:abcdef0123456789")
        }
        if Self.isBlank(gcmSenderID) {
            throw .invalidOptions(reason: "gcmSenderID '\(gcmSenderID)' must not be empty")
        }
        if Self.isBlank(bundleID) {
            throw .invalidOptions(reason: "bundleID '\(bundleID)' must not be empty")
        }
    }

    /// What is wrong with `appID`, or nil when it has the form `1:<digits>:<platform>:<hex>`.
    static func googleAppIDProblem(_ appID: String) -> String? {
        if appID.isEmpty {
            return "is empty"
        }
        let parts = appID.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            return "has \(parts.count) colon-separated part\(parts.count == 1 ? "" : "s"), not 4"
        }
        let (version, projectNumber, platform, hash) = (parts[0], parts[1], parts[2], parts[3])
        if version != "1" {
            return "has version '\(version)', not 1"
        }
        if projectNumber.isEmpty || !projectNumber.unicodeScalars.allSatisfy(isASCIIDigit) {
            return "has project number '\(projectNumber)', which is not all digits"
        }
        if platform.isEmpty || !platform.unicodeScalars.allSatisfy(isASCIILetter) {
            return "has platform '\(platform)', which is not all letters"
        }
        if hash.isEmpty || !hash.unicodeScalars.allSatisfy(isASCIIHexDigit) {
            return "has app hash '\(hash)', which is not hexadecimal"
        }
        return nil
    }

    private static func isBlank(_ value: String) -> Bool {
        value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIIHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        isASCIIDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
