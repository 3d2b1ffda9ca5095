import SweepGeometry
import SweepGraphics

/// What a `Window` shows and asks about. All sizes are logical pixels.
public protocol WindowContent: AnyObject {
    /// The window has a new size (before the frame that shows it is drawn).
    func windowDidResize(to size: Size)
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
