import CWaylandClient
import Glibc

/// Cursors from the user's cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE`),
/// loaded once at the window's scale; each shape's surface is made on first
/// use. libwayland-cursor falls back to its built-in cursors when the theme is
/// missing. Used only where the compositor has no cursor-shape-v1.
final class CursorTheme {
    let scale: Int32
    private let theme: OpaquePointer
    private let compositor: OpaquePointer
    private var surfaces: [CursorShape: (surface: OpaquePointer, image: UnsafeMutablePointer<wl_cursor_image>)] = [:]

    init?(shm: OpaquePointer, compositor: OpaquePointer, scale: Int32) {
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        let name = getenv("XCURSOR_THEME")
        guard let theme = wl_cursor_theme_load(name, size * scale, shm) else { return nil }
        self.scale = scale
        self.theme = theme
        self.compositor = compositor
    }

    deinit {
        for entry in surfaces.values { wl_surface_destroy(entry.surface) }
        wl_cursor_theme_destroy(theme)
    }

    /// The surface showing `shape`, made on first use; the arrow when the theme lacks the shape.
    private func surface(for shape: CursorShape) -> (surface: OpaquePointer, image: UnsafeMutablePointer<wl_cursor_image>)? {
        if let made = surfaces[shape] { return made }
        let cursor = shape.themeNames.lazy.compactMap { wl_cursor_theme_get_cursor(self.theme, $0) }.first
        guard let cursor, cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image), let surface = wl_compositor_create_surface(compositor) else {
            return shape == .default ? nil : self.surface(for: .default)
        }
        wl_surface_attach(surface, buffer, 0, 0)
        if wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, scale) }
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
        surfaces[shape] = (surface, image)
        return (surface, image)
    }

    func apply(_ shape: CursorShape, to pointer: OpaquePointer, serial: UInt32) {
        guard let (surface, image) = surface(for: shape) else { return }
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x) / scale,
                              Int32(image.pointee.hotspot_y) / scale)
    }
}
