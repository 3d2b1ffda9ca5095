/// One directory of an icon theme as its index.theme describes it, and the
/// Icon Theme Specification's two tests of it against a wanted size.
public struct IconDirectory: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Icons of exactly `size`.
        case fixed
        /// Icons that scale between `minSize` and `maxSize` (SVG, typically).
        case scalable
        /// Icons of `size` used for sizes within `threshold` of it.
        case threshold
    }

    /// The path under the theme's folder: "48x48/apps", "scalable/apps".
    public let path: String
    public let size: Int
    public let scale: Int
    public let kind: Kind
    public let minSize: Int
    public let maxSize: Int
    public let threshold: Int

    /// The largest size, min or max size and threshold taken (larger ones are
    /// clamped to it), and the largest scale: numbers come from a theme's
    /// index.theme, anyone's file, and their products must never overflow.
    public static let largestSize = 1 << 16, largestScale = 64

    public init(path: String, size: Int, scale: Int = 1, kind: Kind = .threshold,
                minSize: Int? = nil, maxSize: Int? = nil, threshold: Int = 2) {
        func clamped(_ value: Int) -> Int { min(max(value, 0), Self.largestSize) }
        self.path = path
        self.size = clamped(size)
        self.scale = min(max(1, scale), Self.largestScale)
        self.kind = kind
        self.minSize = clamped(minSize ?? size)
        self.maxSize = clamped(maxSize ?? size)
        self.threshold = clamped(threshold)
    }

    /// The spec's DirectoryMatchesSize: the same scale, and the size within the directory's range.
    func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
        guard scale == wantedScale else { return false }
        switch kind {
        case .fixed: return size == wanted
        case .scalable: return minSize <= wanted && wanted <= maxSize
        case .threshold: return size - threshold <= wanted && wanted <= size + threshold
        }
    }

    /// The spec's DirectorySizeDistance, in device pixels (size × scale on both sides). For a
    /// threshold directory the range is size ± threshold (the spec's pseudo-code says MinSize and
    /// MaxSize there, which such a directory does not set; GTK and Qt read it this way too).
    func distance(size wanted: Int, scale wantedScale: Int) -> Int {
        // The wanted size is the caller's: clamped as a directory's are, the product cannot overflow.
        let pixels = min(max(wanted, 0), Self.largestSize) * min(max(wantedScale, 1), Self.largestScale)
        let (low, high): (Int, Int)
        switch kind {
        case .fixed: return abs(size * scale - pixels)
        case .scalable: (low, high) = (minSize * scale, maxSize * scale)
        case .threshold: (low, high) = ((size - threshold) * scale, (size + threshold) * scale)
        }
        if pixels < low { return low - pixels }
        if pixels > high { return pixels - high }
        return 0
    }
}
