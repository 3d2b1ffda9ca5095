import SweepGeometry
import SweepLayout

/// Where a scrolling view's scrollbar is, and what a press on it means.
///
/// The scrollbar lies along the view's right edge. At rest it is a thin
/// overlay indicator (as GTK 4 and libadwaita draw it); with the pointer
/// over its strip it widens into a bar on a trough that a mouse user drags
/// (the thumb) or clicks (the trough pages; Shift+click jumps there). The
/// thumb's length shows the visible share of the content, at least 32
/// logical pixels, so the thumb can be grabbed over millions of rows.
public struct ScrollbarGeometry: Sendable {
    /// The thin indicator's width, the wide bar's, and their margin from the edge.
    public static let thinWidth = 4.0
    public static let wideWidth = 8.0
    public static let margin = 3.0
    /// How far from the right edge the pointer grabs the scrollbar.
    public static let grabWidth = 14.0
    /// The thumb's least length.
    public static let minimumThumbLength = 32.0

    /// The view's frame (window coordinates).
    public let frame: Rect
    public let contentHeight: Double

    public init(frame: Rect, contentHeight: Double) {
        self.frame = frame
        self.contentHeight = contentHeight.isFinite ? max(0, contentHeight) : 0
    }

    /// The furthest offset: 0 when everything fits (then there is no scrollbar).
    public var maxOffset: Double { max(0, contentHeight - frame.height) }

    /// The strip the pointer grabs the scrollbar in; nil when nothing scrolls.
    public var grabArea: Rect? {
        guard maxOffset > 0, frame.width > 0 else { return nil }
        let width = min(Self.grabWidth, frame.width)
        return Rect(x: frame.maxX - width, y: frame.minY, width: width, height: frame.height)
    }

    /// The track the thumb moves along.
    public var track: Rect {
        let inset = min(Self.margin, frame.height / 2)
        return Rect(x: frame.maxX - Self.wideWidth - Self.margin, y: frame.minY + inset,
                    width: Self.wideWidth, height: frame.height - 2 * inset)
    }

    private var thumbLength: Double {
        min(track.height, max(Self.minimumThumbLength, track.height * frame.height / max(contentHeight, 1)))
    }

    /// The thumb at `offset`, thin or wide; nil when nothing scrolls.
    public func thumb(at offset: Double, wide: Bool) -> Rect? {
        guard maxOffset > 0 else { return nil }
        let width = wide ? Self.wideWidth : Self.thinWidth
        let y = track.minY + (track.height - thumbLength) * min(1, max(0, offset / maxOffset))
        return Rect(x: frame.maxX - width - Self.margin, y: y, width: width, height: thumbLength)
    }

    /// What a point on the scrollbar is over.
    public enum Part: Sendable, Hashable {
        case thumb
        /// The trough above the thumb (a click pages up) or below it (down).
        case troughAbove, troughBelow
    }

    /// The part under a window point in the grab strip, with the view at `offset`.
    public func part(at point: Point, offset: Double) -> Part? {
        guard let area = grabArea, area.contains(point), let thumb = thumb(at: offset, wide: true) else { return nil }
        if point.y < thumb.minY { return .troughAbove }
        if point.y >= thumb.maxY { return .troughBelow }
        return .thumb
    }

    /// How much the offset moves for the thumb moving one logical pixel.
    public var offsetPerThumbPixel: Double {
        let room = track.height - thumbLength
        return room > 0 ? maxOffset / room : 0
    }

    /// The offset that centres the thumb on window y `y` (Shift+click, GTK's warp).
    public func offset(centringThumbAt y: Double) -> Double {
        let top = y - thumbLength / 2 - track.minY
        return min(maxOffset, max(0, top * offsetPerThumbPixel))
    }

    /// The distance a trough click pages: nine tenths of the view, as GTK's page increment.
    public var pageLength: Double { frame.height * 0.9 }
}
