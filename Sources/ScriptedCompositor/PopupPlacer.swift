/// What an `xdg_positioner` holds, and where it puts a popup: the anchor
/// point on the anchor rectangle, the popup grown from it in the gravity's
/// direction, then flipped and slid (as the constraint adjustment allows)
/// to stay on the output. This is the part of xdg-shell a compositor must
/// get right for menus near an edge; resizing is not done.
struct PopupPlacer: Equatable {
    var width: Int32 = 0
    var height: Int32 = 0
    var anchorRect = (x: Int32(0), y: Int32(0), width: Int32(0), height: Int32(0))
    var anchor: UInt32 = 0
    var gravity: UInt32 = 0
    var adjustment: UInt32 = 0
    var offset = (x: Int32(0), y: Int32(0))

    static func == (lhs: PopupPlacer, rhs: PopupPlacer) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.anchorRect == rhs.anchorRect && lhs.anchor == rhs.anchor
            && lhs.gravity == rhs.gravity && lhs.adjustment == rhs.adjustment && lhs.offset == rhs.offset
    }

    /// A positioner is complete with a size and a non-empty anchor rectangle (xdg-shell's rule).
    var isComplete: Bool { width > 0 && height > 0 && anchorRect.width > 0 && anchorRect.height > 0 }

    // The protocol's anchor and gravity values: 1 top, 2 bottom, 3 left, 4 right, 5–8 the corners.
    private static func hasTop(_ edge: UInt32) -> Bool { [1, 5, 7].contains(edge) }
    private static func hasBottom(_ edge: UInt32) -> Bool { [2, 6, 8].contains(edge) }
    private static func hasLeft(_ edge: UInt32) -> Bool { [3, 5, 6].contains(edge) }
    private static func hasRight(_ edge: UInt32) -> Bool { [4, 7, 8].contains(edge) }

    private static func flippedHorizontally(_ edge: UInt32) -> UInt32 {
        switch edge { case 3: 4; case 4: 3; case 5: 7; case 7: 5; case 6: 8; case 8: 6; default: edge }
    }

    private static func flippedVertically(_ edge: UInt32) -> UInt32 {
        switch edge { case 1: 2; case 2: 1; case 5: 6; case 6: 5; case 7: 8; case 8: 7; default: edge }
    }

    /// The popup's top-left relative to the parent for `anchor` and `gravity`.
    private func unconstrained(anchor: UInt32, gravity: UInt32, offset: (x: Int32, y: Int32)) -> (x: Int32, y: Int32) {
        let rect = anchorRect
        let ax = Self.hasLeft(anchor) ? rect.x : Self.hasRight(anchor) ? rect.x + rect.width : rect.x + rect.width / 2
        let ay = Self.hasTop(anchor) ? rect.y : Self.hasBottom(anchor) ? rect.y + rect.height : rect.y + rect.height / 2
        let x = Self.hasLeft(gravity) ? ax - width : Self.hasRight(gravity) ? ax : ax - width / 2
        let y = Self.hasTop(gravity) ? ay - height : Self.hasBottom(gravity) ? ay : ay - height / 2
        return (x + offset.x, y + offset.y)
    }

    /// Where the popup goes relative to its parent, whose top-left is at
    /// `parent` on an output of `output` size.
    func place(parent: (x: Int32, y: Int32), output: (width: Int32, height: Int32)) -> (x: Int32, y: Int32) {
        var position = unconstrained(anchor: anchor, gravity: gravity, offset: offset)
        func fitsX(_ x: Int32) -> Bool { parent.x + x >= 0 && parent.x + x + width <= output.width }
        func fitsY(_ y: Int32) -> Bool { parent.y + y >= 0 && parent.y + y + height <= output.height }
        // Flip first (1 slide x, 2 slide y, 4 flip x, 8 flip y, 16/32 resize), then slide.
        if !fitsX(position.x), adjustment & 4 != 0 {
            let flipped = unconstrained(anchor: Self.flippedHorizontally(anchor), gravity: Self.flippedHorizontally(gravity),
                                        offset: (-offset.x, offset.y))
            if fitsX(flipped.x) { position.x = flipped.x }
        }
        if !fitsY(position.y), adjustment & 8 != 0 {
            let flipped = unconstrained(anchor: Self.flippedVertically(anchor), gravity: Self.flippedVertically(gravity),
                                        offset: (offset.x, -offset.y))
            if fitsY(flipped.y) { position.y = flipped.y }
        }
        if !fitsX(position.x), adjustment & 1 != 0 {
            position.x = max(-parent.x, min(position.x, output.width - width - parent.x))
        }
        if !fitsY(position.y), adjustment & 2 != 0 {
            position.y = max(-parent.y, min(position.y, output.height - height - parent.y))
        }
        return position
    }
}
