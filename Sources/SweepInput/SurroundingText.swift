/// The text an input method is told is around the cursor: the field's text,
/// or for a long one the part around the cursor and the selection that fits
/// a protocol message, with the cursor and the selection's other end as
/// UTF-8 byte offsets into it (text-input-v3 counts bytes).
public struct SurroundingText: Sendable, Hashable {
    /// The most bytes sent: a Wayland message holds 4096, the text shares it.
    public static let byteLimit = 4000

    public var text: String
    /// The cursor and the selection's other end (equal when nothing is selected), in bytes.
    public var cursor: Int
    public var anchor: Int

    public init(text: String, cursor: Int, anchor: Int) {
        self.text = text
        self.cursor = cursor
        self.anchor = anchor
    }

    /// The surrounding text of `characters` with the cursor and the anchor
    /// after `cursor` and `anchor` characters: all of it when it fits in
    /// `limit` bytes, else whole characters around the cursor (the
    /// selection too while it fits, else the part next to the cursor).
    /// - Complexity: O(characters) for the byte offsets.
    public init(characters: [Character], cursor: Int, anchor: Int, limit: Int = SurroundingText.byteLimit) {
        let cursor = max(0, min(cursor, characters.count)), anchor = max(0, min(anchor, characters.count))
        var offsets = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append(offsets[offsets.count - 1] + character.utf8.count) }
        let total = offsets[characters.count]
        var first = 0, end = characters.count
        if total > limit {
            // Half the room before the cursor and half after, each side taking what the other leaves.
            let low = min(cursor, anchor), high = max(cursor, anchor)
            let keepSelection = offsets[high] - offsets[low] <= limit
            let centreLow = keepSelection ? low : cursor, centreHigh = keepSelection ? high : cursor
            let room = limit - (offsets[centreHigh] - offsets[centreLow])
            let before = min(room / 2 + max(0, room / 2 - (total - offsets[centreHigh])), offsets[centreLow])
            first = Self.firstCharacter(from: offsets[centreLow] - before, offsets: offsets)
            let budget = limit - (offsets[centreHigh] - offsets[first])
            end = Self.endCharacter(upTo: offsets[centreHigh] + budget, offsets: offsets)
        }
        let base = offsets[first]
        // A NUL would end the text on the wire early: it goes as a space (one byte, the offsets hold).
        text = String(characters[first..<end].map { $0 == "\0" ? " " : $0 })
        self.cursor = offsets[max(first, min(cursor, end))] - base
        self.anchor = offsets[max(first, min(anchor, end))] - base
    }

    /// The first character starting at or after `byte`.
    private static func firstCharacter(from byte: Int, offsets: [Int]) -> Int {
        var lower = 0, upper = offsets.count - 1
        while lower < upper {
            let middle = (lower + upper) / 2
            if offsets[middle] < byte { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    /// The end of the last whole character ending at or before `byte`.
    private static func endCharacter(upTo byte: Int, offsets: [Int]) -> Int {
        var lower = 0, upper = offsets.count - 1
        while lower < upper {
            let middle = (lower + upper + 1) / 2
            if offsets[middle] <= byte { lower = middle } else { upper = middle - 1 }
        }
        return lower
    }
}
