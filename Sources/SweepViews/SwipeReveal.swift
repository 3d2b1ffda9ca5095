import SweepGeometry
import SweepGraphics

/// A row swiped sideways (UIKit's swipe actions): its content moved by
/// `offset`, and under it the actions of the side it uncovers, each a
/// coloured button from the edge inwards (the first at the edge). Swiped
/// past its buttons far enough, the first one widens over the whole
/// uncovered part: letting go there performs it (a full swipe).
///
/// The rules of the gesture live here too, as arithmetic on the offset:
/// how far a drag may move the row (`clamped`) and what letting go does
/// (`release`); the view that owns the value draws it and animates its
/// `settle`.
public struct SwipeReveal: Sendable, Equatable {
    /// One action's look.
    public struct Action: Sendable, Equatable {
        public var title: String
        public var color: Color
        /// Its button's width when the row is open (logical px).
        public var width: Double

        public init(title: String, color: Color, width: Double) {
            self.title = title
            self.color = color
            self.width = width.isFinite ? max(0, width) : 0
        }
    }

    /// Which side's actions show: the leading ones (the row moved right) or the trailing ones.
    public enum Side: Sendable, Equatable { case leading, trailing }

    /// What letting go of the row does.
    public enum Release: Sendable, Equatable {
        /// The row slides back closed.
        case close
        /// The row stays open on that side, its buttons showing.
        case open(Side)
        /// The side's first action is performed (a full swipe).
        case perform(Side)
    }

    public let item: ItemPath
    public let leading: [Action]
    public let trailing: [Action]
    /// Whether a full swipe performs the side's first action.
    public let fullSwipeLeading: Bool
    public let fullSwipeTrailing: Bool
    /// How far the content is moved: positive right (leading actions show), negative left.
    public private(set) var offset = 0.0
    /// A slide to `to` from `from`, begun at `start` (ms), while it runs.
    public private(set) var settle: (from: Double, to: Double, start: Double)?

    /// How long the row takes to slide open, closed or away (ms).
    public static let settleDuration = 200.0
    /// The fraction of the row's width past which letting go performs the first action.
    public static let fullSwipeFraction = 0.6
    /// How fast (px/ms) a flick opens or closes the row whatever its offset.
    public static let flickVelocity = 0.5

    public init(item: ItemPath, leading: [Action], trailing: [Action], fullSwipeLeading: Bool = true,
                fullSwipeTrailing: Bool = true) {
        self.item = item
        self.leading = leading
        self.trailing = trailing
        self.fullSwipeLeading = fullSwipeLeading && !leading.isEmpty
        self.fullSwipeTrailing = fullSwipeTrailing && !trailing.isEmpty
    }

    /// The width of a side's buttons together, open.
    public func openWidth(_ side: Side) -> Double {
        (side == .leading ? leading : trailing).reduce(0) { $0 + $1.width }
    }

    /// The side the offset uncovers now, nil at rest.
    public var shownSide: Side? { offset > 0 ? .leading : offset < 0 ? .trailing : nil }

    /// Whether the row shows nothing and is going nowhere.
    public var isClosed: Bool { offset == 0 && settle == nil }

    /// How far the row may be moved for a drag that wants `wanted`, in a
    /// row `rowWidth` wide: not towards a side without actions, up to the
    /// row's width where a full swipe is allowed, else a little past the
    /// buttons (resisting, a quarter of the way).
    public func clamped(_ wanted: Double, rowWidth: Double) -> Double {
        guard wanted.isFinite else { return 0 }
        let side: Side = wanted >= 0 ? .leading : .trailing
        let open = openWidth(side)
        guard open > 0 else { return 0 }
        let full = side == .leading ? fullSwipeLeading : fullSwipeTrailing
        var distance = abs(wanted)
        if full {
            distance = min(distance, max(open, rowWidth))
        } else if distance > open {
            distance = min(open + (distance - open) / 4, open + 40)
        }
        return side == .leading ? distance : -distance
    }

    /// The same row, now at `item` (a data change moved it).
    public func moved(to item: ItemPath) -> SwipeReveal {
        var moved = SwipeReveal(item: item, leading: leading, trailing: trailing, fullSwipeLeading: fullSwipeLeading,
                                fullSwipeTrailing: fullSwipeTrailing)
        moved.offset = offset
        moved.settle = settle
        return moved
    }

    /// Moves the content to `offset` (already `clamped`), ending any slide.
    public mutating func move(to offset: Double) {
        self.offset = offset.isFinite ? offset : 0
        settle = nil
    }

    /// Whether the offset is past the point where letting go performs the side's first action.
    public func isFullSwipe(rowWidth: Double) -> Bool {
        guard let side = shownSide, side == .leading ? fullSwipeLeading : fullSwipeTrailing else { return false }
        return abs(offset) >= max(openWidth(side) + 24, rowWidth * Self.fullSwipeFraction)
    }

    /// What letting go does at `velocity` (px/ms, positive right): past the
    /// full-swipe point, perform; a flick opens (towards a side with
    /// actions) or closes; else open when more than half the buttons show.
    public func release(velocity: Double, rowWidth: Double) -> Release {
        guard let side = shownSide else { return .close }
        if isFullSwipe(rowWidth: rowWidth) { return .perform(side) }
        let outwards = side == .leading ? velocity : -velocity
        if outwards.isFinite, abs(outwards) >= Self.flickVelocity { return outwards > 0 ? .open(side) : .close }
        return abs(offset) >= openWidth(side) / 2 ? .open(side) : .close
    }

    /// Where the row rests after `release` in a row `rowWidth` wide: 0
    /// closed, the buttons' width open, the whole width (off the row) when
    /// performing.
    public func restingOffset(for release: Release, rowWidth: Double) -> Double {
        switch release {
        case .close: 0
        case .open(let side): side == .leading ? openWidth(.leading) : -openWidth(.trailing)
        case .perform(let side): side == .leading ? max(rowWidth, abs(offset)) : -max(rowWidth, abs(offset))
        }
    }

    /// Starts sliding to `target` at `time` (ms on the animation clock).
    public mutating func slide(to target: Double, at time: Double) {
        settle = offset == target ? nil : (offset, target.isFinite ? target : 0, time)
    }

    /// Advances a slide to `time`; true while one runs.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard let slide = settle else { return false }
        let linear = (time - slide.start) / Self.settleDuration
        guard linear.isFinite, linear < 1 else {
            offset = slide.to
            settle = nil
            return false
        }
        let t = 1 - pow3(1 - max(0, linear))
        offset = slide.from + (slide.to - slide.from) * t
        return true
    }

    /// The buttons shown in a row at `rowRect` (any coordinates): each
    /// action's index on the side shown, and its rectangle in the part the
    /// content uncovered. Narrower than open, each button shrinks in
    /// proportion; wider, the extra goes to the first, and past the
    /// full-swipe point the first covers it all.
    public func buttons(in rowRect: Rect) -> [(index: Int, rect: Rect)] {
        guard let side = shownSide else { return [] }
        let actions = side == .leading ? leading : trailing
        let open = openWidth(side), shown = min(abs(offset), rowRect.width)
        guard open > 0, shown > 0 else { return [] }
        var widths = actions.map { shown <= open ? $0.width * shown / open : $0.width }
        if shown > open, !widths.isEmpty { widths[0] += shown - open }
        if isFullSwipe(rowWidth: rowRect.width) { widths = [shown] + Array(repeating: 0, count: max(0, actions.count - 1)) }
        var result: [(index: Int, rect: Rect)] = []
        var edge = side == .leading ? rowRect.minX : rowRect.maxX
        for (index, width) in widths.enumerated() where width > 0 {
            let x = side == .leading ? edge : edge - width
            result.append((index, Rect(x: x, y: rowRect.minY, width: width, height: rowRect.height)))
            edge = side == .leading ? edge + width : edge - width
        }
        return result
    }

    public static func == (lhs: SwipeReveal, rhs: SwipeReveal) -> Bool {
        lhs.item == rhs.item && lhs.leading == rhs.leading && lhs.trailing == rhs.trailing && lhs.offset == rhs.offset
            && lhs.fullSwipeLeading == rhs.fullSwipeLeading && lhs.fullSwipeTrailing == rhs.fullSwipeTrailing
            && lhs.settle?.from == rhs.settle?.from && lhs.settle?.to == rhs.settle?.to && lhs.settle?.start == rhs.settle?.start
    }
}

private func pow3(_ x: Double) -> Double { x * x * x }
