/// One registered type in a container: where its component is, its resolved dependencies and its creation
/// state. The component itself stays in the container's ``ContainerStorage/groups``; the slot only points
/// at it, so building a slot copies no closures or arrays.
@usableFromInline
final class ComponentSlot: @unchecked Sendable {
    /// What the slot is for, for validation and export.
    enum Role: Sendable, Equatable { case value, contribution, alias }

    @usableFromInline let index: Int
    let key: TypeKey
    let role: Role
    let timing: InstantiationTiming
    /// The component's group and position in its container's ``ContainerStorage/groups``.
    let group: Int
    let position: Int
    /// For an extra type (``Role/alias``): its position in the component's extra types and the slot whose
    /// instance it converts (the slot providing the component's own type, which may be an override); -1
    /// otherwise.
    let alias: Int
    let primary: Int
    /// Where the slot's resolved dependencies are in its container's ``ContainerStorage/links``.
    @usableFromInline let linkStart: Int
    @usableFromInline let linkEnd: Int
    let libraryName: String
    /// The address of the component's ``TypedFactory`` (nil for extra types and set contributions), not
    /// retained: the component, kept by the container's groups for as long as the container's slots are used,
    /// owns it.
    @usableFromInline let typedFactory: UnsafeRawPointer?
    /// The address of the component's ``ErasedFactoryBox`` (nil for extra types), not retained, for the same
    /// reason.
    let erasedFactory: UnsafeRawPointer?
    /// The order in which the slot's instance was published among its container's (for deletion, latest
    /// first). Written by the creating thread before it publishes the box, read after the box is seen.
    @exclusivity(unchecked) var sequence = 0

    init(index: Int, key: TypeKey, role: Role, timing: InstantiationTiming, group: Int, position: Int,
         alias: Int = -1, primary: Int = -1, links: Range<Int>, libraryName: String,
         typedFactory: UnsafeRawPointer?, erasedFactory: UnsafeRawPointer?) {
        self.index = index
        self.key = key
        self.role = role
        self.timing = timing
        self.group = group
        self.position = position
        self.alias = alias
        self.primary = primary
        linkStart = links.lowerBound
        linkEnd = links.upperBound
        self.libraryName = libraryName
        self.typedFactory = typedFactory
        self.erasedFactory = erasedFactory
    }

    /// The readable name of the slot's component, as used in errors and exports.
    @usableFromInline var name: String {
        switch role {
        case .value, .alias: return key.name
        case .contribution:
            return "[\(Dependency(key: key, kind: .set, isRequired: false).typeName)] from \(libraryName) #\(index)"
        }
    }
}
