import SweepAccessibility
import SweepGestures

// The interaction modes of a `CollectionView`, each with its own state:
// what runs now is a case of an enum, so a mode's leftovers cannot outlive
// it (sway's seatop_* modes, one at a time per seat). The view's
// extensions drive them; the selection's own modes (sweep, band, keys) are
// the `SelectionInteractor`'s.

/// Zooming a `ZoomableLayout`: a pinch in progress, what the delegate last
/// heard, and Ctrl+scrolling not yet a whole step.
struct ZoomMode {
    enum Phase {
        case idle
        /// A pinch is running with this zoom.
        case pinching(any LayoutZoom)
    }
    var phase = Phase.idle
    /// The size last reported to the delegate (a pinch reports changes only).
    var reportedSize: Double?
    /// Ctrl+scrolling not yet a whole zoom step.
    var scrollRemainder = 0.0

    var isPinching: Bool { if case .pinching = phase { true } else { false } }

    /// Changes the running pinch's zoom; nothing without one.
    mutating func updatePinch(_ change: (inout any LayoutZoom) -> Void) {
        guard case .pinching(var zoom) = phase else { return }
        change(&zoom)
        phase = .pinching(zoom)
    }
}

/// Scrolling by the view's own input: a finger panning, fingers on a
/// touchpad (their velocity for the fling when they lift), autoscroll at
/// the edges during a sweep or band, and what was last reported; and the
/// same fingers moving sideways over a row, swiping it (`swipe`).
struct ScrollMode {
    enum Touch {
        case idle
        /// One finger pans the content, which was at `startOffset` when it began.
        case panning(startOffset: Double)
    }
    var touch = Touch.idle
    /// A stroke of touchpad fingers: how far they scrolled and how fast.
    var fingerStroke: (tracker: VelocityTracker, distance: Double)?
    /// The latest touch stopped a fling (and so selects nothing).
    var touchStoppedFling = false
    /// Autoscroll's timer is armed.
    var isAutoscrolling = false
    /// The offset the delegate last heard (`didScrollTo`), once a frame at most.
    var reportedOffset: Double?
    /// Items loaded ahead in the direction of scrolling.
    var prefetch = PrefetchWindow()
    /// The scrollbar: the pointer over its strip (it is wide then), and a
    /// drag of its thumb, which began with the view at `startOffset`.
    var isPointerOverScrollbar = false
    var scrollbarDragStart: Double?
    /// Where sideways scrolling goes (a table's columns): a wheel's or the
    /// fingers' horizontal motion in logical pixels; nil: nowhere.
    var sideways: ((Double) -> Void)?
    /// A finger panning the view: its sideways translation so far, nil when it lifts.
    var sidewaysPan: ((Double?) -> Void)?
    /// A row swiped sideways to show its actions (drawn by the item view's `swipe`).
    var swipe = SwipeMode()
}

/// Drag and drop: the drag out of the view, and a drag over it.
struct DragMode {
    /// Whether a drag of the selection inside the view reorders it (in editing mode).
    var allowsReordering = false
    enum Outgoing {
        case idle
        /// A long press by touch on an item at `origin`: moving 10 px drags.
        case touchPressed(origin: Point)
        /// The delegate gave data for the press about to drag.
        case ready(DragData)
        /// The selection's `items` are being dragged; `reordered` once a drop
        /// inside the view moved them (its end is then no drag out).
        case dragging(items: [ItemRange], reordered: Bool)
    }
    var outgoing = Outgoing.idle
    /// The latest proposal for the drag over the view.
    var proposal: DropProposal?
    /// Where that drag would land, as drawn: a line between items or a
    /// frame around one (content coordinates).
    var indicator: (rect: Rect, intoItem: Bool)?

    /// The items being dragged out, while they are.
    var draggedItems: [ItemRange]? { if case .dragging(let items, _) = outgoing { items } else { nil } }
}

/// What clicks activate: a double click where the app asks for one.
struct ClickMode {
    /// Whether a click selects and a double click activates (else one click does both).
    var activatesOnDoubleClick = false
    /// The most time (ms) between the clicks of a double click.
    var doubleClickInterval = 400.0
    /// The latest plain click's item and time.
    var lastClick: (item: ItemPath, time: Double)?
}

/// What the view repaints beyond what changed: the items a running sweep
/// or band changed so far, the offset the band on screen was drawn at (nil:
/// no band), and rectangles something else draws over the view.
struct RepaintState {
    var provisional = SelectionChange()
    var bandDrawnAtOffset: Double?
    var overlayRects: [Rect] = []
}

/// The view as a screen reader is told of it: its label, description and
/// roles, and the objects it was given, the latest kept.
@MainActor
struct CollectionAccessibility {
    var label: String?
    /// The title of the controller the view is in, if any: the label's default.
    var controllerTitle: String?
    var description: String?
    var role = AccessibleRole.table
    var itemRole = AccessibleRole.tableCell
    /// The header and item objects a screen reader was given, the latest kept.
    var cache = AccessibleObjectCache()
    /// The scroll bar beside the list, made when a reader first meets it.
    var scrollBar: AccessibleObject?
    /// A table's columns: each item is then a row of cells (nil: one cell).
    var columns: (any AccessibleTableColumns)?
}

/// What a table (a `TableView`) tells its rows' screen-reader objects: its
/// columns, each item's cell texts, and an outline row's level and state.
@MainActor
protocol AccessibleTableColumns: AnyObject {
    /// The shown columns (at least 1).
    var count: Int { get }
    /// The header object of a column.
    func header(_ column: Int) -> AccessibleObject?
    /// What the cell of `item` in `column` shows.
    func text(of item: ItemPath, column: Int) -> String
    /// An outline row's depth (1: a root, as ARIA counts), whether it opens and is open; nil for a flat table.
    func outline(of item: ItemPath) -> (level: Int, expandable: Bool, expanded: Bool)?
    /// The row an outline row is under, nil for a root (or a flat table).
    func parent(of item: ItemPath) -> ItemPath?
    /// Opens or closes an outline row; whether it could.
    func setExpanded(_ item: ItemPath, _ expanded: Bool) -> Bool
    /// Whether the cell's text is being edited in place now.
    func isEditing(_ item: ItemPath, column: Int) -> Bool
    /// Where a column's cell is in a row at `row` (window coordinates).
    func extents(ofColumn column: Int, inRow row: Rect) -> Rect
}

/// Settings of a view that no mode owns.
struct CollectionBehaviour {
    /// Whether the committed selection becomes the desktop's primary selection.
    var ownsPrimarySelection: Bool
    /// Whether typing finds an item by its title.
    var isTypeAheadEnabled = true
    /// What stays on screen when items arrive above it.
    var insertionAnchoring = InsertionAnchoring.visibleItems
    /// Lines a wheel notch scrolls.
    var linesPerNotch = 3.0
    /// Keys a component around the view takes first (a table's outline
    /// keys, its F2); true when it took the key.
    var keyInterceptor: ((KeyEvent) -> Bool)?
    /// A tap or click on an item's accessory that a component around the
    /// view takes (an outline's disclosure triangle) instead of the delegate; true when taken.
    var accessoryTap: ((ItemPath) -> Bool)?
    /// Told of a pointer click (a point in the view) before it selects:
    /// a table starts renaming on a second click on a focused row.
    var willClick: ((Point, Modifiers) -> Void)?
}
