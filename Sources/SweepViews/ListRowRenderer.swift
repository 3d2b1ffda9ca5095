import SweepGeometry
import SweepGraphics

/// The default look of a list row: the selection tint (fading after a
/// deselect) or the hover highlight, a selection circle in editing mode, a
/// leading picture, the title (its highlighted characters on an accent
/// background) over an optional secondary line, a right-aligned detail, a
/// badge, the accessory, a hairline separator and the focus ring. A disabled
/// row's content is veiled. With line limits above 1 the title and the
/// secondary text wrap, and `height(for:)` gives the row the height its
/// lines take (under a `SelfSizingListLayout`).
public struct ListRowRenderer: ItemRenderer {
    /// Gap between the trailing parts (detail, badge) and what precedes them.
    static let trailingGap = 8.0
    /// Width of the checkbox column in editing mode.
    public static let checkboxColumnWidth: Double = 44
    /// Leading inset of text and separators.
    public static let textInset: Double = 16
    /// Width of the area at a row's trailing edge that an accessory takes.
    public static let accessoryWidth: Double = 44

    /// Space above and below a row's lines when they set its height.
    public static let verticalPadding: Double = 8
    /// The side of a row's picture when its text wraps (else the row's height less 8).
    public static let wrappedPictureSide: Double = 40

    /// The most lines the title wraps to; 1 (the default) keeps it on one
    /// line, cut with an ellipsis. The last line allowed ends in one too.
    public var titleLineLimit: Int
    /// The most lines the secondary text wraps to (1 by default).
    public var secondaryLineLimit: Int
    /// The least height `height(for:)` gives a row.
    public var minimumHeight: Double
    /// Texts wrapped lately, so a row measured and then drawn, or drawn again, wraps once.
    private let wrapped = WrapCache()

    /// The default look: one line of title, one of secondary text.
    public init(titleLineLimit: Int = 1, secondaryLineLimit: Int = 1, minimumHeight: Double = 44) {
        self.titleLineLimit = max(1, titleLineLimit)
        self.secondaryLineLimit = max(1, secondaryLineLimit)
        self.minimumHeight = minimumHeight.isFinite ? min(max(1, minimumHeight), 10_000) : 44
    }

    /// Whether the text wraps.
    private var wraps: Bool { titleLineLimit > 1 || secondaryLineLimit > 1 }

    public func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double? {
        // The picture's side as drawn in a row of at least 48 px (rows shorter draw it smaller and wrap
        // at least as well); the selection circles of editing mode are not counted (drawn, lines that no
        // longer fit end in an ellipsis).
        let side = wraps ? min(max(minimumHeight, 48) - 8, Self.wrappedPictureSide) : minimumHeight - 8
        let room = textRoom(content, in: Rect(x: 0, y: 0, width: width, height: minimumHeight), isEditing: false,
                            pictureSide: side, measurer: measurer)
        let (title, secondary) = lines(of: content, width: room.width, measurer: measurer)
        let text = Double(title.count) * measurer.metrics(for: .body).lineHeight
            + Double(secondary.count) * measurer.metrics(for: .caption).lineHeight
        return max(minimumHeight, (text + 2 * Self.verticalPadding).rounded(.up))
    }

    /// The title's and the secondary text's lines at `width`; with `height`,
    /// no more than a row that tall holds (the last one taking the rest).
    private func lines(of content: ItemContent, width: Double, measurer: TextMeasuring,
                       height: Double = .infinity) -> (title: [String], secondary: [String]) {
        guard wraps else { return ([content.title], content.secondaryText.map { [$0] } ?? []) }
        let titleLine = measurer.metrics(for: .body).lineHeight, captionLine = measurer.metrics(for: .caption).lineHeight
        let room = height - 2 * Self.verticalPadding
        let titleRoom = content.secondaryText == nil ? room : room - captionLine
        let titleLimit = min(titleLineLimit, max(1, Int(saturating: (titleRoom / titleLine + 0.01).rounded(.down))))
        let title = wrapped.lines(content.title, width: width, role: .body, measurer: measurer, limit: titleLimit)
        let secondaryLimit = min(secondaryLineLimit,
                                 max(1, Int(saturating: ((room - Double(title.count) * titleLine) / captionLine + 0.01).rounded(.down))))
        let secondary = content.secondaryText.map {
            wrapped.lines($0, width: width, role: .caption, measurer: measurer, limit: secondaryLimit)
        } ?? []
        return (title, secondary)
    }

    /// Where a row's text goes across `rect`: after the selection circle's
    /// column and the picture, before the badge, the detail and the accessory.
    private func textRoom(_ content: ItemContent, in rect: Rect, isEditing: Bool, pictureSide: Double,
                          measurer: TextMeasuring) -> (left: Double, width: Double, badge: Rect?, detail: Rect?) {
        var left = rect.minX + (isEditing ? ListRowRenderer.checkboxColumnWidth : 0) + ListRowRenderer.textInset
        if content.image != nil { left += max(0, pictureSide) + 10 }
        var trailing = rect.maxX - (content.accessory == .none ? ListRowRenderer.textInset : ListRowRenderer.accessoryWidth)
        var badge: Rect?, detail: Rect?
        if let text = content.badge {
            let size = BadgePill.size(of: text, canvas: measurer)
            badge = Rect(x: trailing - size.width, y: rect.midY - size.height / 2, width: size.width, height: size.height)
            trailing -= size.width + Self.trailingGap
        }
        if let text = content.detailText {
            // Right-aligned, never taking more than half the room the text has.
            let width = min(measurer.measureText(text, role: .caption), max(0, trailing - left) / 2)
            let line = measurer.metrics(for: .caption).lineHeight
            detail = Rect(x: trailing - width, y: rect.midY - line / 2, width: width, height: line)
            trailing -= width + Self.trailingGap
        }
        return (left, max(0, trailing - left), badge, detail)
    }

    /// Draws the row; it never throws.
    public func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, canvas: canvas)
        // A square before the text, as tall as the row less a margin (at most 40 px when the text wraps).
        let side = max(0, wraps ? min(rect.height - 8, Self.wrappedPictureSide) : rect.height - 8)
        let room = textRoom(content, in: rect, isEditing: state.isEditing, pictureSide: side, measurer: canvas)
        if let image = content.image {
            let square = Rect(x: room.left - side - 10, y: rect.midY - side / 2, width: side, height: side)
            switch image {
            case .bitmap(let bitmap): canvas.drawBitmap(bitmap, in: bitmap.aspectFit(in: square))
            case .icon(let icon): icon.draw(in: square.insetBy(dx: 2, dy: 2), theme: theme, canvas: canvas)
            }
        }
        if let badge = content.badge, let pill = room.badge { BadgePill.draw(badge, in: pill, theme: theme, canvas: canvas) }
        if let detail = content.detailText, let box = room.detail {
            canvas.drawText(detail, at: box.origin, role: .caption, color: theme.secondaryText, maxWidth: box.width)
        }
        drawText(content, left: room.left, width: room.width, rect: rect, theme: theme, canvas: canvas)
        ItemViewDecorations.drawAccessory(content.accessory, rowRect: rect, theme: theme, in: canvas)
        Self.drawRowFinish(state: state, in: rect, separatorFrom: room.left, theme: theme, canvas: canvas)
    }

    /// What a row draws over its content: the disabled veil, the selection
    /// circle in editing mode, the focus ring, and the hairline separator
    /// from `separatorFrom` to the row's end (a table's rows draw it too).
    public static func drawRowFinish(state: ItemState, in rect: Rect, separatorFrom left: Double, theme: Theme, canvas: Canvas) {
        var veiled = state
        veiled.isFocused = false
        ItemViewDecorations.drawForeground(state: veiled, in: rect, theme: theme, canvas: canvas)
        ItemViewDecorations.drawSelectionMark(state: state, at: Point(x: rect.minX + checkboxColumnWidth / 2 + 4, y: rect.midY),
                                              theme: theme, canvas: canvas)
        if state.isFocused { ItemViewDecorations.drawFocusRing(around: rect.insetBy(dx: 1, dy: 1), theme: theme, canvas: canvas) }
        let hairline = 1 / canvas.scale
        canvas.fill(Rect(x: left, y: rect.maxY - hairline, width: max(0, rect.maxX - left), height: hairline), color: theme.separator)
    }

    /// The title's lines, and under them the secondary text's, centred together in the row.
    private func drawText(_ content: ItemContent, left: Double, width: Double, rect: Rect, theme: Theme, canvas: Canvas) {
        let titleLine = canvas.metrics(for: .body).lineHeight, captionLine = canvas.metrics(for: .caption).lineHeight
        let (title, secondary) = lines(of: content, width: width, measurer: canvas, height: rect.height)
        var top = rect.midY - (Double(title.count) * titleLine + Double(secondary.count) * captionLine) / 2
        // Highlighted characters (a filter's matches) are marked on the first line.
        TitleHighlights.draw(content.titleHighlights, of: title.first ?? "", at: Point(x: left, y: top), role: .body, maxWidth: width,
                             color: theme.highlightBackground, canvas: canvas)
        for line in title {
            canvas.drawText(line, at: Point(x: left, y: top), role: .body, color: theme.primaryText, maxWidth: width)
            top += titleLine
        }
        for line in secondary {
            canvas.drawText(line, at: Point(x: left, y: top), role: .caption, color: theme.secondaryText, maxWidth: width)
            top += captionLine
        }
    }
}

/// The lines of the texts wrapped lately, by text, width, font role, limit
/// and the fonts measured with (a canvas stands for its fonts): at most 512,
/// all forgotten when full.
final class WrapCache {
    private struct Key: Hashable {
        let text: String, width: Double, role: FontRole, limit: Int, fonts: ObjectIdentifier
    }
    private var lines: [Key: [String]] = [:]
    /// The fonts the entries were measured with, held so that no other fonts take their identity.
    private var fonts: [ObjectIdentifier: AnyObject] = [:]

    func lines(_ text: String, width: Double, role: FontRole, measurer: TextMeasuring, limit: Int) -> [String] {
        let measuring: AnyObject = (measurer as? Canvas)?.textMeasurer ?? measurer
        let key = Key(text: text, width: width, role: role, limit: limit, fonts: ObjectIdentifier(measuring))
        if let known = lines[key] { return known }
        let made = WrappedText.lines(text, width: width, role: role, measurer: measurer, limit: limit)
        if lines.count >= 512 {
            lines.removeAll(keepingCapacity: true)
            fonts.removeAll()
        }
        lines[key] = made
        fonts[key.fonts] = measuring
        return made
    }
}
