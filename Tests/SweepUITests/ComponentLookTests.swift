import SweepGraphics
import SweepPixman
@testable import SweepUI
import Testing

/// The widgets drawn in the theme their window gives them (told through
/// `tellTheme`, as an `AppWindow` does), light and dark, at scales 1, 1.5
/// and 2: their fills are the theme's colours exactly, their text is
/// there, and a dark window holds no pixel of the light theme's background.
@MainActor @Suite struct ComponentLookTests {
    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    /// Draws `component` in a 320 × 160 window at `scale` with `theme` inherited.
    private func render(_ component: Component, theme: Theme, scale: Double) throws -> (PixmanImage, (Double, Double) -> UInt32) {
        let host = TestHost()
        component.attach(to: host)
        tellTheme(theme, to: component)
        component.setFrame(Rect(x: 0, y: 0, width: 320, height: 160))
        let image = try #require(PixmanImage(width: Int(320 * scale), height: Int(160 * scale)))
        let canvas = PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
        component.draw(in: canvas, damage: Region(Rect(x: 0, y: 0, width: 320, height: 160)))
        return (image, { x, y in image.pixel(x: Int(x * scale), y: Int(y * scale)) })
    }

    /// Device pixels in a logical rectangle far from `background` (text, marks).
    private func ink(_ image: PixmanImage, in rect: Rect, scale: Double, against background: Color) -> Int {
        var count = 0
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                let pixel = image.pixel(x: x, y: y)
                let difference = abs(Int(pixel >> 16 & 0xff) - Int(background.red)) + abs(Int(pixel >> 8 & 0xff) - Int(background.green))
                    + abs(Int(pixel & 0xff) - Int(background.blue))
                if difference > 150 { count += 1 }
            }
        }
        return count
    }

    private func noLightBackground(_ image: PixmanImage) -> Bool {
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == 0xffff_ffff { return false } }
        return true
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aTextFieldWithTextAndASelection(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            let field = TextField(text: "Quarterly report", placeholder: "Name")
            let (image, px) = try render(Stack(.vertical, [.fixed(field, TextField.preferredHeight)]), theme: theme, scale: scale)
            #expect(px(300, 20) == opaque(theme.background), "scale \(scale): the field's fill")
            #expect(ink(image, in: Rect(x: 10, y: 8, width: 200, height: 24), scale: scale, against: theme.background) > Int(60 * scale * scale),
                    "scale \(scale): its text")
            if theme == .dark { #expect(noLightBackground(image), "scale \(scale): nothing light in a dark window") }
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aTextViewWithStyledText(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            var text = StyledText("A message body that wraps across the width of the view, ")
            text.append("bold", style: .bold)
            let view = TextView(text: text)
            let (image, px) = try render(view, theme: theme, scale: scale)
            #expect(px(300, 150) == opaque(theme.background), "scale \(scale): the page")
            #expect(ink(image, in: Rect(x: 0, y: 0, width: 320, height: 60), scale: scale, against: theme.background) > Int(200 * scale * scale),
                    "scale \(scale): its text")
            if theme == .dark { #expect(noLightBackground(image)) }
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func buttonsInEachStyleAndAPressedToggle(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            let toggle = Button("Bold", toggle: true)
            toggle.isOn = true
            let row = Stack(.horizontal, spacing: 4, padding: 4, alignment: .center,
                            [Stack.Item(Button("Save", style: .suggested)), Stack.Item(Button("Delete", style: .destructive)), Stack.Item(toggle)])
            row.background = .theme(\.toolbarBackground)
            let (image, px) = try render(row, theme: theme, scale: scale)
            #expect(px(316, 150) == opaque(theme.toolbarBackground), "scale \(scale): the bar")
            #expect(ink(image, in: Rect(x: 0, y: 60, width: 320, height: 40), scale: scale, against: theme.toolbarBackground) > Int(100 * scale * scale),
                    "scale \(scale): the labels and fills")
            let save = try #require(row.children.first).frame
            #expect(px(save.minX + 6, save.midY) == opaque(theme.accent), "scale \(scale): the suggested fill is the theme's accent")
        }
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aScrollViewsIndicatorAndAPicture(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            let picture = ImageView(image: Bitmap(width: 40, height: 400, pixels: Array(repeating: 0xff00_ff00, count: 16_000)))
            let scroll = ScrollView(picture)
            let (image, px) = try render(scroll, theme: theme, scale: scale)
            #expect(px(160, 80) == 0xff00_ff00, "scale \(scale): the picture, centred")
            #expect(px(20, 80) == opaque(theme.background), "scale \(scale): beside it, the page")
            // The indicator: at the right edge, the theme's indicator colour over the page.
            #expect(ink(image, in: Rect(x: 310, y: 0, width: 10, height: 40), scale: scale, against: theme.background) > 0
                    || px(315, 10) != opaque(theme.background), "scale \(scale): the scroll indicator shows")
            if theme == .dark { #expect(noLightBackground(image)) }
        }
    }
}
