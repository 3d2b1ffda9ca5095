import SweepGeometry
import SweepGraphics

extension ItemIcon {
    /// Draws the icon as the default renderers do: shapes in the accent, a glyph in the text colour.
    public func draw(in rect: Rect, theme: Theme, canvas: Canvas) {
        let color = if case .glyph = self { theme.primaryText } else { theme.accent }
        draw(in: rect, color: color, cutout: theme.background, canvas: canvas)
    }

    /// Draws the icon filling the largest square centred in `rect`: shapes in
    /// `color`, their inner details (a page's lines, a picture's mountains)
    /// in `cutout`, the colour behind the icon. A glyph is text in `color`.
    public func draw(in rect: Rect, color: Color, cutout: Color, canvas: Canvas) {
        let side = min(rect.width, rect.height)
        guard side > 0 else { return }
        let square = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        // Shapes are designed on a unit square and scaled into `square`.
        func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
            Rect(x: square.minX + x * side, y: square.minY + y * side, width: width * side, height: height * side)
        }
        func point(_ x: Double, _ y: Double) -> Point { Point(x: square.minX + x * side, y: square.minY + y * side) }
        switch self {
        case .folder:
            canvas.fillRoundedRect(box(0.08, 0.18, 0.38, 0.2), radius: 0.05 * side, color: color)
            canvas.fillRoundedRect(box(0.08, 0.26, 0.84, 0.58), radius: 0.07 * side, color: color)
            canvas.fill(box(0.08, 0.36, 0.84, 0.03), color: cutout.withOpacity(0.6))
        case .document:
            canvas.fillRoundedRect(box(0.2, 0.08, 0.6, 0.84), radius: 0.06 * side, color: color)
            // The folded corner: cut away, then the fold drawn faintly.
            canvas.fillConvexPolygon([point(0.6, 0.07), point(0.81, 0.07), point(0.81, 0.28)], color: cutout)
            canvas.fillConvexPolygon([point(0.6, 0.08), point(0.6, 0.28), point(0.8, 0.28)], color: cutout.withOpacity(0.5))
            for line in 0..<3 { canvas.fill(box(0.3, 0.44 + Double(line) * 0.12, 0.4, 0.05), color: cutout) }
        case .image:
            canvas.fillRoundedRect(box(0.08, 0.18, 0.84, 0.64), radius: 0.07 * side, color: color)
            canvas.fillConvexPolygon([point(0.16, 0.74), point(0.4, 0.42), point(0.62, 0.74)], color: cutout)
            canvas.fillConvexPolygon([point(0.48, 0.74), point(0.66, 0.52), point(0.84, 0.74)], color: cutout)
            canvas.fillCircle(center: point(0.7, 0.34), radius: 0.07 * side, color: cutout)
        case .audio:
            // Two beamed notes.
            canvas.fillCircle(center: point(0.3, 0.74), radius: 0.12 * side, color: color)
            canvas.fillCircle(center: point(0.7, 0.66), radius: 0.12 * side, color: color)
            canvas.fill(box(0.36, 0.22, 0.07, 0.52), color: color)
            canvas.fill(box(0.76, 0.14, 0.07, 0.52), color: color)
            canvas.fillConvexPolygon([point(0.36, 0.22), point(0.83, 0.12), point(0.83, 0.24), point(0.36, 0.34)], color: color)
        case .video:
            // A camera: a body and its lens cone.
            canvas.fillRoundedRect(box(0.06, 0.26, 0.6, 0.48), radius: 0.08 * side, color: color)
            canvas.fillConvexPolygon([point(0.68, 0.5), point(0.94, 0.3), point(0.94, 0.7)], color: color)
        case .archive:
            canvas.fillRoundedRect(box(0.08, 0.14, 0.84, 0.18), radius: 0.04 * side, color: color)
            canvas.fillRoundedRect(box(0.14, 0.34, 0.72, 0.54), radius: 0.05 * side, color: color)
            canvas.fillRoundedRect(box(0.38, 0.44, 0.24, 0.08), radius: 0.04 * side, color: cutout)
        case .link:
            // Two chain links, one up and to the right of the other.
            canvas.strokeCircle(center: point(0.38, 0.62), radius: 0.2 * side, lineWidth: 0.09 * side, color: color)
            canvas.strokeCircle(center: point(0.62, 0.38), radius: 0.2 * side, lineWidth: 0.09 * side, color: color)
        case .glyph(let text):
            let role: FontRole = side >= 28 ? .title : .body
            let width = min(canvas.measureText(text, role: role), square.width)
            let height = canvas.metrics(for: role).lineHeight
            canvas.drawText(text, at: Point(x: square.midX - width / 2, y: square.midY - height / 2), role: role,
                            color: color, maxWidth: square.width)
        }
    }
}
