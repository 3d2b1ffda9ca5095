import SweepGeometry
import SweepGraphics

/// Highlighted characters of a title (`ItemContent.titleHighlights`): UTF-8
/// byte ranges turned into runs of whole characters, and drawn as a
/// background behind them.
public enum TitleHighlights {
    /// The runs of whole characters (grapheme clusters) of `title` that
    /// `byteRanges` touch, in order and apart. Ranges are clamped to the
    /// title, may overlap and come in any order; one that splits a character
    /// takes the whole character. - Complexity: O(title + r log r).
    public static func characterRuns(of title: String, byteRanges: [Range<Int>]) -> [Range<String.Index>] {
        let ranges = merged(byteRanges, length: title.utf8.count)
        guard !ranges.isEmpty else { return [] }
        var runs: [Range<String.Index>] = []
        var next = 0
        var offset = 0
        var runStart: String.Index?
        var index = title.startIndex
        while index < title.endIndex, next < ranges.count || runStart != nil {
            let after = title.index(after: index)
            let end = offset + title.utf8.distance(from: index, to: after)
            while next < ranges.count, ranges[next].upperBound <= offset { next += 1 }
            let touched = next < ranges.count && ranges[next].lowerBound < end
            if touched, runStart == nil { runStart = index }
            if !touched, let start = runStart {
                runs.append(start..<index)
                runStart = nil
            }
            offset = end
            index = after
        }
        if let start = runStart { runs.append(start..<index) }
        return runs
    }

    /// The ranges inside `0..<length`, sorted, with overlapping and touching ones joined.
    private static func merged(_ ranges: [Range<Int>], length: Int) -> [Range<Int>] {
        var clamped: [Range<Int>] = []
        for range in ranges {
            let low = max(0, range.lowerBound), high = min(length, range.upperBound)
            if low < high { clamped.append(low..<high) }
        }
        guard clamped.count > 1 else { return clamped }
        clamped.sort { $0.lowerBound < $1.lowerBound }
        var result = [clamped[0]]
        for range in clamped.dropFirst() {
            if range.lowerBound <= result[result.count - 1].upperBound {
                let last = result.removeLast()
                result.append(last.lowerBound..<max(last.upperBound, range.upperBound))
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Fills `color` behind the highlighted characters of `title` as drawn
    /// at `origin` in `role`, cut at `maxWidth` as the text is. Widths come
    /// from measuring the text before each run, so left-to-right text lines
    /// up exactly.
    static func draw(_ ranges: [Range<Int>], of title: String, at origin: Point, role: FontRole, maxWidth: Double,
                     color: Color, canvas: Canvas) {
        guard !ranges.isEmpty else { return }
        let height = canvas.metrics(for: role).lineHeight
        for run in characterRuns(of: title, byteRanges: ranges) {
            let start = min(maxWidth, canvas.measureText(String(title[..<run.lowerBound]), role: role))
            let end = min(maxWidth, canvas.measureText(String(title[..<run.upperBound]), role: role))
            guard end > start else { continue }
            canvas.fillRoundedRect(Rect(x: origin.x + start - 1, y: origin.y, width: end - start + 2, height: height),
                                   radius: 3, color: color)
        }
    }
}
