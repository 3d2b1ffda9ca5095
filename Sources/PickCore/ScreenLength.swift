/// A window length as sweep-pick takes it: logical pixels ("640") or a
/// percentage of the output's length ("50%"), as fuzzel and rofi do.
public enum ScreenLength: Equatable, Sendable, CustomStringConvertible {
    case pixels(Int)
    case percent(Double)

    /// Parses "N" or "N%" (a percentage above 0 and at most 100).
    public init?(parsing text: String) {
        if text.hasSuffix("%") {
            guard let value = Double(text.dropLast()), value.isFinite, value > 0, value <= 100 else { return nil }
            self = .percent(value)
        } else {
            guard let value = Int(text), value > 0 else { return nil }
            self = .pixels(value)
        }
    }

    /// The length in logical pixels on an output `outputLength` long (nil:
    /// unknown, when a percentage uses `fallback`), kept within `limits`.
    public func resolved(outputLength: Double?, fallback: Int, limits: ClosedRange<Int>) -> Int {
        let value: Int
        switch self {
        case .pixels(let pixels): value = pixels
        case .percent(let percent):
            guard let outputLength else { return min(max(fallback, limits.lowerBound), limits.upperBound) }
            value = Int((outputLength * percent / 100).rounded())
        }
        return min(max(value, limits.lowerBound), limits.upperBound)
    }

    public var description: String {
        switch self {
        case .pixels(let pixels): "\(pixels)"
        case .percent(let percent): percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
        }
    }
}
