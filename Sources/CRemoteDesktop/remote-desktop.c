#include "remote-desktop.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define RD_NAME "org.gnome.Mutter.RemoteDesktop"
#define RD_SESSION RD_NAME ".Session"
#define SC_NAME "org.gnome.Mutter.ScreenCast"

static void copy_path(sd_bus_message *reply, char *out) {
    const char *path = NULL;
    out[0] = 0;
    if (sd_bus_message_read(reply, "o", &path) >= 0 && path) snprintf(out, 256, "%s", path);
}

static int failed(const char *what, int r, sd_bus_error *e, char *error) {
    snprintf(error, 256, "%s: %s", what, e->message ? e->message : strerror(-r));
    sd_bus_error_free(e);
    return r;
}

int sweep_rd_open(sd_bus *bus, char *session, char *stream, char *error) {
    sd_bus_error e = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int r = sd_bus_call_method(bus, RD_NAME, "/org/gnome/Mutter/RemoteDesktop", RD_NAME, "CreateSession", &e, &reply, "");
    if (r < 0) return failed("RemoteDesktop.CreateSession", r, &e, error);
    copy_path(reply, session);
    sd_bus_message_unref(reply);
    char *id = NULL;
    r = sd_bus_get_property_string(bus, RD_NAME, session, RD_SESSION, "SessionId", &e, &id);
    if (r < 0) return failed("the session's SessionId", r, &e, error);
    char cast[256];
    reply = NULL;
    r = sd_bus_call_method(bus, SC_NAME, "/org/gnome/Mutter/ScreenCast", SC_NAME, "CreateSession", &e, &reply,
                           "a{sv}", 1, "remote-desktop-session-id", "s", id);
    free(id);
    if (r < 0) return failed("ScreenCast.CreateSession", r, &e, error);
    copy_path(reply, cast);
    sd_bus_message_unref(reply);
    reply = NULL;
    // "" is the primary monitor.
    r = sd_bus_call_method(bus, SC_NAME, cast, SC_NAME ".Session", "RecordMonitor", &e, &reply, "sa{sv}", "", 0);
    if (r < 0) return failed("ScreenCast.Session.RecordMonitor (mutter needs PipeWire running for it)", r, &e, error);
    copy_path(reply, stream);
    sd_bus_message_unref(reply);
    r = sd_bus_call_method(bus, RD_NAME, session, RD_SESSION, "Start", &e, NULL, "");
    if (r < 0) return failed("RemoteDesktop.Session.Start", r, &e, error);
    return 0;
}

static int call(sd_bus *bus, const char *session, const char *member, const char *types, ...) {
    sd_bus_message *m = NULL;
    int r = sd_bus_message_new_method_call(bus, &m, RD_NAME, session, RD_SESSION, member);
    if (r < 0) return r;
    va_list ap;
    va_start(ap, types);
    r = sd_bus_message_appendv(m, types, ap);
    va_end(ap);
    if (r >= 0) r = sd_bus_call(bus, m, 0, NULL, NULL);
    sd_bus_message_unref(m);
    return r;
}

int sweep_rd_stop(sd_bus *bus, const char *session) { return call(bus, session, "Stop", ""); }

int sweep_rd_motion_absolute(sd_bus *bus, const char *session, const char *stream, double x, double y) {
    return call(bus, session, "NotifyPointerMotionAbsolute", "sdd", stream, x, y);
}

int sweep_rd_motion_relative(sd_bus *bus, const char *session, double dx, double dy) {
    return call(bus, session, "NotifyPointerMotionRelative", "dd", dx, dy);
}

int sweep_rd_button(sd_bus *bus, const char *session, int button, bool pressed) {
    return call(bus, session, "NotifyPointerButton", "ib", button, (int)pressed);
}

int sweep_rd_axis(sd_bus *bus, const char *session, double dx, double dy, unsigned flags) {
    return call(bus, session, "NotifyPointerAxis", "ddu", dx, dy, flags);
}

int sweep_rd_axis_discrete(sd_bus *bus, const char *session, unsigned axis, int steps) {
    return call(bus, session, "NotifyPointerAxisDiscrete", "ui", axis, steps);
}

int sweep_rd_key(sd_bus *bus, const char *session, unsigned code, bool pressed) {
    return call(bus, session, "NotifyKeyboardKeycode", "ub", code, (int)pressed);
}

int sweep_rd_touch_down(sd_bus *bus, const char *session, const char *stream, unsigned slot, double x, double y) {
    return call(bus, session, "NotifyTouchDown", "sudd", stream, slot, x, y);
}

int sweep_rd_touch_motion(sd_bus *bus, const char *session, const char *stream, unsigned slot, double x, double y) {
    return call(bus, session, "NotifyTouchMotion", "sudd", stream, slot, x, y);
}

int sweep_rd_touch_up(sd_bus *bus, const char *session, unsigned slot) {
    return call(bus, session, "NotifyTouchUp", "u", slot);
}
