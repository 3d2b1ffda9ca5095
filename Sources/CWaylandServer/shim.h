#pragma once
// wayland-server, for the scripted compositor. Swift imports a protocol's
// request table (`struct wl_x_interface`) and its descriptor
// (`wl_x_interface`) under one name, so the tables get typedefs and the
// descriptors accessor functions.
#include <wayland-server.h>

#define SWEEP_CORE(name) \
    typedef struct name##_interface sweep_##name##_requests; \
    static inline const struct wl_interface *sweep_server_##name##_interface(void) { return &name##_interface; }

SWEEP_CORE(wl_compositor)
SWEEP_CORE(wl_surface)
SWEEP_CORE(wl_region)
SWEEP_CORE(wl_seat)
SWEEP_CORE(wl_pointer)
SWEEP_CORE(wl_keyboard)
SWEEP_CORE(wl_touch)
SWEEP_CORE(wl_output)
SWEEP_CORE(wl_subcompositor)
SWEEP_CORE(wl_subsurface)
SWEEP_CORE(wl_data_device_manager)
SWEEP_CORE(wl_data_device)
SWEEP_CORE(wl_data_source)
SWEEP_CORE(wl_data_offer)

static inline const struct wl_interface *sweep_server_wl_callback_interface(void) { return &wl_callback_interface; }

/// wl_resource_post_error without varargs (Swift cannot call variadic C functions).
static inline void sweep_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
