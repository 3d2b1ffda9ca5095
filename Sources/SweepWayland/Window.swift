import SweepLoop
import CWaylandClient
import Glibc
import CWaylandProtocols
import SweepGeometry
import SweepPixman
import SweepPresentation

/// A window: a `wl_surface` drawn with pixman into shm buffers, one frame
/// per frame callback and only where damaged. Its role is a toplevel
/// (`init(connection:title:appID:size:minimumSize:)`) or a wlr-layer-shell
/// surface (`init(connection:layer:)`, in `Window+Layer.swift`); buffers,
/// scale, frame pacing and input are the same for both.
///
/// Decorations: where the compositor offers xdg-decoration (sway, KDE,
/// Hyprland) the toplevel asks for server-side decorations
/// (`Window+Toplevel.swift`); elsewhere (GNOME, weston) it draws its own
/// title bar and frame in the app's colours (`ClientDecoration`).
public final class Window {
    public let connection: Connection
    public weak var content: WindowContent?
    let surface: OpaquePointer
    /// The toplevel's own title bar and frame, where the compositor draws none.
    var decoration: ClientDecoration?

    /// Where the surface's origin is in the window geometry: below the title
    /// bar of a toplevel that draws its own, (0, 0) for everything else.
    var surfaceOriginInWindowGeometry: Point {
        decoration?.layout.contentOriginInGeometry ?? .zero
    }

    /// The colours of the window's own title bar, where it draws one (apps
    /// set it from their theme; `SweepUI` does it for `AppWindow`s).
    public var decorationStyle: DecorationStyle {
        get { decoration?.style ?? .light }
        set { decoration?.style = newValue }
    }

    /// The font family the window's text is drawn in (a theme's); nil: the
    /// default (`FontSet.family`). Popups and drag icons take their parent's.
    public var fontFamily: String? {
        didSet { if fontFamily != oldValue { invalidateAll() } }
    }

    /// Whether the window draws its own title bar (the compositor draws none).
    public var drawsOwnDecorations: Bool { decoration != nil }
    /// What the surface is to the compositor: a toplevel, a popup, a layer
    /// surface, or none yet (SurfaceRole.swift); its objects go with it.
    var role = SurfaceRole.none
    private let chain: BufferChain
    private var pacer = FramePacer()
    /// Frame callbacks asked for and not yet done. Their listener's data is this
    /// window, unretained, so they go with it: a `done` already on its way when a
    /// window is closed (a menu dismissed while it redraws) would otherwise reach
    /// freed memory.
    private var frameCallbacks: [OpaquePointer] = []
    private var history = DamageHistory()
    private var pendingDamage = Region()
    /// The rectangles the last commit reported as damaged (buffer pixels, or
    /// surface pixels before wl_compositor 4): the next frame's are merged
    /// so the two together stay within a compositor's band limit.
    private var sentDamage: [Rect] = []
    /// Content that moved since the last frame (scrolling), copied from it.
    private var moves = ContentMoves()
    /// The last frame committed, and the scale it was drawn at: where moved content is copied from.
    private var previousFrame: (buffer: ShmBuffer, scale: Double)?
    /// Pixels copied by scrolling, in all frames so far (tests and benchmarks).
    public private(set) var copiedPixels = 0
    /// Device pixels copied from the last frame instead of drawn again
    /// (a buffer the last frames did not use brought up to date).
    public private(set) var copiedForwardPixels = 0
    private var drawScheduled = false
    /// Inside `draw()`: animations that note damage or moves there go into
    /// this frame, and must not schedule another one.
    private var isDrawing = false
    private var waitingForBuffer = false
    private var presentationObservers: [() -> Void] = []
    /// When the newest frame reported by `wp_presentation` was shown.
    public internal(set) var lastPresentation: PresentationTiming?
    /// Presentation feedback requests the compositor has not answered yet.
    var unansweredFeedback = 0
    /// Late latching: a frame is drawn a margin (ms) before the compositor's
    /// predicted next repaint instead of at once, so it takes in the input
    /// that arrives meanwhile. It needs presentation feedback to predict from,
    /// so it acts only where the compositor reports frames presented. The
    /// margin given is where it starts: it grows after a frame misses its
    /// repaint (`DrawMargin`). `Window.defaultLateLatchMargin` unless
    /// `SWEEP_LATE_LATCH_MS` says otherwise; nil (or 0 there) turns it off.
    /// docs/performance.md has what it measured.
    public var lateLatchMargin: Double? {
        get { lateLatcher?.minimumMargin }
        set { lateLatcher = newValue.flatMap { $0 > 0 ? DrawMargin(margin: $0) : nil } }
    }
    /// Late latching as it has learned so far; nil when off.
    public internal(set) var lateLatcher: DrawMargin? = Window.lateLatchMarginFromEnvironment.map(DrawMargin.init)
    /// The repaint (ns) the frame being drawn was delayed for, until it is committed.
    var latchedRepaint: UInt64?
    /// Committed frames, the repaint each was meant for and whether it was
    /// drawn late for it, until shown or discarded (`noteRepaintMeant`).
    var framesMeant: [(frame: Int, repaint: UInt64, late: Bool)] = []

    /// Size in logical pixels, as configured.
    public private(set) var size: Size
    /// The size the window returns to when neither maximized nor tiled; for
    /// a layer surface, the size it asked for.
    var floatingSize: Size

    // Scale
    private(set) var enteredOutputs: [OpaquePointer] = []
    private var fractionalScale: OpaquePointer?
    private var viewport: OpaquePointer?
    private var preferredFractionalScale: UInt32?
    /// The scale the outputs ask for, before `BufferLimit` caps it.
    private var wantedScale = SurfaceScale.integer(1)
    private var warnedAboutBufferLimit = false
    private var appliedBufferScale: Int32 = 1
    /// How buffers map to the surface for the next frame.
    public private(set) var surfaceScale = SurfaceScale.integer(1)
    /// Device pixels per logical pixel for the next frame.
    public var scale: Double { surfaceScale.factor }
    /// Who hears of scale and size changes (`addScaleObserver`,
    /// `addSizeObserver`): the one way to follow them.
    private let scaleObservers = ObserverList<Double>()
    private let sizeObservers = ObserverList<Size>()
    /// This window's observers on the connection, removed when it goes.
    private var connectionObservers: [ObserverToken] = []
    /// The number of frames committed so far.
    public private(set) var committedFrames = 0
    /// Called after each frame is committed, with the frame count.
    public var onCommit: ((Int) -> Void)?
    /// Called after the window's own title bar asked the compositor for
    /// something (a move, a resize, …), once the request has been sent: an app
    /// can log it, and a test waits on it before it moves the pointer on.
    public var onTitleBarRequest: ((TitleBarRequest) -> Void)?

    /// A toplevel titled `title`, with a content of `size` until the
    /// compositor configures another, decorated by the compositor or by itself.
    public convenience init(connection: Connection, title: String, appID: String, size: Size,
                            minimumSize: Size = Size(width: 320, height: 240)) throws {
        try self.init(connection: connection, size: size)
        try makeToplevel(title: title, appID: appID, minimumSize: minimumSize)
    }

    /// The surface, its scale and buffers: what both roles share. The role
    /// is given right after.
    init(connection: Connection, size: Size) throws {
        self.connection = connection
        self.size = size
        floatingSize = size
        chain = BufferChain(shm: connection.shm!)
        guard let surface = wl_compositor_create_surface(connection.compositor!) else {
            throw WaylandError.disconnected(errno: wl_display_get_error(connection.display))
        }
        self.surface = surface
        wl_surface_add_listener(surface, Window.surfaceListener, Unmanaged.passUnretained(self).toOpaque())

        if let manager = connection.fractionalScaleManager, let viewporter = connection.viewporter {
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            if let fractionalScale {
                wp_fractional_scale_v1_add_listener(fractionalScale, Window.fractionalScaleListener,
                                                    Unmanaged.passUnretained(self).toOpaque())
            }
        } else if connection.outputs.count == 1, let only = connection.outputs.values.first {
            // Until the surface enters an output, guess the only one's scale.
            surfaceScale = .integer(Int(only.scale))
            wantedScale = surfaceScale
        }
        chain.onRelease = { [weak self] in self?.bufferReleased() }
        connectionObservers = [
            connection.addOutputRemovedObserver { [weak self] output in self?.outputGone(output) },
            connection.addOutputChangeObserver { [weak self] _ in self?.updateScale() },
        ]
    }

    deinit {
        for token in connectionObservers { connection.removeObserver(token) }
        for seat in connection.seats.values { seat.forget(surface) }
        decoration = nil   // its subsurfaces go before the surface they hang from
        role = .none       // the role's objects go before the surface too
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        // A destroyed proxy's queued events are dropped, so no `done` finds this window gone.
        for callback in frameCallbacks { wl_callback_destroy(callback) }
        wl_surface_destroy(surface)
    }

    /// The toplevel's title; a layer surface has none ("", and setting it does nothing).
    public var title: String {
        get { if case .toplevel(let toplevel) = role { toplevel.title } else { "" } }
        set {
            guard case .toplevel(let toplevel) = role else { return }
            toplevel.title = newValue
            xdg_toplevel_set_title(toplevel.xdgToplevel, newValue)
            decoration?.title = newValue
        }
    }

    /// The `wl_surface` (a drag's origin or icon).
    public var surfaceProxy: OpaquePointer { surface }

    /// Whether `proxy` is this window's content surface.
    public func owns(surface proxy: OpaquePointer) -> Bool { proxy == surface }

    // MARK: - Drawing

    /// Marks `region` (window coordinates) for repainting on the next frame.
    public func invalidate(_ region: Region) {
        guard !region.isEmpty else { return }
        pendingDamage.formUnion(region)
        if !isDrawing { act(pacer.invalidate()) }
    }

    /// Scrolls the pixels of `area` (window coordinates) by `dy` (positive:
    /// down) in the next frame: they are copied from the frame before
    /// instead of drawn again, and the content is asked to draw only what
    /// the move uncovers, what is damaged, and `covered` (what is drawn over
    /// the area and stays put, a banner over a list, say). Damage noted
    /// before the move moves with it. Where the move cannot be copied (a
    /// fractional scale puts it between pixels, a new size, no frame yet)
    /// the area is drawn again instead.
    public func moveContent(in area: Rect, by dy: Double, covered: [Rect] = []) {
        let clipped = area.intersection(Rect(origin: .zero, size: size))
        guard !clipped.isEmpty, dy != 0 else { return }
        moves.add(area: clipped, dy: dy, covered: covered, damage: &pendingDamage)
        if !isDrawing { act(pacer.invalidate()) }
    }

    /// Asks for a frame with nothing damaged: an animation starts, and its
    /// `advanceAnimations` will say what it damages.
    public func setNeedsFrame() {
        if !isDrawing { act(pacer.invalidate()) }
    }

    /// Marks the whole window for repainting.
    public func invalidateAll() {
        invalidate(Region(Rect(origin: .zero, size: size)))
    }

    /// Runs `observer` once, after the compositor has shown the next committed frame.
    public func afterNextPresentation(_ observer: @escaping () -> Void) {
        presentationObservers.append(observer)
        invalidateAll()
    }

    private func act(_ action: FramePacer.Action, latching: Bool = true) {
        guard action == .draw, !drawScheduled else { return }
        drawScheduled = true
        let drawScheduledFrame = { [weak self] in
            guard let self else { return }
            self.drawScheduled = false
            self.draw()
        }
        // Draw after the current batch of events, so they share one frame. Late
        // latching decides then how long to wait: the frame callback comes in
        // the same batch as, and just before, the presentation feedback it is
        // predicted from.
        connection.loop.runAfterDispatch { [weak self] in
            guard let self else { return }
            if latching, let plan = self.lateLatchPlan() {
                self.connection.loop.schedule(after: plan.delay) { [weak self] in
                    self?.latchedRepaint = plan.repaint
                    drawScheduledFrame()
                    self?.latchedRepaint = nil   // not drawn after all (no buffer free)
                }
            } else {
                drawScheduledFrame()
            }
        }
    }

    /// The margin late latching starts with when `SWEEP_LATE_LATCH_MS` is not set.
    public static let defaultLateLatchMargin = 6.0

    static var lateLatchMarginFromEnvironment: Double? {
        guard let text = getenv("SWEEP_LATE_LATCH_MS") else { return defaultLateLatchMargin }
        guard let value = Double(String(cString: text)), value.isFinite, value >= 0 else { return defaultLateLatchMargin }
        return value > 0 ? value : nil
    }

    private var pixelSize: PixelSize {
        surfaceScale.bufferSize(width: Int(size.width), height: Int(size.height))
    }

    /// The fonts at `scale`, shared with the connection's other windows (`FontCache`).
    private func fonts(for scale: Double) throws -> FontSet {
        try connection.fonts.fonts(for: scale, family: fontFamily)
    }

    private func draw() {
        guard pacer.isConfigured, !size.isEmpty, let content else { return }
        isDrawing = true
        defer { isDrawing = false }
        let bounds = Rect(origin: .zero, size: size)
        if content.isAnimating {
            pendingDamage.formUnion(content.advanceAnimations(to: EventLoop.nowMilliseconds))
        }
        let acquired: (buffer: ShmBuffer, index: Int, age: Int)?
        let fonts: FontSet
        do {
            acquired = try chain.acquire(size: pixelSize)
            fonts = try self.fonts(for: scale)
        } catch let error as WaylandError {
            connection.loop.fail(error)
            return
        } catch {
            connection.loop.fail(WaylandError.sharedMemory("\(error)"))
            return
        }
        guard let (buffer, index, age) = acquired else {
            waitingForBuffer = true   // drawn again when the compositor releases one
            return
        }
        let moved = copyMovedContent(into: buffer)
        let current = pendingDamage.clipped(to: bounds)
        let older = history.repaintRegion(age: age, current: Region()) ?? Region(bounds)
        let stale = older.subtracting(moved), currentPixels = current.alignedOutward(scale: scale)
        let repaint: Region
        if copyForward(stale.subtracting(currentPixels.rects), into: buffer) {
            repaint = currentPixels
        } else {
            repaint = stale.union(current).alignedOutward(scale: scale)
        }
        let canvas = PixmanCanvas(image: buffer.image, scale: scale, fonts: fonts)
        content.draw(in: canvas, damage: repaint.clipped(to: bounds))
        let changed = current.union(Region(moved))

        applyBufferScale()
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        // Few enough bands that a compositor does not repaint their bounding box instead.
        let inBufferPixels = connection.compositorVersion >= 4
        let damage = CompositorDamage.limitingBands(changed.rects.map { $0.scaledOutward(by: inBufferPixels ? scale : 1) },
                                                    after: sentDamage)
        // A frame that damaged nothing is no frame to a compositor's damage history.
        if !damage.isEmpty { sentDamage = damage }
        for rect in damage {
            if inBufferPixels {
                wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            } else {
                wl_surface_damage(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            }
        }
        if let callback = wl_surface_frame(surface) {
            wl_callback_add_listener(callback, Window.frameListener, Unmanaged.passUnretained(self).toOpaque())
            frameCallbacks.append(callback)
        }
        requestPresentationFeedback(frame: committedFrames + 1)
        noteRepaintMeant(frame: committedFrames + 1)
        decoration?.prepareCommit(scale: surfaceScale, fonts: fonts)
        wl_surface_commit(surface)
        committedFrames += 1
        onCommit?(committedFrames)
        chain.submitted(index)
        previousFrame = (buffer, scale)
        history.record(changed)
        pendingDamage = Region()
        pacer.committed()
        if content.isAnimating { _ = pacer.invalidate() }
    }

    /// Copies the content that moved since the last frame from that frame
    /// into `buffer`, and adds what could not be copied to the damage.
    /// Returns the (logical) rectangles the copies made right.
    private func copyMovedContent(into buffer: ShmBuffer) -> [Rect] {
        guard !moves.isEmpty else { return [] }
        defer { moves.removeAll() }
        var moved: [Rect] = []
        if let previous = previousFrame, previous.scale == scale, previous.buffer.size == buffer.size {
            let plan = moves.plan(scale: scale)
            for copy in plan.copies {
                let rect = copy.destination
                buffer.image.copyRows(from: previous.buffer.image, x: Int(rect.minX), y: Int(rect.minY),
                                      width: Int(rect.width), height: Int(rect.height), dy: copy.dy)
                copiedPixels += Int(rect.width * rect.height)
            }
            moved = plan.moved
        }
        pendingDamage.formUnion(moves.uncopied(after: moved))
        return moved
    }

    /// Brings `region` of `buffer` up to date by copying it from the last
    /// frame, which shows it as it is now (nothing there changed since):
    /// for a buffer the last frames did not use, or a new one, copying the
    /// parts they changed costs far less than drawing them again (a whole
    /// window at scale 2 is 16 MB copied in a few milliseconds, or drawn
    /// in 15–30). False when there is no such frame to copy from.
    private func copyForward(_ region: Region, into buffer: ShmBuffer) -> Bool {
        guard let previous = previousFrame, previous.buffer !== buffer, previous.scale == scale,
              previous.buffer.size == buffer.size else { return false }
        for rect in region.rects {
            let device = rect.scaledOutward(by: scale)
            buffer.image.copyRows(from: previous.buffer.image, x: Int(device.minX), y: Int(device.minY),
                                  width: Int(device.width), height: Int(device.height), dy: 0)
            copiedForwardPixels += Int(device.width * device.height)
        }
        return true
    }

    /// Tells the compositor how the next buffer maps to the surface: through
    /// the viewport (fractional scales) or as an integer buffer scale.
    private func applyBufferScale() {
        let bufferScale = surfaceScale.bufferScale
        guard bufferScale != appliedBufferScale, wl_proxy_get_version(surface) >= 3 else { return }
        wl_surface_set_buffer_scale(surface, bufferScale)
        appliedBufferScale = bufferScale
    }

    private func frameDone() {
        let observers = presentationObservers
        presentationObservers.removeAll()
        for observer in observers { observer() }
        act(pacer.frameCallbackDone())
        prepareSpareBufferWhenIdle()
    }

    /// With nothing to draw and the last buffer still held by the compositor,
    /// the next frame (the first of a drag, say) would wait for a new buffer to
    /// be allocated and faulted in: it is made now, after this batch of events.
    /// A compositor that releases buffers at once (one that copies them) never
    /// gets a second. Then the buffer the next frame will take is brought up to
    /// the last frame, copying what it missed (all of a new buffer: 16 MB at
    /// scale 2), so that frame draws only its own damage: the same copy, done
    /// before the input arrives instead of after.
    private func prepareSpareBufferWhenIdle() {
        guard !drawScheduled, pacer.isConfigured, !size.isEmpty else { return }
        connection.loop.runAfterDispatch { [weak self] in
            guard let self, !self.drawScheduled, !self.size.isEmpty else { return }
            self.chain.prepareSpare(size: self.pixelSize)
            // Only when nothing waits to be drawn: a frame already due (a scroll, an animation,
            // damage noted before the callback) would repaint or copy most of it again itself.
            guard !self.pacer.needsRedraw, !(self.content?.isAnimating ?? false) else { return }
            let bounds = Rect(origin: .zero, size: self.size)
            self.chain.catchUp(size: self.pixelSize) { buffer, age in
                self.copyForward(self.history.repaintRegion(age: age, current: Region()) ?? Region(bounds), into: buffer)
            }
        }
    }

    private func bufferReleased() {
        guard waitingForBuffer else {
            // Released after the window went idle: it may be the next frame's buffer.
            prepareSpareBufferWhenIdle()
            return
        }
        waitingForBuffer = false
        act(pacer.invalidate())
    }

    // MARK: - Observers

    /// Calls `observer` with the new scale after each scale change (the
    /// app's window, each seat's cursor), until `removeObserver`.
    public func addScaleObserver(_ observer: @escaping (Double) -> Void) -> ObserverToken {
        scaleObservers.add(observer)
    }

    /// Calls `observer` with the new size (logical pixels) after each size
    /// change, before the frame that shows it is drawn, until `removeObserver`.
    public func addSizeObserver(_ observer: @escaping (Size) -> Void) -> ObserverToken {
        sizeObservers.add(observer)
    }

    /// Removes an observer added with `addScaleObserver` or `addSizeObserver`.
    public func removeObserver(_ token: ObserverToken) {
        if !scaleObservers.remove(token) { sizeObservers.remove(token) }
    }

    // MARK: - Configure, close

    /// A configure of either role, once acknowledged: resizes for a new size
    /// (or the first configure), then draws, even with a frame callback pending.
    func applyConfigure(size configured: Size) {
        // A size no buffer can back (16384 × 16384 and up) is drawn at the largest that can be.
        let newSize = BufferLimit.logicalSize(configured)
        if newSize != size || !pacer.isConfigured {
            resize(to: newSize)
            updateScale()
        }
        act(pacer.configured(), latching: false)
    }

    private func resize(to newSize: Size) {
        size = newSize
        history.reset()
        sentDamage = []
        moves.removeAll()
        pendingDamage = Region(Rect(origin: .zero, size: newSize))
        if let viewport {
            wp_viewport_set_destination(viewport, Int32(newSize.width), Int32(newSize.height))
        }
        updateOpaqueRegion()
        sizeObservers.notify(newSize)
    }

    /// The radius of the window's rounded corners, which the content leaves
    /// transparent (a picker's overlay): they are not in the opaque region.
    public var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { updateOpaqueRegion() } }
    }

    private func updateOpaqueRegion() {
        guard let region = wl_compositor_create_region(connection.compositor!) else { return }
        let w = Int32(size.width), h = Int32(size.height), r = Int32(min(cornerRadius.rounded(.up), size.width / 2, size.height / 2))
        if r > 0 {
            // The cross between the corners' squares.
            wl_region_add(region, r, 0, w - 2 * r, h)
            wl_region_add(region, 0, r, w, h - 2 * r)
        } else {
            wl_region_add(region, 0, 0, w, h)
        }
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }

    /// The compositor asked to close (xdg_toplevel's close, the title bar's
    /// close button, a layer surface's `closed`).
    func close() {
        content?.windowShouldClose()
    }

    // MARK: - Scale

    private func surfaceEntered(_ output: OpaquePointer?) {
        guard let output, !enteredOutputs.contains(output) else { return }
        enteredOutputs.append(output)
        updateScale()
    }

    private func surfaceLeft(_ output: OpaquePointer?) {
        enteredOutputs.removeAll { $0 == output }
        updateScale()
    }

    private func outputGone(_ output: Output) {
        enteredOutputs.removeAll { $0 == output.proxy }
        updateScale()
    }

    private func updateScale() {
        var newScale: SurfaceScale
        if let preferredFractionalScale {
            newScale = .fractional(numerator120: preferredFractionalScale)
        } else {
            let scales = enteredOutputs.compactMap { connection.output(for: $0)?.scale }
            if let highest = scales.max() {
                newScale = .integer(Int(highest))
            } else {
                newScale = wantedScale   // keep the scale while between outputs
            }
        }
        wantedScale = newScale
        let capped = BufferLimit.scale(newScale, for: size)
        if capped != newScale && !warnedAboutBufferLimit {
            warnedAboutBufferLimit = true
            BufferLimit.warn(size: size, wanted: newScale)
        }
        newScale = capped
        guard newScale != surfaceScale else { return }
        surfaceScale = newScale
        history.reset()
        sentDamage = []
        chain.invalidateContents()
        scaleObservers.notify(newScale.factor)
        invalidateAll()
    }

    /// A popup starts at its parent's scale (it is on the same output), so
    /// its first frame is sharp before the compositor says where it is.
    func adoptScale(of parent: Window) {
        guard preferredFractionalScale == nil, enteredOutputs.isEmpty else { return }
        wantedScale = parent.wantedScale
        surfaceScale = parent.surfaceScale
    }

    /// A drag icon whose window moved to another scale follows it, unless
    /// the compositor said which outputs the icon itself is on.
    func followScale(of parent: Window) {
        guard preferredFractionalScale == nil, enteredOutputs.isEmpty else { return }
        wantedScale = parent.wantedScale
        updateScale()
    }

    /// The xdg_surface a popup of this window is made on.
    var xdgSurfaceForPopups: OpaquePointer? { xdgSurface }

    private func fractionalScaleChanged(_ value: UInt32) {
        preferredFractionalScale = value
        updateScale()
    }

    // MARK: - Listeners

    static func from(_ data: UnsafeMutableRawPointer?) -> Window? {
        data.map { Unmanaged<Window>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
        let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_surface_listener(
            enter: { data, _, output in Window.from(data)?.surfaceEntered(output) },
            leave: { data, _, output in Window.from(data)?.surfaceLeft(output) }
        ))
        return listener
    }()

    nonisolated(unsafe) private static let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, callback, _ in
            guard let callback else { return }
            let window = Window.from(data)
            window?.frameCallbacks.removeAll { $0 == callback }
            wl_callback_destroy(callback)
            window?.frameDone()
        }))
        return listener
    }()

    nonisolated(unsafe) private static let fractionalScaleListener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
        let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        listener.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, value in
            Window.from(data)?.fractionalScaleChanged(value)
        }))
        return listener
    }()
}
