/// Type-ahead find: typing while the view has the focus moves the focus to
/// the next item whose title starts with what was typed (see `TypeAheadFind`).
extension CollectionView {
    /// A key no other binding took: true when it was typed text that searched.
    func typeAhead(_ key: KeyEvent) -> Bool {
        guard isTypeAheadEnabled, key.modifiers.isDisjoint(with: [.control, .alt, .superKey]),
              let search = typeAhead.type(key.text, at: now) else { return false }
        if let found = item(startingWith: search.prefix, from: focusedItem, including: search.includesFocused) {
            interactor.setFocus(found)
            showFocusRing()
            scrollToItem(found)
        }
        // Typed text is the search's even when nothing matches: it must not fall through to other keys.
        return true
    }

    /// The first item in index order, from `start` (or after it), wrapping
    /// around, whose title starts with `prefix`.
    /// - Complexity: O(items) titles in the worst case (no match); a
    ///   keystroke in a list of a million short titles takes some tens of ms.
    func item(startingWith prefix: String, from start: ItemPath?, including: Bool) -> ItemPath? {
        let counts = selection.itemCounts
        let total = counts.reduce(0, +)
        guard total > 0 else { return nil }
        // Items in index order as one run of `total`, starting at `start` (or just after it).
        var section = 0, item = 0
        if let start, counts.indices.contains(start.section), start.item < counts[start.section] {
            (section, item) = (start.section, start.item)
            if !including { step(&section, &item, counts) }
        } else {
            // No focus: the first item, past any empty sections.
            while item >= counts[section] { section += 1 }
        }
        for _ in 0..<total {
            let candidate = ItemPath(section: section, item: item)
            if TypeAheadFind.startsWith(dataSource.title(for: candidate), prefix) { return candidate }
            step(&section, &item, counts)
        }
        return nil
    }

    /// The next item in index order, wrapping from the last to the first.
    private func step(_ section: inout Int, _ item: inout Int, _ counts: [Int]) {
        item += 1
        while item >= counts[section] {
            section = (section + 1) % counts.count
            item = 0
        }
    }
}
