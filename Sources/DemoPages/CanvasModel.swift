import SweepGeometry
import SweepSelection

/// The Canvas page: pieces placed freely on a plane, selected by clicks,
/// taps and a band (Shift extends), and moved together by a pan; a
/// cancelled band or pan puts everything back as it was. The selection is
/// the core's `SelectionModel`: a band is its provisional selection
/// (replace, or extend with Shift), committed or cancelled at the end.
public struct CanvasModel: Sendable {
    public struct Piece: Hashable, Sendable {
        public var title: String
        public var frame: Rect
        public init(title: String, frame: Rect) {
            self.title = title
            self.frame = frame
        }
    }

    public private(set) var pieces: [Piece]
    /// Piece i is item i of section 0.
    private var selection = SelectionModel()
    /// The kind of the running band (nil: none).
    private var bandKind: ProvisionalKind?
    /// During a pan: where the moving pieces started.
    private var dragOrigins: [Int: Point]?

    public init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// Nine pieces in a loose arrangement.
    public static let sample = CanvasModel(pieces: [
        Piece(title: "Tent", frame: Rect(x: 40, y: 40, width: 120, height: 80)),
        Piece(title: "Stove", frame: Rect(x: 200, y: 60, width: 90, height: 70)),
        Piece(title: "Map", frame: Rect(x: 330, y: 30, width: 110, height: 90)),
        Piece(title: "Rope", frame: Rect(x: 60, y: 170, width: 100, height: 60)),
        Piece(title: "Lamp", frame: Rect(x: 210, y: 180, width: 80, height: 80)),
        Piece(title: "Boots", frame: Rect(x: 340, y: 170, width: 120, height: 70)),
        Piece(title: "Pack", frame: Rect(x: 40, y: 280, width: 130, height: 90)),
        Piece(title: "Flask", frame: Rect(x: 220, y: 300, width: 70, height: 70)),
        Piece(title: "Poles", frame: Rect(x: 330, y: 290, width: 140, height: 60)),
    ])

    /// The topmost piece under a point (later pieces are drawn on top).
    public func piece(at point: Point) -> Int? {
        pieces.indices.last { pieces[$0].frame.contains(point) }
    }

    /// The selected pieces (during a band, as it would leave them).
    public var selected: Set<Int> {
        Set(pieces.indices.filter { selection.isSelected(ItemPath(item: $0)) })
    }

    private static func item(_ index: Int) -> ItemRange { ItemRange(section: 0, items: index...index) }

    /// Makes the committed selection exactly `indices`.
    private mutating func select(only indices: [Int]) {
        selection.withCommitted { committed in
            committed.removeAll()
            for index in indices { committed.insert(Self.item(index)) }
        }
    }

    // MARK: - Clicks and taps

    /// A click or tap: on a piece it selects just that piece (with `toggle`,
    /// Ctrl or Shift, it adds or removes it); on empty space it clears the selection.
    public mutating func click(at point: Point, toggle: Bool) {
        guard let index = piece(at: point) else {
            if !toggle { select(only: []) }
            return
        }
        if toggle {
            var ignored = SelectionChange()
            selection.withCommitted { $0.toggle(Self.item(index), into: &ignored) }
        } else {
            select(only: [index])
        }
    }

    // MARK: - Band

    public mutating func beginBand(extend: Bool) {
        let kind: ProvisionalKind = extend ? .extend : .replace
        bandKind = kind
        _ = selection.setProvisional(ProvisionalSelection(kind, []))
    }

    /// The band covers `rect` now: its pieces are selected (added to the starting selection when extending).
    public mutating func updateBand(_ rect: Rect) {
        guard let kind = bandKind else { return }
        let inside = pieces.indices.filter { pieces[$0].frame.intersects(rect) }.map(Self.item)
        _ = selection.setProvisional(ProvisionalSelection(kind, inside))
    }

    public mutating func endBand() {
        selection.commitProvisional()
        bandKind = nil
    }

    public mutating func cancelBand() {
        _ = selection.cancelProvisional()
        bandKind = nil
    }

    public var isBanding: Bool { bandKind != nil }

    // MARK: - Pan

    /// A pan starts at `point`: on an unselected piece it selects that piece
    /// first; false (and nothing moves) when it starts on empty space.
    public mutating func beginDrag(at point: Point) -> Bool {
        guard let index = piece(at: point) else { return false }
        if !selection.isSelected(ItemPath(item: index)) { select(only: [index]) }
        var origins: [Int: Point] = [:]
        for index in selected { origins[index] = pieces[index].frame.origin }
        dragOrigins = origins
        return true
    }

    /// Moves the selected pieces to their starting places plus `translation`.
    public mutating func drag(by translation: Point) {
        guard let origins = dragOrigins else { return }
        for (index, origin) in origins {
            pieces[index].frame.origin = Point(x: origin.x + translation.x, y: origin.y + translation.y)
        }
    }

    public mutating func endDrag() { dragOrigins = nil }

    /// A cancelled pan: every moved piece goes back where it started.
    public mutating func cancelDrag() {
        guard let origins = dragOrigins else { return }
        for (index, origin) in origins { pieces[index].frame.origin = origin }
        dragOrigins = nil
    }

    public var isDragging: Bool { dragOrigins != nil }

    /// The bounding box of the pieces (for damage).
    public var bounds: Rect {
        pieces.dropFirst().reduce(pieces.first?.frame ?? .zero) { $0.union($1.frame) }
    }
}
