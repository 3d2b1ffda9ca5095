import Foundation
import SweepPNG
import Testing

/// Titles in Hebrew, Arabic and with emoji, as sweep-demo draws them from an
/// `--items` file under the scripted compositor: right to left and aligned
/// right, letters joined, emoji in colour. Each check fails on text drawn
/// glyph by glyph from left to right.
@Suite struct ScriptTitlesRunTests {
    let titles = [
        "Hello",                       // 0: a left-to-right reference
        "שלום עולם",                   // 1: Hebrew, right to left
        "سلام عليكم",                  // 2: Arabic, joined
        "س\u{200C}ل\u{200C}ا\u{200C}م \u{200C}ع\u{200C}ل\u{200C}ي\u{200C}ك\u{200C}م",  // 3: the same letters kept apart (ZWNJ)
        "Pack 😀 🎒",                  // 4: emoji
    ]

    /// The leftmost and rightmost dark columns of a list row's title line.
    private func inkColumns(_ shot: PNGImage, row: Int) -> ClosedRange<Int>? {
        let top = 44 + 44 * row + 8
        var first: Int?, last: Int?
        for x in 0..<shot.width where shot.darkPixelCount(x: x, y: top, width: 1, height: 22, threshold: 140) > 0 {
            if first == nil { first = x }
            last = x
        }
        guard let first, let last else { return nil }
        return first...last
    }

    @Test func hebrewArabicAndEmojiTitlesAreShapedOrderedAndColoured() throws {
        let directory = try TestDirectory("script-titles")
        defer { directory.remove() }
        let items = "\(directory.path)/titles.txt"
        try (titles.joined(separator: "\n") + "\n").write(toFile: items, atomically: true, encoding: .utf8)
        let run = try playDemo("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"wait","ms":300}
        {"op":"screenshot","file":"titles.png"}
        """, label: "script-titles", arguments: ["--items", items], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let shot = try run.shot("titles.png")
        let latin = try #require(inkColumns(shot, row: 0), "row 0 has no ink")
        let hebrew = try #require(inkColumns(shot, row: 1), "row 1 has no ink")
        let arabic = try #require(inkColumns(shot, row: 2), "row 2 has no ink")
        let apart = try #require(inkColumns(shot, row: 3), "row 3 has no ink")
        // Left-to-right text starts at the row's text inset; right-to-left text ends at the far side.
        #expect(latin.lowerBound < 60, "Hello at \(latin)")
        #expect(hebrew.lowerBound > 300 && hebrew.upperBound > 500, "Hebrew at \(hebrew): aligned right")
        #expect(arabic.lowerBound > 300 && abs(arabic.upperBound - hebrew.upperBound) < 6, "Arabic at \(arabic)")
        // Joined letters are narrower than the same letters kept apart.
        #expect(Double(arabic.count) < Double(apart.count) * 0.85, "joined \(arabic.count) px, apart \(apart.count) px")
        // Emoji keep their own colours: many saturated pixels in row 4, none in the black Latin row.
        let saturated = { (row: Int) -> Int in
            var count = 0
            for y in (44 + 44 * row + 6)..<(44 + 44 * row + 34) {
                for x in 0..<300 {
                    let rgb = shot.rgb(x: x, y: y)
                    let r = Int(rgb >> 16 & 0xff), g = Int(rgb >> 8 & 0xff), b = Int(rgb & 0xff)
                    if max(r, g, b) - min(r, g, b) > 80 { count += 1 }
                }
            }
            return count
        }
        #expect(saturated(4) > 60, "emoji row has \(saturated(4)) coloured pixels")
        #expect(saturated(0) < 5, "the Latin row has \(saturated(0)) coloured pixels")
    }

    /// Hostile lines for the shaping path: a 300 KB Hebrew line, invalid
    /// UTF-8 among Arabic, lone combining marks and direction controls, an
    /// empty line. The demo draws them (cut to the row) and exits cleanly.
    @Test func hostileRightToLeftLinesAreCutAndDrawnWithoutHanging() throws {
        let directory = try TestDirectory("script-titles-hostile")
        defer { directory.remove() }
        let items = "\(directory.path)/hostile.txt"
        var bytes = Array(String(repeating: "שלום ", count: 30_000).utf8) + [0x0A]       // row 0
        bytes += Array("سلام".utf8) + [0xFF, 0xFE, 0xC3] + Array("عليكم".utf8) + [0x0A]  // row 1
        bytes += Array("\u{05B8}\u{05B8}\u{202E}\u{2067}abc\u{202C}".utf8) + [0x0A]     // row 2
        bytes += [0x0A]                                                                  // row 3
        try Data(bytes).write(to: URL(fileURLWithPath: items))
        let started = Date()
        let run = try playDemo("""
        {"op":"output","width":600,"height":400,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.axis","dy":30,"source":"wheel"}
        {"op":"pointer.axis","dy":-30,"source":"wheel"}
        {"op":"wait","ms":200}
        {"op":"screenshot","file":"hostile.png"}
        """, label: "script-titles-hostile", arguments: ["--items", items], directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(Date().timeIntervalSince(started) < 20, "the run took \(Date().timeIntervalSince(started)) s")
        let shot = try run.shot("hostile.png")
        let long = try #require(inkColumns(shot, row: 0), "the long Hebrew row has no ink")
        #expect(long.upperBound > 500 && long.lowerBound < 100, "a full row of Hebrew, cut: \(long)")
        #expect(inkColumns(shot, row: 1) != nil, "the Arabic row with invalid bytes has no ink")
        #expect(inkColumns(shot, row: 2) != nil, "the row of marks and controls has no ink")
    }
}
