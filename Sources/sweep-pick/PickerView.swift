import SweepUI

/// The window's content: the header over the records, inside an optional
/// border, with optional rounded corners (left transparent, so the desktop
/// shows through them).
final class PickerView: Component {
    let header: PickHeader
    let records: CollectionView
    private(set) var frame: Rect = .zero
    var isVisible = true
    /// --border's width and colour, --radius.
    var border = 0.0
    var borderColor = Theme.light.separator
    var radius = 0.0

    init(header: PickHeader, records: CollectionView) {
        self.header = header
        self.records = records
    }

    var children: [Component] { [header, records] }

    func attach(to host: ComponentHost) {
        header.attach(to: host)
        records.attach(to: host)
    }

    func setFrame(_ newFrame: Rect) {
        frame = newFrame
        let inner = newFrame.insetBy(dx: border, dy: border)
        let height = min(header.height, max(0, inner.height))
        header.setFrame(Rect(x: inner.minX, y: inner.minY, width: max(0, inner.width), height: height))
        records.setFrame(Rect(x: inner.minX, y: inner.minY + height, width: max(0, inner.width),
                              height: max(0, inner.height - height)))
    }

    func draw(in canvas: Canvas, damage: Region) {
        header.draw(in: canvas, damage: damage)
        records.draw(in: canvas, damage: damage)
        drawFrame(in: canvas, damage: damage)
    }

    /// The border around the content and the rounded corners, where damaged.
    private func drawFrame(in canvas: Canvas, damage: Region) {
        let f = frame, b = border, r = min(radius, f.width / 2, f.height / 2)
        guard b > 0 || r > 0 else { return }
        if b > 0 {
            for edge in [Rect(x: f.minX, y: f.minY, width: f.width, height: b), Rect(x: f.minX, y: f.maxY - b, width: f.width, height: b),
                         Rect(x: f.minX, y: f.minY + b, width: b, height: f.height - 2 * b),
                         Rect(x: f.maxX - b, y: f.minY + b, width: b, height: f.height - 2 * b)] where damage.intersects(edge) {
                canvas.fill(edge, color: borderColor)
            }
        }
        guard r > 0 else { return }
        // Each corner: cleared, then a quarter disc of the border's colour with one of the content's inside it.
        let corners: [(square: Rect, centre: Point, inside: Color)] = [
            (Rect(x: f.minX, y: f.minY, width: r, height: r), Point(x: f.minX + r, y: f.minY + r), header.theme.headerBackground),
            (Rect(x: f.maxX - r, y: f.minY, width: r, height: r), Point(x: f.maxX - r, y: f.minY + r), header.theme.headerBackground),
            (Rect(x: f.minX, y: f.maxY - r, width: r, height: r), Point(x: f.minX + r, y: f.maxY - r), records.theme.background),
            (Rect(x: f.maxX - r, y: f.maxY - r, width: r, height: r), Point(x: f.maxX - r, y: f.maxY - r), records.theme.background),
        ]
        for corner in corners where damage.intersects(corner.square) {
            canvas.withClip(corner.square) {
                canvas.clear(corner.square)
                if b > 0 { canvas.fillCircle(center: corner.centre, radius: r, color: borderColor) }
                canvas.fillCircle(center: corner.centre, radius: max(0, r - b), color: corner.inside)
            }
        }
    }

    var isAnimating: Bool { records.isAnimating }
    func advanceAnimations(to time: Double) -> Region { records.advanceAnimations(to: time) }
}
