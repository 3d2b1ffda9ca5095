#pragma once
// mutter's remote-desktop and screen-cast D-Bus calls for sweep-input, one
// C function each (sd-bus's calls are variadic, which Swift cannot call).
// Each returns sd-bus's result (negative errno on failure); names are written
// into `error` (at least 256 bytes) when a call fails.
#include <stdbool.h>
#include <systemd/sd-bus.h>

/// A remote-desktop session with a screen-cast stream of the first monitor
/// (absolute pointer positions and touch are given in the stream's
/// coordinates), started. Paths are written into the buffers (256 bytes each).
int sweep_rd_open(sd_bus *bus, char *session, char *stream, char *error);
int sweep_rd_stop(sd_bus *bus, const char *session);

int sweep_rd_motion_absolute(sd_bus *bus, const char *session, const char *stream, double x, double y);
int sweep_rd_motion_relative(sd_bus *bus, const char *session, double dx, double dy);
int sweep_rd_button(sd_bus *bus, const char *session, int button, bool pressed);
/// Smooth scroll by (dx, dy) pixels; `flags` as mutter's (1 finish, 2 wheel, 4 finger, 8 continuous).
int sweep_rd_axis(sd_bus *bus, const char *session, double dx, double dy, unsigned flags);
/// Wheel clicks: axis 0 vertical, 1 horizontal.
int sweep_rd_axis_discrete(sd_bus *bus, const char *session, unsigned axis, int steps);
/// `code`: an evdev key code.
int sweep_rd_key(sd_bus *bus, const char *session, unsigned code, bool pressed);
int sweep_rd_touch_down(sd_bus *bus, const char *session, const char *stream, unsigned slot, double x, double y);
int sweep_rd_touch_motion(sd_bus *bus, const char *session, const char *stream, unsigned slot, double x, double y);
int sweep_rd_touch_up(sd_bus *bus, const char *session, unsigned slot);
