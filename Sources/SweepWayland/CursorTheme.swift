import CWaylandClient
import Glibc

/// The arrow cursor from the user's cursor theme (`XCURSOR_THEME`,
/// `XCURSOR_SIZE`), loaded at the window's scale. libwayland-cursor falls
/// back to its built-in cursors when the theme is missing.
final class CursorTheme {
    let scale: Int32
    private let theme: OpaquePointer
    private let surface: OpaquePointer
    private let image: UnsafeMutablePointer<wl_cursor_image>?

    init?(shm: OpaquePointer, compositor: OpaquePointer, scale: Int32) {
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        let name = getenv("XCURSOR_THEME")
        guard let theme = wl_cursor_theme_load(name, size * scale, shm) else { return nil }
        guard let surface = wl_compositor_create_surface(compositor) else {
            wl_cursor_theme_destroy(theme)
            return nil
        }
        let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default")
        self.scale = scale
        self.theme = theme
        self.surface = surface
        image = cursor.flatMap { $0.pointee.image_count > 0 ? $0.pointee.images[0] : nil }
        if let image, let buffer = wl_cursor_image_get_buffer(image) {
            wl_surface_attach(surface, buffer, 0, 0)
            if wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, scale) }
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
            wl_surface_commit(surface)
        }
    }

    deinit {
        wl_surface_destroy(surface)
        wl_cursor_theme_destroy(theme)
    }

    func apply(to pointer: OpaquePointer, serial: UInt32) {
        guard let image else { return }
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x) / scale,
                              Int32(image.pointee.hotspot_y) / scale)
    }
}
