/// The highlighted entry of one menu level and how keys move it: Up and
/// Down step over separators and disabled entries and wrap around, a letter
/// goes to the next entry whose title starts with it (GTK's and Qt's menus).
struct MenuNavigation: Equatable {
    let items: [MenuItem]
    /// The highlighted entry, if any.
    var highlighted: Int?

    init(items: [MenuItem], highlighted: Int? = nil) {
        self.items = items
        self.highlighted = highlighted
    }

    /// The first entry that can be chosen.
    var first: Int? { items.indices.first { items[$0].isSelectable } }

    /// Moves to the next (or previous) selectable entry, wrapping; from no
    /// highlight, Down goes to the first and Up to the last.
    mutating func move(down: Bool) {
        let count = items.count
        guard count > 0 else { return }
        var index = highlighted ?? (down ? count - 1 : 0)
        for _ in 0..<count {
            index = (index + (down ? 1 : count - 1)) % count
            if items[index].isSelectable {
                highlighted = index
                return
            }
        }
    }

    /// Highlights the next selectable entry after the highlighted one whose
    /// title starts with `letter` (ignoring case); false when none does.
    mutating func jump(to letter: Character) -> Bool {
        let count = items.count
        guard count > 0 else { return false }
        let wanted = String(letter).lowercased()
        var index = highlighted ?? count - 1
        for _ in 0..<count {
            index = (index + 1) % count
            if items[index].isSelectable, items[index].title.lowercased().hasPrefix(wanted) {
                highlighted = index
                return true
            }
        }
        return false
    }

    /// How many selectable entries start with `letter`: with one, typing it chooses it.
    func count(startingWith letter: Character) -> Int {
        let wanted = String(letter).lowercased()
        return items.filter { $0.isSelectable && $0.title.lowercased().hasPrefix(wanted) }.count
    }
}
