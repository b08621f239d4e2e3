// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Testing

/// `ComponentContainer.require(_:as:)`, the combined-protocol pattern's down-cast, and the one place that
/// throws `instanceDoesNotConform`.
@Suite("Converting a resolved instance")
struct InstanceConversionTests {
    @Test func convertsAnInstanceOfTheTargetType() throws {
        let greeter = EnglishGreeter(value: 7)
        let app = try makeApp([.instance(greeter, as: (any Greeter).self)])
        #expect(try app.container.require((any Greeter).self, as: EnglishGreeter.self) === greeter)
        #expect(try app.container.require((any Greeter).self, as: (any Counter).self).value == 7)
    }

    @Test func anInstanceOfAnotherTypeIsInstanceDoesNotConform() throws {
        let app = try makeApp([.instance(OtherGreeter(), as: (any Greeter).self)])
        let expected = ComponentError.instanceDoesNotConform(
            type: ComponentError.typeName(of: EnglishGreeter.self),
            instanceType: ComponentError.typeName(of: OtherGreeter.self))
        #expect(throws: expected) { try app.container.require((any Greeter).self, as: EnglishGreeter.self) }
        #expect(
            expected.description == "The instance of \(ComponentError.typeName(of: OtherGreeter.self)) does not "
                + "conform to \(ComponentError.typeName(of: EnglishGreeter.self)).")
    }

    @Test func aFactoryServingAConcreteTypeFromAnOverriddenProtocolReportsTheMismatch() throws {
        // The combined-protocol pattern: the concrete type is served by the protocol's instance. An override of
        // the protocol with another class makes the concrete type unresolvable, and says why.
        let concrete = Component(EnglishGreeter.self, dependencies: [.required((any Greeter).self)]) { container, _ in
            try container.require((any Greeter).self, as: EnglishGreeter.self)
        }
        let app = try makeApp([concrete, .instance(OtherGreeter(), as: (any Greeter).self)])
        #expect(
            throws: ComponentError.instanceDoesNotConform(
                type: ComponentError.typeName(of: EnglishGreeter.self),
                instanceType: ComponentError.typeName(of: OtherGreeter.self))
        ) {
            try app.container.require(EnglishGreeter.self)
        }
    }

    @Test func resolutionErrorsPassThrough() throws {
        let app = try makeApp([])
        #expect(throws: ComponentError.notRegistered(type: ComponentError.typeName(of: (any Greeter).self))) {
            try app.container.require((any Greeter).self, as: EnglishGreeter.self)
        }
    }
}

/// A greeter that is not an ``EnglishGreeter``.
private final class OtherGreeter: Greeter {
    func greet() -> String { "hallo" }
}
