import PickCore
import Testing

/// sweep-pick's --color values.
@Suite struct ColorOverridesTests {
    private let names: Set<String> = ["bg", "fg", "accent"]

    @Test func namesAndColoursInOrderTheLastWinning() throws {
        let overrides = try ColorOverrides(parsing: "bg:#102030,FG:a0b0c0,,bg:#000001", names: names)
        #expect(overrides.color("bg") == 0x000001 && overrides.color("fg") == 0xa0b0c0 && overrides.color("accent") == nil)
        #expect(try ColorOverrides(parsing: "", names: names).colors.isEmpty)
    }

    @Test func badValuesSayWhatIsWrong() {
        #expect(throws: ColorOverrides.ParseError.self) { try ColorOverrides(parsing: "bg", names: names) }
        #expect(throws: ColorOverrides.ParseError.self) { try ColorOverrides(parsing: "border:#ffffff", names: names) }
        #expect(throws: ColorOverrides.ParseError.self) { try ColorOverrides(parsing: "bg:#fff", names: names) }
        #expect(throws: ColorOverrides.ParseError.self) { try ColorOverrides(parsing: "bg:#gggggg", names: names) }
        do {
            _ = try ColorOverrides(parsing: "border:#ffffff", names: names)
        } catch {
            #expect(error.description == "no colour named \"border\" (there are accent, bg, fg)")
        }
    }
}
