import SweepGeometry
import SweepGestures
import SweepGraphics
import SweepInput
internal import SweepWayland

/// A part of a window's content that draws itself in its frame and takes
/// input: a `CollectionView`, a `CollectionViewController`, or an app's own page.
///
/// The window (`AppWindow`) routes input to the visible components of its
/// content (its `children`, or the content itself): touches, touchpad
/// gestures and the pointer button through the gesture arena, to the
/// `GestureView`s the components registered when attached; hover and
/// scrolling to the component under the pointer; keys to the one last
/// pressed or touched.
@MainActor
public protocol Component: AnyObject {
    var frame: Rect { get }
    func setFrame(_ frame: Rect)
    /// Hidden components get no input and are not drawn.
    var isVisible: Bool { get set }
    /// Puts the component in a window: it registers its gesture views with
    /// the host's arena and keeps the host for damage, timers and the clock.
    /// Called once; calling it again with the same host does nothing.
    func attach(to host: ComponentHost)
    /// Draws what lies inside `damage` (window coordinates).
    func draw(in canvas: Canvas, damage: Region)
    var isAnimating: Bool { get }
    /// Advances animations to `time` (the host's clock, ms) and returns the damage.
    func advanceAnimations(to time: Double) -> Region
    /// The pointer moved over the component (nil: it left); returns damage.
    func hover(at point: Point?) -> Region
    /// Wheel and touchpad scrolling with the pointer over the component.
    func handleScroll(_ frame: PointerFrame)
    /// The right button was pressed at a window point over the component.
    func handleSecondaryClick(at point: Point)
    /// The cursor at a window point over the component: `.pointer` over
    /// buttons, `.text` over text fields, `.default` elsewhere.
    func cursorShape(at point: Point) -> CursorShape
    /// A key while the component has the keyboard; false when it is not its.
    func handleKey(_ key: KeyEvent) -> Bool
    /// A first touch landed on the component, or a touchpad hold began over it.
    func touchesBegan()
    /// What Ctrl+C copies (the selected items' titles, one a line), nil for nothing.
    var copiedText: String? { get }
    /// The same, made only when something pastes (a million titles cost
    /// nothing at Ctrl+C). By default, `copiedText`.
    var clipboardContent: ClipboardContent? { get }
    /// A frame was committed: report what changed once a frame (the scroll offset).
    func didCommitFrame()
    /// The components the window routes hover, scrolling and keys to, in
    /// place of this one (a container's pages); empty for a leaf.
    var children: [Component] { get }
    /// Whether the component takes the keyboard focus: Tab and Shift+Tab
    /// move through the window's focusable components in `children` order,
    /// and a click or touch on one focuses it. By default, false.
    var acceptsFocus: Bool { get }
    /// The window gave (true) or took away (false) the keyboard focus:
    /// show or hide the focus ring, the text cursor.
    func focusDidChange(_ isFocused: Bool)
    /// The component inside this one that shows the keyboard focus while
    /// this one has it (a page's list; nil on a page that shows none), nil
    /// when this one shows it itself. The window tells it, and the ones it
    /// names in turn, when the focus comes and goes, following it as it
    /// changes (a page pushed over the list); a screen reader's focus is
    /// its `accessibleFocus`. By default, nil.
    var focusedDescendant: Component? { get }
    /// Tab (`backward` false) or Shift+Tab moved the keyboard focus to this
    /// component, after `focusDidChange(true)`: a component with several
    /// controls puts it on its first (its last) one. By default, nothing.
    func focusArrivedByTab(backward: Bool)
    /// The window now draws at `scale` (it moved to another output, or the
    /// output's scale changed); told to every component in the window, its
    /// children's children too. By default, nothing.
    func windowScaleDidChange(to scale: Double)
    /// A drag is over the component at a window point (at each motion):
    /// what a drop there would take, or nil to refuse it. By default, nil.
    func dropProposal(for drop: DropSession, at point: Point) -> DropProposal?
    /// The drag left the component or ended: hide where it would have landed.
    func dropExited()
    /// The person dropped at a window point after a proposal: read `drop`
    /// (it finishes when read) or refuse it. By default, refused.
    func performDrop(_ drop: DropSession, at point: Point)
    /// What an assistive technology (a screen reader) sees of the
    /// component, a child of the window's frame; nil: nothing. By default, nil.
    var accessibleObject: AccessibleObject? { get }
    /// Objects a screen reader sees beside the component's own, after it in
    /// its parent (a list's scroll bar: a list's children are its items).
    /// By default, none.
    var accessibleCompanions: [AccessibleObject] { get }
    /// The object a screen reader is on while the component has the keyboard
    /// focus (a list's focused item), announced again when the focus comes
    /// back from a menu. By default, the focused descendant's, else `accessibleObject`.
    var accessibleFocus: AccessibleObject? { get }
    /// How big the component asks to be (containers share their space by
    /// it). By default `.none`: it takes what it is given.
    var sizeNeeds: SizeNeeds { get }
    /// Its natural height at `width` (GTK's height-for-width: a picture
    /// keeping its shape, wrapped text); vertical stacks and scroll views
    /// ask it. By default, `sizeNeeds`' natural height.
    func naturalHeight(forWidth width: Double) -> Double
    /// The theme that reaches the component from above: its window's
    /// (`AppWindow.theme`), or the `themeOverride` of the nearest container
    /// over it. Told when the component's window gets its content and at
    /// every change; the component draws with it unless it has an override
    /// of its own. By default, nothing (an app's component that draws with
    /// fixed colours).
    func inheritedThemeDidChange(to theme: Theme)
    /// The component's own theme, in place of the inherited one, for it and
    /// everything inside it; nil follows the window. By default, nil.
    var themeOverride: Theme? { get }
    /// Where the component's children can be seen and hit, in window
    /// coordinates (a scroll view's viewport): the window hit-tests them,
    /// and their gesture views take input, only inside it. Nil: their
    /// frames alone. By default, nil.
    var childClip: Rect? { get }
    /// Whether wheel and touchpad scrolling over the component is its own
    /// (a list, a text view); the window gives scrolling over a component
    /// that does not scroll to the nearest container above it that does (a
    /// scroll view), else to the component. By default, false.
    var scrollsItself: Bool { get }
    /// Brings `rect` (window coordinates: a descendant the keyboard focus
    /// moved to) into view, as a scroll view does; told to each container
    /// above the focused component, nearest first. By default, nothing.
    func reveal(_ rect: Rect)
}

extension Component {
    public func hover(at point: Point?) -> Region { Region() }
    public func handleScroll(_ frame: PointerFrame) {}
    public func handleKey(_ key: KeyEvent) -> Bool { false }
    public func handleSecondaryClick(at point: Point) {}
    public func cursorShape(at point: Point) -> CursorShape { .default }
    public func touchesBegan() {}
    public var copiedText: String? { nil }
    public var clipboardContent: ClipboardContent? { copiedText.map { .text($0) } }
    public func didCommitFrame() {}
    public var isAnimating: Bool { false }
    public func advanceAnimations(to time: Double) -> Region { Region() }
    public var children: [Component] { [] }
    public var acceptsFocus: Bool { false }
    public func focusDidChange(_ isFocused: Bool) {}
    public var focusedDescendant: Component? { nil }
    public func focusArrivedByTab(backward: Bool) {}
    public func windowScaleDidChange(to scale: Double) {}
    public func dropProposal(for drop: DropSession, at point: Point) -> DropProposal? { nil }
    public func dropExited() {}
    public func performDrop(_ drop: DropSession, at point: Point) { drop.refuse() }
    public var accessibleObject: AccessibleObject? { nil }
    public var accessibleCompanions: [AccessibleObject] { [] }
    public var accessibleFocus: AccessibleObject? { focusedDescendant?.accessibleFocus ?? accessibleObject }
    public var sizeNeeds: SizeNeeds { .none }
    public func naturalHeight(forWidth width: Double) -> Double { sizeNeeds.natural.height }
    public func inheritedThemeDidChange(to theme: Theme) {}
    public var themeOverride: Theme? { nil }
    public var childClip: Rect? { nil }
    public var scrollsItself: Bool { false }
    public func reveal(_ rect: Rect) {}
}

extension Component {
    /// What a screen reader sees of the component in its parent: its own
    /// object and its companions, or, for a container without an object (a
    /// stack), its visible children's, in tree order.
    func accessibleObjectsInTree(depth: Int = 0) -> [AccessibleObject] {
        if let object = accessibleObject { return [object] + accessibleCompanions }
        guard depth < 32 else { return [] }
        return children.filter { $0 !== self && $0.isVisible }.flatMap { $0.accessibleObjectsInTree(depth: depth + 1) }
    }
}

/// What a component gets from the window it is in.
@MainActor
public protocol ComponentHost: AnyObject {
    /// Marks `region` (window coordinates) for repainting at the next frame.
    func invalidate(_ region: Region)
    /// Scrolling: the pixels of `area` (window coordinates) move by `dy`
    /// (positive: down) at the next frame, except `covered` (drawn over the
    /// area, not moving with it). A window copies them from the frame before
    /// and repaints the rest (`Window.moveContent`); by default the area is
    /// repainted.
    func moveContent(in area: Rect, by dy: Double, covered: [Rect])
    /// Asks for a frame with nothing damaged yet: an animation (a glide)
    /// starts, and its frames will say what they damage.
    func setNeedsFrame()
    /// A component's size needs changed (a child shown or hidden, a picture
    /// arrived): the window lays its content out again, so containers
    /// above it (a scroll view's content height) follow. By default, nothing.
    func setNeedsLayout()
    /// Runs `body` once after `milliseconds` on the window's event loop.
    @discardableResult
    func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken
    func cancel(_ timer: TimerToken)
    /// Monotonic milliseconds: the clock of animations and flings.
    var now: Double { get }
    /// The output scale the window draws at (1, 1.5, 2…); components hear
    /// of changes through `windowScaleDidChange(to:)`. 1 unless said.
    var scale: Double { get }
    /// The arena that delivers touches, touchpad gestures and the pointer button.
    var gestureArena: GestureArena { get }
    /// The font family the window draws text in (its theme's; nil: the
    /// default): what components measure text with. Nil unless said.
    var fontFamily: String? { get }
    /// Whether the window is a phone's (compact) or wider: controls on a
    /// compact window are touch sized. Read while laying out (the window
    /// lays its content out again when it changes). Regular unless said.
    var horizontalSizeClass: SizeClass { get }
    /// A component's committed selection changed (by input or by the app):
    /// the window makes its `clipboardContent` the primary selection when
    /// `ownsPrimarySelection` is true.
    func selectionDidChange(in component: Component)
    /// Gives `component` the keyboard focus (it must be one of the
    /// window's components and accept focus, or a focused descendant of
    /// one; otherwise nothing happens).
    func focus(_ component: Component)
    /// Whether `component` has the keyboard focus.
    func isFocused(_ component: Component) -> Bool
    /// Reads the clipboard's text (nil when there is none), later on the
    /// loop; the loop never waits for the other program.
    func paste(_ completion: @escaping (String?) -> Void)
    /// Puts `content` on the clipboard (a text field's Ctrl+C and Ctrl+X).
    func copy(_ content: ClipboardContent)
    /// Reads the primary selection's text (nil when there is none), later
    /// on the loop: a middle click's paste into a text field.
    func pastePrimarySelection(_ completion: @escaping (String?) -> Void)
    /// Shows `menu` in a popup at a window point (see `AppWindow.showMenu`);
    /// false, with `dismissed` reported, when it cannot.
    @discardableResult
    func showMenu(_ menu: Menu, at point: Point, theme: Theme, trigger: MenuTrigger,
                  onEvent: @escaping (MenuEvent) -> Void) -> Bool
    /// Closes the open menu, if any.
    func dismissMenu()
    /// Shows a tooltip under `area` (see `AppWindow.showTooltip`), and takes it down.
    func showTooltip(_ text: String, under area: Rect, theme: Theme)
    func hideTooltip()
    /// Starts dragging `data` with an icon showing `title` and `count` (see
    /// `AppWindow.startDrag`); false when it cannot.
    @discardableResult
    func startDrag(_ data: DragData, title: String, count: Int, theme: Theme, preview: DragPreview?,
                   onEvent: @escaping (DragEvent) -> Void) -> Bool
}

extension ComponentHost {
    public var scale: Double { 1 }
    public var fontFamily: String? { nil }
    public var horizontalSizeClass: SizeClass { .regular }
    public func selectionDidChange(in component: Component) {}
    public func focus(_ component: Component) {}
    public func isFocused(_ component: Component) -> Bool { false }
    public func paste(_ completion: @escaping (String?) -> Void) { completion(nil) }
    public func copy(_ content: ClipboardContent) {}
    public func pastePrimarySelection(_ completion: @escaping (String?) -> Void) { completion(nil) }
    public func moveContent(in area: Rect, by dy: Double, covered: [Rect]) { invalidate(Region(area)) }
    public func setNeedsFrame() {}
    public func setNeedsLayout() {}
    @discardableResult
    public func showMenu(_ menu: Menu, at point: Point, theme: Theme, trigger: MenuTrigger,
                         onEvent: @escaping (MenuEvent) -> Void) -> Bool {
        onEvent(.dismissed)
        return false
    }
    public func dismissMenu() {}
    public func showTooltip(_ text: String, under area: Rect, theme: Theme) {}
    public func hideTooltip() {}
    @discardableResult
    public func startDrag(_ data: DragData, title: String, count: Int, theme: Theme, preview: DragPreview?,
                          onEvent: @escaping (DragEvent) -> Void) -> Bool { false }
}

/// Identifies a timer armed through a `ComponentHost`.
public struct TimerToken: Hashable, Sendable {
    public let value: UInt64
    public init(_ value: UInt64) { self.value = value }
}
