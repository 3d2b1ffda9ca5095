import SweepGeometry
import SweepGraphics

/// An action a list's row offers when swiped sideways (UIKit's
/// `UIContextualAction`): a coloured button under the row, performed by
/// tapping or clicking it, by a full swipe when it is its side's first,
/// from the row's context menu, and by a screen reader as an action of the
/// row.
@MainActor
public struct SwipeAction {
    /// How the button looks by default.
    public enum Style: Sendable, Equatable {
        /// Grey.
        case normal
        /// Red (Delete, Move to Trash).
        case destructive
    }

    /// Names the action in the row's context menu (an entry of the app's
    /// own menu with this id stands for it there) and in logs.
    public var id: String
    /// The button's words, the menu entry's and what a screen reader says.
    public var title: String
    public var style: Style
    /// The button's colour; nil: the style's.
    public var backgroundColor: Color?
    /// Performs the action on the row's item.
    public var handler: (ItemPath) -> Void

    public init(id: String, title: String, style: Style = .normal, backgroundColor: Color? = nil,
                handler: @escaping (ItemPath) -> Void) {
        self.id = id
        self.title = title
        self.style = style
        self.backgroundColor = backgroundColor
        self.handler = handler
    }

    /// The button's colour.
    var color: Color {
        backgroundColor ?? (style == .destructive ? Color(rgb: 0xE0_1B_24) : Color(rgb: 0x77_76_7B))
    }
}

/// The actions of one side of a row (UIKit's
/// `UISwipeActionsConfiguration`), the first at the row's edge.
///
/// How the row is swiped (interaction.md §11): one finger moving sideways on
/// a touchscreen, or two fingers scrolling sideways on a touchpad over the
/// row. The direction is decided in the first 10 px: sideways when the
/// motion is at least twice as wide as it is tall, else it scrolls (and the
/// row does not move until the fingers lift); two fingers on a touchscreen
/// sweep the selection as ever, and a second finger during a swipe closes
/// the row. Let go with more than half the buttons showing (or flicked
/// open) and the row stays open: tap or click a button to perform it, or
/// anywhere else to close it. Swiped past 60 % of the row's width, letting
/// go performs the first action (`performsFirstActionWithFullSwipe`). In
/// editing mode rows do not swipe; in a view that scrolls sideways (a
/// table's columns) touchpad strokes scroll it, and only a finger swipes.
@MainActor
public struct SwipeActionsConfiguration {
    public var actions: [SwipeAction]
    /// Whether swiping all the way performs the first action.
    public var performsFirstActionWithFullSwipe: Bool

    public init(actions: [SwipeAction], performsFirstActionWithFullSwipe: Bool = true) {
        self.actions = actions
        self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }
}
