import SweepGeometry
import SweepGraphics
import SweepUI

/// A message card at the bottom of a page (a trail's information, a file
/// error); a tap or click on it dismisses it. The detail (a path and an
/// error, say) wraps onto a second line, and past that keeps its end (the
/// file name and the reason) behind an ellipsis.
@MainActor
final class Banner {
    static let height = 82.0
    static let detailLines = 2
    static let detailLineHeight = 18.0
    var message: String?
    var detail: String?
    private(set) var frame: Rect = .zero
    let buttons: ButtonArea
    /// The list the card lies over: while shown, the card is one of its
    /// `overlayRects`, so scrolling repaints it instead of moving it along.
    weak var covered: CollectionView? { didSet { updateCover() } }
    /// The card for screen readers, while shown (DemoPage+Accessibility).
    private(set) lazy var accessibleObject = makeAccessibleObject()

    init(name: String) {
        buttons = ButtonArea(name: name + " banner")
        buttons.view.isUserInteractionEnabled = false
    }

    /// Places the card at the bottom of `area`.
    func layout(in area: Rect) {
        frame = Rect(x: area.minX + 12, y: area.maxY - Banner.height - 12, width: max(0, area.width - 24), height: Banner.height)
        buttons.view.frame = frame
        updateCover()
    }

    func show(_ message: String, detail: String?, visible: Bool) {
        self.message = message
        self.detail = detail
        buttons.view.isUserInteractionEnabled = visible
        updateCover()
    }

    func hide() {
        message = nil
        buttons.view.isUserInteractionEnabled = false
        updateCover()
    }

    private func updateCover() {
        covered?.overlayRects = message == nil ? [] : [frame]
    }

    func draw(in canvas: Canvas, theme: Theme) {
        guard let message else { return }
        canvas.fillRoundedRect(frame, radius: 12, color: theme.toolbarText)
        let width = max(0, frame.width - 32)
        canvas.drawText(message, at: Point(x: frame.minX + 16, y: frame.minY + 12), role: .body, color: theme.background, maxWidth: width)
        guard let detail else { return }
        let lines = TextWrap.lines(detail, maxWidth: width, maxLines: Banner.detailLines) {
            canvas.measureText(String($0), role: .caption)
        }
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, at: Point(x: frame.minX + 16, y: frame.minY + 34 + Double(index) * Banner.detailLineHeight),
                            role: .caption, color: theme.background, maxWidth: width)
        }
    }
}
