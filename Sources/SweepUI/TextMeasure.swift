import SweepPixman

/// Text widths before anything is drawn (a menu's or a button's size): a
/// one-pixel canvas with the fonts of the scale and family asked last, kept.
@MainActor
enum TextMeasure {
    private static var canvas: PixmanCanvas?

    private static var family: String?

    /// Measures text in the fonts of `scale` and `family` (a self-sizing list's rows).
    static func measurer(scale: Double, family: String? = nil) -> TextMeasuring? {
        _ = width(of: "", role: .body, scale: scale, family: family)
        return canvas
    }

    /// The width of `text` in `role`'s font of `family` (a theme's; nil: the default), in logical pixels at `scale`.
    static func width(of text: String, role: FontRole, scale: Double, family: String? = nil) -> Double {
        if canvas?.scale != scale || family != Self.family {
            canvas = nil
            Self.family = family
            if let image = PixmanImage(width: 1, height: 1), let fonts = try? FontSet(scale: scale, family: family) {
                canvas = PixmanCanvas(image: image, scale: scale, fonts: fonts)
            }
        }
        // Without fonts nothing draws text either; a width keeps the layout usable.
        return canvas?.measureText(text, role: role) ?? Double(text.count) * 8
    }
}
