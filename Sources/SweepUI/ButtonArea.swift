import SweepGeometry
import SweepGestures

/// A gesture view that turns taps and clicks into calls with the window
/// point: toolbar buttons, tab bars, banners, back buttons.
@MainActor
public final class ButtonArea {
    public let view: GestureView
    private let tap = TapGestureRecognizer(name: "button tap")
    private let click = ClickGestureRecognizer(name: "button click")

    /// What a tap or click does, with its window point.
    public var action: (Point) -> Void

    public init(name: String, frame: Rect = .zero, action: @escaping (Point) -> Void = { _ in }) {
        view = GestureView(name: name, frame: frame)
        self.action = action
        for recognizer: GestureRecognizer in [tap, click] {
            view.addRecognizer(recognizer)
            recognizer.onStateChange = { [unowned self] r in
                guard r.state == .recognized || r.state == .ended else { return }
                self.action(Point(x: r.location.x + view.frame.minX, y: r.location.y + view.frame.minY))
            }
        }
    }
}
