// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct DefaultsTests {
    @Test func dictionaryDefaultsAreTheDefaultSource() throws {
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults([
            "text": "hello", "count": 7, "ratio": 1.5, "flag": true, "off": false,
            "list": [1, 2], "map": ["k": "v"], "bytes": Data([1, 2]),
        ])
        #expect(config["text"].stringValue == "hello")
        #expect(config["text"].source == .default)
        #expect(config["count"].numberValue == 7)
        #expect(config["ratio"].stringValue == "1.5")
        #expect(config["flag"].stringValue == "1")
        #expect(config["flag"].boolValue)
        #expect(!config["off"].boolValue)
        #expect(config["list"].stringValue == "[1,2]")
        #expect(config["map"].stringValue == #"{"k":"v"}"#)
        #expect(config["bytes"].dataValue == Data([1, 2]))
        #expect(config.allKeys(from: .default) == ["bytes", "count", "flag", "list", "map", "off", "ratio", "text"])
        #expect(config.defaultValue(forKey: "text")?.stringValue == "hello")
    }

    @Test func nilClearsTheDefaults() throws {
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(["a": "1"])
        try config.setDefaults(nil)
        #expect(config["a"].source == .static)
    }

    @Test func plistDefaults() throws {
        let url = makeTemporaryDirectory().appendingPathComponent("defaults.plist")
        let plist: [String: Any] = ["greeting": "hi", "limit": 10, "enabled": true]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(fromPlist: url)
        #expect(config["greeting"].stringValue == "hi")
        #expect(config["limit"].numberValue == 10)
        #expect(config["enabled"].boolValue)
    }

    @Test func aMissingOrInvalidPlistIsAnError() throws {
        let config = try RemoteConfigRig().remoteConfig
        let directory = makeTemporaryDirectory()
        #expect(throws: RemoteConfigCodableError.self) {
            try config.setDefaults(fromPlist: directory.appendingPathComponent("none.plist"))
        }
        let garbage = directory.appendingPathComponent("garbage.plist")
        try Data("not a plist".utf8).write(to: garbage)
        #expect(throws: RemoteConfigCodableError.self) { try config.setDefaults(fromPlist: garbage) }
    }

    struct Defaults: Encodable {
        var title = "Welcome"
        var retries = 3
        var beta = true
        var tags = ["a", "b"]
    }

    @Test func encodableDefaults() throws {
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(from: Defaults())
        #expect(config["title"].stringValue == "Welcome")
        #expect(config["retries"].numberValue == 3)
        #expect(config["beta"].stringValue == "1")  // as Firebase stores the NSNumber its encoder makes
        #expect(config["beta"].boolValue)
        #expect(config["tags"].stringValue == #"["a","b"]"#)
    }

    @Test func anEncodableThatIsNotKeyedIsRefused() throws {
        let config = try RemoteConfigRig().remoteConfig
        #expect(throws: RemoteConfigCodableError.self) { try config.setDefaults(from: [1, 2, 3]) }
    }

    final class NotAValue: @unchecked Sendable {}

    @Test func unsupportedValuesNameTheirKeyAndKeepTheDefaults() throws {
        let config = try RemoteConfigRig().remoteConfig
        try config.setDefaults(["kept": "yes"])
        #expect(
            throws: RemoteConfigCodableError.invalidSetDefaultsInput(
                "The value of bad is a NotAValue, not a string, number, boolean, date, data, array or dictionary.")
        ) {
            try config.setDefaults(["bad": NotAValue()])
        }
        #expect(config["kept"].stringValue == "yes")
    }

    @Test func deeplyNestedDefaultsAreAnErrorNotACrash() throws {
        let config = try RemoteConfigRig().remoteConfig
        var nested: Any = "leaf"
        for _ in 0..<1_000 { nested = [nested] }
        #expect(
            throws: RemoteConfigCodableError.invalidSetDefaultsInput("The value of deep nests deeper than 32 levels.")
        ) {
            try config.setDefaults(["deep": nested])
        }
    }

    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    @Test func foundationDefaultsNested10000LevelsOrContainingThemselvesAreInvalidInput() async {
        // In a child process (an exit test): before the depth was measured first, bridging these crashed.
        await #expect(processExitsWith: .success) {
            let config = try RemoteConfigRig().remoteConfig
            var chain: Any = "leaf"
            for _ in 0..<10_000 {
                let next = NSMutableDictionary()
                next["k"] = chain
                chain = next
            }
            let itself = NSMutableDictionary()
            itself["itself"] = itself
            let loop = NSMutableArray()
            loop.add(loop)
            try config.setDefaults(["kept": "yes"])
            for value in [chain, itself, loop, ["inner": itself] as [String: Any]] as [Any] {
                do {
                    try config.setDefaults(["deep": value])
                    throw CheckFailed()
                } catch let error as RemoteConfigCodableError {
                    guard error == .invalidSetDefaultsInput("The value of deep nests deeper than 32 levels.") else {
                        throw CheckFailed()
                    }
                }
            }
            guard config["kept"].stringValue == "yes" else { throw CheckFailed() }
        }
    }

    @Test func thirtyTwoLevelsAreAcceptedAndOneMoreIsRefused() throws {
        let config = try RemoteConfigRig().remoteConfig
        var array: Any = 1
        var dictionary: Any = 1
        for _ in 0..<32 {
            array = [array]
            dictionary = ["k": dictionary]
        }
        try config.setDefaults(["array": array, "dictionary": dictionary])
        #expect(
            config["array"].stringValue == String(repeating: "[", count: 32) + "1" + String(repeating: "]", count: 32))
        #expect(config["dictionary"].stringValue.hasSuffix(#"{"k":1}"# + String(repeating: "}", count: 31)))
        for value in [[array], ["k": dictionary]] as [Any] {
            #expect(
                throws: RemoteConfigCodableError.invalidSetDefaultsInput(
                    "The value of deep nests deeper than 32 levels.")
            ) {
                try config.setDefaults(["deep": value])
            }
        }
    }
}
