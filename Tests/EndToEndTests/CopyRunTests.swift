import Foundation
import Testing

/// Ctrl+C with a million items selected: the titles are made only when
/// something pastes, a chunk at a time, so the window keeps answering.
@Suite(.serialized) struct CopyRunTests {
    @Test func copyingAMillionSelectedTitlesNeverFreezesTheWindow() throws {
        let directory = try TestDirectory("copy-million")
        defer { directory.remove() }
        let run = try playDemo("""
        {"op":"output","width":800,"height":600,"scale":1}
        {"op":"waitReady"}
        {"op":"pointer.move","x":300,"y":200}
        {"op":"key.down","key":"Control_L"}
        {"op":"key.tap","key":"a"}
        {"op":"key.tap","key":"c"}
        {"op":"key.up","key":"Control_L"}
        {"op":"pointer.axis","dy":15,"source":"wheel"}
        {"op":"wait","ms":200}
        {"op":"clipboard.save","file":"clip.txt","timeout":30000}
        """, label: "copy-million", directory: directory)
        #expect(run.status == 0, "\(run.diagnostics)")
        let copy = run.events("copy").first
        #expect(copy?["lines"] as? Int == 1_000_000, "\(run.diagnostics)")
        // The wheel right after Ctrl+C scrolls within a few frames, not after the titles are made.
        let copied = copy?["t"] as? Double ?? 0
        let scrolled = run.events("scroll").first?["t"] as? Double ?? .infinity
        #expect(scrolled - copied < 400, "copy at \(copied) ms, first scroll at \(scrolled) ms")
        let text = try Data(contentsOf: URL(fileURLWithPath: "\(directory.path)/clip.txt"))
        #expect(text.filter { $0 == 0x0A }.count == 1_000_000)
        #expect(text.starts(with: Data("Amber Ridge 1\nBrisk Ridge 2\n".utf8)))
        // Numbers are grouped in titles as everywhere else.
        #expect(text.suffix(30).split(separator: 0x0A).last.map { String(decoding: $0, as: UTF8.self) }?.hasSuffix(" 1,000,000") == true)
    }
}
