import SweepGeometry
import SweepPixman
import SweepViews
import Testing
@testable import SweepUI

/// A new title among the same buttons repaints only the old and the new
/// title: every pixel that changes lies in the damage, at scales 1, 1.5 and 2,
/// and the damage is a small part of the bar. Anything else repaints the bar.
@MainActor
@Suite struct ToolbarDamageTests {
    private static let barFrame = Rect(x: 0, y: 0, width: 640, height: ToolbarView.height)

    private func makeToolbar(title: String) -> ToolbarView {
        let toolbar = ToolbarView(frame: Self.barFrame, title: title, theme: .light)
        toolbar.leadingItems = [ToolbarItem(id: "all", title: "Select All")]
        toolbar.trailingItems = [ToolbarItem(id: "done", title: "Done", isProminent: true)]
        return toolbar
    }

    private func drawn(_ toolbar: ToolbarView, scale: Double, fonts: FontSet) throws -> PixmanImage {
        let image = try #require(PixmanImage(width: Int((Self.barFrame.width * scale).rounded(.up)),
                                             height: Int((Self.barFrame.height * scale).rounded(.up))))
        toolbar.draw(in: PixmanCanvas(image: image, scale: scale, fonts: fonts))
        return image
    }

    /// Device pixels that differ between two images and lie outside `damage`.
    private func changedOutside(_ damage: Region, _ a: PixmanImage, _ b: PixmanImage, scale: Double) -> Int {
        let covered = damage.alignedOutward(scale: scale).rects
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                let point = Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
                if !covered.contains(where: { $0.contains(point) }) { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aNewTitleRepaintsOnlyTheOldAndNewTitle(scale: Double) throws {
        let fonts = try FontSet(scale: scale)
        // Each step but the last is a title set without a draw after it: the damages add up.
        let changes = [["3 Selected", "12 Selected"], ["12 Selected", "1 Selected"], ["1 Selected", "Items"],
                       ["Items", String(repeating: "A very long title ", count: 8)],
                       ["1 Selected", "1234 Selected", "7 Selected"],
                       ["3 נבחרו", "12 נבחרו"], ["Items", "פריטים"], ["פריטים", "Items"]]
        for steps in changes {
            let (old, new) = (steps[0], steps[steps.count - 1])
            let toolbar = makeToolbar(title: old)
            let before = try drawn(toolbar, scale: scale, fonts: fonts)
            var damage = Region()
            for title in steps.dropFirst() {
                toolbar.title = title
                damage.formUnion(toolbar.damageSinceLastDraw)
            }
            let after = try drawn(toolbar, scale: scale, fonts: fonts)
            let outside = changedOutside(damage, before, after, scale: scale)
            #expect(outside == 0, "\(old) → \(new) at \(scale): \(outside) changed pixels outside \(damage.rects)")
            let area = damage.rects.reduce(0) { $0 + $1.area }
            if new.count < 20 && old.count < 20 {
                #expect(area < 0.3 * Self.barFrame.area, "\(old) → \(new): \(area) of \(Self.barFrame.area)")
            }
            #expect(toolbar.damageSinceLastDraw.isEmpty, "drawn as it is: nothing to repaint")
        }
    }

    /// A right-to-left title is centred like any other (drawText aligns such
    /// a paragraph to the right of the box it is given).
    @Test(arguments: ["פריטים", "3 نُقاط", "Items"])
    func aTitleIsCentredWhateverItsDirection(title: String) throws {
        let fonts = try FontSet(scale: 1)
        let toolbar = makeToolbar(title: "")
        let empty = try drawn(toolbar, scale: 1, fonts: fonts)
        toolbar.title = title
        let titled = try drawn(toolbar, scale: 1, fonts: fonts)
        var columns: [Int] = []
        for y in 0..<empty.height {
            for x in 0..<empty.width where empty.pixel(x: x, y: y) != titled.pixel(x: x, y: y) { columns.append(x) }
        }
        let first = try #require(columns.min(), "\(title) left no ink"), last = try #require(columns.max())
        let centre = Double(first + last + 1) / 2
        #expect(abs(centre - Self.barFrame.midX) <= 3, "\(title)'s ink spans \(first)...\(last)")
    }

    /// A phone's editing bar (360 wide: Select All, then Delete and Done) has no room for the
    /// title in the middle: it moves between the buttons, in a smaller size when needed, never
    /// under a button, and its damage still covers every pixel that changes.
    @Test(arguments: [2.0, 3.0])
    func onAPhoneTheTitleMovesBetweenTheButtons(scale: Double) throws {
        let fonts = try FontSet(scale: scale)
        let bar = Rect(x: 0, y: 0, width: 360, height: ToolbarView.height)
        let toolbar = ToolbarView(frame: bar, title: "", theme: .light)
        toolbar.leadingItems = [ToolbarItem(id: "all", title: "Select All")]
        toolbar.trailingItems = [ToolbarItem(id: "delete", title: "Delete"), ToolbarItem(id: "done", title: "Done", isProminent: true)]
        func draw() throws -> PixmanImage {
            let image = try #require(PixmanImage(width: Int(bar.width * scale), height: Int(bar.height * scale)))
            toolbar.draw(in: PixmanCanvas(image: image, scale: scale, fonts: fonts))
            return image
        }
        let empty = try draw()
        for (old, new) in [("", "6 Selected"), ("6 Selected", "1,234,567 Selected"), ("1,234,567 Selected", "Items")] {
            toolbar.title = old
            let before = try draw()
            toolbar.title = new
            let damage = toolbar.damageSinceLastDraw
            let after = try draw()
            #expect(changedOutside(damage, before, after, scale: scale) == 0, "\(old) → \(new)")
            // The title's ink (what differs from the bar without one) lies between the buttons' touch targets.
            let allEnd = try #require(toolbar.frame(ofItem: "all")).maxX, deleteStart = try #require(toolbar.frame(ofItem: "delete")).minX
            var columns: [Int] = []
            for y in 0..<after.height {
                for x in 0..<after.width where after.pixel(x: x, y: y) != empty.pixel(x: x, y: y) { columns.append(x) }
            }
            let first = Double(try #require(columns.min())) / scale, last = Double(try #require(columns.max()) + 1) / scale
            #expect(first >= allEnd - 1 && last <= deleteStart + 1, "\(new): ink \(first)...\(last), buttons end \(allEnd) and start \(deleteStart)")
        }
        // Neighbouring buttons' touch targets meet without overlapping.
        #expect(try #require(toolbar.frame(ofItem: "delete")).maxX <= (try #require(toolbar.frame(ofItem: "done")).minX))
    }

    @Test func otherChangesRepaintTheWholeBar() throws {
        let fonts = try FontSet(scale: 1)
        let toolbar = makeToolbar(title: "Items")
        #expect(toolbar.damageSinceLastDraw.rects == [Self.barFrame], "never drawn")
        _ = try drawn(toolbar, scale: 1, fonts: fonts)
        toolbar.trailingItems = [ToolbarItem(id: "edit", title: "Edit")]
        #expect(toolbar.damageSinceLastDraw.rects == [Self.barFrame], "a button changed")
        _ = try drawn(toolbar, scale: 1, fonts: fonts)
        toolbar.theme = .dark
        toolbar.title = "Other"
        #expect(toolbar.damageSinceLastDraw.rects == [Self.barFrame], "the theme changed")
    }

    /// Selecting in editing mode changes the count in the title: the
    /// controller repaints a small part of its bar, not all of it.
    @Test func aControllersCountRepaintsPartOfItsBar() throws {
        let host = TestHost()
        let view = CollectionView(layout: .grid, dataSource: StringItems((0..<100).map { "Item \($0)" }))
        view.allowsMultipleSelectionDuringEditing = true
        let controller = CollectionViewController(collectionView: view, title: "Items")
        controller.attach(to: host)
        controller.setFrame(Rect(x: 0, y: 0, width: 1280, height: 800))
        view.isEditing = true
        let image = try #require(PixmanImage(width: 2560, height: 1600))
        let fonts = try FontSet(scale: 2)
        controller.draw(in: PixmanCanvas(image: image, scale: 2, fonts: fonts), damage: Region(controller.frame))
        _ = host.takeDamage()
        view.selectItem(at: ItemPath(item: 3))
        let bar = controller.toolbar.frame
        let inBar = host.takeDamage().rects.compactMap { rect -> Double? in
            let part = rect.intersection(bar)
            return part.isEmpty ? nil : part.area
        }.reduce(0, +)
        #expect(controller.toolbar.title != "Items")
        #expect(inBar > 0 && inBar < 0.2 * bar.area, "\(inBar) of the bar's \(bar.area) repainted")
    }

    /// An item with an icon draws the icon in the accent colour, 20 px wide, in place of its title,
    /// and is hit where it is drawn; its title stays its name.
    @Test func anIconItemDrawsItsIconInPlaceOfItsTitle() throws {
        let fonts = try FontSet(scale: 1)
        let toolbar = ToolbarView(frame: Self.barFrame, title: "Trails", theme: .light)
        toolbar.leadingItems = [ToolbarItem(id: "back", title: "Back", icon: .glyph("←")), ToolbarItem(id: "new", title: "New", icon: .folder)]
        let image = try drawn(toolbar, scale: 1, fonts: fonts)
        let back = try #require(toolbar.frame(ofItem: "back")), new = try #require(toolbar.frame(ofItem: "new"))
        #expect(back.width == 20 + 2 * 12 && new.minX == back.maxX, "\(back) \(new)")
        let color = Theme.light.accent, accent = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        var accentPixels = 0
        for y in 12..<32 { for x in Int(new.minX) + 12..<Int(new.minX) + 32 where image.pixel(x: x, y: y) & 0xffffff == accent {
            accentPixels += 1
        } }
        #expect(accentPixels > 100, "the folder icon in the accent colour: \(accentPixels) pixels")
    }
}
