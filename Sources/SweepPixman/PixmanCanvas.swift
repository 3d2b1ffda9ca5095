import CFcft
import CPixman
import SweepGeometry
import SweepGraphics

/// A `Canvas` that draws into a pixman image, with text through fcft.
///
/// Logical coordinates are multiplied by `scale`; fills are snapped to device
/// pixels so edges stay sharp, polygons are anti-aliased by pixman's
/// rasterizer, glyphs come from fcft at the device size.
public final class PixmanCanvas: Canvas {
    public let image: PixmanImage
    public let scale: Double
    public let fonts: FontSet
    private var clipStack: [Rect] = []   // device pixels
    private var masks: ShapeMasks { fonts.shapeMasks }

    public var size: Size { Size(width: Double(image.width) / scale, height: Double(image.height) / scale) }

    public init(image: PixmanImage, scale: Double, fonts: FontSet) {
        precondition(fonts.scale == scale, "fonts must be loaded at the canvas scale")
        self.image = image
        self.scale = scale
        self.fonts = fonts
    }

    private var deviceBounds: Rect { Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)) }
    private var currentClip: Rect { clipStack.last ?? deviceBounds }

    /// A logical rectangle in device pixels, edges rounded to the nearest pixel.
    private func device(_ rect: Rect) -> Rect {
        let left = (rect.minX * scale).rounded(), top = (rect.minY * scale).rounded()
        let right = (rect.maxX * scale).rounded(), bottom = (rect.maxY * scale).rounded()
        return Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    public func fill(_ rect: Rect, color: Color) {
        var target = device(rect)
        // A hairline narrower than a device pixel still covers one.
        if target.height == 0 && rect.height > 0 { target.size.height = 1 }
        if target.width == 0 && rect.width > 0 { target.size.width = 1 }
        let clipped = target.intersection(currentClip)
        guard !clipped.isEmpty, color.alpha > 0 else { return }
        var pixmanColor = color.pixman
        var box = pixman_box32_t(x1: Int32(clipped.minX), y1: Int32(clipped.minY),
                                 x2: Int32(clipped.maxX), y2: Int32(clipped.maxY))
        pixman_image_fill_boxes(color.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, image.handle, &pixmanColor, 1, &box)
    }

    public func clear(_ rect: Rect) {
        let clipped = device(rect).intersection(currentClip)
        guard !clipped.isEmpty else { return }
        var transparent = pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0)
        var box = pixman_box32_t(x1: Int32(clipped.minX), y1: Int32(clipped.minY), x2: Int32(clipped.maxX), y2: Int32(clipped.maxY))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, image.handle, &transparent, 1, &box)
    }

    public func fillConvexPolygon(_ points: [Point], color: Color) {
        guard points.count >= 3, color.alpha > 0 else { return }
        var bounds = Rect(origin: Point(x: points[0].x * scale, y: points[0].y * scale), size: .zero)
        for point in points {
            bounds = bounds.union(Rect(x: point.x * scale, y: point.y * scale, width: 0.001, height: 0.001))
        }
        guard bounds.insetBy(dx: -1, dy: -1).intersects(currentClip) else { return }
        var triangles: [pixman_triangle_t] = []
        triangles.reserveCapacity(points.count - 2)
        let first = fixed(points[0])
        for index in 1..<(points.count - 1) {
            triangles.append(pixman_triangle_t(p1: first, p2: fixed(points[index]), p3: fixed(points[index + 1])))
        }
        var pixmanColor = color.pixman
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else { return }
        defer { pixman_image_unref(source) }
        pixman_composite_triangles(PIXMAN_OP_OVER, source, image.handle, PIXMAN_a8,
                                   0, 0, 0, 0, Int32(triangles.count), triangles)
    }

    private func fixed(_ point: Point) -> pixman_point_fixed_t {
        // pixman's 16.16 fixed point holds ±32767; keep far-off points inside it.
        let x = min(max(point.x * scale, -30000), 30000), y = min(max(point.y * scale, -30000), 30000)
        return pixman_point_fixed_t(x: sweep_pixman_double_to_fixed(x), y: sweep_pixman_double_to_fixed(y))
    }

    public func metrics(for role: FontRole) -> FontMetrics {
        fonts.metrics(for: role)
    }

    public func measureText(_ text: String, role: FontRole) -> Double {
        fonts.measureText(text, role: role)
    }

    public var textMeasurer: TextMeasuring? { fonts }

    public func characterAdvances(_ text: String, role: FontRole) -> [Double] {
        fonts.characterAdvances(text, role: role)
    }

    @discardableResult
    public func drawText(_ text: String, at origin: Point, role: FontRole, color: Color, maxWidth: Double?) -> Double {
        guard let font = try? fonts.font(for: role), color.alpha > 0 else { return 0 }
        let limit = maxWidth.map { Int(saturating: ($0 * scale).rounded(.down)) } ?? Int.max
        var penX = Int(saturating: (origin.x * scale).rounded())
        if ShapedLine.needsShaping(text) {
            let line = fonts.shapedLine(text, role: role, font: font, limit: limit)
            // A right-to-left paragraph starts at the right edge of its box.
            if line.isRightToLeft, let maxWidth { penX = Int(((origin.x + maxWidth) * scale).rounded()) - line.width }
            drawGlyphs(line.glyphs, font: font, penX: penX, top: origin.y, color: color)
            return Double(line.width) / scale
        }
        // Lay out first: the glyphs that fit, and whether an ellipsis is needed.
        var placed: [UnsafePointer<fcft_glyph>] = []
        var width = 0
        var truncated = false
        var ellipsisWidth = 0
        let ellipsis = fonts.glyphs(for: "…", font: font)
        ellipsis.forEach { ellipsisWidth += Int($0.pointee.advance.x) }
        var widthsAtCharacterEnds: [(glyphs: Int, width: Int, isSpace: Bool)] = []
        fonts.forEachCharacter(of: text, font: font) { glyphs, isSpace in
            let before = placed.count
            var characterWidth = 0
            glyphs.forEach {
                placed.append($0)
                characterWidth += Int($0.pointee.advance.x)
            }
            if width + characterWidth > limit {
                placed.removeSubrange(before...)
                truncated = true
                return false
            }
            width += characterWidth
            widthsAtCharacterEnds.append((placed.count, width, isSpace))
            return true
        }
        if truncated {
            // Drop characters (whole graphemes) until the ellipsis fits after
            // them, and spaces before it ("two…", not "two …").
            while let last = widthsAtCharacterEnds.last, last.width + ellipsisWidth > limit || last.isSpace {
                widthsAtCharacterEnds.removeLast()
            }
            let keep = widthsAtCharacterEnds.last ?? (0, 0, false)
            placed.removeSubrange(keep.glyphs...)
            width = keep.width
            if width + ellipsisWidth <= limit {
                ellipsis.forEach { placed.append($0) }
                width += ellipsisWidth
            }
        }
        drawGlyphs(placed, font: font, penX: penX, top: origin.y, color: color)
        return Double(width) / scale
    }

    /// Draws glyphs left to right from device column `penX`, the line's top at logical `top`.
    private func drawGlyphs(_ glyphs: [UnsafePointer<fcft_glyph>], font: UnsafeMutablePointer<fcft_font>,
                            penX start: Int, top: Double, color: Color) {
        guard !glyphs.isEmpty else { return }
        var pixmanColor = color.pixman
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else { return }
        defer { pixman_image_unref(source) }
        var penX = start
        let baseline = Int(saturating: (top * scale).rounded()) + Int(font.pointee.ascent)
        let clip = currentClip
        for glyph in glyphs {
            let g = glyph.pointee
            defer { penX += Int(g.advance.x) }
            guard let pix = g.pix, g.width > 0, g.height > 0 else { continue }
            let x = penX + Int(g.x), y = baseline - Int(g.y)
            let glyphRect = Rect(x: Double(x), y: Double(y), width: Double(g.width), height: Double(g.height))
            guard glyphRect.intersects(clip) else { continue }
            if pixman_image_get_format(pix) == PIXMAN_a8r8g8b8 {
                // A colour glyph (emoji) carries its own colours.
                pixman_image_composite32(PIXMAN_OP_OVER, pix, nil, image.handle,
                                         0, 0, 0, 0, Int32(x), Int32(y), g.width, g.height)
            } else {
                pixman_image_composite32(PIXMAN_OP_OVER, source, pix, image.handle,
                                         0, 0, 0, 0, Int32(x), Int32(y), g.width, g.height)
            }
        }
    }

    // MARK: - Circles and rounded rectangles from cached masks

    /// Composites `color` through a cached mask of a disc or ring centred at
    /// a logical point; false when the shape is not cacheable.
    private func composite(mask radius: Double, lineWidth: Double, center: Point, color: Color) -> Bool {
        let cx = center.x * scale, cy = center.y * scale
        let fx = cx - cx.rounded(.down), fy = cy - cy.rounded(.down)
        guard let mask = masks.mask(radius: radius * scale, lineWidth: lineWidth * scale, fraction: (fx, fy)) else { return false }
        let x = Int32(saturating: cx.rounded(.down)) - mask.centre, y = Int32(saturating: cy.rounded(.down)) - mask.centre
        guard Rect(x: Double(x), y: Double(y), width: Double(mask.size), height: Double(mask.size)).intersects(currentClip) else { return true }
        var pixmanColor = color.pixman
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else { return true }
        defer { pixman_image_unref(source) }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, image.handle, 0, 0, 0, 0, x, y, mask.size, mask.size)
        return true
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        guard radius > 0, color.alpha > 0 else { return }
        if !composite(mask: radius, lineWidth: 0, center: center, color: color) {
            polygonFillCircle(center: center, radius: radius, color: color)
        }
    }

    public func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: Color) {
        guard radius > 0, lineWidth > 0, color.alpha > 0 else { return }
        if !composite(mask: radius, lineWidth: lineWidth, center: center, color: color) {
            polygonStrokeCircle(center: center, radius: radius, lineWidth: lineWidth, color: color)
        }
    }

    /// Three boxes for the straight parts and a quarter of a cached disc at
    /// each corner, its edges and radius snapped to whole device pixels (a
    /// grid's cells, a third of a pixel off the grid at scale 2, took
    /// pixman's polygon rasterizer: most of a band step's work); the
    /// polygon for corners too large to cache.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) {
        guard color.alpha > 0 else { return }
        let left = (rect.minX * scale).rounded(), top = (rect.minY * scale).rounded()
        let d = Rect(x: left, y: top, width: (rect.maxX * scale).rounded() - left, height: (rect.maxY * scale).rounded() - top)
        guard !d.isEmpty, d.intersects(currentClip) else { return }
        let r = min(radius * scale, d.width / 2, d.height / 2).rounded(.down)
        guard r >= 1 else { return fill(Rect(x: d.minX / scale, y: d.minY / scale, width: d.width / scale,
                                             height: d.height / scale), color: color) }
        guard let mask = masks.mask(radius: r, lineWidth: 0, fraction: (0, 0)) else {
            return polygonFillRoundedRect(rect, radius: radius, color: color)
        }
        var pixmanColor = color.pixman
        let x = Int32(d.minX), y = Int32(d.minY), w = Int32(d.width), h = Int32(d.height), ri = Int32(r)
        // The straight parts: a full-height middle and two side strips between the corners.
        var boxes = [pixman_box32_t(x1: x + ri, y1: y, x2: x + w - ri, y2: y + h),
                     pixman_box32_t(x1: x, y1: y + ri, x2: x + ri, y2: y + h - ri),
                     pixman_box32_t(x1: x + w - ri, y1: y + ri, x2: x + w, y2: y + h - ri)]
        let clip = currentClip
        boxes = boxes.compactMap { box in
            let x1 = max(box.x1, Int32(clip.minX)), y1 = max(box.y1, Int32(clip.minY))
            let x2 = min(box.x2, Int32(clip.maxX)), y2 = min(box.y2, Int32(clip.maxY))
            return x1 < x2 && y1 < y2 ? pixman_box32_t(x1: x1, y1: y1, x2: x2, y2: y2) : nil
        }
        if !boxes.isEmpty {
            pixman_image_fill_boxes(color.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, image.handle, &pixmanColor,
                                    Int32(boxes.count), &boxes)
        }
        guard let source = pixman_image_create_solid_fill(&pixmanColor) else { return }
        defer { pixman_image_unref(source) }
        // The disc's centre is at (centre, centre) in its mask; each corner takes one quarter of it.
        let c = mask.centre
        for (dx, dy, mx, my) in [(x, y, c - ri, c - ri), (x + w - ri, y, c, c - ri),
                                 (x, y + h - ri, c - ri, c), (x + w - ri, y + h - ri, c, c)] {
            pixman_image_composite32(PIXMAN_OP_OVER, source, mask.image, image.handle, 0, 0, mx, my, dx, dy, ri, ri)
        }
    }

    public func drawBitmap(_ bitmap: Bitmap, in rect: Rect) {
        let target = device(rect)
        guard !target.isEmpty, target.intersects(currentClip) else { return }
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            // pixman only reads a source image, so the constant buffer may back it.
            guard let source = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(bitmap.width), Int32(bitmap.height),
                                                        UnsafeMutablePointer(mutating: pixels.baseAddress),
                                                        Int32(bitmap.width * 4)) else { return }
            defer { pixman_image_unref(source) }
            // The transform maps destination pixels to source pixels.
            var transform = pixman_transform_t()
            pixman_transform_init_scale(&transform, sweep_pixman_double_to_fixed(Double(bitmap.width) / target.width),
                                        sweep_pixman_double_to_fixed(Double(bitmap.height) / target.height))
            pixman_image_set_transform(source, &transform)
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
            pixman_image_composite32(PIXMAN_OP_OVER, source, nil, image.handle, 0, 0, 0, 0,
                                     Int32(target.minX), Int32(target.minY), Int32(target.width), Int32(target.height))
        }
    }

    public var clipBounds: Rect? {
        let clip = currentClip
        return Rect(x: clip.minX / scale, y: clip.minY / scale, width: clip.width / scale, height: clip.height / scale)
    }

    public func withClip(_ rect: Rect, _ body: () -> Void) {
        let deviceRect = rect.scaledOutward(by: scale).intersection(currentClip)
        clipStack.append(deviceRect)
        applyClip()
        body()
        clipStack.removeLast()
        applyClip()
    }

    private func applyClip() {
        guard let clip = clipStack.last else {
            pixman_image_set_clip_region32(image.handle, nil)
            return
        }
        var region = pixman_region32_t()
        pixman_region32_init_rect(&region, Int32(clip.minX), Int32(clip.minY), UInt32(clip.width), UInt32(clip.height))
        pixman_image_set_clip_region32(image.handle, &region)
        pixman_region32_fini(&region)
    }
}
