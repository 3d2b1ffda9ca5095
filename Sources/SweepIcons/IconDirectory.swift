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

    public init(path: String, size: Int, scale: Int = 1, kind: Kind = .threshold,
                minSize: Int? = nil, maxSize: Int? = nil, threshold: Int = 2) {
        self.path = path
        self.size = size
        self.scale = max(1, scale)
        self.kind = kind
        self.minSize = minSize ?? size
        self.maxSize = maxSize ?? size
        self.threshold = threshold
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
        let pixels = wanted * wantedScale
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
