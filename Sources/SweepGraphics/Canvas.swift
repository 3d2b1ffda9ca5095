import SweepGeometry

/// Measures text as a canvas draws it, outside a frame: a view working out
/// what a change of its text will repaint before it draws again.
public protocol TextMeasuring: AnyObject {
    /// The advance width of `text` on one line, in logical pixels.
    func measureText(_ text: String, role: FontRole) -> Double
    /// The vertical metrics of a role's font, in logical pixels.
    func metrics(for role: FontRole) -> FontMetrics
    /// The advance of each user-perceived character of `text` on one line
    /// (what wrapping adds up); by default each measured alone.
    func characterAdvances(_ text: String, role: FontRole) -> [Double]
}

extension TextMeasuring {
    public func characterAdvances(_ text: String, role: FontRole) -> [Double] {
        text.map { measureText(String($0), role: role) }
    }
}

/// Where views draw. Coordinates are logical pixels; the canvas maps them to
/// device pixels at its scale. Drawing outside the clip has no effect.
///
/// Implementations: `PixmanCanvas` (SweepPixman) over a pixman image.
public protocol Canvas: AnyObject, TextMeasuring {
    /// The drawable area in logical pixels.
    var size: Size { get }
    /// Device pixels per logical pixel (1, 1.25, 2, …).
    var scale: Double { get }

    /// Fills an axis-aligned rectangle (blending when `color` is translucent).
    func fill(_ rect: Rect, color: Color)
    /// Makes `rect` transparent (a window's rounded corners show what is behind it).
    func clear(_ rect: Rect)
    /// Fills a convex polygon with anti-aliased edges.
    func fillConvexPolygon(_ points: [Point], color: Color)
    /// Draws `text` with its top-left at `origin` in one line; when wider than
    /// `maxWidth` it is cut and ends with an ellipsis. Returns the width drawn.
    @discardableResult
    func drawText(_ text: String, at origin: Point, role: FontRole, color: Color, maxWidth: Double?) -> Double
    /// The advance width of `text` on one line.
    func measureText(_ text: String, role: FontRole) -> Double
    /// The vertical metrics of a role's font.
    func metrics(for role: FontRole) -> FontMetrics
    /// What measures text as this canvas does and outlives it (a canvas lasts
    /// one frame; this may be kept to measure before the next). Nil when the
    /// canvas has none, the default.
    var textMeasurer: TextMeasuring? { get }
    /// A filled, anti-aliased circle. Canvases may draw it faster than the
    /// polygon the default makes (`polygonFillCircle`).
    func fillCircle(center: Point, radius: Double, color: Color)
    /// A ring of `lineWidth` centred on the circle of `radius`.
    func strokeCircle(center: Point, radius: Double, lineWidth: Double, color: Color)
    /// A rectangle with rounded corners of `radius`.
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color)
    /// Draws `bitmap` scaled to fill `rect` (filtered), over what is there.
    func drawBitmap(_ bitmap: Bitmap, in rect: Rect)
    /// Restricts drawing to `rect` (intersected with any enclosing clip) while `body` runs.
    func withClip(_ rect: Rect, _ body: () -> Void)
    /// The area drawing can reach now (the clip, logical coordinates), for
    /// skipping work that would land outside it; nil when not known.
    var clipBounds: Rect? { get }
}

extension Canvas {
    public var textMeasurer: TextMeasuring? { nil }
    public var clipBounds: Rect? { nil }
}
