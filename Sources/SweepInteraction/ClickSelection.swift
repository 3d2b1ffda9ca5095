import SweepGeometry
import SweepLayout
import SweepInput

/// What a pointer click on an item does to the selection (interaction.md §5), as a
/// value the selection controller carries out.
public enum ClickAction: Hashable, Sendable {
    /// Replace the selection with the item (and make it the anchor).
    case replace(ItemPath)
    /// Ctrl: toggle the item (it becomes the anchor).
    case toggle(ItemPath)
    /// Shift: the range from the anchor to the item replaces the selection
    /// (Ctrl+Shift: is added to it); the anchor stays.
    case selectRange([ItemRange], additive: Bool)
    /// A click on empty space with no modifier clears the selection.
    case clear
    /// Nothing to do (Ctrl or Shift on empty space).
    case none

    /// The meaning of a click on `item` (nil over empty space) with `modifiers`,
    /// given the current anchor.
    public init(item: ItemPath?, modifiers: Modifiers, anchor: ItemPath?, geometry: some ItemLayout) {
        guard let item else {
            self = modifiers.isDisjoint(with: [.shift, .control]) ? .clear : .none
            return
        }
        let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
        switch (shift, control) {
        case (true, _):
            let from = anchor ?? item
            self = .selectRange(geometry.ranges(from: from, through: item), additive: control)
        case (false, true):
            self = .toggle(item)
        case (false, false):
            self = .replace(item)
        }
    }
}
