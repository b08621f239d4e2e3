// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInstallations
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct TemplateValidationTests {
    @Test func aValueForAnUnknownConditionIsRefused() {
        let backend = LocalRemoteConfigBackend()
        let template = RemoteConfigTemplate(parameters: [
            "p": RemoteConfigParameter(defaultValue: "x", conditionalValues: ["ghost": "y"])
        ])
        #expect(throws: RemoteConfigTemplateError.unknownCondition(parameter: "p", condition: "ghost")) {
            try backend.publish(template)
        }
        #expect(backend.templateVersion == 0)
    }

    @Test func duplicateConditionsAndBadRangesAreRefused() {
        #expect(throws: RemoteConfigTemplateError.duplicateCondition("c")) {
            try RemoteConfigTemplate(conditions: [
                RemoteConfigCondition(name: "c", expression: .true),
                RemoteConfigCondition(name: "c", expression: .false),
            ]).validate()
        }
        #expect(throws: RemoteConfigTemplateError.invalidPercentRange("half")) {
            try RemoteConfigTemplate(conditions: [
                RemoteConfigCondition(name: "half", expression: .not(.percent(lowerBound: 60, upperBound: 50)))
            ]).validate()
        }
        #expect(throws: RemoteConfigTemplateError.invalidPercentRange("over")) {
            try RemoteConfigTemplate(conditions: [
                RemoteConfigCondition(name: "over", expression: .percent(lowerBound: 0, upperBound: 101))
            ]).validate()
        }
    }

    @Test func keysAndSizesAreBounded() {
        #expect(throws: RemoteConfigTemplateError.invalidKey("")) {
            try RemoteConfigTemplate(values: ["": "x"]).validate()
        }
        let long = String(repeating: "k", count: 257)
        #expect(throws: RemoteConfigTemplateError.invalidKey(long)) {
            try RemoteConfigTemplate(values: [long: "x"]).validate()
        }
        let many = Dictionary(uniqueKeysWithValues: (0...3000).map { ("k\($0)", "v") })
        #expect(throws: RemoteConfigTemplateError.tooManyParameters(3001)) {
            try RemoteConfigTemplate(values: many).validate()
        }
    }

    @Test func aDeeplyNestedConditionIsAnErrorNotACrash() {
        var expression = RemoteConfigConditionExpression.true
        for _ in 0..<200 { expression = .not(expression) }
        let template = RemoteConfigTemplate(conditions: [RemoteConfigCondition(name: "deep", expression: expression)])
        #expect(throws: RemoteConfigTemplateError.conditionTooDeep("deep")) { try template.validate() }
        #expect(
            !expression.matches(
                RemoteConfigFetchRequest(
                    appID: "a", appVersion: nil, installationID: "f", installationAuthToken: "t",
                    userProperties: [:], lastKnownVersion: nil, timeout: 1)))
        var shallow = RemoteConfigConditionExpression.true
        for _ in 0..<9 { shallow = .not(.not(shallow)) }  // 19 levels: too deep as well
        #expect(shallow.nestsDeeper(than: RemoteConfigTemplate.maximumConditionDepth))
        #expect(!RemoteConfigConditionExpression.all([.not(.true), .any([.true])]).nestsDeeper(than: 3))
    }
}
