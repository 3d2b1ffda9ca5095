#pragma once
// wayland-client and wayland-cursor, with accessors for the core interface
// descriptors: `extern const struct wl_interface` imports into Swift as a
// `let`, whose address cannot be taken.
#include <wayland-client.h>
#include <wayland-cursor.h>

static inline const struct wl_interface *sweep_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *sweep_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *sweep_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *sweep_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *sweep_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *sweep_wl_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }
