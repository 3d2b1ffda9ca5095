import SweepGeometry
import SweepGraphics
import SweepLayout
import SweepViews
import Testing
@testable import SweepPixman

/// The default renderers drawing what `ItemContent` adds to today's look:
/// icons, a trailing detail, a badge, highlighted title characters, the
/// disabled veil, and section headers in the grid.
@Suite struct DefaultRendererTests {
    typealias Pixels = ItemPixels
    let light = Theme.light

    private func list(_ counts: [Int], height: Double = 200, make: @escaping (ItemPath) -> ItemContent) throws -> PixmanImage {
        let view = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: height), layout: .list, dataSource: ContentSource(counts, make: make),
                            theme: light)
        let canvas = try CanvasTestSupport.canvas(width: 320, height: Int(height))
        view.draw(in: canvas, damage: Region(view.frame))
        return canvas.image
    }

    /// Non-background pixels in row `row` (44 high) between columns `x`, above its separator.
    private func ink(_ image: PixmanImage, row: Int, x: Range<Int>) -> Int {
        CanvasTestSupport.inked(image, x: x, y: (row * 44)..<(row * 44 + 42), background: Pixels.opaque(light.background))
    }

    @Test func eachIconIsDrawnAndNoTwoLookAlike() throws {
        let icons: [ItemIcon] = [.folder, .document, .image, .audio, .video, .archive, .link, .glyph("A")]
        let image = try list([icons.count], height: 360) { ItemContent(title: "Icon \($0.item)", image: .icon(icons[$0.item])) }
        var looks: Set<[UInt32]> = []
        for row in icons.indices {
            // The icon's square: 36 pt at the text inset, 2 pt in (x 18..<50, y 6..<38 in the row).
            let square = (x: 18..<50, y: (row * 44 + 6)..<(row * 44 + 38))
            if row < 7 {
                let accent = Pixels.count(image, x: square.x, y: square.y, near: Pixels.opaque(light.accent))
                #expect(accent > 60, "icon \(icons[row]) is drawn in the accent: \(accent) pixels")
            } else {
                #expect(Pixels.darkest(image, x: square.x, y: square.y) < 80, "the glyph is text in the primary colour")
            }
            #expect(ink(image, row: row, x: 51..<61) == 0, "nothing between icon \(row) and its title")
            #expect(ink(image, row: row, x: 62..<110) > 20, "the title moves past the icon")
            looks.insert(square.y.flatMap { y in square.x.map { image.pixel(x: $0, y: y) } })
        }
        #expect(looks.count == icons.count)
    }

    @Test func theDetailIsRightAlignedBeforeTheBadgeAndTheAccessory() throws {
        let image = try list([3]) { item in
            ItemContent(title: "Report", detailText: "12 KB", badge: item.item == 2 ? "7" : nil,
                        accessory: item.item == 1 ? .disclosure : .none)
        }
        // Row 0: the detail ends at the trailing inset (304).
        #expect(ink(image, row: 0, x: 290..<304) > 10)
        #expect(ink(image, row: 0, x: 305..<320) == 0)
        #expect(Pixels.darkest(image, x: 250..<304, y: 0..<42) >= Int(light.secondaryText.red) - 2, "in the secondary colour")
        #expect(Pixels.darkest(image, x: 16..<80, y: 0..<42) < 80, "the title in the primary colour")
        // Row 1: the detail ends before the accessory's 44 pt (276); the chevron is after.
        #expect(ink(image, row: 1, x: 240..<277) > 10)
        #expect(ink(image, row: 1, x: 277..<292) == 0)
        #expect(ink(image, row: 1, x: 292..<304) > 5, "the chevron")
        // Row 2: an accent pill at the trailing inset, the detail before it.
        #expect(Pixels.count(image, x: 270..<305, y: 88..<130, near: Pixels.opaque(light.accent)) > 100)
        #expect(Pixels.count(image, x: 270..<305, y: 88..<130, near: 0xffff_ffff, tolerance: 0) > 0, "white text in it")
        #expect(ink(image, row: 2, x: 305..<320) == 0)
        #expect(ink(image, row: 2, x: 220..<270) > 10, "the detail before the badge")
    }

    @Test func aDisabledRowIsDimmed() throws {
        let image = try list([2]) { ItemContent(title: "Report", isDisabled: $0.item == 1) }
        let enabled = Pixels.darkest(image, x: 16..<80, y: 0..<42)
        let disabled = Pixels.darkest(image, x: 16..<80, y: 44..<86)
        #expect(enabled < 80 && disabled > enabled + 80, "darkest ink \(enabled) against \(disabled)")
        #expect(ink(image, row: 1, x: 16..<80) > 20, "still readable")
    }

    @Test func highlightedCharactersGetAnAccentBackground() throws {
        let image = try list([2]) { ItemContent(title: "Alpha beta", titleHighlights: $0.item == 0 ? [0..<5] : []) }
        let highlight = Pixels.blend(light.accent, opacity: 0.3, over: light.background)
        #expect(Pixels.count(image, x: 14..<70, y: 0..<42, near: highlight) > 100, "behind \"Alpha\"")
        #expect(Pixels.count(image, x: 75..<200, y: 0..<42, near: highlight) == 0, "not behind \"beta\"")
        #expect(Pixels.count(image, x: 0..<320, y: 44..<86, near: highlight) == 0, "no highlights, no background")
    }

    @Test func aGridCellShowsItsIconDetailAndBadge() throws {
        let source = ContentSource([2]) { item in
            ItemContent(title: "Photo", detailText: "3 MB", image: item.item == 0 ? .icon(.image) : nil, badge: "2")
        }
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 300), layout: .grid, dataSource: source, theme: light)
        let canvas = try CanvasTestSupport.canvas(width: 332, height: 300)
        grid.draw(in: canvas, damage: Region(grid.frame))
        let image = canvas.image, tile = Pixels.opaque(light.rowHover)
        let line = canvas.metrics(for: .caption).lineHeight
        // Cell 0 (8..<108): the icon above two lines of text at the bottom.
        #expect(Pixels.count(image, x: 14..<80, y: 14..<70, near: Pixels.opaque(light.accent)) > 200, "the icon, left of the badge")
        let titleTop = Int(108 - 6 - 2 * line), detailTop = Int(108 - 6 - line)
        #expect(Pixels.darkest(image, x: 16..<60, y: titleTop..<detailTop) < 80, "the title")
        #expect(CanvasTestSupport.inked(image, x: 16..<60, y: detailTop..<102, background: tile) > 10, "the detail under it")
        #expect(Pixels.darkest(image, x: 16..<60, y: detailTop..<102) >= Int(light.secondaryText.red) - 2)
        // Cell 1 (116..<216) has no picture: the title at the top, the detail under it.
        let top = 16, second = 16 + Int(line)
        #expect(Pixels.darkest(image, x: 124..<170, y: top..<second) < 80)
        #expect(CanvasTestSupport.inked(image, x: 124..<170, y: second..<(second + Int(line)), background: tile) > 10)
        // The badges in the top-right corners.
        #expect(Pixels.count(image, x: 80..<102, y: 14..<34, near: Pixels.opaque(light.accent)) > 80)
        #expect(Pixels.count(image, x: 188..<210, y: 14..<34, near: Pixels.opaque(light.accent)) > 80)
    }

    @Test func gridSectionsHaveHeadersAcrossTheWidth() throws {
        let source = ContentSource([4, 4], headers: ["First", "Second"]) { ItemContent(title: "Cell \($0.item)") }
        let grid = ItemsView(frame: Rect(x: 0, y: 0, width: 332, height: 400), layout: .grid, dataSource: source, theme: light)
        #expect(grid.layout.headerFrame(ofSection: 0)?.height == CollectionGridLayout.defaultHeaderHeight)
        let canvas = try CanvasTestSupport.canvas(width: 332, height: 400)
        grid.draw(in: canvas, damage: Region(grid.frame))
        let image = canvas.image, header = Pixels.opaque(light.headerBackground)
        #expect(image.pixel(x: 2, y: 4) == header && image.pixel(x: 330, y: 28) == header, "header 0 spans the width")
        #expect(CanvasTestSupport.inked(image, x: 16..<100, y: 0..<32, background: header) > 20, "its title")
        #expect(image.pixel(x: 58, y: 90) == Pixels.opaque(light.rowHover), "cell 0 below it, from y 40")
        // Section 0 is 32 + 8 + 208 + 8 = 256 tall: section 1's header follows.
        #expect(image.pixel(x: 300, y: 260) == header && image.pixel(x: 300, y: 287) == header)
        #expect(image.pixel(x: 58, y: 340) == Pixels.opaque(light.rowHover), "cell (1, 0) from y 296")
        #expect(grid.layout.item(at: Point(x: 58, y: 270)) == nil, "a header is no item")
        #expect(grid.layout.item(at: Point(x: 58, y: 340)) == ItemPath(section: 1, item: 0))
    }

    @Test func aListsHeaderHeightIsSettable() throws {
        let source = ContentSource([3], headers: ["Only"]) { ItemContent(title: "Row \($0.item)") }
        let view = ItemsView(frame: Rect(x: 0, y: 0, width: 320, height: 200), layout: CollectionListLayout(headerHeight: 50),
                             dataSource: source, theme: light)
        let canvas = try CanvasTestSupport.canvas(width: 320, height: 200)
        view.draw(in: canvas, damage: Region(view.frame))
        let header = Pixels.opaque(light.headerBackground)
        #expect(canvas.image.pixel(x: 300, y: 49) == header)
        #expect(canvas.image.pixel(x: 300, y: 50) == Pixels.opaque(light.background), "row 0 from y 50")
        #expect(canvas.image.pixel(x: 300, y: 93) == Pixels.opaque(light.separator), "row 0's separator at 50 + 44")
    }
}
