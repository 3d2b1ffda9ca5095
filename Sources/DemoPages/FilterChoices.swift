/// An exclusive choice per section (the Filters page): choosing an option
/// replaces the section's previous choice, as UIKit's exclusive lists do.
public struct FilterChoices: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        public var title: String
        public var options: [String]
        public init(title: String, options: [String]) {
            self.title = title
            self.options = options
        }
    }

    public let sections: [Section]
    /// The chosen option of each section (nil for none).
    public private(set) var chosen: [Int?]

    public init(sections: [Section], chosen: [Int?]? = nil) {
        self.sections = sections
        self.chosen = chosen ?? Array(repeating: 0, count: sections.count)
    }

    /// The demo's filters: difficulty and length, each starting at its first option.
    public static let trailFilters = FilterChoices(sections: [
        Section(title: "Difficulty", options: ["Easy", "Moderate", "Hard"]),
        Section(title: "Length", options: ["Under 5 km", "5 to 15 km", "Over 15 km"]),
    ])

    /// Chooses `option` in `section`; returns the option it replaced (nil when none or the same).
    @discardableResult
    public mutating func choose(_ option: Int, inSection section: Int) -> Int? {
        guard sections.indices.contains(section), sections[section].options.indices.contains(option) else { return nil }
        let previous = chosen[section]
        chosen[section] = option
        return previous == option ? nil : previous
    }

    public func isChosen(_ option: Int, inSection section: Int) -> Bool { chosen[section] == option }
}
