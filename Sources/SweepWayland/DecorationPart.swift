import CWaylandClient
import CWaylandProtocols
import SweepGeometry
import SweepPixman
import SweepPresentation

/// One surface of a toplevel's own frame: a synchronized subsurface below
/// the content surface, with its own buffers (and a viewport where the
/// window's scale is fractional).
final class DecorationPart {
    let surface: OpaquePointer
    private let subsurface: OpaquePointer
    let chain: BufferChain
    private let viewporter: OpaquePointer?
    private var viewport: OpaquePointer?
    private var appliedBufferScale: Int32 = 1
    private var position: Point?
    private var isShown = false

    init?(compositor: OpaquePointer, subcompositor: OpaquePointer, shm: OpaquePointer, parent: OpaquePointer,
          viewporter: OpaquePointer?) {
        guard let surface = wl_compositor_create_surface(compositor) else { return nil }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        self.viewporter = viewporter
        chain = BufferChain(shm: shm)
        // Below the content: the content covers whatever of a part lies under it.
        wl_subsurface_place_below(subsurface, parent)
    }

    deinit {
        if let viewport { wp_viewport_destroy(viewport) }
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Draws the part at `rect` (the content surface's coordinates) and
    /// commits it, to show with the parent's next commit. False when every
    /// buffer is held by the compositor (it is drawn again later).
    func show(rect: Rect, scale: SurfaceScale, fonts: FontSet, draw: (PixmanCanvas) -> Void) throws -> Bool {
        let width = Int(rect.width), height = Int(rect.height)
        guard let (buffer, index, _) = try chain.acquire(size: scale.bufferSize(width: width, height: height)) else { return false }
        buffer.image.clear()
        draw(PixmanCanvas(image: buffer.image, scale: scale.factor, fonts: fonts))
        if rect.origin != position {
            wl_subsurface_set_position(subsurface, Int32(rect.minX), Int32(rect.minY))
            position = rect.origin
        }
        applyScale(scale, width: width, height: height)
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
        chain.submitted(index)
        isShown = true
        return true
    }

    /// Unmaps the part (a maximized window has no shadow; a fullscreen one no title bar).
    func hide() {
        guard isShown else { return }
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
        isShown = false
    }

    private func applyScale(_ scale: SurfaceScale, width: Int, height: Int) {
        if scale.usesViewport, let viewporter {
            if viewport == nil { viewport = wp_viewporter_get_viewport(viewporter, surface) }
            if let viewport { wp_viewport_set_destination(viewport, Int32(width), Int32(height)) }
        } else if let viewport {
            wp_viewport_set_destination(viewport, -1, -1)
        }
        let bufferScale = scale.bufferScale
        if bufferScale != appliedBufferScale {
            wl_surface_set_buffer_scale(surface, bufferScale)
            appliedBufferScale = bufferScale
        }
    }
}
