/// Lengths a view takes from an app (row height, cell size, spacing, header
/// height): finite and within reason, so a layout never overflows. A view
/// ignores a value that is not.
enum ItemLength {
    static let maximum = 100_000.0

    /// Whether `value` is a usable length of at least `minimum`.
    static func isValid(_ value: Double, minimum: Double) -> Bool {
        value.isFinite && value >= minimum && value <= maximum
    }
}
