extension FixedWidthInteger {
    /// `value` as this type, clamped to its range, and 0 for NaN, where
    /// `Int32(value)` traps: a size, offset or position that comes from a
    /// layout, a compositor, a file or a person can be any number. The
    /// fraction is cut toward zero (round first for another rule).
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = Self.min
        } else if value >= Double(Self.max) {
            // Double(Int64.max) rounds up to 2^63, which Int64 cannot hold.
            self = Self.max
        } else {
            self = Self(value)
        }
    }
}
