/// A hiking trail of the Trails page.
public struct Trail: Hashable, Sendable {
    public var name: String
    public var region: String
    public var lengthKilometres: Double
    public var ascentMetres: Int
    public var difficulty: String

    /// The trails the demo lists, by region.
    public static let catalog: [(region: String, trails: [Trail])] = [
        ("Alps", [
            Trail(name: "Tour du Mont Blanc", region: "Alps", lengthKilometres: 170, ascentMetres: 10_000, difficulty: "Hard"),
            Trail(name: "Haute Route", region: "Alps", lengthKilometres: 180, ascentMetres: 12_000, difficulty: "Hard"),
            Trail(name: "Lac Blanc", region: "Alps", lengthKilometres: 9.5, ascentMetres: 1_000, difficulty: "Moderate"),
        ]),
        ("Pyrenees", [
            Trail(name: "Cirque de Gavarnie", region: "Pyrenees", lengthKilometres: 11, ascentMetres: 400, difficulty: "Easy"),
            Trail(name: "Brèche de Roland", region: "Pyrenees", lengthKilometres: 14, ascentMetres: 1_250, difficulty: "Hard"),
            Trail(name: "Lac de Gaube", region: "Pyrenees", lengthKilometres: 6, ascentMetres: 350, difficulty: "Easy"),
        ]),
        ("Scotland", [
            Trail(name: "West Highland Way", region: "Scotland", lengthKilometres: 154, ascentMetres: 3_300, difficulty: "Moderate"),
            Trail(name: "Ben Nevis Pony Track", region: "Scotland", lengthKilometres: 17, ascentMetres: 1_350, difficulty: "Moderate"),
            Trail(name: "Quiraing Loop", region: "Scotland", lengthKilometres: 6.8, ascentMetres: 300, difficulty: "Easy"),
        ]),
    ]

    /// The length without a needless ".0": "9.5 km", "170 km".
    public var lengthText: String {
        let number = lengthKilometres == lengthKilometres.rounded() ? String(Int(lengthKilometres)) : String(lengthKilometres)
        return number + " km"
    }

    /// One line of facts: "9.5 km · 1000 m ascent · Moderate".
    public var summary: String { "\(lengthText) · \(ascentMetres) m ascent · \(difficulty)" }
}
