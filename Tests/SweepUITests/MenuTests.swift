import Testing
@testable import SweepUI

/// The menu model, its layout and keyboard navigation, without a compositor.
@Suite struct MenuTests {
    private let items: [MenuItem] = [
        .action("Copy titles", id: "copy", shortcut: "Ctrl+C"),
        .action("Cut", id: "cut", isEnabled: false),
        .separator,
        .action("Select All", id: "selectAll"),
        .submenu("Mark", [.action("Red", id: "mark.red"), .action("Green", id: "mark.green")]),
        .action("Delete", id: "delete"),
    ]

    /// Every character 7 px wide: layouts are checked with exact numbers.
    private func measure(_ text: String) -> Double { Double(text.count) * 7 }

    @Test func findsActionsInSubmenusButNotSubmenusThemselves() {
        let menu = Menu(items)
        #expect(menu.item(withID: "mark.green")?.title == "Green")
        #expect(menu.item(withID: "copy")?.shortcut == "Ctrl+C")
        #expect(menu.item(withID: "Mark") == nil)
        #expect(menu.item(withID: "") == nil, "a separator is not an action")
    }

    @Test func rowsStackWithThinnerSeparatorsAndTheWidthFitsTitleShortcutAndArrow() {
        let layout = MenuLayout(items: items, measure: measure)
        #expect(layout.rows.count == items.count)
        #expect(layout.rows[0].minY == MenuLayout.padding)
        #expect(layout.rows[2].height == MenuLayout.separatorHeight)
        #expect(layout.rows[3].minY == layout.rows[2].maxY)
        #expect(layout.size.height == MenuLayout.padding * 2 + 5 * MenuLayout.rowHeight + MenuLayout.separatorHeight)
        // "Copy titles" (77) + gap + "Ctrl+C" (42) + arrow + insets, at least the minimum width.
        let wanted = MenuLayout.textInset * 2 + 77 + MenuLayout.shortcutGap + 42 + MenuLayout.arrowWidth
        #expect(layout.size.width == max(MenuLayout.minimumWidth, wanted))
        #expect(layout.index(at: Point(x: 10, y: layout.rows[4].midY)) == 4)
        #expect(layout.index(at: Point(x: 10, y: 1)) == nil, "the padding is no entry")
        #expect(layout.index(at: Point(x: -1, y: layout.rows[0].midY)) == nil)
    }

    @Test func longTitlesAreCutAtTheMaximumWidth() {
        let layout = MenuLayout(items: [.action(String(repeating: "w", count: 200), id: "long")], measure: measure)
        #expect(layout.size.width == MenuLayout.maximumWidth)
        #expect(layout.titleWidth == MenuLayout.maximumWidth - 2 * MenuLayout.textInset)
    }

    @Test func upAndDownSkipSeparatorsAndDisabledEntriesAndWrap() {
        var navigation = MenuNavigation(items: items)
        navigation.move(down: true)
        #expect(navigation.highlighted == 0)
        navigation.move(down: true)
        #expect(navigation.highlighted == 3, "Cut is disabled and the separator is skipped")
        navigation.move(down: true)
        navigation.move(down: true)
        #expect(navigation.highlighted == 5)
        navigation.move(down: true)
        #expect(navigation.highlighted == 0, "wraps to the top")
        navigation.move(down: false)
        #expect(navigation.highlighted == 5, "and back to the bottom")
        var fromNothing = MenuNavigation(items: items)
        fromNothing.move(down: false)
        #expect(fromNothing.highlighted == 5, "Up from no highlight is the last entry")
    }

    @Test func aLetterGoesToTheNextEntryStartingWithIt() {
        var navigation = MenuNavigation(items: items)
        let foundD = navigation.jump(to: "d")
        #expect(foundD)
        #expect(navigation.highlighted == 5)
        let foundUpperC = navigation.jump(to: "C")
        #expect(foundUpperC)
        #expect(navigation.highlighted == 0, "case is ignored, and Cut (disabled) is passed over")
        let foundC = navigation.jump(to: "c")
        #expect(foundC)
        #expect(navigation.highlighted == 0, "the only enabled C again")
        let foundZ = navigation.jump(to: "z")
        #expect(!foundZ)
        #expect(navigation.highlighted == 0, "no match leaves the highlight")
        #expect(navigation.count(startingWith: "m") == 1)
    }

    @Test func aMenuOfOnlyDisabledEntriesHighlightsNothing() {
        var navigation = MenuNavigation(items: [.action("A", id: "a", isEnabled: false), .separator])
        navigation.move(down: true)
        #expect(navigation.highlighted == nil)
        #expect(navigation.first == nil)
        let foundA = navigation.jump(to: "a")
        #expect(!foundA)
    }
}

/// Shortcuts as the desktops write them, and menus with icons, marks and reasons.
@Suite struct KeyShortcutTests {
    private func key(_ keysym: KeySym, _ modifiers: Modifiers = []) -> KeyEvent {
        KeyEvent(keysym: keysym, text: "", modifiers: modifiers, isRepeat: false, time: 0)
    }

    @Test func shortcutsParseShowAndMatchTheirKeys() throws {
        let newFolder: KeyShortcut = "ctrl + shift + n"
        #expect(newFolder.label == "Ctrl+Shift+N" && newFolder.accelerator == "<Control><Shift>n")
        #expect(newFolder.matches(key(KeySym(character: "N") ?? .n, [.control, .shift])), "Shift gives the capital")
        #expect(!newFolder.matches(key(.n, .control)), "exactly these modifiers")
        #expect(!newFolder.matches(key(.n, [.control, .shift, .alt])))
        let delete = try #require(KeyShortcut(parsing: "Del"))
        #expect(delete.label == "Delete" && delete.matches(key(.delete)) && !delete.matches(key(.backspace)))
        #expect(KeyShortcut(parsing: "F3")?.label == "F3" && KeyShortcut(parsing: "F3")?.matches(key(.f3)) == true)
        #expect(KeyShortcut(parsing: "Alt+Page Up")?.label == "Alt+Page Up")
        #expect(KeyShortcut(parsing: "Hyper+X") == nil && KeyShortcut(parsing: "Ctrl+") == nil && KeyShortcut(parsing: "F13") == nil)
        // A literal that does not parse is shown as written and matches nothing.
        let odd: KeyShortcut = "Ctrl+Wobble"
        #expect(odd.label == "Ctrl+Wobble" && !odd.matches(key(KeySym(rawValue: 0), .control)) && odd.accelerator.isEmpty)
    }

    @Test func aMenuListsItsActionsAndLaysOutIconsMarksAndReasons() {
        let menu = Menu([
            .action("New Folder", id: "new", shortcut: "Ctrl+Shift+N", icon: .folder),
            .submenu("View", [.action("Preview", id: "preview", mark: .checkmark(isOn: true)),
                              .action("Grid", id: "grid", mark: .radio(isOn: false))]),
            .separator,
            .action("Move to Trash", id: "trash", shortcut: "Delete", isEnabled: false, isDestructive: true,
                    disabledReason: "Nothing is selected"),
        ])
        #expect(menu.actions.map(\.id) == ["new", "preview", "grid", "trash"])
        let measure: (String) -> Double = { Double($0.count) * 7 }
        let layout = MenuLayout(items: menu.items, measure: measure)
        #expect(layout.titleLeft == MenuLayout.textInset + MenuLayout.leadingWidth, "room for the icons")
        #expect(layout.rows[3].height == MenuLayout.rowHeight + MenuLayout.reasonHeight, "the reason under the title")
        // The reason is the longest text: the menu is wide enough for it.
        #expect(layout.titleWidth >= 19 * 7)
        let plain = MenuLayout(items: [.action("Open", id: "open")], measure: measure)
        #expect(plain.titleLeft == MenuLayout.textInset, "no icons, no room for them")
        var enabled = menu.items[3]
        enabled.isEnabled = true
        #expect(MenuLayout(items: [enabled], measure: measure).rows[0].height == MenuLayout.rowHeight, "an enabled entry has no reason")
        // On a phone's window entries are a finger's 44 high; separators stay thin.
        let touch = MenuLayout(items: [enabled, .separator, .action("Close", id: "close")], entryHeight: 44, measure: measure)
        #expect(touch.rows.map(\.height) == [44, MenuLayout.separatorHeight, 44] && touch.index(at: Point(x: 10, y: 5 + 44 + 9 + 40)) == 2)
    }
}
