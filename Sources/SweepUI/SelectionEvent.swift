/// What changed in a collection view's selection, as its observers get it.
///
/// A sweep or band reports each step as a provisional event with that
/// step's change; when it ends, a committed event follows whose change may
/// be empty (the steps carried it). A cancelled band's committed event
/// carries the change that restores the selection before it. An observer
/// that keeps its own copy applies every event's ranges, provisional or
/// not, or reads the selection again at each committed event.
public struct SelectionEvent: Sendable {
    /// Why the selection changed.
    public enum Cause: Sendable, Hashable {
        /// A person: a click, tap, sweep, band or key.
        case input
        /// The app: `selectItem`, `selectAll`, leaving editing mode, a snapshot.
        case api
        /// Items were inserted, deleted, moved or reloaded: the selected items
        /// kept their selection but may have new index paths, deleted ones
        /// left it; `change` is empty (read the selection again).
        case dataChange
    }

    /// The items that became selected and those that stopped being selected
    /// (as ranges in index order); empty for a `dataChange`.
    public var change: SelectionChange
    /// True while a sweep or band is running: the items are selected for
    /// now, and the committing event follows (or a cancel restores them).
    public var isProvisional: Bool
    public var cause: Cause

    public init(change: SelectionChange, isProvisional: Bool, cause: Cause) {
        self.change = change
        self.isProvisional = isProvisional
        self.cause = cause
    }

    /// The ranges that became selected.
    public var added: [ItemRange] { change.added }
    /// The ranges that stopped being selected.
    public var removed: [ItemRange] { change.removed }
}
