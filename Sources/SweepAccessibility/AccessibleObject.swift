import SweepGeometry

/// One object an assistive technology sees: a window, a list, an item, a
/// button. What it says is asked for when the screen reader asks, through
/// closures, so nothing is kept up to date ahead of time; a million-item
/// list makes objects only for the items on screen.
///
/// Objects are found by path (`/org/a11y/atspi/accessible/<id>`) while
/// they live; one that goes away answers nothing more (a screen reader
/// holding its path sees it as gone).
@MainActor
public final class AccessibleObject {
    /// Unique for the process's lifetime; part of the object path.
    public let id: Int
    public var role: AccessibleRole
    public var name: () -> String = { "" }
    public var description: () -> String = { "" }
    public weak var parent: AccessibleObject?
    public var children: () -> [AccessibleObject] = { [] }
    public var states: () -> AccessibleStates = { .usable }
    /// `posinset`, `setsize`, …
    public var attributes: () -> [String: String] = { [:] }
    /// Action 0 is the default one ("activate", "click"); each returns whether it did anything.
    public var actions: [(name: String, perform: () -> Bool)] = []
    /// Where it is, in window coordinates (Wayland has no screen coordinates); nil: no Component interface.
    public var extents: (() -> Rect)?
    /// Moves the keyboard focus to it; nil: it cannot take it.
    public var grabFocus: (() -> Bool)?
    /// A list's or grid's selection; nil: no Selection interface.
    public var selection: AccessibleSelection?
    /// The text of an entry or label; nil: no Text interface.
    public var text: (() -> String)?
    /// Replaces the text (an entry a screen reader types into); nil: not editable
    /// (no EditableText interface). Returns whether it took it.
    public var setText: ((String) -> Bool)?
    /// Where the caret is, in Unicode scalars from the start (as GLib counts); nil: at the end.
    public var caret: (() -> Int)?
    /// Moves the caret (a screen reader's SetCaretOffset); returns whether it moved.
    public var setCaret: ((Int) -> Bool)?

    /// The offset in Unicode scalars of the boundary before `characters` characters of `text`.
    public static func scalarOffset(ofCharacter characters: Int, in text: String) -> Int {
        text.prefix(max(0, characters)).unicodeScalars.count
    }

    /// The character boundary at or before the scalar `offset` of `text`, as a count of characters.
    public static func characterIndex(ofScalar offset: Int, in text: String) -> Int {
        var scalars = 0, characters = 0
        for character in text {
            let next = scalars + character.unicodeScalars.count
            if next > offset { break }
            scalars = next
            characters += 1
        }
        return characters
    }

    private static var nextID = 1
    /// Every live object by id, weakly: what object paths resolve to.
    static var registry: [Int: WeakObject] = [:]

    struct WeakObject { weak var object: AccessibleObject? }

    public init(role: AccessibleRole) {
        self.role = role
        id = Self.nextID
        Self.nextID += 1
        Self.registry[id] = WeakObject(object: self)
    }

    isolated deinit {
        Self.registry[id] = nil
    }

    static func object(id: Int) -> AccessibleObject? { registry[id]?.object }

    /// Its place among its parent's children; -1 when it has none.
    public var indexInParent: Int {
        parent?.children().firstIndex { $0 === self } ?? -1
    }
}

/// The Selection interface of a list or grid: its exposed (on-screen)
/// children, selected through the same path a person's input takes.
@MainActor
public protocol AccessibleSelection: AnyObject {
    /// The exposed children that are selected, in order.
    func selectedChildren() -> [AccessibleObject]
    func selectChild(at index: Int) -> Bool
    func deselectChild(at index: Int) -> Bool
    func selectAll() -> Bool
    func clearSelection() -> Bool
}
