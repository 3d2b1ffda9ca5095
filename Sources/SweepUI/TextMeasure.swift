import SweepPixman

/// Text widths before anything is drawn (a menu's or a button's size): a
/// one-pixel canvas with the fonts of the scale asked last, kept.
@MainActor
enum TextMeasure {
    private static var canvas: PixmanCanvas?

    /// The width of `text` in `role`'s font, in logical pixels at `scale`.
    static func width(of text: String, role: FontRole, scale: Double) -> Double {
        if canvas?.scale != scale {
            canvas = nil
            if let image = PixmanImage(width: 1, height: 1), let fonts = try? FontSet(scale: scale) {
                canvas = PixmanCanvas(image: image, scale: scale, fonts: fonts)
            }
        }
        // Without fonts nothing draws text either; a width keeps the layout usable.
        return canvas?.measureText(text, role: role) ?? Double(text.count) * 8
    }
}
