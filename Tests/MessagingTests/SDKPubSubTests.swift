// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintMessaging

/// Firebase's `FirebaseMessaging/Tests/UnitTests/FIRMessagingPubSubTest.m`, ported: topic names with and
/// without the `/topics/` prefix (`isValidTopicWithPrefix:`, `addPrefixToTopic:`, `removePrefixFromTopic:`),
/// which Flint folds into one normalisation, plus the Android client's length bound
/// (`[a-zA-Z0-9-_.~%]{1,900}`).
@Suite("SDK port: FIRMessagingPubSubTest")
struct SDKPubSubTests {
    static let topicName = "topic-Name"

    /// `testTopicMatchForEmptyTopicPrefix`: an empty topic is invalid.
    @Test func anEmptyTopicIsInvalid() {
        #expect(MessagingTopic.normalize("") == nil)
    }

    /// `testTopicMatchWithInvalidTopicPrefix`: a prefix that is not `/topics/` does not make a valid name.
    @Test func aWrongPrefixIsInvalid() {
        #expect(MessagingTopic.normalize("/topics+abcdef/") == nil)
    }

    /// `testTopicMatchWithValidTopicPrefixButInvalidName`: a second `/topics/` inside the name is invalid.
    @Test func aValidPrefixWithAnInvalidNameIsInvalid() {
        #expect(MessagingTopic.normalize("/topics/aaaaaa/topics/lala") == nil)
    }

    /// `testTopicMatchForInvalidTopicPrefix_multipleBackslash`: `/topics//abc` is invalid.
    @Test func aDoubleSlashAfterThePrefixIsInvalid() {
        #expect(MessagingTopic.normalize("/topics//abc") == nil)
    }

    /// `testTopicMatchForValidTopicSender`: `/topics/topic-Name` is valid.
    @Test func aValidNameWithThePrefixIsValid() {
        #expect(MessagingTopic.normalize("/topics/\(Self.topicName)") == Self.topicName)
    }

    /// `testTopicHasNoTopicPrefix`, `testTopicHasValidToicsPrefix` and `testAddTopicPrefix_withNoPrefix`: the
    /// prefix alone (an empty name with the prefix added) is invalid.
    @Test func thePrefixAloneIsInvalid() {
        #expect(MessagingTopic.normalize(MessagingTopic.prefix) == nil)
        #expect(MessagingTopic.prefix == "/topics/")
    }

    /// `testAddTopicPrefix_withPrefix`: a name that already has the prefix does not get a second one and stays
    /// valid.
    @Test func aPrefixedNameIsNotPrefixedAgain() {
        #expect(MessagingTopic.normalize("/topics/\(Self.topicName)") == Self.topicName)
        #expect(MessagingTopic.normalize("/topics/topics/\(Self.topicName)") == nil)
    }

    /// `testRemoveTopicPrefix`: the prefix is removed, and a name without it is kept as it is.
    @Test func thePrefixIsRemovedAndABareNameKept() {
        #expect(MessagingTopic.normalize("/topics/\(Self.topicName)") == Self.topicName)
        #expect(MessagingTopic.normalize(Self.topicName) == Self.topicName)
    }

    /// The Android client's `[a-zA-Z0-9-_.~%]{1,900}` (`TopicOperation`): 900 characters are accepted, 901 are
    /// not, with or without the prefix.
    @Test func namesUpTo900CharactersAreValid() {
        let longest = String(repeating: "a", count: 900)
        #expect(MessagingTopic.normalize(longest) == longest)
        #expect(MessagingTopic.normalize("/topics/" + longest) == longest)
        #expect(MessagingTopic.normalize(longest + "a") == nil)
        #expect(MessagingTopic.normalize("/topics/" + longest + "a") == nil)
    }
}
