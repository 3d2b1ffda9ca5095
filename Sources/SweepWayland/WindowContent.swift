import SweepGeometry
import SweepGraphics

/// What a `Window` shows and asks about. All sizes are logical pixels.
/// Size and scale changes are heard through the window's observers
/// (`addSizeObserver`, `addScaleObserver`).
public protocol WindowContent: AnyObject {
    /// Draw everything inside `damage` (window coordinates); pixels outside it
    /// are already right.
    func draw(in canvas: Canvas, damage: Region)
    /// Whether an animation wants another frame.
    var isAnimating: Bool { get }
    /// Advance animations to `time` (monotonic ms) and return what they damaged.
    func advanceAnimations(to time: Double) -> Region
    /// The person asked to close the window (title bar button, compositor).
    func windowShouldClose()
}
