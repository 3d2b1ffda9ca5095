/// How wide a table column asks to be.
public enum ColumnWidth: Hashable, Sendable, Codable {
    /// Always this wide (until a person resizes it).
    case fixed(Double)
    /// `ideal` wide, growing up to `maximum` to fill a wider view and
    /// shrinking down to `minimum` before the table scrolls sideways.
    case flexible(minimum: Double, ideal: Double, maximum: Double)
    /// As wide as its widest cell (measured by the table), within the bounds.
    case fitContent(minimum: Double, maximum: Double)
}

/// One column as the geometry sees it: its width rule, the width a person
/// dragged it to (which replaces the rule), and what fitting measured.
public struct ColumnSizing: Hashable, Sendable {
    public var width: ColumnWidth
    /// Set by a person's resize: the column stays this wide.
    public var chosenWidth: Double?
    /// The widest cell, for `fitContent`.
    public var measuredWidth: Double?

    public init(width: ColumnWidth, chosenWidth: Double? = nil, measuredWidth: Double? = nil) {
        self.width = width
        self.chosenWidth = chosenWidth
        self.measuredWidth = measuredWidth
    }
}

/// Where a table's shown columns are across its content, for a view width:
/// each column's x and width, and the content's width (wider than the view
/// when the table scrolls sideways).
///
/// Widths are sanitized, never trusted: a NaN, infinite or negative width
/// becomes the default, every column is at least `minimumWidth` and at most
/// `maximumWidth` wide, so the sum can neither be zero nor overflow.
public struct TableColumnGeometry: Hashable, Sendable {
    /// The narrowest a column gets: its edge can still be grabbed.
    public static let minimumWidth = 24.0
    /// The widest a column gets.
    public static let maximumWidth = 20_000.0
    /// A width given as nonsense becomes this.
    public static let defaultWidth = 120.0

    /// The leading x of each shown column, in order.
    public private(set) var starts: [Double]
    /// The width of each shown column, in order.
    public private(set) var widths: [Double]
    /// The sum of the widths, at least the view's width.
    public private(set) var contentWidth: Double

    /// Lays out `columns` (shown, in order) for a view `viewWidth` wide.
    public init(columns: [ColumnSizing], viewWidth: Double) {
        let view = viewWidth.isFinite ? max(0, viewWidth) : 0
        var widths = columns.map(Self.baseWidth)
        var total = widths.reduce(0, +)
        // Flexible columns share what is left over, up to their maximums…
        if total < view {
            total += Self.share(view - total, among: columns, widths: &widths, growing: true)
        } else if total > view {
            // …and give back down to their minimums before the view scrolls sideways.
            total -= Self.share(total - view, among: columns, widths: &widths, growing: false)
        }
        var starts: [Double] = [], x = 0.0
        for width in widths {
            starts.append(x)
            x += width
        }
        self.starts = starts
        self.widths = widths
        contentWidth = max(x, view)
    }

    /// A column's width before sharing: chosen, measured or asked.
    static func baseWidth(_ column: ColumnSizing) -> Double {
        if let chosen = column.chosenWidth { return clamped(chosen) }
        switch column.width {
        case .fixed(let width): return clamped(width)
        case .flexible(let minimum, let ideal, let maximum):
            let bounds = Self.bounds(minimum, maximum)
            return min(max(clamped(ideal), bounds.lowerBound), bounds.upperBound)
        case .fitContent(let minimum, let maximum):
            let bounds = Self.bounds(minimum, maximum)
            return min(max(clamped(column.measuredWidth ?? bounds.lowerBound), bounds.lowerBound), bounds.upperBound)
        }
    }

    /// A sane width: the default for nonsense, within the least and most.
    static func clamped(_ width: Double) -> Double {
        guard width.isFinite else { return defaultWidth }
        return min(max(width, minimumWidth), maximumWidth)
    }

    /// Sane bounds from two given ones, in either order.
    static func bounds(_ minimum: Double, _ maximum: Double) -> ClosedRange<Double> {
        let low = minimum.isFinite ? min(max(minimum, minimumWidth), maximumWidth) : minimumWidth
        let high = maximum.isFinite ? min(max(maximum, minimumWidth), maximumWidth) : maximumWidth
        return min(low, high)...max(low, high)
    }

    /// Grows (or shrinks) the flexible, unchosen columns by up to `amount`
    /// in all, evenly, each within its bounds; returns how much they took.
    private static func share(_ amount: Double, among columns: [ColumnSizing], widths: inout [Double], growing: Bool) -> Double {
        var open = columns.indices.filter { index in
            guard columns[index].chosenWidth == nil, case .flexible = columns[index].width else { return false }
            return true
        }
        var left = amount
        // Each pass gives every open column an even part; a column at its bound leaves the next pass.
        while left > 0.5, !open.isEmpty {
            let part = left / Double(open.count)
            var stillOpen: [Int] = []
            for index in open {
                guard case .flexible(let minimum, _, let maximum) = columns[index].width else { continue }
                let bounds = Self.bounds(minimum, maximum)
                let target = growing ? min(widths[index] + part, bounds.upperBound) : max(widths[index] - part, bounds.lowerBound)
                left -= abs(target - widths[index])
                widths[index] = target
                if growing ? target < bounds.upperBound : target > bounds.lowerBound { stillOpen.append(index) }
            }
            open = stillOpen
        }
        return amount - max(0, left)
    }

    /// The shown column at content x, nil past the last one.
    public func column(atX x: Double) -> Int? {
        guard x >= 0 else { return nil }
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] + widths[middle] <= x { low = middle + 1 } else { high = middle }
        }
        return low < starts.count ? low : nil
    }

    /// The column whose trailing edge is within `tolerance` of content x
    /// (the nearest), nil when none is: where a resize grabs.
    public func edge(nearX x: Double, tolerance: Double) -> Int? {
        var best: (index: Int, distance: Double)?
        for index in starts.indices {
            let distance = abs(starts[index] + widths[index] - x)
            if distance <= tolerance, distance <= best?.distance ?? .infinity { best = (index, distance) }
        }
        return best?.index
    }

    /// Where a column dragged to content x would go: the index among the
    /// shown columns before which it lands (the nearer half of the column under x).
    public func insertionIndex(atX x: Double) -> Int {
        for index in starts.indices where x < starts[index] + widths[index] / 2 { return index }
        return starts.count
    }
}
