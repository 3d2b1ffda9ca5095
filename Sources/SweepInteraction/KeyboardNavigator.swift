import SweepGeometry
import SweepLayout
import SweepInput

/// What a key does to a view's focus and selection (interaction.md §5), as values the
/// caller carries out: the navigator keeps only the focus and the anchor.
public enum KeyboardAction: Hashable, Sendable {
    /// The focus ring moved (scroll it into view).
    case focus(ItemPath)
    /// Select the range from the anchor to the focus (replacing, or adding with Ctrl).
    case selectRange([ItemRange], additive: Bool)
    /// Select only this item (plain arrows in multi-select editing do not select; in
    /// normal mode moving the focus selects, as in a file manager).
    case selectOnly(ItemPath)
    case toggle(ItemPath)
    case activate(ItemPath)
    case selectAll
    /// Escape with no band running: leave editing mode.
    case endEditing
}

/// Keyboard focus, anchor and the keys of interaction.md §5: arrows, Shift+arrows,
/// Space, Enter, Ctrl+A, Home / End / Page Up / Page Down, Escape.
public struct KeyboardNavigator: Hashable, Sendable {
    public private(set) var focus: ItemPath?
    public private(set) var anchor: ItemPath?

    public init(focus: ItemPath? = nil) {
        self.focus = focus
        anchor = focus
    }

    /// Moves the focus to `focus` and the anchor of Shift ranges to `anchor`
    /// (a band leaves them at its two ends).
    public mutating func setFocus(_ focus: ItemPath?, anchor: ItemPath?) {
        self.focus = focus
        self.anchor = anchor
    }

    /// Moves focus and anchor to `item` (after a click or tap elsewhere set them).
    public mutating func setFocus(_ item: ItemPath?) {
        focus = item
        anchor = item
    }

    /// The actions for a key press; empty when the key means nothing here.
    /// `selectsOnMove`: plain movement selects the focused item (normal mode).
    public mutating func handle(_ key: KeySym, modifiers: Modifiers, geometry: some ItemLayout,
                                viewportHeight: Double, selectsOnMove: Bool) -> [KeyboardAction] {
        let control = modifiers.contains(.control), shift = modifiers.contains(.shift)
        switch key {
        case .a where control:
            return [.selectAll]
        case .space:
            guard let focus else { return start(geometry) }
            anchor = focus
            return [.toggle(focus)]
        case .returnKey:
            return focus.map { [.activate($0)] } ?? []
        case .escape:
            return [.endEditing]
        default:
            break
        }
        let target: ItemPath?
        switch key {
        case .up: target = focus.flatMap { geometry.item(movingFrom: $0, direction: .up) }
        case .down: target = focus.flatMap { geometry.item(movingFrom: $0, direction: .down) }
        case .left: target = focus.flatMap { geometry.item(movingFrom: $0, direction: .left) }
        case .right: target = focus.flatMap { geometry.item(movingFrom: $0, direction: .right) }
        case .pageUp: target = focus.flatMap { geometry.item(pagingFrom: $0, down: false, viewportHeight: viewportHeight) }
        case .pageDown: target = focus.flatMap { geometry.item(pagingFrom: $0, down: true, viewportHeight: viewportHeight) }
        case .home: target = geometry.firstItem
        case .end: target = geometry.lastItem
        default: return []
        }
        // With no focus yet, Home and End go where they say; other keys start at the first item.
        guard focus != nil || key == .home || key == .end else {
            let started = start(geometry)
            guard selectsOnMove && !control && !shift, let first = started.first, case .focus(let item) = first else { return started }
            return [.focus(item), .selectOnly(item)]
        }
        guard let target, target != focus else { return [] }
        focus = target
        if shift {
            let from = anchor ?? target
            return [.focus(target), .selectRange(geometry.ranges(from: from, through: target), additive: control)]
        }
        anchor = target
        return selectsOnMove && !control ? [.focus(target), .selectOnly(target)] : [.focus(target)]
    }

    /// The first navigation key with no focus puts the focus on the first item.
    private mutating func start(_ geometry: some ItemLayout) -> [KeyboardAction] {
        guard let first = geometry.firstItem else { return [] }
        focus = first
        anchor = first
        return [.focus(first)]
    }
}
