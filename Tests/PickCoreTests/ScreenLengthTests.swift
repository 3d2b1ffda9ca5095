import PickCore
import Testing

@Suite struct ScreenLengthTests {
    @Test func pixelsAndPercentagesParse() {
        #expect(ScreenLength(parsing: "640") == .pixels(640))
        #expect(ScreenLength(parsing: "50%") == .percent(50))
        #expect(ScreenLength(parsing: "33.5%") == .percent(33.5))
        for bad in ["", "%", "0", "-5", "0%", "101%", "abc", "50 %", "nan%", "12px"] {
            #expect(ScreenLength(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func percentagesResolveAgainstTheOutputWithinLimits() {
        #expect(ScreenLength.percent(50).resolved(outputLength: 1920, fallback: 640, limits: 100...16384) == 960)
        #expect(ScreenLength.percent(5).resolved(outputLength: 1000, fallback: 640, limits: 100...16384) == 100)
        #expect(ScreenLength.percent(50).resolved(outputLength: nil, fallback: 640, limits: 100...16384) == 640)
        #expect(ScreenLength.pixels(20000).resolved(outputLength: 1920, fallback: 640, limits: 100...16384) == 16384)
        #expect(ScreenLength.pixels(700).resolved(outputLength: nil, fallback: 640, limits: 100...16384) == 700)
        #expect(ScreenLength.percent(33.5).description == "33.5%" && ScreenLength.pixels(640).description == "640")
    }
}
