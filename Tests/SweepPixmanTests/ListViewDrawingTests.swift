import SweepGeometry
import SweepGraphics
import SweepViews
import Testing
@testable import SweepPixman

/// The list view drawn by the real painter: background, row text, subtitles,
/// separators, hover, the scroll indicator, and only inside the damage.
@Suite struct ListViewDrawingTests {
    typealias Support = CanvasTestSupport

    /// Three rows, the middle one with a subtitle: the content is shorter than the view.
    final class TinyRows: RowDataSource {
        let numberOfRows = 3
        func title(forRow row: Int) -> String { ["Alpha", "Bravo", "Charlie"][row] }
        func subtitle(forRow row: Int) -> String? { row == 1 ? "Second line" : nil }
    }

    final class ManyRows: RowDataSource {
        let numberOfRows = 1_000_000
        func title(forRow row: Int) -> String { "Row \(row)" }
        func subtitle(forRow row: Int) -> String? { nil }
    }

    /// The list sits below a 44-point toolbar: rows start at y 44.
    let frame = Rect(x: 0, y: 44, width: 300, height: 200)
    let light = Theme.light

    private func opaque(_ color: Color) -> UInt32 {
        0xff00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }

    /// Draws `list` whole into a fresh canvas of the window's size.
    private func render(_ list: ItemsView, scale: Double = 1, damage: Region? = nil) throws -> PixmanCanvas {
        let canvas = try Support.canvas(width: 300, height: 244, scale: scale)
        list.draw(in: canvas, damage: damage ?? Region(list.frame))
        return canvas
    }

    /// Pixels darker than mid-grey in a device rectangle (text ink on a light background).
    private func dark(_ image: PixmanImage, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y { for column in x where image.pixel(x: column, y: row) & 0xff < 0x80 { count += 1 } }
        return count
    }

    @Test func drawsTheBackgroundAndNothingOutsideTheFrame() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list).image
        let background = opaque(light.background)
        #expect(image.pixel(x: 250, y: 200) == background, "below the last row")
        #expect(image.pixel(x: 0, y: 243) == background && image.pixel(x: 299, y: 176) == background)
        #expect(Support.inked(image, x: 0..<300, y: 0..<44) == 0, "the toolbar's area is left alone")
    }

    @Test func theFirstRowsTitleIsDarkInk() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list).image
        // Row 0 is y 44..<88; its title starts at the text inset.
        let ink = dark(image, x: Int(ListRowRenderer.textInset)..<120, y: 44..<88)
        #expect(ink > 30, "row 0's title: \(ink) dark pixels")
        #expect(dark(image, x: 0..<Int(ListRowRenderer.textInset) - 1, y: 44..<88) == 0, "nothing in the leading inset")
        #expect(dark(image, x: 150..<300, y: 44..<88) == 0, "a short title stays short")
        #expect(dark(image, x: 0..<300, y: 177..<244) == 0, "no text below the last row")
        // Fully covered stems carry exactly the primary text colour.
        let area = (x: 16..<120, y: 44..<88)
        let notPrimary = Support.inked(image, x: area.x, y: area.y, background: opaque(light.primaryText))
        #expect(area.x.count * area.y.count - notPrimary > 5, "stem pixels in primaryText")
    }

    @Test func aSubtitleIsDrawnBelowTheTitleInTheSecondaryColour() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let canvas = try render(list)
        let image = canvas.image
        // Row 1 is y 88..<132: the title and subtitle lines are centred together.
        let title = canvas.metrics(for: .body).lineHeight, caption = canvas.metrics(for: .caption).lineHeight
        let top = 110 - (title + caption) / 2
        let titleBand = Int(top)..<Int(top + title), captionBand = Int(top + title)..<Int(top + title + caption)
        #expect(dark(image, x: 16..<150, y: titleBand) > 30)
        // The subtitle is grey: ink, but nothing darker than its colour.
        let secondary = light.secondaryText.red
        var ink = 0, darker = 0
        for y in captionBand {
            for x in 16..<150 {
                let red = UInt8(image.pixel(x: x, y: y) >> 16 & 0xff)
                if red < 0xf0 { ink += 1 }
                if red < secondary { darker += 1 }
            }
        }
        #expect(ink > 20, "the subtitle has ink")
        #expect(darker == 0, "the subtitle is not in the title's colour")
    }

    @Test func rowsAreSeparatedByHairlinesFromTheTextInset() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list).image
        let separator = opaque(light.separator)
        for bottom in [88, 132, 176] {
            #expect(image.pixel(x: 250, y: bottom - 1) == separator, "separator above y \(bottom)")
            #expect(image.pixel(x: 299, y: bottom - 1) == separator)
            #expect(image.pixel(x: 8, y: bottom - 1) == opaque(light.background), "inset from the leading edge")
            #expect(image.pixel(x: 250, y: bottom - 2) == opaque(light.background), "one pixel thick")
        }
    }

    @Test func theHoveredRowIsHighlighted() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        _ = list.hover(at: Point(x: 10, y: 100))
        #expect(list.hoveredItem == ItemPath(item: 1))
        let image = try render(list).image
        #expect(image.pixel(x: 250, y: 95) == opaque(light.rowHover), "hovered row 1")
        #expect(image.pixel(x: 250, y: 60) == opaque(light.background), "row 0 is not")
    }

    @Test func noScrollIndicatorWhenEverythingFits() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list).image
        // The indicator would be 4 wide, 3 from the right edge, from y 47 down.
        #expect(Support.inked(image, x: 290..<300, y: 44..<87, background: opaque(light.background)) == 0)
    }

    @Test func aLongListShowsATranslucentScrollIndicatorAtTheTop() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: ManyRows(), theme: light)
        let image = try render(list).image
        // 90/255 black over white: 255 × 165/255.
        #expect(Support.close(image.pixel(x: 295, y: 60), 0xffa5a5a5, tolerance: 2))
        #expect(image.pixel(x: 295, y: 200) == opaque(light.background), "the thumb is short: the list is long")
    }

    @Test func theDarkThemeDrawsLightTextOnDark() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: .dark)
        let image = try render(list).image
        #expect(image.pixel(x: 250, y: 200) == opaque(Theme.dark.background))
        var light = 0
        for y in 44..<88 { for x in 16..<120 where image.pixel(x: x, y: y) & 0xff > 0x80 { light += 1 } }
        #expect(light > 30)
    }

    @Test func atScaleTwoEverythingIsTwiceAsLarge() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list, scale: 2).image
        #expect(image.width == 600 && image.height == 488)
        #expect(image.pixel(x: 500, y: 400) == opaque(light.background))
        #expect(dark(image, x: 32..<240, y: 88..<176) > 120, "row 0's title at twice the size")
        #expect(image.pixel(x: 500, y: 175) == opaque(light.separator), "a one-device-pixel hairline")
        #expect(image.pixel(x: 500, y: 174) == opaque(light.background))
        #expect(Support.inked(image, x: 0..<600, y: 0..<88) == 0)
    }

    @Test func onlyTheDamageIsRepainted() throws {
        let list = ItemsView(frame: frame, layout: .list, dataSource: TinyRows(), theme: light)
        let image = try render(list, damage: Region(Rect(x: 0, y: 88, width: 300, height: 44))).image
        #expect(Support.inked(image, x: 0..<300, y: 0..<88) == 0, "row 0 untouched")
        #expect(Support.inked(image, x: 0..<300, y: 132..<244) == 0, "row 2 and below untouched")
        #expect(dark(image, x: 16..<150, y: 88..<132) > 30, "row 1 drawn")
        // Damage across the middle of a row repaints that band only, not the whole row.
        let band = try render(list, damage: Region(Rect(x: 0, y: 100, width: 300, height: 10))).image
        #expect(Support.inked(band, x: 0..<300, y: 0..<100) == 0 && Support.inked(band, x: 0..<300, y: 110..<244) == 0)
        #expect(Support.inked(band, x: 0..<300, y: 100..<110) == 3000)
        #expect(dark(band, x: 16..<150, y: 100..<110) > 5, "the part of row 1's title inside the band")
        // Damage outside the view draws nothing at all.
        let outside = try render(list, damage: Region(Rect(x: 0, y: 0, width: 300, height: 44))).image
        #expect(Support.inked(outside, x: 0..<300, y: 0..<244) == 0)
    }

    // MARK: damage

    @Test func hoverDamagesOnlyTheRowsThatChange() {
        let list = ItemsView(frame: frame, layout: .list, dataSource: ManyRows(), theme: light)
        let first = list.hover(at: Point(x: 10, y: 50))
        #expect(first.rects == [Rect(x: 0, y: 44, width: 300, height: 44)])
        let second = list.hover(at: Point(x: 10, y: 100))
        #expect(Set(second.rects) == [Rect(x: 0, y: 44, width: 300, height: 44), Rect(x: 0, y: 88, width: 300, height: 44)])
        #expect(list.hover(at: Point(x: 20, y: 100)).isEmpty, "moving within a row repaints nothing")
        #expect(list.hover(at: nil).rects == [Rect(x: 0, y: 88, width: 300, height: 44)], "leaving clears the highlight")
    }

    @Test func scrollingIsAMoveOfThePixelsNotDamage() {
        let list = ItemsView(frame: frame, layout: .list, dataSource: ManyRows(), theme: light)
        list.scroll(by: 132)
        #expect(list.advance(to: 0).isEmpty && list.advance(to: 1000).isEmpty, "a glide damages nothing itself")
        let change = list.takeScrollChange()
        #expect(change?.area == list.frame)
        #expect(change?.dy == -132, "the pixels move up by the distance scrolled")
        #expect(change.map { $0.damage.rects.allSatisfy { $0.minX >= 290 } } == true,
                "only the scroll indicator's strip is damaged: \(String(describing: change?.damage))")
        #expect(list.takeScrollChange() == nil, "at rest nothing changes")
        #expect(list.visibleItems == [ItemRange(section: 0, items: 3...7)])
    }

    @Test func aScrollThatMovesTheHoverOnDamagesBothRows() {
        let list = ItemsView(frame: frame, layout: .list, dataSource: ManyRows(), theme: light)
        _ = list.hover(at: Point(x: 10, y: 50))   // row 0
        list.scrollImmediately(to: 44)               // row 1 is under the pointer now
        let damage = list.takeScrollChange()?.damage.rects ?? []
        // Row 0's highlight moved up out of the view with the content; row 1 is now at y 44.
        #expect(damage.contains(Rect(x: 0, y: 44, width: 300, height: 44)))
        #expect(list.hoveredItem == ItemPath(item: 1))
    }
}
