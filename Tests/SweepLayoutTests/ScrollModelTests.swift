import SweepTestSupport
import Testing
@testable import SweepLayout

/// The scroll position stays in bounds whatever happens (jumps, glides,
/// resizes mid-glide), and a glide ends on its target on time.
@Suite struct ScrollModelTests {
    let duration = ScrollModel.animationDuration

    /// `advance` is mutating, which `#expect` cannot call directly.
    private func advance(_ model: inout ScrollModel, to time: Double) -> Bool {
        model.advance(to: time)
    }

    /// Advances in 16 ms frames from `start` until at rest, returning the offsets shown.
    private func run(_ model: inout ScrollModel, from start: Double, frames: Int = 100) -> [Double] {
        var offsets: [Double] = []
        for frame in 0..<frames {
            let moving = model.advance(to: start + Double(frame) * 16)
            offsets.append(model.offset)
            if !moving { break }
        }
        return offsets
    }

    /// Items arriving above what is shown move the content under a fling:
    /// the fling goes on at its speed, its offsets moved by the content's
    /// move, and a data change that only grows the content keeps it going.
    @Test func aFlingGoesOnThroughAShiftAndAContentChange() {
        var model = ScrollModel(contentHeight: 100_000, viewportHeight: 500)
        model.jump(to: 1000)
        model.fling(velocity: 2, time: 0)
        var unshifted = model
        _ = advance(&model, to: 100)
        _ = advance(&unshifted, to: 100)
        model.contentHeightChanged(to: 100_088)
        model.shift(by: 88)
        #expect(model.isFlinging, "the fling goes on")
        #expect(model.offset == unshifted.offset + 88)
        _ = advance(&model, to: 300)
        _ = advance(&unshifted, to: 300)
        #expect(abs(model.offset - (unshifted.offset + 88)) < 1e-9)
        // A glide's target moves too.
        var gliding = ScrollModel(contentHeight: 10_000, viewportHeight: 500)
        gliding.glide(to: 600)
        _ = advance(&gliding, to: 50)
        gliding.shift(by: 44)
        #expect(gliding.target == 644)
        _ = advance(&gliding, to: 500)
        #expect(gliding.offset == 644 && !gliding.isAnimating)
    }

    @Test func startsAtRestAtTheTop() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        #expect(model.offset == 0 && model.target == 0)
        #expect(model.maxOffset == 600)
        #expect(!model.isAnimating)
        #expect(!advance(&model, to: 0), "nothing to animate")
        #expect(model.offset == 0)
    }

    @Test func contentShorterThanTheViewportDoesNotScroll() {
        var model = ScrollModel(contentHeight: 100, viewportHeight: 400)
        #expect(model.maxOffset == 0)
        model.jump(to: 50)
        #expect(model.offset == 0)
        model.glide(by: 50)
        #expect(model.target == 0 && !model.isAnimating)
    }

    @Test func jumpsAreClamped() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.jump(to: 5000)
        #expect(model.offset == 600 && model.target == 600)
        model.jump(to: -3)
        #expect(model.offset == 0 && model.target == 0)
        model.jump(to: 123.5)
        #expect(model.offset == 123.5 && !model.isAnimating)
    }

    @Test func glideTargetsAreClamped() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.glide(to: 10_000)
        #expect(model.target == 600)
        model.glide(to: -10)
        #expect(model.target == 0)
    }

    @Test func aJumpEndsAGlide() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.glide(to: 300)
        model.advance(to: 0)
        model.jump(to: 50)
        #expect(model.offset == 50 && model.target == 50 && !model.isAnimating)
        #expect(!advance(&model, to: 16))
        #expect(model.offset == 50)
    }

    @Test func aGlideMovesOnItsFirstFrameAndReachesItsTargetAfterItsDuration() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        model.glide(to: 300)
        #expect(model.isAnimating && model.offset == 0)
        #expect(advance(&model, to: 1000))
        #expect(model.offset > 0 && model.offset < 300, "the first frame moves part of the way")
        // Eased out: the first 16 ms cover far more than their linear share of the way.
        #expect(model.offset > 2 * 300 * 16 / duration, "first frame at \(model.offset)")
        #expect(advance(&model, to: 1000 + duration / 2))
        #expect(model.offset > 150 && model.offset < 300, "more than half the way at half time")
        #expect(!advance(&model, to: 1000 + duration), "at rest after the duration")
        #expect(model.offset == 300 && model.target == 300 && !model.isAnimating)
        #expect(!advance(&model, to: 2000), "advance at rest returns false")
        #expect(model.offset == 300)
    }

    @Test func aGlideIsMonotonicAndNeverOvershoots() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.jump(to: 5000)
        model.glide(to: 1000)
        let offsets = run(&model, from: 0)
        #expect(offsets.last == 1000)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(offsets.allSatisfy { $0 >= 1000 && $0 <= 5000 })
        #expect(Double(offsets.count) <= duration / 16 + 1, "it ends on time, \(offsets.count) frames")
    }

    @Test func quickNotchesAccumulateFromTheTarget() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.glide(by: 132)
        model.advance(to: 0)
        // Mid-glide the offset lags behind; the next notch adds to where we are going.
        #expect(model.offset < 132)
        model.glide(by: 132)
        #expect(model.target == 264)
        model.glide(by: -32)
        #expect(model.target == 232)
        _ = run(&model, from: 16)
        #expect(model.offset == 232)
    }

    @Test func notchesPastTheEndStopAtTheEnd() {
        var model = ScrollModel(contentHeight: 1000, viewportHeight: 400)
        for _ in 0..<10 { model.glide(by: 132) }
        #expect(model.target == 600)
        model.glide(by: -132)
        #expect(model.target == 468, "going back starts from the clamped target")
    }

    @Test func retargetingContinuesFromTheCurrentOffset() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.glide(to: 1000)
        model.advance(to: 0)
        model.advance(to: 48)
        let shown = model.offset
        model.glide(to: 0)
        model.advance(to: 64)
        #expect(model.offset < shown && model.offset > 0, "no jump back to the old start")
    }

    @Test func shrinkingTheContentClampsTheOffset() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.jump(to: 9000)
        model.resize(contentHeight: 1000, viewportHeight: 400)
        #expect(model.offset == 600 && model.target == 600)
        #expect(!model.isAnimating)
        model.resize(contentHeight: 1000, viewportHeight: 900)
        #expect(model.offset == 100)
        model.resize(contentHeight: 5000, viewportHeight: 900)
        #expect(model.offset == 100, "growing keeps the offset")
    }

    @Test func aResizeMidGlideClampsTheTargetAndTheGlideEndsThere() {
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.glide(to: 5000)
        model.advance(to: 0)
        model.resize(contentHeight: 2000, viewportHeight: 400)
        #expect(model.target == 1600)
        let before = model.offset
        #expect(before > 0 && before <= 1600)
        let offsets = run(&model, from: 16)
        #expect(offsets.allSatisfy { $0 >= before && $0 <= 1600 }, "no jump back toward the start: \(before) then \(offsets)")
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(model.offset == 1600)
    }

    @Test func theOffsetStaysInBoundsWhenAResizeCutsAGlideShort() {
        // Gliding up from 1000 toward 0, the window grows so 600 is the new end:
        // every frame after that must stay within 0...600.
        var model = ScrollModel(contentHeight: 10_000, viewportHeight: 400)
        model.jump(to: 1000)
        model.glide(to: 0)
        model.advance(to: 0)
        model.resize(contentHeight: 10_000, viewportHeight: 9400)
        #expect(model.offset == 600)
        let offsets = run(&model, from: 1)
        #expect(offsets.allSatisfy { $0 >= 0 && $0 <= model.maxOffset }, "offsets \(offsets)")
        #expect(model.offset == 0)
    }

    @Test(arguments: 1...20)
    func randomUseNeverLeavesTheBounds(seed: Int) {
        var random = SplitMix64(seed: seed)
        var model = ScrollModel(contentHeight: 5000, viewportHeight: 500)
        var time = 0.0
        for step in 0..<400 {
            switch random.below(6) {
            case 0: model.glide(by: Double(random.below(2000)) - 1000)
            case 1: model.glide(to: Double(random.below(7000)) - 1000)
            case 2: model.jump(to: Double(random.below(7000)) - 1000)
            case 3: model.resize(contentHeight: Double(random.below(6000)), viewportHeight: Double(100 + random.below(900)))
            default:
                time += Double(1 + random.below(40))
                let moving = model.advance(to: time)
                #expect(moving == model.isAnimating)
            }
            #expect(model.offset >= 0 && model.offset <= model.maxOffset, "step \(step): offset \(model.offset)")
            #expect(model.target >= 0 && model.target <= model.maxOffset, "step \(step): target \(model.target)")
        }
        // Left alone, any glide ends on its target.
        _ = run(&model, from: time + 1)
        #expect(!model.isAnimating && model.offset == model.target)
    }

    @Test func aFlingMovesOnSlowsDownAndStopsWhenAskedOrByAGlide() {
        var model = ScrollModel(contentHeight: 100_000, viewportHeight: 500)
        model.fling(velocity: 2, time: 1000)
        #expect(model.isFlinging && model.isAnimating)
        model.advance(to: 1100)
        let first = model.offset
        model.advance(to: 1200)
        let second = model.offset - first
        #expect(first > 150 && first < 200, "about 2 px/ms, slowing: \(first)")
        #expect(second < first, "slower in the second 100 ms")
        let stopped = model.stopFling()
        #expect(stopped)
        model.advance(to: 1300)
        #expect(model.offset == first + second && !model.isAnimating)
        model.fling(velocity: 0.001, time: 2000)
        #expect(!model.isFlinging, "too slow to fling")
        model.fling(velocity: -2, time: 3000)
        model.glide(to: 10)
        #expect(!model.isFlinging, "a glide takes over")
    }
}
