import Benchmark
import SweepPixman
import SweepUI

/// A text view over a megabyte of text: opening it (the paragraphs split,
/// the first screen measured and drawn, 800 × 600 at scale 1) and one
/// scroll step of 40 px drawn, for text in lines of about 80 characters
/// and for one paragraph of a megabyte with no newline (a minified file).
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2,
                                                scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 50)
    for shape in TextShape.allCases {
        Benchmark("text-view-open-1MB-\(shape.rawValue)", configuration: configuration) { benchmark async in
            let handle = UncheckedBenchmark(benchmark)
            await MainActor.run {
                let text = shape.text
                let canvas = makeCanvas()
                handle.benchmark.startMeasurement()
                for _ in handle.benchmark.scaledIterations {
                    let view = TextView(text: StyledText(text))
                    view.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
                    view.draw(in: canvas, damage: Region(Rect(x: 0, y: 0, width: 800, height: 600)))
                    blackHole(view.contentOffset)
                }
                handle.benchmark.stopMeasurement()
            }
        }

        Benchmark("text-view-scroll-step-1MB-\(shape.rawValue)", configuration: configuration) { benchmark async in
            let handle = UncheckedBenchmark(benchmark)
            await MainActor.run {
                let canvas = makeCanvas()
                let view = TextView(text: StyledText(shape.text))
                let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
                view.setFrame(bounds)
                view.draw(in: canvas, damage: Region(bounds))
                handle.benchmark.startMeasurement()
                for _ in handle.benchmark.scaledIterations {
                    view.scroll(to: view.contentOffset + 40)
                    view.draw(in: canvas, damage: Region(bounds))
                }
                handle.benchmark.stopMeasurement()
            }
        }
    }
}

enum TextShape: String, CaseIterable {
    case lines
    case oneParagraph = "one-paragraph"

    /// A megabyte of words: in lines of about 80 characters, or in one paragraph.
    var text: String {
        let words = ["selection", "band", "sweep", "wayland", "pointer", "touch", "gesture", "item", "list", "grid"]
        var text = ""
        text.reserveCapacity(1 << 20)
        var line = 0, index = 0
        while text.utf8.count < 1 << 20 {
            let word = words[index % words.count]
            index += 1
            text += word
            line += word.count + 1
            if self == .lines && line > 80 {
                text += "\n"
                line = 0
            } else {
                text += " "
            }
        }
        return text
    }
}

@MainActor
func makeCanvas() -> PixmanCanvas {
    guard let image = PixmanImage(width: 800, height: 600), let fonts = try? FontSet(scale: 1) else {
        fatalError("no canvas: fonts or pixman missing")
    }
    return PixmanCanvas(image: image, scale: 1, fonts: fonts)
}

/// The benchmark, handed to the main actor that alone uses it while it runs.
struct UncheckedBenchmark: @unchecked Sendable {
    let benchmark: Benchmark
    init(_ benchmark: Benchmark) { self.benchmark = benchmark }
}
