import SweepGeometry

/// Remembers the damage of recent frames so a buffer of age n can be brought
/// up to date by repainting the union of the last n frames' damage.
public struct DamageHistory: Sendable {
    private var frames: [Region] = []   // newest last
    /// How many past frames are remembered; an older buffer is repainted whole.
    public let depth: Int

    public init(depth: Int = 4) {
        self.depth = depth
    }

    /// What to repaint in a buffer of `age` for a frame whose own damage is
    /// `current`: nil means everything (unknown or too old contents).
    /// - Complexity: O(depth).
    public func repaintRegion(age: Int, current: Region) -> Region? {
        guard age > 0, age - 1 <= frames.count else { return nil }
        var region = current
        for frame in frames.suffix(age - 1) { region.formUnion(frame) }
        return region
    }

    /// Records the damage of the frame just presented.
    public mutating func record(_ damage: Region) {
        frames.append(damage)
        if frames.count > depth { frames.removeFirst(frames.count - depth) }
    }

    /// Forgets everything (after a resize or scale change).
    public mutating func reset() {
        frames.removeAll()
    }
}
