import SweepGeometry

/// The geometry of a list of uniform rows in content coordinates (logical
/// pixels from the top of the scrolled content). Every query is O(1).
public struct ListLayout: Hashable, Sendable {
    public var rowCount: Int
    public var rowHeight: Double
    public var width: Double

    public init(rowCount: Int, rowHeight: Double = 44, width: Double) {
        precondition(rowCount >= 0 && rowHeight > 0)
        self.rowCount = rowCount
        self.rowHeight = rowHeight
        self.width = width
    }

    public var contentHeight: Double { Double(rowCount) * rowHeight }

    /// The rectangle of row `index`. - Complexity: O(1).
    public func rect(ofRow index: Int) -> Rect {
        Rect(x: 0, y: Double(index) * rowHeight, width: width, height: rowHeight)
    }

    /// The row under a content-coordinate `y`, or nil past either end. - Complexity: O(1).
    public func row(atContentY y: Double) -> Int? {
        guard y >= 0 else { return nil }
        let index = Int(saturating: (y / rowHeight).rounded(.down))
        return index < rowCount ? index : nil
    }

    /// The rows that intersect the band `[offset, offset + height)`. - Complexity: O(1).
    public func rows(inContentRange offset: Double, height: Double) -> Range<Int> {
        guard rowCount > 0, height > 0 else { return 0..<0 }
        let first = max(0, Int(saturating: (offset / rowHeight).rounded(.down)))
        let last = min(rowCount, Int(((offset + height) / rowHeight).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }
}
