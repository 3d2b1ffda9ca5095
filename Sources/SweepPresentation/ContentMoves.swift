import SweepGeometry

/// Scrolling by copying: parts of a window whose pixels move, this frame,
/// by a distance, so the frame copies them from the frame before instead of
/// having the content draw them again (foot and GTK 3 scroll this way).
///
/// A move is an `area` (window coordinates) whose content shifts by `dy`
/// (positive: down), less what is drawn over it and does not move with it
/// (`covered`). Moves of one area in one frame add up; the pending damage,
/// kept in window coordinates, moves with them. `plan(scale:)` says what
/// can be copied: whole device pixels only, so a move that a fractional
/// scale would put between pixels is repainted instead; what it cannot copy
/// is left for `uncopied(after:)` to name as damage.
public struct ContentMoves: Sendable {
    public struct Move: Equatable, Sendable {
        public var area: Rect
        public var dy: Double
        public var covered: [Rect]
    }

    public private(set) var moves: [Move] = []

    public init() {}

    public var isEmpty: Bool { moves.isEmpty }

    /// Adds a move of `area` by `dy`, and moves `damage` (what the next
    /// frame must repaint, some of it noted before this move) with it: a
    /// damaged part of the area is repainted where its content now is, and
    /// also where it was (repainting more is correct). A move of an area
    /// that overlaps another's is not copied: both areas are damaged whole.
    public mutating func add(area: Rect, dy: Double, covered: [Rect] = [], damage: inout Region) {
        guard !area.isEmpty, dy != 0 else { return }
        let inside = damage.clipped(to: area)
        if !inside.isEmpty { damage.formUnion(inside.offsetBy(dx: 0, dy: dy).clipped(to: area)) }
        if let index = moves.firstIndex(where: { $0.area == area }) {
            moves[index].dy += dy
            for rect in covered where !moves[index].covered.contains(rect) { moves[index].covered.append(rect) }
            return
        }
        if let clash = moves.firstIndex(where: { $0.area.intersects(area) }) {
            damage.add(moves[clash].area)
            damage.add(area)
            moves.remove(at: clash)
            return
        }
        moves.append(Move(area: area, dy: dy, covered: covered))
    }

    public mutating func removeAll() { moves.removeAll() }

    /// One copy: the device-pixel rectangle `destination` of the new frame
    /// takes the pixels `dy` device rows above it (below, for a negative
    /// `dy`) in the frame before.
    public struct Copy: Equatable, Sendable {
        public var destination: Rect
        public var dy: Int
    }

    /// What to copy at `scale` (device pixels per logical pixel), in an
    /// order that is safe within one buffer, and the logical rectangles the
    /// copies make right (`moved`, none overlapping).
    /// A move is skipped (left to be repainted) when it or its pieces do not
    /// fall on whole device pixels, or it moves the whole area away.
    public func plan(scale: Double) -> (copies: [Copy], moved: [Rect]) {
        var copies: [Copy] = [], moved: [Rect] = []
        for move in moves {
            guard abs(move.dy) < move.area.height, let deviceDy = Self.whole(move.dy * scale) else { continue }
            var pieces = [move.area.intersection(move.area.offsetBy(dx: 0, dy: move.dy))]
            // Pixels drawn over the area stay behind: neither their old place
            // (the source) nor their new one is copied.
            for cover in move.covered {
                for cut in [cover, cover.offsetBy(dx: 0, dy: move.dy)] { pieces = pieces.flatMap { $0.subtracting(cut) } }
            }
            // Copied within one buffer, a piece must not read rows another
            // piece already wrote: content moving down is copied bottom piece
            // first, moving up top first (each piece's rows go in that order too).
            pieces.sort { move.dy > 0 ? $0.minY > $1.minY : $0.minY < $1.minY }
            var deviceRects: [Rect] = []
            for piece in pieces where !piece.isEmpty {
                guard let x = Self.whole(piece.minX * scale), let y = Self.whole(piece.minY * scale),
                      let right = Self.whole(piece.maxX * scale), let bottom = Self.whole(piece.maxY * scale) else {
                    deviceRects = []
                    pieces = []
                    break
                }
                deviceRects.append(Rect(x: Double(x), y: Double(y), width: Double(right - x), height: Double(bottom - y)))
            }
            copies += deviceRects.map { Copy(destination: $0, dy: deviceDy) }
            moved += pieces.filter { !$0.isEmpty }
        }
        return (copies, moved)
    }

    /// The parts of the moved areas that `moved` (from `plan`) does not make
    /// right: they must be repainted.
    public func uncopied(after moved: [Rect]) -> Region {
        Region(moves.map(\.area)).subtracting(moved)
    }

    /// `value` as a whole number, when it is one (within rounding error).
    private static func whole(_ value: Double) -> Int? {
        let rounded = value.rounded()
        return abs(value - rounded) < 1e-6 ? Int(rounded) : nil
    }
}
