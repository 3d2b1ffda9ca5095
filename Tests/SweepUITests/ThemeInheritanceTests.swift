import SweepGraphics
import SweepPixman
@testable import SweepUI
import Testing

/// The window's theme reaches every component in its tree; a component's
/// own theme (`themeOverride`) wins for it and everything inside it, and
/// clearing it follows the window again. Hidden and collapsed children hear
/// of changes too, so showing them shows the current theme.
@MainActor @Suite struct ThemeInheritanceTests {
    private let brand = Theme.light.withAccent(Color(rgb: 0xcc3366))

    @Test func theWindowsThemeReachesEveryComponentHiddenOnesToo() {
        let field = TextField(), button = Button("Open"), hidden = Label("status")
        let text = TextView()
        let pane = SplitPane(.horizontal, first: Stack(.vertical, [Stack.Item(field), Stack.Item(hidden)]), second: text)
        let stack = Stack(.vertical, [Stack.Item(button), .flexible(pane)])
        (pane.first as? Stack)?.setHidden(hidden, true)
        tellTheme(.dark, to: stack)
        #expect(field.theme == .dark && button.theme == .dark && text.theme == .dark && pane.theme == .dark)
        #expect(hidden.theme == .dark, "a hidden child is told too")
        #expect(field.themeOverride == nil, "inherited, not set")
    }

    @Test func aComponentsOwnThemeWinsForItAndWhatIsInsideIt() {
        let field = TextField(), button = Button("Open")
        let sidebar = Stack(.vertical, [Stack.Item(field)])
        let stack = Stack(.horizontal, [Stack.Item(sidebar), Stack.Item(button)])
        tellTheme(.light, to: stack)
        sidebar.themeOverride = .dark
        #expect(field.theme == .dark, "the sidebar's override reaches its children at once")
        tellTheme(brand, to: stack)
        #expect(field.theme == .dark && button.theme == brand, "a window change stops at the override")
        sidebar.themeOverride = nil
        #expect(field.theme == brand, "cleared, the window's theme comes back")
        button.theme = .dark
        tellTheme(.light, to: stack)
        #expect(button.theme == .dark && button.themeOverride == .dark, "setting `theme` is an override")
    }

    @Test func aThemeGivenAtCreationIsTheComponentsOwn() {
        let field = TextField(theme: .dark)
        tellTheme(.light, to: field)
        #expect(field.theme == .dark)
        let list = CollectionView(layout: .list, dataSource: StringItems(["a"]))
        let controller = CollectionViewController(collectionView: list, title: "Items")
        tellTheme(brand, to: controller)
        #expect(controller.theme == brand && list.theme == brand && list.itemView.theme == brand,
                "a controller passes its theme to its list and toolbar")
        #expect(controller.toolbar.theme == brand)
    }

    @Test func aCollapsedSideHearsOfTheChange() {
        let places = TextField(), entries = TextField()
        let pane = SplitPane(.horizontal, first: places, second: entries)
        pane.collapsibleSides = [.first]
        pane.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        pane.position = SplitPane.Position(firstLength: 0, collapsed: .first)
        tellTheme(.dark, to: pane)
        #expect(places.theme == .dark && entries.theme == .dark)
    }
}

/// A window's font family (its theme's) is what text is measured and drawn in; a family
/// that would smuggle fontconfig pattern syntax is refused for the default.
@MainActor @Suite struct ThemeFontTests {
    /// Measured in the family the window draws in (its theme's), whatever the button's own theme.
    @Test func aButtonAsksForTheWidthOfItsTitleInTheWindowsFamily() {
        let button = Button("Move to Trash", theme: .dark)
        let host = TestHost()
        button.attach(to: host)
        let sans = button.sizeNeeds.natural.width
        host.fontFamily = "DejaVu Sans Mono"
        let mono = button.sizeNeeds.natural.width
        // 13 characters at the monospace advance (0.6 em of 15 px at least) are wider than proportional sans.
        #expect(mono > sans + 4, "sans \(sans), mono \(mono)")
    }

    @Test func familiesWithPatternSyntaxAreRefused() {
        #expect(FontSet.usableFamily("Noto Sans") == "Noto Sans")
        for hostile in ["", "Sans:pixelsize=200", "Sans,Serif", "Sans-40", "Sans\nSerif", String(repeating: "a", count: 300), nil] {
            #expect(FontSet.usableFamily(hostile) == nil, "\(String(describing: hostile))")
        }
        let fonts = try? FontSet(scale: 1, family: "Sans:pixelsize=200")
        #expect(fonts?.family == FontSet.family, "the default instead")
    }
}
