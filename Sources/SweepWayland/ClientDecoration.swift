import CWaylandClient
import CWaylandProtocols
import SweepGeometry
import SweepPixman
import SweepPresentation

/// Sweep's own title bar and frame, for a toplevel whose compositor draws
/// none (GNOME, weston): drawn in the app's colours (`style`), so it follows
/// a dark theme, at the window's scale. Four subsurfaces around the content
/// surface (the title bar with the shadow above it, and the shadows left,
/// right and below, which are also the resize handles) leave the content's
/// buffers, damage and input coordinates as they are. They are synchronized:
/// a frame drawn for a new size shows in the same commit as the content.
/// Geometry is `DecorationLayout`'s; input becomes xdg_toplevel requests
/// (move, resize, maximize, minimize, the window menu) or the window's close.
final class ClientDecoration {
    private unowned let window: Window
    /// Kept apart from `window`: the frame goes while its window deinitializes.
    private let connection: Connection
    private let toplevel: OpaquePointer
    private var parts: [DecorationPart] = []
    private(set) var layout: DecorationLayout
    var style = DecorationStyle.light { didSet { if style != oldValue { setNeedsDraw() } } }
    var title: String { didSet { if title != oldValue { setNeedsDraw() } } }
    private var needsDraw = true
    private var drawnScale: SurfaceScale?
    private var appliedGeometry: Rect?
    /// The button under the pointer, and the one a press holds until release.
    private var hovered: TitleBarButton?
    private var pressed: TitleBarButton?
    /// The touch that went down on a button, and that button.
    private var touchOnButton: (id: Int32, button: TitleBarButton)?
    /// The latest press on the bar itself: a second one soon after, near it, maximizes.
    private var lastBarPress: (time: UInt32, point: Point)?
    static let doubleClickMilliseconds: UInt32 = 400
    static let doubleClickDistance = 6.0

    init?(window: Window, toplevel: OpaquePointer, title: String, contentSize: Size) {
        let connection = window.connection
        guard let compositor = connection.compositor, let subcompositor = connection.subcompositor, let shm = connection.shm else {
            return nil
        }
        self.window = window
        self.connection = connection
        self.toplevel = toplevel
        self.title = title
        layout = DecorationLayout(contentSize: contentSize)
        for _ in 0..<4 {
            guard let part = DecorationPart(compositor: compositor, subcompositor: subcompositor, shm: shm,
                                            parent: window.surface, viewporter: connection.viewporter) else { return nil }
            part.chain.onRelease = { [weak self] in self?.bufferReleased() }
            parts.append(part)
            connection.decorationsBySurface[part.surface] = WeakDecoration(self)
        }
    }

    deinit {
        for part in parts {
            connection.decorationsBySurface[part.surface] = nil
            for seat in connection.seats.values { seat.forget(part.surface) }
        }
    }

    /// The compositor's configure: the content's new size and the states.
    func configure(contentSize: Size, state: ToplevelState) {
        let new = DecorationLayout(contentSize: contentSize, state: state, buttons: layout.buttons)
        if new != layout {
            layout = new
            needsDraw = true
        }
    }

    /// xdg_toplevel.wm_capabilities: only the buttons the compositor can act on.
    func setCapabilities(maximize: Bool, minimize: Bool) {
        var buttons: [TitleBarButton] = [.close]
        if maximize { buttons.append(.maximize) }
        if minimize { buttons.append(.minimize) }
        guard buttons != layout.buttons else { return }
        layout.buttons = buttons
        setNeedsDraw()
    }

    /// The height a configure's window size includes above the content.
    var titleHeight: Double { layout.titleHeight }

    private func setNeedsDraw() {
        needsDraw = true
        window.setNeedsFrame()
    }

    private func bufferReleased() {
        if needsDraw { window.setNeedsFrame() }
    }

    // MARK: - Drawing

    /// Draws and commits the parts when something changed, before the
    /// content surface's commit that shows them; sets the window geometry.
    func prepareCommit(scale: SurfaceScale, fonts: FontSet) {
        let geometry = layout.geometry
        if geometry != appliedGeometry, let xdgSurface = window.xdgSurface {
            xdg_surface_set_window_geometry(xdgSurface, Int32(geometry.minX), Int32(geometry.minY),
                                            Int32(geometry.width), Int32(geometry.height))
            appliedGeometry = geometry
        }
        guard needsDraw || scale != drawnScale else { return }
        var drewAll = true
        for (part, rect) in zip(parts, layout.parts) {
            guard !rect.isEmpty else {
                part.hide()
                continue
            }
            do {
                let drawn = try part.show(rect: rect, scale: scale, fonts: fonts) { canvas in
                    DecorationPainter(layout: layout, style: style, title: title, hovered: hovered, pressed: pressed)
                        .draw(in: canvas, offset: rect.origin)
                }
                drewAll = drewAll && drawn
            } catch {
                connection.loop.fail(WaylandError.sharedMemory("\(error)"))
                return
            }
        }
        // A part whose buffers are all held is drawn when one comes back.
        needsDraw = !drewAll
        drawnScale = scale
    }

    // MARK: - Input

    private func contentPoint(_ local: Point, on surface: OpaquePointer) -> Point? {
        guard let index = parts.firstIndex(where: { $0.surface == surface }) else { return nil }
        let origin = layout.parts[index].origin
        return Point(x: local.x + origin.x, y: local.y + origin.y)
    }

    /// The pointer moved over (or entered) a part: hover, and the cursor it asks for.
    func pointerMoved(to local: Point, on surface: OpaquePointer) -> CursorShape {
        let hit = contentPoint(local, on: surface).flatMap(layout.hit)
        let button: TitleBarButton? = if case .button(let b) = hit { b } else { nil }
        if button != hovered {
            hovered = button
            setNeedsDraw()
        }
        if case .resize(let edge) = hit { return edge.cursor }
        return .default
    }

    func pointerLeft() {
        if hovered != nil || pressed != nil {
            hovered = nil
            pressed = nil
            setNeedsDraw()
        }
    }

    func pointerButton(_ button: UInt32, pressed isPressed: Bool, at local: Point, on surface: OpaquePointer,
                       seat: Seat, serial: UInt32, time: UInt32) {
        guard let point = contentPoint(local, on: surface), let hit = layout.hit(point) else { return }
        switch (button, isPressed) {
        case (Self.leftButton, true):
            switch hit {
            case .button(let b):
                pressed = b
                setNeedsDraw()
            case .titleBar:
                if let last = lastBarPress, time &- last.time < Self.doubleClickMilliseconds,
                   abs(point.x - last.point.x) < Self.doubleClickDistance, abs(point.y - last.point.y) < Self.doubleClickDistance {
                    lastBarPress = nil
                    toggleMaximized()
                } else {
                    lastBarPress = (time, point)
                    xdg_toplevel_move(toplevel, seat.proxy, serial)
                    requested(.move)
                }
            case .resize(let edge):
                xdg_toplevel_resize(toplevel, seat.proxy, serial, edge.rawValue)
                requested(.resize)
            }
        case (Self.leftButton, false):
            if let held = pressed {
                pressed = nil
                setNeedsDraw()
                if hit == .button(held) { perform(held) }
            }
        case (Self.rightButton, true):
            if hit == .titleBar || hit == .button(.close) || hit == .button(.maximize) || hit == .button(.minimize) {
                let origin = layout.contentOriginInGeometry
                xdg_toplevel_show_window_menu(toplevel, seat.proxy, serial, Int32(point.x + origin.x), Int32(point.y + origin.y))
                requested(.windowMenu)
            }
        default:
            break
        }
    }

    /// A finger on a part: the bar moves the window, a button acts when the finger lifts.
    func touchDown(id: Int32, at local: Point, on surface: OpaquePointer, seat: Seat, serial: UInt32) {
        guard let point = contentPoint(local, on: surface), let hit = layout.hit(point) else { return }
        switch hit {
        case .button(let b):
            touchOnButton = (id, b)
            pressed = b
            setNeedsDraw()
        case .titleBar:
            xdg_toplevel_move(toplevel, seat.proxy, serial)
            requested(.move)
        case .resize(let edge):
            xdg_toplevel_resize(toplevel, seat.proxy, serial, edge.rawValue)
            requested(.resize)
        }
    }

    func touchUp(id: Int32) {
        guard let touch = touchOnButton, touch.id == id else { return }
        touchOnButton = nil
        pressed = nil
        setNeedsDraw()
        perform(touch.button)
    }

    private func perform(_ button: TitleBarButton) {
        switch button {
        case .close: window.close()
        case .maximize: toggleMaximized()
        case .minimize:
            xdg_toplevel_set_minimized(toplevel)
            requested(.minimize)
        }
    }

    private func toggleMaximized() {
        guard layout.buttons.contains(.maximize) else { return }
        if layout.state.contains(.maximized) {
            xdg_toplevel_unset_maximized(toplevel)
            requested(.unmaximize)
        } else {
            xdg_toplevel_set_maximized(toplevel)
            requested(.maximize)
        }
    }

    /// Sends the request now, then tells the window's app.
    private func requested(_ request: TitleBarRequest) {
        _ = wl_display_flush(window.connection.display)
        window.onTitleBarRequest?(request)
    }

    static let leftButton: UInt32 = 0x110
    static let rightButton: UInt32 = 0x111
}

/// A weak reference to a frame, for the connection's surface lookup.
final class WeakDecoration {
    weak var value: ClientDecoration?
    init(_ value: ClientDecoration) { self.value = value }
}
