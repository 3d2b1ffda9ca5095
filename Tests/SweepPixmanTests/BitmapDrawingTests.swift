import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// Item images: a list row's leading thumbnail, a grid cell's picture, and
/// the canvas scaling a bitmap into a rectangle.
@Suite struct BitmapDrawingTests {
    /// An 8 × 8 bitmap in quadrants: red, green on top; blue, white below
    /// (quadrants of 4 × 4, so filtering blends only near their borders).
    static let quad = Bitmap(width: 8, height: 8, pixels: (0..<64).map { index in
        let (x, y) = (index % 8, index / 8)
        return y < 4 ? (x < 4 ? 0xffff_0000 : 0xff00_ff00) : (x < 4 ? 0xff00_00ff : 0xffff_ffff)
    })!

    final class Pictures: RowDataSource {
        let numberOfRows = 20
        func title(forRow row: Int) -> String { "Picture \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
        func image(for item: ItemPath) -> Bitmap? { item.item % 2 == 0 ? BitmapDrawingTests.quad : nil }
    }

    @Test func aBitmapIsScaledIntoItsRectangle() throws {
        let canvas = try CanvasTestSupport.canvas(width: 100, height: 100)
        canvas.drawBitmap(Self.quad, in: Rect(x: 10, y: 10, width: 80, height: 80))
        #expect(canvas.image.pixel(x: 20, y: 20) == 0xffff_0000)
        #expect(canvas.image.pixel(x: 80, y: 20) == 0xff00_ff00)
        #expect(canvas.image.pixel(x: 20, y: 80) == 0xff00_00ff)
        #expect(canvas.image.pixel(x: 80, y: 80) == 0xffff_ffff)
        #expect(canvas.image.pixel(x: 5, y: 5) == 0, "nothing outside the rectangle")
    }

    @Test func aBitmapRespectsTheClip() throws {
        let canvas = try CanvasTestSupport.canvas(width: 100, height: 100)
        canvas.withClip(Rect(x: 0, y: 0, width: 50, height: 100)) {
            canvas.drawBitmap(Self.quad, in: Rect(x: 10, y: 10, width: 80, height: 80))
        }
        #expect(canvas.image.pixel(x: 20, y: 20) == 0xffff_0000)
        #expect(canvas.image.pixel(x: 80, y: 20) == 0, "clipped away")
    }

    @Test func listRowsShowALeadingThumbnailAndMoveTheirTitle() throws {
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 88)
        let list = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 88), layout: .list, dataSource: Pictures(), theme: .light)
        list.draw(in: canvas, damage: Region(list.frame))
        // Row 0 (an image) has its 36 px thumbnail at x 16…52, y 4…40; row 1 has none.
        #expect(canvas.image.pixel(x: 24, y: 12) == 0xffff_0000)
        #expect(canvas.image.pixel(x: 44, y: 32) == 0xffff_ffff)
        #expect(canvas.image.pixel(x: 24, y: 56) != 0xffff_0000)
        let background: UInt32 = 0xff00_0000 | UInt32(Theme.light.background.red) << 16
            | UInt32(Theme.light.background.green) << 8 | UInt32(Theme.light.background.blue)
        // Row 0's title starts after the thumbnail (x 62); row 1's at the usual 16.
        #expect(CanvasTestSupport.inked(canvas.image, x: 62..<200, y: 10..<34, background: background) > 20)
        #expect(CanvasTestSupport.inked(canvas.image, x: 16..<60, y: 54..<78, background: background) > 20)
    }

    @Test func gridCellsShowTheirPictureAboveTheTitle() throws {
        let canvas = try CanvasTestSupport.canvas(width: 340, height: 300)
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 340, height: 300), layout: .grid, dataSource: Pictures(), theme: .light)
        grid.draw(in: canvas, damage: Region(grid.frame))
        // Cell 0 spans 8…108; its picture is square, centred above the title line.
        #expect(canvas.image.pixel(x: 32, y: 22) == 0xffff_0000)
        #expect(canvas.image.pixel(x: 84, y: 74) == 0xffff_ffff)
        #expect(canvas.image.pixel(x: 140, y: 22) != 0xffff_0000, "cell 1 has no picture")
    }
}
