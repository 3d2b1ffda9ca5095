#pragma once
// sd-bus (libsystemd) for the desktop's settings portal. The calls that take
// D-Bus signatures are C variadic functions, which Swift cannot call: each
// one the project makes is a fixed helper here.
#include <systemd/sd-bus.h>

#define SWEEP_PORTAL_NAME "org.freedesktop.portal.Desktop"
#define SWEEP_PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SWEEP_PORTAL_SETTINGS "org.freedesktop.portal.Settings"

/// Asks the portal for one setting, answered to `callback`: `ReadOne` (portal
/// version 2) when `read_one`, else the older `Read`, whose value is wrapped
/// in one more variant.
static inline int sweep_portal_read(sd_bus *bus, sd_bus_slot **slot, int read_one, const char *name_space,
                                    const char *key, sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, SWEEP_PORTAL_NAME, SWEEP_PORTAL_PATH, SWEEP_PORTAL_SETTINGS,
                                    read_one ? "ReadOne" : "Read", callback, userdata, "ss", name_space, key);
}

/// Calls `callback` for every SettingChanged signal of the portal (any sender:
/// a signal comes from the portal's unique name, not its well-known one).
static inline int sweep_portal_match_setting_changed(sd_bus *bus, sd_bus_slot **slot,
                                                     sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_match_signal(bus, slot, NULL, SWEEP_PORTAL_PATH, SWEEP_PORTAL_SETTINGS, "SettingChanged",
                               callback, userdata);
}
