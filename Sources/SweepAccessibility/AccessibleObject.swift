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
    /// A large container's children, made on demand (a list or grid of a
    /// million items): when set, it answers in place of `children`.
    public var childSource: AccessibleChildSource?
    /// A table's rows and columns (a list, a grid): the Table interface,
    /// and the TableCell interface of its children.
    public var table: AccessibleTable?
    public var states: () -> AccessibleStates = { .usable }
    /// `posinset`, `setsize`, …
    public var attributes: () -> [String: String] = { [:] }
    /// Its relations to other objects (`GetRelationSet`): an outline row's
    /// `nodeChildOf` its parent row (or the table, for a root), which
    /// readers count to say a tree level.
    public var relations: () -> [(type: AccessibleRelation, targets: [AccessibleObject])] = { [] }
    /// Action 0 is the default one ("activate", "click"); each returns whether it did anything.
    public var actions: [(name: String, perform: () -> Bool)] = []
    /// The key that does what action 0 does, in GTK's accelerator syntax
    /// ("<Control>a", "Escape"); empty for none. Screen readers say it.
    public var shortcut: () -> String = { "" }
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
    /// Replaces a range of the text (Unicode scalars) with new text, from a
    /// screen reader's InsertText, DeleteText or CutText; absent: those go
    /// through `setText` with the whole text rebuilt. A password field or a
    /// styled text needs it: its `text` is not what it holds.
    public var replaceText: ((Range<Int>, String) -> Bool)?
    /// The selected text, in Unicode scalars (as the caret); nil or absent when none.
    public var textSelection: (() -> Range<Int>?)?
    /// Selects a range of the text (nil: none), from a screen reader; returns whether it did.
    public var setTextSelection: ((Range<Int>?) -> Bool)?

    /// A number in a range a screen reader reads and may set (a scroll
    /// bar's position); nil: no Value interface.
    public var value: AccessibleValue?

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

    /// Whether `id` named an object that is gone: a screen reader still
    /// holding its path is told it is defunct, not that it never was.
    static func isRetired(id: Int) -> Bool { id > 0 && id < nextID && registry[id]?.object == nil }

    /// What a gone object answers: defunct, with no name, children or parent.
    static let tombstone: AccessibleObject = {
        let object = AccessibleObject(role: .invalid)
        object.states = { [.defunct] }
        return object
    }()

    /// How many children it has (on demand or not).
    public var childCount: Int { childSource?.childCount ?? children().count }

    /// Its child at `index`, nil out of range.
    public func child(at index: Int) -> AccessibleObject? {
        if let childSource { return childSource.child(at: index) }
        let list = children()
        return list.indices.contains(index) ? list[index] : nil
    }

    /// The index of `child` among its children; nil when it is not one.
    public func index(of child: AccessibleObject) -> Int? {
        if let childSource { return childSource.index(of: child) }
        return children().firstIndex { $0 === child }
    }

    /// The children a walk of the whole tree visits: all of them, or a
    /// large container's listed ones (`AccessibleChildSource.listedChildren`).
    public var listedChildren: [AccessibleObject] { childSource?.listedChildren ?? children() }

    /// Its place among its parent's children; -1 when it has none.
    public var indexInParent: Int {
        parent.flatMap { $0.index(of: self) } ?? -1
    }
}

/// The Value interface: a number in a range (a scroll bar's position, a
/// slider's), read when asked, and set by a screen reader where `setCurrent` allows.
@MainActor
public struct AccessibleValue {
    public var minimum: () -> Double
    public var maximum: () -> Double
    /// The smallest step (a scroll bar's line); 0: any.
    public var increment: () -> Double
    public var current: () -> Double
    /// The value in words ("rows 1 to 12 of 50,000"); empty: the number says it.
    public var text: () -> String
    /// Sets the value (the owner clamps it to the range); nil: read-only. Returns whether it took it.
    public var setCurrent: ((Double) -> Bool)?

    public init(minimum: @escaping () -> Double, maximum: @escaping () -> Double, increment: @escaping () -> Double = { 0 },
                current: @escaping () -> Double, text: @escaping () -> String = { "" }, setCurrent: ((Double) -> Bool)? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
        self.current = current
        self.text = text
        self.setCurrent = setCurrent
    }
}

/// The children of a large container, made when asked for, each call
/// independent of how many there are (GTK 3's tree view does the same).
@MainActor
public protocol AccessibleChildSource: AnyObject {
    var childCount: Int { get }
    /// The child at `index` (made now if needed); nil out of range.
    func child(at index: Int) -> AccessibleObject?
    /// Where `child` is now; nil when it is not (or no longer) a child.
    func index(of child: AccessibleObject) -> Int?
    /// What `GetChildren` and tree walks get instead of every child: the
    /// children on screen (a reader of a million items asks by index).
    var listedChildren: [AccessibleObject] { get }
}

/// A table's shape for the Table and TableCell interfaces: rows and
/// columns over the container's child indices. A cell may span columns (a
/// grid's section header spans the row).
@MainActor
public protocol AccessibleTable: AccessibleChildSource {
    var rowCount: Int { get }
    var columnCount: Int { get }
    /// The child index of the cell at `row`, `column`; nil outside the table or in a row's empty end.
    func childIndex(row: Int, column: Int) -> Int?
    /// Where the child at `index` is: its row, first column and how many columns it spans.
    func cell(ofChildAt index: Int) -> (row: Int, column: Int, columnSpan: Int)?
    /// How many rows have every cell selected.
    var selectedRowCount: Int { get }
    func isSelected(row: Int, column: Int) -> Bool
    /// Selects or deselects every cell of `row`; whether it did.
    func setRow(_ row: Int, selected: Bool) -> Bool
    /// The header of `column` (a table's column title), nil for none.
    func columnHeader(_ column: Int) -> AccessibleObject?
}

extension AccessibleTable {
    public func columnHeader(_ column: Int) -> AccessibleObject? { nil }

    public func isRowSelected(_ row: Int) -> Bool {
        row >= 0 && row < rowCount && (0..<columnCount).allSatisfy { column in
            childIndex(row: row, column: column) == nil || isSelected(row: row, column: column)
        } && childIndex(row: row, column: 0) != nil
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

/// AT-SPI2 relation types (`AtspiRelationType`) the objects use.
public enum AccessibleRelation: UInt32, Sendable {
    /// A tree node's parent node (the tree itself for a top-level node).
    case nodeChildOf = 7
}
