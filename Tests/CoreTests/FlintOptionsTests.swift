// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Synchronization
import Testing

@testable import FlintCore

/// A unique temporary directory for one test's fixture files, removed by `remove()`.
private struct FixtureDirectory {
    let path: String

    init() throws {
        path = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("FlintOptionsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` in the directory and returns the file's path.
    @discardableResult
    func write(_ contents: String, to name: String = "options") throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` on a thread of its own and returns its result, or throws when it has not returned within `timeout`
/// (the thread is then left blocked: the test fails instead of hanging).
private func onOwnThread<R: Sendable>(timeout: Duration, _ body: @escaping @Sendable () -> R) throws -> R {
    let result = Mutex<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.start()
    let seconds = Double(timeout.components.seconds)
    guard done.wait(timeout: .now() + seconds) == .success, let value = result.withLock({ $0 }) else {
        throw TimedOut()
    }
    return value
}

private struct TimedOut: Error {}

/// Runs `body` with the path of a fresh file holding `contents`, then removes the file's directory.
@discardableResult
private func withOptionsFile<R>(
    _ contents: String, name: String = "options",
    _ body: (String) throws -> R
) throws -> R {
    let directory = try FixtureDirectory()
    defer { directory.remove() }
    return try body(directory.write(contents, to: name))
}

/// An XML property list with `body` as its root.
private func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
}

/// An XML property list whose root dictionary holds `entries` as strings.
private func plist(strings entries: KeyValuePairs<String, String>) -> String {
    plist(
        "<dict>\n" + entries.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined(separator: "\n")
            + "\n</dict>")
}

private let goodAppID = "1:1234567890:ios:abcdef0123456789"

/// A plist with every key Flint reads, plus keys of a real GoogleService-Info.plist that it ignores.
private let fullPlist = plist(
    """
    <dict>
      <key>CLIENT_ID</key><string>123-abc.apps.googleusercontent.com</string>
      <key>REVERSED_CLIENT_ID</key><string>com.googleusercontent.apps.123-abc</string>
      <key>API_KEY</key><string>AIzaSyExample</string>
      <key>GCM_SENDER_ID</key><string>1234567890</string>
      <key>PLIST_VERSION</key><string>1</string>
      <key>BUNDLE_ID</key><string>com.example.app</string>
      <key>PROJECT_ID</key><string>example-project</string>
      <key>STORAGE_BUCKET</key><string>example-project.appspot.com</string>
      <key>IS_ADS_ENABLED</key><false/>
      <key>IS_GCM_ENABLED</key><true/>
      <key>GOOGLE_APP_ID</key><string>1:1234567890:ios:abcdef0123456789</string>
      <key>DATABASE_URL</key><string>https://example-project.firebaseio.com</string>
      <key>APP_GROUP_ID</key><string>group.com.example</string>
    </dict>
    """)

/// The JSON equivalent of `fullPlist`.
private let fullJSON = """
    {
      "CLIENT_ID": "123-abc.apps.googleusercontent.com",
      "REVERSED_CLIENT_ID": "com.googleusercontent.apps.123-abc",
      "API_KEY": "AIzaSyExample",
      "GCM_SENDER_ID": "1234567890",
      "PLIST_VERSION": "1",
      "BUNDLE_ID": "com.example.app",
      "PROJECT_ID": "example-project",
      "STORAGE_BUCKET": "example-project.appspot.com",
      "IS_ADS_ENABLED": false,
      "IS_GCM_ENABLED": true,
      "GOOGLE_APP_ID": "1:1234567890:ios:abcdef0123456789",
      "DATABASE_URL": "https://example-project.firebaseio.com",
      "APP_GROUP_ID": "group.com.example",
      "nested": {"anything": [1, 2, null]}
    }
    """

/// What `fullPlist` and `fullJSON` load to.
private let fullOptions: FlintOptions = {
    var options = FlintOptions(googleAppID: goodAppID, gcmSenderID: "1234567890")
    options.bundleID = "com.example.app"
    options.apiKey = "AIzaSyExample"
    options.projectID = "example-project"
    options.databaseURL = "https://example-project.firebaseio.com"
    options.storageBucket = "example-project.appspot.com"
    options.clientID = "123-abc.apps.googleusercontent.com"
    options.appGroupID = "group.com.example"
    return options
}()

@Suite("FlintOptionsTests")
struct FlintOptionsTests {
    // MARK: - init(googleAppID:gcmSenderID:)

    @Test func initSetsRequiredValuesAndDefaults() {
        let options = FlintOptions(googleAppID: goodAppID, gcmSenderID: "42")
        #expect(options.googleAppID == goodAppID)
        #expect(options.gcmSenderID == "42")
        #expect(options.bundleID == ProcessInfo.processInfo.processName)
        #expect(!options.bundleID.isEmpty)
        #expect(options.apiKey == nil)
        #expect(options.projectID == nil)
        #expect(options.databaseURL == nil)
        #expect(options.storageBucket == nil)
        #expect(options.clientID == nil)
        #expect(options.appGroupID == nil)
    }

    // MARK: - Loading

    @Test func loadsEveryKeyFromPlist() throws {
        let options = try withOptionsFile(fullPlist) { try FlintOptions(contentsOfFile: $0) }
        #expect(options == fullOptions)
    }

    @Test func loadsEveryKeyFromJSON() throws {
        let options = try withOptionsFile(fullJSON) { try FlintOptions(contentsOfFile: $0) }
        #expect(options == fullOptions)
    }

    @Test func formatIsChosenByContentNotByExtension() throws {
        let fromJSONNamedPlist = try withOptionsFile("\n\t  " + fullJSON, name: "GoogleService-Info.plist") {
            try FlintOptions(contentsOfFile: $0)
        }
        let fromPlistNamedJSON = try withOptionsFile(fullPlist, name: "options.json") {
            try FlintOptions(contentsOfFile: $0)
        }
        #expect(fromJSONNamedPlist == fullOptions)
        #expect(fromPlistNamedJSON == fullOptions)
    }

    @Test func loadsJSONWithByteOrderMark() throws {
        let options = try withOptionsFile("\u{FEFF}" + fullJSON) { try FlintOptions(contentsOfFile: $0) }
        #expect(options == fullOptions)
    }

    @Test func loadsBinaryPlist() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let dictionary: [String: Any] = ["GOOGLE_APP_ID": goodAppID, "GCM_SENDER_ID": "77", "API_KEY": "key"]
        let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
        let path = (directory.path as NSString).appendingPathComponent("binary.plist")
        try data.write(to: URL(fileURLWithPath: path))

        let options = try FlintOptions(contentsOfFile: path)
        var expected = FlintOptions(googleAppID: goodAppID, gcmSenderID: "77")
        expected.apiKey = "key"
        #expect(options == expected)
    }

    @Test func onlyRequiredKeysLeaveDefaults() throws {
        let options = try withOptionsFile(plist(strings: ["GOOGLE_APP_ID": goodAppID, "GCM_SENDER_ID": "9"])) {
            try FlintOptions(contentsOfFile: $0)
        }
        #expect(options == FlintOptions(googleAppID: goodAppID, gcmSenderID: "9"))
        #expect(options.bundleID == ProcessInfo.processInfo.processName)
    }

    @Test func jsonNullCountsAsAbsent() throws {
        let json = #"{"GOOGLE_APP_ID": "\#(goodAppID)", "GCM_SENDER_ID": "9", "API_KEY": null, "BUNDLE_ID": null}"#
        let options = try withOptionsFile(json) { try FlintOptions(contentsOfFile: $0) }
        #expect(options == FlintOptions(googleAppID: goodAppID, gcmSenderID: "9"))
    }

    // MARK: - Loading errors

    @Test func missingFileNamesThePath() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("nope.plist")
        #expect(throws: FlintError.invalidOptions(reason: "cannot read options file at \(path)")) {
            try FlintOptions(contentsOfFile: path)
        }
    }

    @Test func directoryIsNotReadable() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        #expect(
            throws: FlintError.invalidOptions(
                reason: "cannot read options file at \(directory.path): it is not a regular file")
        ) {
            try FlintOptions(contentsOfFile: directory.path)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("GoogleService-Info.plist")
        try #require(mkfifo(path, 0o600) == 0)
        // Read on a thread of its own: a reader that blocks on the FIFO fails this test instead of hanging it.
        let outcome = try onOwnThread(timeout: .seconds(10)) {
            Result { () throws(FlintError) in try FlintOptions(contentsOfFile: path) }
        }
        #expect(
            throws: FlintError.invalidOptions(reason: "cannot read options file at \(path): it is not a regular file")
        ) {
            try outcome.get()
        }
    }

    @Test func aFileLargerThanTheLimitIsRefusedNamingTheFileAndTheLimit() throws {
        let padded = String(repeating: " ", count: FlintOptions.maximumFileSize + 1 - fullJSON.utf8.count) + fullJSON
        try withOptionsFile(padded) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is larger than 1048576 bytes, the limit for an options file")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func aFileOfExactlyTheLimitWithLeadingBlanksLoads() throws {
        let padded = String(repeating: "\n", count: FlintOptions.maximumFileSize - fullJSON.utf8.count) + fullJSON
        let options = try withOptionsFile(padded) { try FlintOptions(contentsOfFile: $0) }
        #expect(options == fullOptions)
        #expect(FlintOptions.maximumFileSize == 1_048_576)
    }

    @Test func emptyFileIsRejected() throws {
        try withOptionsFile(" \n\t") { path in
            #expect(throws: FlintError.invalidOptions(reason: "options file at \(path) is empty")) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func garbageIsRejected() throws {
        try withOptionsFile("this is <not> a plist") { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is not a valid property list or JSON")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func brokenJSONIsRejected() throws {
        try withOptionsFile(#"{"GOOGLE_APP_ID": "1:1:ios:ab", "#) { path in
            #expect(throws: FlintError.invalidOptions(reason: "options file at \(path) is not valid JSON")) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func jsonRootNotADictionaryIsRejected() throws {
        try withOptionsFile(#"["GOOGLE_APP_ID", "GCM_SENDER_ID"]"#) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) must have a dictionary at its root, found an array")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func plistRootNotADictionaryIsRejected() throws {
        try withOptionsFile(plist("<array><string>GOOGLE_APP_ID</string></array>")) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) must have a dictionary at its root, found an array")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test(arguments: [
        ("<integer>1234567890</integer>", "a number"),
        ("<true/>", "a boolean"),
        ("<array><string>1234567890</string></array>", "an array"),
        ("<dict/>", "a dictionary"),
        ("<date>2024-01-01T00:00:00Z</date>", "a date"),
        ("<data>AAEC</data>", "data"),
    ])
    func plistValueOfWrongTypeIsRejected(value: String, kind: String) throws {
        let contents = plist(
            """
            <dict>
              <key>GOOGLE_APP_ID</key><string>\(goodAppID)</string>
              <key>GCM_SENDER_ID</key>\(value)
            </dict>
            """)
        try withOptionsFile(contents) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "key GCM_SENDER_ID in options file at \(path) must be a string, found \(kind)")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test(arguments: [
        ("GOOGLE_APP_ID", "12", "a number"),
        ("BUNDLE_ID", "true", "a boolean"),
        ("API_KEY", "1.5", "a number"),
        ("PROJECT_ID", "[\"p\"]", "an array"),
        ("DATABASE_URL", "{\"u\": 1}", "a dictionary"),
        ("STORAGE_BUCKET", "false", "a boolean"),
        ("CLIENT_ID", "0", "a number"),
        ("APP_GROUP_ID", "1", "a number"),
    ])
    func jsonValueOfWrongTypeIsRejected(key: String, value: String, kind: String) throws {
        var entries = ["\"GOOGLE_APP_ID\": \"\(goodAppID)\"", "\"GCM_SENDER_ID\": \"1\""]
        entries.removeAll { $0.hasPrefix("\"\(key)\"") }
        entries.append("\"\(key)\": \(value)")
        try withOptionsFile("{" + entries.joined(separator: ", ") + "}") { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "key \(key) in options file at \(path) must be a string, found \(kind)")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func missingGoogleAppIDIsRejected() throws {
        try withOptionsFile(plist(strings: ["GCM_SENDER_ID": "1", "API_KEY": "k"])) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is missing required key GOOGLE_APP_ID")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func missingGCMSenderIDIsRejected() throws {
        try withOptionsFile(plist(strings: ["GOOGLE_APP_ID": goodAppID, "API_KEY": "k"])) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is missing required key GCM_SENDER_ID")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func nullRequiredKeyInJSONIsMissing() throws {
        try withOptionsFile(#"{"GOOGLE_APP_ID": null, "GCM_SENDER_ID": "1"}"#) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is missing required key GOOGLE_APP_ID")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    @Test func lowercaseKeysAreNotFirebaseKeys() throws {
        try withOptionsFile(#"{"googleAppID": "\#(goodAppID)", "gcmSenderID": "1"}"#) { path in
            #expect(
                throws: FlintError.invalidOptions(
                    reason: "options file at \(path) is missing required key GOOGLE_APP_ID")
            ) {
                try FlintOptions(contentsOfFile: path)
            }
        }
    }

    // MARK: - validate()

    @Test(arguments: [
        "1:1234567890:ios:abcdef0123456789",
        "1:1234567890:android:ABCDEF0123456789",
        "1:0:web:0",
        "1:448618578101:ios:0b650370bb29e29cac3efc",
    ])
    func validateAcceptsWellFormedAppIDs(appID: String) throws {
        try FlintOptions(googleAppID: appID, gcmSenderID: "1234567890").validate()
    }

    @Test(arguments: [
        ("", "is empty"),
        ("abcdef", "has 1 colon-separated part, not 4"),
        ("1:123:ios", "has 3 colon-separated parts, not 4"),
        ("1:123:ios:abc:def", "has 5 colon-separated parts, not 4"),
        ("2:123:ios:abc", "has version '2', not 1"),
        (":123:ios:abc", "has version '', not 1"),
        ("1::ios:abc", "has project number '', which is not all digits"),
        ("1:12a3:ios:abc", "has project number '12a3', which is not all digits"),
        ("1:123::abc", "has platform '', which is not all letters"),
        ("1:123:ios7:abc", "has platform 'ios7', which is not all letters"),
        ("1:123:ios:", "has app hash '', which is not hexadecimal"),
        ("1:123:ios:abcg", "has app hash 'abcg', which is not hexadecimal"),
        ("1:١٢٣:ios:abc", "has project number '١٢٣', which is not all digits"),
        (" 1:123:ios:abc", "has version ' 1', not 1"),
    ])
    func validateRejectsMalformedAppID(appID: String, problem: String) {
        let options = FlintOptions(googleAppID: appID, gcmSenderID: "1234567890")
        #expect(
            throws: FlintError.invalidOptions(
                reason: "googleAppID '\(appID)' \(problem); expected 1:<digits>:<platform>:<hex>, "
                    + "e.g. 1:1234567890:ios:abcdef0123456789")
        ) {
            try options.validate()
        }
    }

    @Test(arguments: ["", "  "])
    func validateRejectsEmptySenderID(senderID: String) {
        let options = FlintOptions(googleAppID: goodAppID, gcmSenderID: senderID)
        #expect(throws: FlintError.invalidOptions(reason: "gcmSenderID '\(senderID)' must not be empty")) {
            try options.validate()
        }
    }

    @Test func validateRejectsEmptyBundleID() {
        var options = FlintOptions(googleAppID: goodAppID, gcmSenderID: "1")
        options.bundleID = ""
        #expect(throws: FlintError.invalidOptions(reason: "bundleID '' must not be empty")) {
            try options.validate()
        }
    }

    @Test func validateReportsAppIDBeforeSenderID() {
        let options = FlintOptions(googleAppID: "bad", gcmSenderID: "")
        #expect(
            throws: FlintError.invalidOptions(
                reason: "googleAppID 'bad' has 1 colon-separated part, not 4; expected 1:<digits>:<platform>:<hex>, "
                    + "e.g. 1:1234567890:ios:abcdef0123456789")
        ) {
            try options.validate()
        }
    }

    // MARK: - defaultOptions

    @Test func defaultOptionsReadsFileNamedByEnvironment() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = try directory.write(fullJSON, to: "custom.json")
        let options = FlintOptions.defaultOptions(
            environment: ["FLINT_OPTIONS_FILE": path],
            currentDirectory: "/nonexistent-\(UUID().uuidString)")
        #expect(options == fullOptions)
    }

    @Test func defaultOptionsResolvesRelativeEnvironmentPathAgainstCurrentDirectory() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: (directory.path as NSString).appendingPathComponent("config"),
            withIntermediateDirectories: true)
        try directory.write(fullPlist, to: "config/app.plist")
        let options = FlintOptions.defaultOptions(
            environment: ["FLINT_OPTIONS_FILE": "config/app.plist"],
            currentDirectory: directory.path)
        #expect(options == fullOptions)
    }

    @Test func defaultOptionsFallsBackToGoogleServiceInfoInCurrentDirectory() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        try directory.write(fullPlist, to: "GoogleService-Info.plist")
        #expect(FlintOptions.defaultOptions(environment: [:], currentDirectory: directory.path) == fullOptions)
        #expect(
            FlintOptions.defaultOptions(
                environment: ["FLINT_OPTIONS_FILE": ""],
                currentDirectory: directory.path) == fullOptions)
    }

    @Test func defaultOptionsDoesNotFallBackWhenEnvironmentFileIsMissing() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        try directory.write(fullPlist, to: "GoogleService-Info.plist")
        let options = FlintOptions.defaultOptions(
            environment: ["FLINT_OPTIONS_FILE": "missing.plist"],
            currentDirectory: directory.path)
        #expect(options == nil)
    }

    @Test func defaultOptionsIsNilWithoutFile() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        #expect(FlintOptions.defaultOptions(environment: [:], currentDirectory: directory.path) == nil)
    }

    @Test func defaultOptionsIsNilWhenFileDoesNotLoad() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        try directory.write(plist(strings: ["GOOGLE_APP_ID": goodAppID]), to: "GoogleService-Info.plist")
        #expect(FlintOptions.defaultOptions(environment: [:], currentDirectory: directory.path) == nil)
    }

    // MARK: - FlintApp.configure() and the default options file

    // `FlintApp.configure()` is `AppRegistry.shared.configure(defaultOptionsFileAt: FlintOptions.defaultOptionsPath())`;
    // these tests call the seam on private registries, so no environment variable or shared app is touched.

    @Test func configureFromADefaultFileThatDoesNotParseReportsTheParseError() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = try directory.write("{ not json", to: "GoogleService-Info.plist")
        let registry = AppRegistry()
        #expect(throws: FlintError.invalidOptions(reason: "options file at \(path) is not valid JSON")) {
            try registry.configure(defaultOptionsFileAt: path)
        }
        #expect(registry.allApps.isEmpty)
    }

    @Test func configureFromADefaultFileLackingARequiredKeyNamesTheKey() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = try directory.write(plist(strings: ["GOOGLE_APP_ID": goodAppID]), to: "GoogleService-Info.plist")
        #expect(
            throws: FlintError.invalidOptions(
                reason: "options file at \(path) is missing required key GCM_SENDER_ID")
        ) {
            try AppRegistry().configure(defaultOptionsFileAt: path)
        }
    }

    @Test func configureWithoutADefaultFileIsMissingDefaultOptions() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = (directory.path as NSString).appendingPathComponent("GoogleService-Info.plist")
        #expect(throws: FlintError.missingDefaultOptions) { try AppRegistry().configure(defaultOptionsFileAt: path) }
    }

    @Test func configureFromAValidDefaultFileConfiguresTheDefaultApp() throws {
        let directory = try FixtureDirectory()
        defer { directory.remove() }
        let path = try directory.write(fullJSON, to: "custom.json")
        let registry = AppRegistry()
        let app = try registry.configure(defaultOptionsFileAt: path)
        #expect(app.isDefaultApp)
        #expect(app.options == fullOptions)
        #expect(registry.app() === app)
    }

    @Test func defaultOptionsPathPrefersEnvironment() {
        #expect(
            FlintOptions.defaultOptionsPath(
                environment: ["FLINT_OPTIONS_FILE": "/etc/flint.json"],
                currentDirectory: "/work") == "/etc/flint.json")
        #expect(
            FlintOptions.defaultOptionsPath(
                environment: ["FLINT_OPTIONS_FILE": "a/b.json"],
                currentDirectory: "/work") == "/work/a/b.json")
        #expect(
            FlintOptions.defaultOptionsPath(
                environment: ["OTHER": "x"],
                currentDirectory: "/work/") == "/work/GoogleService-Info.plist")
    }

    // MARK: - Codable

    @Test func codableRoundTripKeepsEveryField() throws {
        let data = try JSONEncoder().encode(fullOptions)
        let decoded = try JSONDecoder().decode(FlintOptions.self, from: data)
        #expect(decoded == fullOptions)
    }

    @Test func codableRoundTripKeepsNilFields() throws {
        let options = FlintOptions(googleAppID: goodAppID, gcmSenderID: "1")
        let data = try PropertyListEncoder().encode(options)
        #expect(try PropertyListDecoder().decode(FlintOptions.self, from: data) == options)
    }

    @Test func codableUsesSwiftPropertyNames() throws {
        let data = try JSONEncoder().encode(fullOptions)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(
            Set(object.keys) == [
                "googleAppID", "gcmSenderID", "bundleID", "apiKey", "projectID", "databaseURL", "storageBucket",
                "clientID", "appGroupID",
            ])
        #expect(object["googleAppID"] == goodAppID)
    }

    // MARK: - Hashable

    @Test func equalityCoversEveryField() {
        var other = fullOptions
        #expect(other == fullOptions)
        #expect(other.hashValue == fullOptions.hashValue)
        other.appGroupID = nil
        #expect(other != fullOptions)
    }
}
