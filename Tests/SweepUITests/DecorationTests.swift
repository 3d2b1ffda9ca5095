import SweepGeometry
import SweepGraphics
import SweepPixman
import SweepUI
import SweepViews
@testable import SweepWayland
import Testing

/// The geometry, hit testing and drawing of the title bar and frame a window
/// draws where the compositor draws none (GNOME, weston).
@Suite struct DecorationTests {
    let floating = DecorationLayout(contentSize: Size(width: 800, height: 600), state: [.activated])

    @Test func theGeometryIsTheBarAndTheContentAndThePartsSurroundIt() {
        #expect(floating.geometry == Rect(x: 0, y: -40, width: 800, height: 640))
        #expect(floating.contentOriginInGeometry == Point(x: 0, y: 40))
        #expect(floating.parts == [Rect(x: -12, y: -52, width: 824, height: 52), Rect(x: -12, y: 0, width: 12, height: 600),
                                   Rect(x: 800, y: 0, width: 12, height: 600), Rect(x: -12, y: 600, width: 824, height: 12)])
        #expect(floating.roundsCorners)
    }

    @Test func pressesOnTheFrameMoveResizeOrPressAButton() {
        #expect(floating.hit(Point(x: 400, y: -20)) == .titleBar)
        #expect(floating.hit(Point(x: 800 - 8 - 12, y: -20)) == .button(.close))
        #expect(floating.hit(Point(x: 800 - 8 - 24 - 8 - 12, y: -20)) == .button(.maximize))
        #expect(floating.hit(Point(x: 800 - 8 - 2 * 32 - 12, y: -20)) == .button(.minimize))
        #expect(floating.hit(Point(x: 400, y: 300)) == nil, "the content is the app's")
        #expect(floating.hit(Point(x: 806, y: 300)) == .resize(.right))
        #expect(floating.hit(Point(x: -6, y: 300)) == .resize(.left))
        #expect(floating.hit(Point(x: 400, y: 606)) == .resize(.bottom))
        #expect(floating.hit(Point(x: 400, y: -46)) == .resize(.top))
        #expect(floating.hit(Point(x: 806, y: 606)) == .resize(.bottomRight))
        #expect(floating.hit(Point(x: -6, y: -46)) == .resize(.topLeft))
        // Near a corner along an edge resizes diagonally too.
        #expect(floating.hit(Point(x: 795, y: 606)) == .resize(.bottomRight))
        #expect(floating.hit(Point(x: 806, y: -30)) == .resize(.topRight))
        #expect(floating.hit(Point(x: -13, y: 300)) == nil && floating.hit(Point(x: 400, y: 613)) == nil, "beyond the shadow")
        #expect(ResizeEdge.bottomRight.rawValue == 10 && ResizeEdge.bottomRight.cursor == .southEastResize)
    }

    @Test func maximizedTiledAndFullscreenWindowsLoseTheirShadowsWhereTheyMeetAnEdge() {
        let maximized = DecorationLayout(contentSize: Size(width: 1024, height: 728), state: [.maximized, .activated])
        #expect(maximized.parts == [Rect(x: 0, y: -40, width: 1024, height: 40), .zero, .zero, .zero])
        #expect(!maximized.roundsCorners)
        #expect(maximized.hit(Point(x: -3, y: 100)) == nil)
        let tiled = DecorationLayout(contentSize: Size(width: 512, height: 728), state: [.tiledLeft, .tiledTop, .tiledBottom])
        #expect(tiled.margins.left == 0 && tiled.margins.right == 12 && tiled.margins.top == 0)
        #expect(tiled.hit(Point(x: 518, y: 100)) == .resize(.right))
        let fullscreen = DecorationLayout(contentSize: Size(width: 1024, height: 768), state: [.fullscreen])
        #expect(fullscreen.titleHeight == 0 && fullscreen.parts.allSatisfy(\.isEmpty))
        #expect(fullscreen.contentOriginInGeometry == .zero && fullscreen.hit(Point(x: 10, y: 10)) == nil)
    }

    @Test func onlyTheButtonsTheCompositorActsOnAreShown() {
        let closeOnly = DecorationLayout(contentSize: Size(width: 800, height: 600), buttons: [.close])
        #expect(closeOnly.frame(of: .maximize) == nil)
        #expect(closeOnly.hit(Point(x: 800 - 8 - 24 - 8 - 12, y: -20)) == .titleBar)
        #expect(closeOnly.titleRoom > floating.titleRoom)
    }

    /// The top part (bar and the shadow above it) drawn alone, as the window draws it.
    private func drawTop(_ layout: DecorationLayout, style: DecorationStyle, scale: Double,
                         hovered: TitleBarButton? = nil) throws -> PixmanImage {
        let part = layout.parts[0]
        let image = try #require(PixmanImage(width: Int(part.width * scale), height: Int(part.height * scale)))
        let canvas = PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
        DecorationPainter(layout: layout, style: style, title: "Sweep", hovered: hovered, pressed: nil)
            .draw(in: canvas, offset: part.origin)
        return image
    }

    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    @Test(arguments: [1.0, 2.0])
    func theBarIsDrawnInTheStylesColoursAtTheScale(scale: Double) throws {
        for style in [DecorationStyle.light, .dark] {
            let image = try drawTop(floating, style: style, scale: scale)
            let s = { (v: Double) in Int(v * scale) }
            // Bar colour in the bar (content x 100 is part x 112; bar y -20 is part y 32).
            #expect(image.pixel(x: s(112), y: s(32)) == opaque(style.background))
            // The separator on its last row.
            #expect(image.pixel(x: s(112), y: s(52) - 1) == opaque(style.separator))
            // A rounded corner: the bar's very corner is not bar.
            #expect(image.pixel(x: s(12), y: s(12)) != opaque(style.background))
            // Shadow just above the bar, fading to nothing at the margin's outer edge.
            #expect(image.pixel(x: s(400), y: s(11)) >> 24 > 0)
            #expect(image.pixel(x: s(400), y: 0) >> 24 < image.pixel(x: s(400), y: s(11)) >> 24)
            // The title's ink in the middle of the bar.
            let ink = (s(350)..<s(474)).filter { image.pixel(x: $0, y: s(32)) != opaque(style.background) }.count
            #expect(ink > 4, "title ink \(ink) at scale \(scale)")
        }
    }

    @Test func aHoveredButtonGetsItsCircle() throws {
        let plain = try drawTop(floating, style: .light, scale: 1)
        let hovered = try drawTop(floating, style: .light, scale: 1, hovered: .close)
        // Inside the close circle but off its cross: (centre.x - 9, centre.y).
        let x = 12 + 800 - 8 - 12 - 9, y = 12 + 20
        #expect(plain.pixel(x: x, y: y) == opaque(DecorationStyle.light.background))
        #expect(hovered.pixel(x: x, y: y) != opaque(DecorationStyle.light.background))
    }

    @Test func theStyleFollowsTheTheme() {
        #expect(DecorationStyle(theme: .dark).background == DecorationStyle.dark.background)
        #expect(DecorationStyle(theme: .light).background == DecorationStyle.light.background)
        #expect(DecorationStyle(theme: .dark).title == Theme.dark.primaryText)
    }
}
