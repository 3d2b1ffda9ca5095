import CWaylandClient
import CWaylandProtocols

extension Window {
    /// Lets the pointer and touches pass through the surface to what is
    /// below (an empty input region): a tooltip never takes the pointer
    /// from the window it describes.
    public func passInputThrough() {
        guard let compositor = connection.compositor, let region = wl_compositor_create_region(compositor) else { return }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }
}
