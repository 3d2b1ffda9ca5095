import Foundation
import SweepIcons
import Testing

@Suite struct IconLookupTests {
    let tree = ThemeTree()

    /// hicolor with fixed sizes, 16 to 48 and scalable; a "Parent" theme and a "Child" that inherits it.
    func standardTree() {
        tree.theme("hicolor", in: "share/icons", directories: [
            ("16x16/apps", "Size=16\nType=Threshold"),
            ("48x48/apps", "Size=48\nType=Threshold"),
            ("scalable/apps", "Size=48\nType=Scalable\nMinSize=8\nMaxSize=512"),
        ])
        tree.write("share/icons/hicolor/16x16/apps/only-hicolor.png")
        tree.write("share/icons/hicolor/48x48/apps/app.png")
        tree.write("share/icons/hicolor/scalable/apps/vector.svg")
        tree.theme("Parent", in: "share/icons", directories: [
            ("24/apps", "Size=24\nType=Fixed"),
            ("32/apps", "Size=32\nType=Fixed"),
        ])
        tree.write("share/icons/Parent/24/apps/from-parent.png")
        tree.write("share/icons/Parent/32/apps/app.png")
        tree.theme("Child", in: "share/icons", inherits: ["Parent"], directories: [
            ("22/apps", "Size=22\nType=Fixed"),
        ])
        tree.write("share/icons/Child/22/apps/from-child.png")
        tree.write("share/icons/Child/22/apps/from-parent.png")
        tree.write("share/icons/Child/22/apps/notes.txt")
    }

    func lookup(_ theme: String, bases: [String] = ["share/icons"]) -> IconLookup {
        IconLookup(theme: theme, baseDirectories: bases.map(tree.base))
    }

    @Test func theThemeComesBeforeWhatItInherits() {
        standardTree()
        let child = lookup("Child")
        #expect(child.themeChain == ["Child", "Parent", "hicolor"])
        // The child's 22 px icon, though the parent's 24 px one is closer to 24.
        #expect(child.path(forIcon: "from-parent", size: 24) == tree.base("share/icons/Child/22/apps/from-parent.png"))
        #expect(child.path(forIcon: "from-child", size: 64) == tree.base("share/icons/Child/22/apps/from-child.png"))
        // Not in the child: the parent's, before hicolor's.
        #expect(child.path(forIcon: "app", size: 48) == tree.base("share/icons/Parent/32/apps/app.png"))
        // Only hicolor has it: hicolor is always searched last.
        #expect(child.path(forIcon: "only-hicolor", size: 16) == tree.base("share/icons/hicolor/16x16/apps/only-hicolor.png"))
        #expect(child.path(forIcon: "notes", size: 22) == nil, "a .txt file is not an icon")
    }

    /// Found by hostile input: an index.theme whose Size, Scale, Threshold
    /// or MinSize is huge trapped on overflow in the distance, for every
    /// picker whose records have icons while it was the desktop's theme.
    @Test func hugeNumbersInAnIndexThemeAreClampedNotATrap() {
        let huge = "9223372036854775807"
        tree.theme("Huge", in: "share/icons", directories: [
            ("a", "Size=\(huge)\nType=Fixed"),
            ("b", "Size=48\nScale=\(huge)\nType=Fixed"),
            ("c", "Size=\(huge)\nType=Threshold\nThreshold=\(huge)"),
            ("d", "Size=48\nType=Scalable\nMinSize=\(huge)\nMaxSize=\(huge)"),
            ("e", "Size=-\(huge)\nType=Threshold\nThreshold=-\(huge)"),
            ("32", "Size=32\nType=Fixed"),
        ])
        for directory in ["a", "b", "c", "d", "e", "32"] { tree.write("share/icons/Huge/\(directory)/pic.png") }
        let theme = lookup("Huge")
        // "c" (Size and Threshold clamped to 65,536) takes in 32 px, and comes first.
        #expect(theme.path(forIcon: "pic", size: 32) == tree.base("share/icons/Huge/c/pic.png"))
        #expect(theme.path(forIcon: "pic", size: Int.max, scale: Int.max) != nil)
        #expect(IconDirectory(path: "x", size: .max, scale: .max, threshold: .min).size == IconDirectory.largestSize)
    }

    /// An Inherits chain 20,000 themes deep overflowed the stack; the chain
    /// is read without recursion, and at most 64 themes of it (2,000 here:
    /// making 20,000 themes takes the test 10 s).
    @Test func aVeryDeepInheritsChainIsCutShortNotAStackOverflow() {
        for depth in 0..<2_000 {
            let text = "[Icon Theme]\nName=T\(depth)\nDirectories=\nInherits=T\(depth + 1)\n"
            tree.write("share/icons/T\(depth)/index.theme", text)
        }
        tree.theme("hicolor", in: "share/icons", directories: [("16", "Size=16\nType=Fixed")])
        tree.write("share/icons/hicolor/16/app.png")
        let deep = lookup("T0")
        #expect(deep.themeChain.count == 65 && deep.themeChain.last == "hicolor")
        #expect(deep.path(forIcon: "app", size: 16) == tree.base("share/icons/hicolor/16/app.png"))
    }

    @Test func sizesMatchExactlyElseTheClosestWins() {
        tree.theme("T", in: "share/icons", directories: [
            ("16", "Size=16\nType=Fixed"),
            ("32", "Size=32\nType=Fixed"),
            ("64", "Size=64\nType=Fixed"),
            ("t24", "Size=24\nType=Threshold\nThreshold=4"),
        ])
        for size in ["16", "32", "64"] { tree.write("share/icons/T/\(size)/pic.png") }
        tree.write("share/icons/T/t24/near.png")
        tree.write("share/icons/T/64/near.png")
        let theme = lookup("T")
        #expect(theme.path(forIcon: "pic", size: 32) == tree.base("share/icons/T/32/pic.png"))
        #expect(theme.path(forIcon: "pic", size: 40) == tree.base("share/icons/T/32/pic.png"), "8 from 32, 24 from 64")
        #expect(theme.path(forIcon: "pic", size: 50) == tree.base("share/icons/T/64/pic.png"))
        #expect(theme.path(forIcon: "pic", size: 1) == tree.base("share/icons/T/16/pic.png"))
        #expect(theme.path(forIcon: "pic", size: 1000) == tree.base("share/icons/T/64/pic.png"))
        // Threshold: 20...28 match the 24 directory; 40 is 12 from 28 and 24 from 64.
        #expect(theme.path(forIcon: "near", size: 28) == tree.base("share/icons/T/t24/near.png"))
        #expect(theme.path(forIcon: "near", size: 40) == tree.base("share/icons/T/t24/near.png"))
        #expect(theme.path(forIcon: "near", size: 60) == tree.base("share/icons/T/64/near.png"))
    }

    @Test func scaleTwoDirectoriesServeHiDPI() {
        tree.theme("S", in: "share/icons", directories: [
            ("32", "Size=32\nType=Fixed"),
            ("64", "Size=64\nType=Fixed"),
        ], scaled: [
            ("32@2", "Size=32\nScale=2\nType=Fixed"),
        ])
        tree.write("share/icons/S/32/pic.png")
        tree.write("share/icons/S/64/pic.png")
        tree.write("share/icons/S/32@2/pic.png")
        tree.write("share/icons/S/64/big-only.png")
        let theme = lookup("S")
        #expect(theme.path(forIcon: "pic", size: 32, scale: 2) == tree.base("share/icons/S/32@2/pic.png"))
        #expect(theme.path(forIcon: "pic", size: 32, scale: 1) == tree.base("share/icons/S/32/pic.png"))
        #expect(theme.path(forIcon: "pic", size: 64, scale: 1) == tree.base("share/icons/S/64/pic.png"))
        // No 32@2 of it: the 64 px one has the 64 device pixels wanted.
        #expect(theme.path(forIcon: "big-only", size: 32, scale: 2) == tree.base("share/icons/S/64/big-only.png"))
    }

    @Test func scalableDirectoriesCoverTheirRange() {
        standardTree()
        let theme = lookup("hicolor")
        #expect(theme.path(forIcon: "vector", size: 8) == tree.base("share/icons/hicolor/scalable/apps/vector.svg"))
        #expect(theme.path(forIcon: "vector", size: 512) == tree.base("share/icons/hicolor/scalable/apps/vector.svg"))
        #expect(theme.path(forIcon: "vector", size: 2048) == tree.base("share/icons/hicolor/scalable/apps/vector.svg"))
    }

    @Test func pngComesBeforeSVGAndTheFirstBaseDirectoryWins() {
        // The user's copy of hicolor has icons but no index.theme (as installers leave it): the system's index says.
        tree.theme("hicolor", in: "share/icons", directories: [("48", "Size=48"), ("scalable", "Size=48\nType=Scalable\nMaxSize=256")])
        tree.write("share/icons/hicolor/48/both.svg")
        tree.write("share/icons/hicolor/48/both.png")
        tree.write("share/icons/hicolor/48/mine.png")
        tree.write("user/icons/hicolor/48/mine.png")
        tree.write("share/icons/hicolor/scalable/vec.svg")
        tree.write("share/icons/hicolor/48/old.xpm")
        let theme = lookup("hicolor", bases: ["user/icons", "share/icons"])
        #expect(theme.path(forIcon: "both", size: 48) == tree.base("share/icons/hicolor/48/both.png"))
        #expect(theme.path(forIcon: "mine", size: 48) == tree.base("user/icons/hicolor/48/mine.png"))
        #expect(theme.path(forIcon: "vec", size: 48) == tree.base("share/icons/hicolor/scalable/vec.svg"))
        #expect(theme.path(forIcon: "old", size: 48) == nil, "XPM is not drawn")
    }

    @Test func aMissingIconIsNil() {
        standardTree()
        let theme = lookup("Child")
        #expect(theme.path(forIcon: "no-such-icon", size: 32) == nil)
        #expect(theme.path(forIcon: "", size: 32) == nil)
        #expect(theme.path(forIcon: "../hicolor/48x48/apps/app", size: 48) == nil)
        #expect(theme.path(forIcon: "app.png", size: 48) == nil)
    }

    @Test func anUnknownThemeFallsBackToHicolor() {
        standardTree()
        let theme = lookup("NoSuchTheme")
        #expect(theme.themeChain == ["hicolor"])
        #expect(theme.path(forIcon: "app", size: 48) == tree.base("share/icons/hicolor/48x48/apps/app.png"))
        // A theme that inherits one that does not exist, and itself.
        tree.theme("Loop", in: "share/icons", inherits: ["Loop", "Gone", "hicolor", "Child"], directories: [])
        #expect(lookup("Loop").themeChain == ["Loop", "Child", "Parent", "hicolor"])
    }

    @Test func pixmapsAreTheLastResort() {
        standardTree()
        tree.write("pixmaps/legacy.png")
        tree.write("pixmaps/legacy.svg")
        tree.write("pixmaps/vector-legacy.svg")
        tree.write("pixmaps/app.png")
        let theme = lookup("Child", bases: ["share/icons", "pixmaps"])
        #expect(theme.path(forIcon: "legacy", size: 32) == tree.base("pixmaps/legacy.png"))
        #expect(theme.path(forIcon: "vector-legacy", size: 32) == tree.base("pixmaps/vector-legacy.svg"))
        #expect(theme.path(forIcon: "app", size: 48) == tree.base("share/icons/Parent/32/apps/app.png"), "a theme's icon first")
    }

    @Test func answersAreMemoizedAndListingsReadOnce() throws {
        standardTree()
        let theme = lookup("Child")
        #expect(theme.path(forIcon: "from-child", size: 22) != nil)
        // Listed already: an icon added now is not seen, and a removed one is still answered.
        tree.write("share/icons/Child/22/apps/late.png")
        try FileManager.default.removeItem(atPath: tree.base("share/icons/Child/22/apps/from-child.png"))
        #expect(theme.path(forIcon: "late", size: 22) == nil)
        #expect(theme.path(forIcon: "from-child", size: 22) == tree.base("share/icons/Child/22/apps/from-child.png"))
        #expect(lookup("Child").path(forIcon: "late", size: 22) != nil, "a new lookup lists again")
    }

    @Test func indexThemeQuirksAreRead() {
        // Comments, blanks around '=', a trailing comma, a locale key, CRLF, a directory without a size.
        tree.write("share/icons/Q/index.theme", """
        # A theme\r
        [Icon Theme]\r
        Name[de]=Q\r
        Directories = 24/apps, nosize ,\r
        \r
        [24/apps]\r
        Size = 24\r
        Type=Fixed\r
        [nosize]\r
        Type=Fixed\r
        """)
        tree.write("share/icons/Q/24/apps/q.png")
        tree.write("share/icons/Q/nosize/r.png")
        let theme = lookup("Q")
        #expect(theme.path(forIcon: "q", size: 24) == tree.base("share/icons/Q/24/apps/q.png"))
        #expect(theme.path(forIcon: "r", size: 24) == nil)
    }
}

@Suite struct IconSearchPathsTests {
    let tree = ThemeTree()

    @Test func baseDirectoriesFollowTheEnvironment() {
        let environment = ["HOME": "/home/u", "XDG_DATA_DIRS": "/opt/share/:relative:/usr/share"]
        #expect(IconSearchPaths.baseDirectories { environment[$0] } == [
            "/home/u/.local/share/icons", "/home/u/.icons", "/opt/share/icons", "/usr/share/icons", "/usr/share/pixmaps",
        ])
        let defaults = IconSearchPaths.baseDirectories { ["XDG_DATA_HOME": "/data"][$0] }
        #expect(defaults == ["/data/icons", "/usr/local/share/icons", "/usr/share/icons", "/usr/share/pixmaps"])
    }

    @Test func theDesktopsThemeIsReadFromItsFiles() {
        let environment = ["XDG_CONFIG_HOME": tree.root]
        #expect(IconSearchPaths.desktopThemeName { environment[$0] } == nil)
        tree.write("kdeglobals", "[General]\nTheme=NotThis\n[Icons]\nTheme=breeze-dark\n")
        #expect(IconSearchPaths.desktopThemeName { environment[$0] } == "breeze-dark")
        tree.write("gtk-3.0/settings.ini", "[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = \"Papirus\"\n")
        #expect(IconSearchPaths.desktopThemeName { environment[$0] } == "Papirus")
        let kde = environment.merging(["XDG_CURRENT_DESKTOP": "KDE"]) { $1 }
        #expect(IconSearchPaths.desktopThemeName { kde[$0] } == "breeze-dark")
        let home = ["HOME": tree.root + "/home"]
        tree.write("home/.config/gtk-4.0/settings.ini", "[Settings]\ngtk-icon-theme-name=Yaru\n")
        #expect(IconSearchPaths.desktopThemeName { home[$0] } == "Yaru")
    }
}
