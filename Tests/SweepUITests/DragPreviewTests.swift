import SweepPixman
import Testing
@testable import SweepUI

/// An app-drawn drag icon: the preview fills its size, and several items get the count badge over it.
@MainActor @Suite struct DragPreviewTests {
    @Test func thePreviewIsDrawnWithTheCountBadgeOverIt() throws {
        let red = Color(rgb: 0xd01010)
        let preview = DragPreview(size: Size(width: 100, height: 80)) { canvas, rect in canvas.fill(rect, color: red) }
        let icon = DragIconView(title: "p1.png", count: 12, theme: .light, preview: preview)
        #expect(icon.size == Size(width: 100, height: 80))
        let image = try #require(PixmanImage(width: 100, height: 80))
        icon.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(Rect(x: 0, y: 0, width: 100, height: 80)))
        #expect(image.pixel(x: 10, y: 70) == image.pixel(x: 50, y: 40), "the preview fills its rectangle")
        var badge = 0
        for y in 4..<24 { for x in 60..<96 where image.pixel(x: x, y: y) != image.pixel(x: 10, y: 70) { badge += 1 } }
        #expect(badge > 40, "the count's badge sits at the top right")
        // One item: no badge.
        let single = DragIconView(title: "p1.png", count: 1, theme: .light, preview: preview)
        let plain = try #require(PixmanImage(width: 100, height: 80))
        single.draw(in: PixmanCanvas(image: plain, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(Rect(x: 0, y: 0, width: 100, height: 80)))
        #expect(plain.pixel(x: 80, y: 12) == plain.pixel(x: 10, y: 70))
    }

    @Test func sizesAreKeptWithinReason() {
        #expect(DragPreview(size: Size(width: 4000, height: -3)) { _, _ in }.size == Size(width: 320, height: 16))
        #expect(DragIconView(title: "a", count: 1, theme: .light).size == DragIconView.cardSize, "no preview: the card")
    }
}
