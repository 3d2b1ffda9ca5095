import SweepGeometry
import Testing

/// Floating values made integers without a trap (a layout, a compositor or a file can give any number).
@Suite struct SaturatingConversionTests {
    @Test func outOfRangeValuesClampAndNaNIsZero() {
        #expect(Int32(saturating: 3e9) == .max)
        #expect(Int32(saturating: -3e9) == .min)
        #expect(Int32(saturating: .infinity) == .max)
        #expect(Int32(saturating: -.infinity) == .min)
        #expect(Int32(saturating: .nan) == 0)
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int64(saturating: 9.223372036854775807e18) == .max, "2^63 itself does not fit")
        #expect(UInt8(saturating: -1) == 0)
        #expect(UInt8(saturating: 256) == 255)
    }

    @Test func valuesInRangeAreCutTowardZero() {
        #expect(Int32(saturating: 2.9) == 2)
        #expect(Int32(saturating: -2.9) == -2)
        #expect(Int(saturating: 2_147_483_648.0) == 2_147_483_648)
        #expect(Int32(saturating: (2.5).rounded()) == 3)
    }
}
