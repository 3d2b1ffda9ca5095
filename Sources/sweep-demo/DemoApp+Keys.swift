import SweepUI

/// The app's own keys, before the page with the keyboard gets them:
/// Ctrl+Q quits, Ctrl+Page Up / Down and Ctrl+1…6 switch tabs, Delete
/// removes the list's or grid's selected items in editing mode and Ctrl+Z
/// puts them back. Ctrl+C is the window's (it copies the key page's text);
/// the event log notes it.
extension DemoApp {
    func handleAppKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .delete, key.modifiers.isEmpty, let view = (keyPage as? CollectionViewController)?.collectionView,
           itemViews.contains(where: { $0 === view }) {
            return deleteSelected(in: view)
        }
        guard key.modifiers.contains(.control) else { return false }
        switch key.keysym {
        case .z:
            return undoDelete()
        case .q:
            quit()
            return true
        case .pageDown, .pageUp:
            // Ctrl+Page Down / Up: the next or previous tab, as in browsers.
            let count = tabBar.titles.count
            select(tab: (tabBar.selectedIndex + (key.keysym == .pageDown ? 1 : count - 1)) % count)
            return true
        default:
            // Ctrl+1 … Ctrl+6: that tab.
            guard let digit = KeySym.digits.firstIndex(of: key.keysym).map({ $0 - 1 }),
                  (0..<tabBar.titles.count).contains(digit) else { return false }
            select(tab: digit)
            return true
        }
    }

    /// Ctrl+C put the key page's text on the clipboard (nil: there is no clipboard).
    func copied(_ content: ClipboardContent?) {
        if let content {
            log?.log(view: keyPage.name, event: "copy", ["lines": .int(content.lineCount ?? 0)])
        } else {
            log?.log(view: keyPage.name, event: "error", ["message": .string("the compositor offers no clipboard")])
        }
    }
}

extension CollectionViewController: Page {
    var name: String { collectionView.name }
}
