import SweepGeometry
import SweepLayout
import Testing
@testable import SweepUI

/// A compact window (a phone, under 600 logical pixels across) makes what a
/// finger presses at least 44 × 44: buttons, text fields, a fixed toolbar
/// row around them, a table's rows and column headers. A regular window
/// keeps the desktop's sizes.
@MainActor @Suite struct SizeClassTests {
    @Test func theClassFollowsTheWidth() {
        #expect(SizeClass(width: 360) == .compact && SizeClass(width: 599.5) == .compact)
        #expect(SizeClass(width: 600) == .regular && SizeClass(width: 1920) == .regular)
        // Before the compositor says a size: the desktop's.
        #expect(SizeClass(width: 0) == .regular && SizeClass(width: .nan) == .regular)
        #expect(SizeClass.compact.touchLength(34) == 44 && SizeClass.compact.touchLength(60) == 60 && SizeClass.regular.touchLength(34) == 34)
    }

    @Test func buttonsAndFieldsAreTouchSizedOnAPhone() {
        let host = TestHost()
        let button = Button("", icon: .glyph("←")), field = TextField(placeholder: "Filter")
        button.attach(to: host)
        field.attach(to: host)
        #expect(button.sizeNeeds.natural == Size(width: 42, height: 34) && field.sizeNeeds.natural.height == 40)
        host.horizontalSizeClass = .compact
        #expect(button.sizeNeeds.minimum == Size(width: 44, height: 44) && button.sizeNeeds.natural == Size(width: 44, height: 44))
        #expect(field.sizeNeeds.minimum.height == 44 && TextField.preferredHeight(in: .compact) == 44)
        // A labelled button keeps its label's width, at the touch height.
        let labelled = Button("New Folder")
        labelled.attach(to: host)
        #expect(labelled.sizeNeeds.natural.height == 44 && labelled.sizeNeeds.natural.width > 80)
    }

    /// A toolbar in a fixed 40-high row (files' header) grows to its controls' touch size on a
    /// phone; a fixed row without controls (a 28-high status line) stays as it is.
    @Test func aFixedRowGrowsToItsControlsOnAPhoneOnly() {
        let host = TestHost()
        let back = Button("", icon: .glyph("←")), field = TextField(placeholder: "Filter"), status = Label("3 selected")
        let header = Stack(.horizontal, spacing: 4, padding: 3, alignment: .center, [Stack.Item(back), .flexible(field)])
        let list = Label("the list")
        let column = ColumnLayout([(header, .fixed(40)), (list, .flexible), (status, .fixed(28))])
        column.attach(to: host)
        column.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(header.frame.height == 40 && list.frame.minY == 40 && status.frame.height == 28)
        host.horizontalSizeClass = .compact
        column.setFrame(Rect(x: 0, y: 0, width: 360, height: 720))
        #expect(header.frame.height == 50 && back.frame.height == 44 && back.frame.width == 44 && field.frame.height == 44)
        #expect(list.frame.minY == 50 && list.frame.maxY == 692 && status.frame.height == 28)
        // A plain fixed item of a stack stays fixed.
        let plain = Stack(.vertical, [.fixed(Button("", icon: .glyph("↑")), 30)])
        plain.attach(to: host)
        plain.setFrame(Rect(x: 0, y: 0, width: 360, height: 100))
        #expect(plain.children.first?.frame.height == 30)
    }

    @Test func aTablesRowsAndHeaderAreTouchSizedOnAPhone() throws {
        struct Row: Identifiable, Hashable { let id: Int }
        let table = try TableView(columns: [TableColumn<Row>(id: "n", title: "N", width: .fixed(100), text: { "\($0.id)" })],
                                  rows: (0..<100).map(Row.init))
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(table.collectionView.frame.minY == 30 && (table.collectionView.layout as? CollectionListLayout)?.rowHeight == 32)
        host.horizontalSizeClass = .compact
        table.setFrame(Rect(x: 0, y: 0, width: 360, height: 720))
        #expect(table.collectionView.frame.minY == 44 && (table.collectionView.layout as? CollectionListLayout)?.rowHeight == 44)
        // Back on a wide window: the app's sizes again.
        host.horizontalSizeClass = .regular
        table.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(table.collectionView.frame.minY == 30 && (table.collectionView.layout as? CollectionListLayout)?.rowHeight == 32)
    }
}
