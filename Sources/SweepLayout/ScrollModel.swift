/// A vertical scroll position kept within its bounds, with a short eased
/// animation toward a target so wheel notches and key presses glide instead
/// of jumping. Time comes from the caller (frame callback times, in ms).
public struct ScrollModel: Hashable, Sendable {
    /// The offset shown now.
    public private(set) var offset: Double = 0
    /// Where an animation is heading (equal to `offset` at rest).
    public private(set) var target: Double = 0
    public private(set) var contentHeight: Double
    public private(set) var viewportHeight: Double

    /// How long a glide lasts.
    public static let animationDuration: Double = 140

    private var animationStart: Double = 0
    private var animationStartTime: Double?
    /// A running fling (kinetic scrolling after the fingers lifted).
    private var kinetic: KineticScroller?

    public init(contentHeight: Double, viewportHeight: Double) {
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
    }

    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    public var isAnimating: Bool { offset != target || kinetic != nil }
    public var isFlinging: Bool { kinetic != nil }

    /// Flings on at `velocity` px/ms (positive scrolls down) from `time`,
    /// slowing down by itself; too slow a velocity does nothing.
    public mutating func fling(velocity: Double, time: Double) {
        guard abs(velocity) > KineticScroller.minimumSpeed else { return }
        target = offset
        animationStartTime = nil
        kinetic = KineticScroller(offset: offset, velocity: velocity, time: time, bounds: 0...maxOffset)
    }

    /// Stops a fling where it is (a touch, a touchpad hold); true if one ran.
    @discardableResult
    public mutating func stopFling() -> Bool {
        defer { kinetic = nil }
        return kinetic != nil
    }

    /// Changes the sizes, keeping the offset in bounds.
    public mutating func resize(contentHeight: Double, viewportHeight: Double) {
        kinetic = nil
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        let clampedTarget = clamp(target), clampedOffset = clamp(offset)
        if clampedTarget != target || clampedOffset != offset {
            // Restart any glide from where it is now: easing on from the old
            // start could leave the new bounds or jump back toward that start.
            animationStart = clampedOffset
            animationStartTime = nil
        }
        target = clampedTarget
        offset = clampedOffset
        if !isAnimating { animationStartTime = nil }
    }

    /// The content's height changed with the data (the viewport did not):
    /// the offset stays in bounds, and a fling or glide goes on within them.
    public mutating func contentHeightChanged(to height: Double) {
        let flinging = kinetic
        resize(contentHeight: height, viewportHeight: viewportHeight)
        kinetic = flinging?.shifted(by: 0, bounds: 0...maxOffset)
    }

    /// The content moved by `delta` under the viewport (items inserted or
    /// deleted above what is shown): the offset, a glide and a fling move
    /// with it, so what is on screen stays and a fling goes on undisturbed.
    public mutating func shift(by delta: Double) {
        guard delta != 0 else { return }
        offset = clamp(offset + delta)
        target = clamp(target + delta)
        animationStart += delta
        kinetic = kinetic?.shifted(by: delta, bounds: 0...maxOffset)
    }

    /// Jumps to `newOffset` (clamped) at once, ending any animation.
    public mutating func jump(to newOffset: Double) {
        kinetic = nil
        offset = clamp(newOffset)
        target = offset
        animationStartTime = nil
    }

    /// Starts (or retargets) a glide to `newTarget` (clamped).
    /// The glide starts on the next `advance`, so its first frame moves.
    public mutating func glide(to newTarget: Double) {
        kinetic = nil
        target = clamp(newTarget)
        animationStart = offset
        animationStartTime = nil
    }

    /// Glides by `delta` from the current target, so quick notches add up.
    public mutating func glide(by delta: Double) {
        glide(to: target + delta)
    }

    /// Moves the animation to `time` (ms). Returns true while still animating.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        if let running = kinetic {
            offset = clamp(running.offset(at: time))
            target = offset
            if running.isFinished(at: time) { kinetic = nil }
            return isAnimating
        }
        guard isAnimating else { return false }
        guard let start = animationStartTime else {
            animationStartTime = time - 16  // one frame's worth of progress on the first frame
            return advance(to: time)
        }
        let progress = min(1, max(0, (time - start) / ScrollModel.animationDuration))
        let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)  // ease-out cubic
        offset = animationStart + (target - animationStart) * eased
        if progress >= 1 {
            offset = target
            animationStartTime = nil
        }
        return isAnimating
    }

    private func clamp(_ value: Double) -> Double {
        min(max(0, value), maxOffset)
    }
}
