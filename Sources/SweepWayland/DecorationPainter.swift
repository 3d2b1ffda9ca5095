import SweepGeometry
import SweepGraphics
import SweepPixman

/// Draws Sweep's own frame: the shadow fading out from the window's edge,
/// the title bar (rounded top corners while floating), the title centred
/// and the round buttons with their symbols. Everything is placed in the
/// content surface's coordinates and drawn shifted by `offset`, the origin
/// of the part being drawn, so each part draws only its piece of the whole.
struct DecorationPainter {
    let layout: DecorationLayout
    let style: DecorationStyle
    let title: String
    let hovered: TitleBarButton?
    let pressed: TitleBarButton?

    func draw(in canvas: Canvas, offset: Point) {
        let shift = { (rect: Rect) in rect.offsetBy(dx: -offset.x, dy: -offset.y) }
        let active = layout.state.contains(.activated) || layout.state.isEmpty
        drawShadow(in: canvas, shift: shift, strength: active ? 1 : 0.6)
        let bar = layout.titleBar
        guard bar.height > 0, shift(bar).intersects(Rect(origin: .zero, size: canvas.size)) else { return }
        let background = active ? style.background : style.inactiveBackground
        if layout.roundsCorners {
            // Round the top corners only: the rounded rectangle reaches below the bar, clipped to it.
            canvas.withClip(shift(bar)) {
                canvas.fillRoundedRect(shift(Rect(x: bar.minX, y: bar.minY, width: bar.width, height: bar.height + DecorationLayout.cornerRadius)),
                                       radius: DecorationLayout.cornerRadius, color: background)
            }
        } else {
            canvas.fill(shift(bar), color: background)
        }
        canvas.fill(shift(Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1)), color: style.separator)
        drawTitle(in: canvas, shift: shift, color: active ? style.title : style.inactiveTitle)
        for button in layout.buttons {
            guard let frame = layout.frame(of: button) else { continue }
            drawButton(button, in: shift(frame), canvas: canvas, color: active ? style.title : style.inactiveTitle)
        }
    }

    /// Rings one logical pixel wide around the window geometry, each fainter than the last.
    private func drawShadow(in canvas: Canvas, shift: (Rect) -> Rect, strength: Double) {
        let m = layout.margins, g = layout.geometry
        let steps = Int(DecorationLayout.shadowMargin)
        for step in 0..<steps {
            let d = Double(step)
            let fade = (1 - d / Double(steps)) * (1 - d / Double(steps))
            let alpha = UInt8((Double(style.shadow.alpha) * fade * strength).rounded())
            guard alpha > 0 else { continue }
            let color = Color(red: style.shadow.red, green: style.shadow.green, blue: style.shadow.blue, alpha: alpha)
            let ring = g.insetBy(dx: -(d + 1), dy: -(d + 1))
            if d < m.top { canvas.fill(shift(Rect(x: ring.minX, y: ring.minY, width: ring.width, height: 1)), color: color) }
            if d < m.bottom { canvas.fill(shift(Rect(x: ring.minX, y: ring.maxY - 1, width: ring.width, height: 1)), color: color) }
            if d < m.left { canvas.fill(shift(Rect(x: ring.minX, y: ring.minY + 1, width: 1, height: ring.height - 2)), color: color) }
            if d < m.right { canvas.fill(shift(Rect(x: ring.maxX - 1, y: ring.minY + 1, width: 1, height: ring.height - 2)), color: color) }
        }
    }

    private func drawTitle(in canvas: Canvas, shift: (Rect) -> Rect, color: Color) {
        let room = layout.titleRoom
        guard room > 0, !title.isEmpty else { return }
        let bar = layout.titleBar
        let width = min(canvas.measureText(title, role: .title), room)
        let lineHeight = canvas.metrics(for: .title).lineHeight
        let origin = shift(Rect(x: bar.midX - width / 2, y: bar.midY - lineHeight / 2, width: 0, height: 0)).origin
        canvas.drawText(title, at: origin, role: .title, color: color, maxWidth: room)
    }

    private func drawButton(_ button: TitleBarButton, in frame: Rect, canvas: Canvas, color: Color) {
        let centre = Point(x: frame.midX, y: frame.midY)
        if pressed == button {
            canvas.fillCircle(center: centre, radius: frame.width / 2, color: style.buttonPressed)
        } else if hovered == button {
            canvas.fillCircle(center: centre, radius: frame.width / 2, color: style.buttonHover)
        }
        let half = 5.0, line = 1.5
        switch button {
        case .close:
            stroke(from: Point(x: centre.x - half, y: centre.y - half), to: Point(x: centre.x + half, y: centre.y + half),
                   width: line, color: color, canvas: canvas)
            stroke(from: Point(x: centre.x + half, y: centre.y - half), to: Point(x: centre.x - half, y: centre.y + half),
                   width: line, color: color, canvas: canvas)
        case .maximize:
            if layout.state.contains(.maximized) {
                // Restore: a square with another behind it, up and to the right.
                let side = 2 * half - 2
                let back = Rect(x: centre.x - half + 2, y: centre.y - half, width: side, height: side)
                canvas.fill(Rect(x: back.minX, y: back.minY, width: back.width, height: line), color: color)
                canvas.fill(Rect(x: back.maxX - line, y: back.minY, width: line, height: back.height), color: color)
                outline(Rect(x: centre.x - half, y: centre.y - half + 2, width: side, height: side), line: line, color: color, canvas: canvas)
            } else {
                outline(Rect(x: centre.x - half, y: centre.y - half, width: 2 * half, height: 2 * half), line: line, color: color, canvas: canvas)
            }
        case .minimize:
            canvas.fill(Rect(x: centre.x - half, y: centre.y + half - line, width: 2 * half, height: line), color: color)
        }
    }

    private func outline(_ rect: Rect, line: Double, color: Color, canvas: Canvas) {
        canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line), color: color)
        canvas.fill(Rect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line), color: color)
        canvas.fill(Rect(x: rect.minX, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
        canvas.fill(Rect(x: rect.maxX - line, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
    }

    /// A straight line as a thin quadrilateral.
    private func stroke(from start: Point, to end: Point, width: Double, color: Color, canvas: Canvas) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        canvas.fillConvexPolygon([Point(x: start.x + nx, y: start.y + ny), Point(x: end.x + nx, y: end.y + ny),
                                  Point(x: end.x - nx, y: end.y - ny), Point(x: start.x - nx, y: start.y - ny)], color: color)
    }
}
