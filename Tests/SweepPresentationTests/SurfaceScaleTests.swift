import Testing
@testable import SweepPresentation

@Suite struct SurfaceScaleTests {
    @Test func integerScaleMultipliesAndSetsBufferScale() {
        let scale = SurfaceScale.integer(2)
        #expect(scale.bufferSize(width: 800, height: 600) == PixelSize(width: 1600, height: 1200))
        #expect(scale.bufferScale == 2)
        #expect(!scale.usesViewport)
        #expect(scale.factor == 2)
    }

    @Test func fractionalScaleRoundsHalfAwayFromZeroAndUsesTheViewport() {
        // 1.25 (150/120): 801 x 1.25 = 1001.25 → 1001; 2 x 1.25 = 2.5 → 3.
        let scale = SurfaceScale.fractional(numerator120: 150)
        #expect(scale.bufferSize(width: 801, height: 2) == PixelSize(width: 1001, height: 3))
        #expect(scale.bufferScale == 1)
        #expect(scale.usesViewport)
        #expect(scale.factor == 1.25)
    }

    @Test func nonsenseScalesFallBackToOne() {
        #expect(SurfaceScale.integer(0).bufferSize(width: 10, height: 10) == PixelSize(width: 10, height: 10))
        #expect(SurfaceScale.fractional(numerator120: 0).factor == 1)
    }
}
