import SweepGeometry
import SweepGestures
import SweepGraphics
import SweepInput

/// One page of the demo (the list, the grid, Trails, Packing list, Filters,
/// Canvas): it draws itself in its frame, owns the gesture views that take
/// its input, and answers the input the app routes to it directly
/// (scrolling, hover, keys).
protocol Page: AnyObject {
    /// The page's name in the event log and on the command line.
    var name: String { get }
    var frame: Rect { get }
    func setFrame(_ frame: Rect)
    /// Hidden pages get no input.
    var isVisible: Bool { get set }
    func draw(in canvas: Canvas, damage: Region)
    var isAnimating: Bool { get }
    func advanceAnimations(to time: Double) -> Region
    /// The pointer moved over the page (nil: it left); returns damage.
    func hover(at point: Point?) -> Region
    /// Wheel and touchpad scrolling with the pointer over the page.
    func handleScroll(_ frame: PointerFrame)
    /// A key while the page has the keyboard; false when it is not the page's.
    func handleKey(_ key: KeyEvent) -> Bool
    /// A first touch landed on the page, or a touchpad hold began over it.
    func touchesBegan()
    /// The text Ctrl+C copies: the selected items' titles, one a line (nil: nothing selected).
    var selectedText: String? { get }
    /// Once a frame has been committed: log what changed.
    func didCommitFrame()
}

extension Page {
    func hover(at point: Point?) -> Region { Region() }
    func handleScroll(_ frame: PointerFrame) {}
    func handleKey(_ key: KeyEvent) -> Bool { false }
    func touchesBegan() {}
    var selectedText: String? { nil }
    func didCommitFrame() {}
    var isAnimating: Bool { false }
    func advanceAnimations(to time: Double) -> Region { Region() }
}

/// A gesture view that turns taps and clicks into calls with the window point
/// (toolbar buttons, the tab bar, back buttons).
final class ButtonArea {
    let view: GestureView
    private let tap = TapGestureRecognizer(name: "button tap")
    private let click = ClickGestureRecognizer(name: "button click")

    /// What a tap or click does, with its window point.
    var action: (Point) -> Void

    init(name: String, frame: Rect = .zero, action: @escaping (Point) -> Void = { _ in }) {
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
