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

/// Asks the bus whether the portal runs now (NameHasOwner), answered to `callback`.
static inline int sweep_portal_is_running(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                    "NameHasOwner", callback, userdata, "s", SWEEP_PORTAL_NAME);
}

/// Calls `callback` for every SettingChanged signal of the portal (any sender:
/// a signal comes from the portal's unique name, not its well-known one).
static inline int sweep_portal_match_setting_changed(sd_bus *bus, sd_bus_slot **slot,
                                                     sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_match_signal(bus, slot, NULL, SWEEP_PORTAL_PATH, SWEEP_PORTAL_SETTINGS, "SettingChanged",
                               callback, userdata);
}

// MARK: - AT-SPI (SweepAccessibility)
//
// sd-bus object vtables are C macros: the accessibility bridge's are here,
// every entry pointing at one of three trampolines that call back into
// Swift through the `sweep_a11y_callbacks` given as the vtable's userdata.
// Methods are SD_BUS_VTABLE_UNPRIVILEGED, or sd-bus would ask the bus for
// each caller's credentials.

/// Swift's side of the vtables: one method handler, one property getter,
/// one setter, and the lookup that says whether a path is an object that
/// has an interface (fallback vtables serve objects made on demand).
typedef struct sweep_a11y_callbacks {
    int (*method)(sd_bus_message *message, void *context, sd_bus_error *error);
    int (*property)(const char *path, const char *interface, const char *property, sd_bus_message *reply, void *context);
    int (*set_property)(const char *path, const char *interface, const char *property, sd_bus_message *value, void *context);
    int (*find)(const char *path, const char *interface, void *context);
    void *context;
} sweep_a11y_callbacks;

static inline int sweep_a11y_method(sd_bus_message *m, void *userdata, sd_bus_error *error) {
    sweep_a11y_callbacks *callbacks = userdata;
    return callbacks->method(m, callbacks->context, error);
}

static inline int sweep_a11y_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                                 sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    sweep_a11y_callbacks *callbacks = userdata;
    return callbacks->property(path, interface, property, reply, callbacks->context);
}

static inline int sweep_a11y_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                                 sd_bus_message *value, void *userdata, sd_bus_error *error) {
    sweep_a11y_callbacks *callbacks = userdata;
    return callbacks->set_property(path, interface, property, value, callbacks->context);
}

static inline int sweep_a11y_find(sd_bus *bus, const char *path, const char *interface, void *userdata,
                                  void **found, sd_bus_error *error) {
    sweep_a11y_callbacks *callbacks = userdata;
    int result = callbacks->find(path, interface, callbacks->context);
    if (result > 0) *found = userdata;
    return result;
}

#define SWEEP_A11Y_METHOD(name, in, out) SD_BUS_METHOD(name, in, out, sweep_a11y_method, SD_BUS_VTABLE_UNPRIVILEGED)
#define SWEEP_A11Y_PROPERTY(name, type) SD_BUS_PROPERTY(name, type, sweep_a11y_get, 0, 0)

static const sd_bus_vtable sweep_a11y_accessible_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("Name", "s"),
    SWEEP_A11Y_PROPERTY("Description", "s"),
    SWEEP_A11Y_PROPERTY("Parent", "(so)"),
    SWEEP_A11Y_PROPERTY("ChildCount", "i"),
    SWEEP_A11Y_PROPERTY("Locale", "s"),
    SWEEP_A11Y_PROPERTY("AccessibleId", "s"),
    SWEEP_A11Y_PROPERTY("HelpText", "s"),
    SWEEP_A11Y_METHOD("GetChildAtIndex", "i", "(so)"),
    SWEEP_A11Y_METHOD("GetChildren", "", "a(so)"),
    SWEEP_A11Y_METHOD("GetIndexInParent", "", "i"),
    SWEEP_A11Y_METHOD("GetRelationSet", "", "a(ua(so))"),
    SWEEP_A11Y_METHOD("GetRole", "", "u"),
    SWEEP_A11Y_METHOD("GetRoleName", "", "s"),
    SWEEP_A11Y_METHOD("GetLocalizedRoleName", "", "s"),
    SWEEP_A11Y_METHOD("GetState", "", "au"),
    SWEEP_A11Y_METHOD("GetAttributes", "", "a{ss}"),
    SWEEP_A11Y_METHOD("GetApplication", "", "(so)"),
    SWEEP_A11Y_METHOD("GetInterfaces", "", "as"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_application_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("ToolkitName", "s"),
    SWEEP_A11Y_PROPERTY("Version", "s"),
    SWEEP_A11Y_PROPERTY("ToolkitVersion", "s"),
    SWEEP_A11Y_PROPERTY("AtspiVersion", "s"),
    SWEEP_A11Y_PROPERTY("InterfaceVersion", "u"),
    SD_BUS_WRITABLE_PROPERTY("Id", "i", sweep_a11y_get, sweep_a11y_set, 0, SD_BUS_VTABLE_UNPRIVILEGED),
    SWEEP_A11Y_METHOD("GetLocale", "u", "s"),
    SWEEP_A11Y_METHOD("GetApplicationBusAddress", "", "s"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_selection_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("NSelectedChildren", "i"),
    SWEEP_A11Y_METHOD("GetSelectedChild", "i", "(so)"),
    SWEEP_A11Y_METHOD("SelectChild", "i", "b"),
    SWEEP_A11Y_METHOD("DeselectSelectedChild", "i", "b"),
    SWEEP_A11Y_METHOD("IsChildSelected", "i", "b"),
    SWEEP_A11Y_METHOD("SelectAll", "", "b"),
    SWEEP_A11Y_METHOD("ClearSelection", "", "b"),
    SWEEP_A11Y_METHOD("DeselectChild", "i", "b"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_action_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("NActions", "i"),
    SWEEP_A11Y_METHOD("GetDescription", "i", "s"),
    SWEEP_A11Y_METHOD("GetName", "i", "s"),
    SWEEP_A11Y_METHOD("GetLocalizedName", "i", "s"),
    SWEEP_A11Y_METHOD("GetKeyBinding", "i", "s"),
    SWEEP_A11Y_METHOD("GetActions", "", "a(sss)"),
    SWEEP_A11Y_METHOD("DoAction", "i", "b"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_component_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_METHOD("Contains", "iiu", "b"),
    SWEEP_A11Y_METHOD("GetAccessibleAtPoint", "iiu", "(so)"),
    SWEEP_A11Y_METHOD("GetExtents", "u", "(iiii)"),
    SWEEP_A11Y_METHOD("GetPosition", "u", "(ii)"),
    SWEEP_A11Y_METHOD("GetSize", "", "(ii)"),
    SWEEP_A11Y_METHOD("GetLayer", "", "u"),
    SWEEP_A11Y_METHOD("GetMDIZOrder", "", "n"),
    SWEEP_A11Y_METHOD("GrabFocus", "", "b"),
    SWEEP_A11Y_METHOD("GetAlpha", "", "d"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_cache_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_METHOD("GetItems", "", "a((so)(so)(so)iiassusau)"),
    SD_BUS_VTABLE_END
};

/// The session bus's `org.a11y.Bus`: is it there (NameHasOwner), its address, and whether
/// accessibility is on (`org.a11y.Status.IsEnabled`).
static inline int sweep_a11y_name_has_owner(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                    "NameHasOwner", callback, userdata, "s", "org.a11y.Bus");
}

static inline int sweep_a11y_is_enabled(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties",
                                    "Get", callback, userdata, "ss", "org.a11y.Status", "IsEnabled");
}

static inline int sweep_a11y_get_address(sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                                    callback, userdata, "");
}

/// Registers the application with the registry: `Socket.Embed((so))` on its root.
static inline int sweep_a11y_embed(sd_bus *bus, sd_bus_slot **slot, const char *name, const char *path,
                                   sd_bus_message_handler_t callback, void *userdata) {
    return sd_bus_call_method_async(bus, slot, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                                    "org.a11y.atspi.Socket", "Embed", callback, userdata, "(so)", name, path);
}

/// Reports a key to the registry's device event controller, as GTK 3 and Qt do:
/// `NotifyListenersSync((uinnisb))` answers whether a listener (a screen reader)
/// consumed it. Asynchronous, with a timeout in microseconds; `cookie` is the
/// call's serial, which the answer (or a synthetic timeout error) carries as
/// its reply cookie. The slot floats: sd-bus frees it after the answer.
/// The `NotifyListenersSync((uinnisb))` call for a key, in `*message` (the caller unrefs it).
static inline int sweep_a11y_key_message(sd_bus *bus, sd_bus_message **message, int released, int keysym, int keycode,
                                         int modifiers, int timestamp, const char *string, int is_text) {
    int r = sd_bus_message_new_method_call(bus, message, "org.a11y.atspi.Registry",
                                           "/org/a11y/atspi/registry/deviceeventcontroller",
                                           "org.a11y.atspi.DeviceEventController", "NotifyListenersSync");
    if (r < 0) return r;
    return sd_bus_message_append(*message, "(uinnisb)", (uint32_t)released, (int32_t)keysym, (int16_t)keycode,
                                 (int16_t)modifiers, (int32_t)timestamp, string, is_text);
}

static inline int sweep_a11y_notify_key(sd_bus *bus, int released, int keysym, int keycode, int modifiers,
                                        int timestamp, const char *string, int is_text, uint64_t timeout_usec,
                                        sd_bus_message_handler_t callback, void *userdata, uint64_t *cookie) {
    sd_bus_message *message = NULL;
    int r = sweep_a11y_key_message(bus, &message, released, keysym, keycode, modifiers, timestamp, string, is_text);
    if (r >= 0) r = sd_bus_call_async(bus, NULL, message, callback, userdata, timeout_usec);
    if (r >= 0) r = sd_bus_message_get_cookie(message, cookie);
    sd_bus_message_unref(message);
    return r;
}

/// Opens the accessibility bus (its address from the session bus's `org.a11y.Bus`) for a
/// program that reports keys and waits for the answers, as GNOME Shell does (the scripted
/// compositor); NULL when there is none.
static inline sd_bus *sweep_a11y_open_bus_sync(void) {
    sd_bus *session = NULL, *bus = NULL;
    sd_bus_message *reply = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    const char *address = NULL;
    if (sd_bus_open_user(&session) < 0) return NULL;
    int r = sd_bus_call_method(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", &error, &reply, "");
    if (r >= 0) r = sd_bus_message_read(reply, "s", &address);
    if (r >= 0) r = sd_bus_new(&bus);
    if (r >= 0) r = sd_bus_set_address(bus, address);
    if (r >= 0) r = sd_bus_set_bus_client(bus, 1);
    if (r >= 0) r = sd_bus_start(bus);
    if (r < 0 && bus) bus = sd_bus_unref(bus);
    sd_bus_error_free(&error);
    sd_bus_message_unref(reply);
    sd_bus_flush_close_unref(session);
    return bus;
}

/// Reports a key to the registry's device event controller and waits up to `timeout_usec`
/// for the answer: 1 when a listener (a screen reader) consumed it, 0 when not or unanswered.
static inline int sweep_a11y_notify_key_sync(sd_bus *bus, int released, int keysym, int keycode, int modifiers,
                                             int timestamp, const char *string, int is_text, uint64_t timeout_usec) {
    sd_bus_message *message = NULL, *reply = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int consumed = 0;
    int r = sweep_a11y_key_message(bus, &message, released, keysym, keycode, modifiers, timestamp, string, is_text);
    if (r >= 0) r = sd_bus_call(bus, message, timeout_usec, &error, &reply);
    if (r < 0 || sd_bus_message_read(reply, "b", &consumed) < 0) consumed = 0;
    sd_bus_error_free(&error);
    sd_bus_message_unref(reply);
    sd_bus_message_unref(message);
    return consumed ? 1 : 0;
}

static inline const sd_bus_vtable *sweep_a11y_accessible_vtable_pointer(void) { return sweep_a11y_accessible_vtable; }
static inline const sd_bus_vtable *sweep_a11y_application_vtable_pointer(void) { return sweep_a11y_application_vtable; }
static inline const sd_bus_vtable *sweep_a11y_selection_vtable_pointer(void) { return sweep_a11y_selection_vtable; }
static inline const sd_bus_vtable *sweep_a11y_action_vtable_pointer(void) { return sweep_a11y_action_vtable; }
static inline const sd_bus_vtable *sweep_a11y_component_vtable_pointer(void) { return sweep_a11y_component_vtable; }
static inline const sd_bus_vtable *sweep_a11y_cache_vtable_pointer(void) { return sweep_a11y_cache_vtable; }

/// An AT-SPI event: the body `(siiva{sv})` every event signal has, the variant an int (or an
/// object reference when `child_path` is given, or a string when `text` is).
static inline int sweep_a11y_emit(sd_bus *bus, const char *path, const char *interface, const char *member,
                                  const char *detail, int detail1, int detail2,
                                  const char *child_name, const char *child_path, const char *text) {
    sd_bus_message *m = NULL;
    int r = sd_bus_message_new_signal(bus, &m, path, interface, member);
    if (r < 0) return r;
    if (child_path)
        r = sd_bus_message_append(m, "siiv", detail, detail1, detail2, "(so)", child_name, child_path);
    else if (text)
        r = sd_bus_message_append(m, "siiv", detail, detail1, detail2, "s", text);
    else
        r = sd_bus_message_append(m, "siiv", detail, detail1, detail2, "i", 0);
    if (r >= 0) r = sd_bus_message_open_container(m, 'a', "{sv}");
    if (r >= 0) r = sd_bus_message_close_container(m);
    if (r >= 0) r = sd_bus_send(bus, m, NULL);
    sd_bus_message_unref(m);
    return r;
}

static const sd_bus_vtable sweep_a11y_text_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("CharacterCount", "i"),
    SWEEP_A11Y_PROPERTY("CaretOffset", "i"),
    SWEEP_A11Y_METHOD("GetText", "ii", "s"),
    SWEEP_A11Y_METHOD("SetCaretOffset", "i", "b"),
    SWEEP_A11Y_METHOD("GetCharacterAtOffset", "i", "i"),
    SWEEP_A11Y_METHOD("GetTextAtOffset", "iu", "sii"),
    SWEEP_A11Y_METHOD("GetTextBeforeOffset", "iu", "sii"),
    SWEEP_A11Y_METHOD("GetTextAfterOffset", "iu", "sii"),
    SWEEP_A11Y_METHOD("GetStringAtOffset", "iu", "sii"),
    SWEEP_A11Y_METHOD("GetNSelections", "", "i"),
    SWEEP_A11Y_METHOD("GetSelection", "i", "ii"),
    SWEEP_A11Y_METHOD("AddSelection", "ii", "b"),
    SWEEP_A11Y_METHOD("RemoveSelection", "i", "b"),
    SWEEP_A11Y_METHOD("SetSelection", "iii", "b"),
    SWEEP_A11Y_METHOD("GetAttributeRun", "ib", "a{ss}ii"),
    SWEEP_A11Y_METHOD("GetAttributes", "i", "a{ss}ii"),
    SWEEP_A11Y_METHOD("GetAttributeValue", "is", "s"),
    SWEEP_A11Y_METHOD("GetDefaultAttributes", "", "a{ss}"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_editable_text_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_METHOD("SetTextContents", "s", "b"),
    SWEEP_A11Y_METHOD("InsertText", "isi", "b"),
    SWEEP_A11Y_METHOD("CopyText", "ii", ""),
    SWEEP_A11Y_METHOD("CutText", "ii", "b"),
    SWEEP_A11Y_METHOD("DeleteText", "ii", "b"),
    SWEEP_A11Y_METHOD("PasteText", "i", "b"),
    SD_BUS_VTABLE_END
};

/// A list or grid as a table of rows and columns (Orca reads its size and a cell's row and column).
static const sd_bus_vtable sweep_a11y_table_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("NRows", "i"),
    SWEEP_A11Y_PROPERTY("NColumns", "i"),
    SWEEP_A11Y_PROPERTY("Caption", "(so)"),
    SWEEP_A11Y_PROPERTY("Summary", "(so)"),
    SWEEP_A11Y_PROPERTY("NSelectedRows", "i"),
    SWEEP_A11Y_PROPERTY("NSelectedColumns", "i"),
    SWEEP_A11Y_METHOD("GetAccessibleAt", "ii", "(so)"),
    SWEEP_A11Y_METHOD("GetIndexAt", "ii", "i"),
    SWEEP_A11Y_METHOD("GetRowAtIndex", "i", "i"),
    SWEEP_A11Y_METHOD("GetColumnAtIndex", "i", "i"),
    SWEEP_A11Y_METHOD("GetRowDescription", "i", "s"),
    SWEEP_A11Y_METHOD("GetColumnDescription", "i", "s"),
    SWEEP_A11Y_METHOD("GetRowExtentAt", "ii", "i"),
    SWEEP_A11Y_METHOD("GetColumnExtentAt", "ii", "i"),
    SWEEP_A11Y_METHOD("GetRowHeader", "i", "(so)"),
    SWEEP_A11Y_METHOD("GetColumnHeader", "i", "(so)"),
    SWEEP_A11Y_METHOD("GetSelectedRows", "", "ai"),
    SWEEP_A11Y_METHOD("GetSelectedColumns", "", "ai"),
    SWEEP_A11Y_METHOD("IsRowSelected", "i", "b"),
    SWEEP_A11Y_METHOD("IsColumnSelected", "i", "b"),
    SWEEP_A11Y_METHOD("IsSelected", "ii", "b"),
    SWEEP_A11Y_METHOD("AddRowSelection", "i", "b"),
    SWEEP_A11Y_METHOD("AddColumnSelection", "i", "b"),
    SWEEP_A11Y_METHOD("RemoveRowSelection", "i", "b"),
    SWEEP_A11Y_METHOD("RemoveColumnSelection", "i", "b"),
    SWEEP_A11Y_METHOD("GetRowColumnExtentsAtIndex", "i", "biiiib"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_table_cell_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("ColumnSpan", "i"),
    SWEEP_A11Y_PROPERTY("Position", "(ii)"),
    SWEEP_A11Y_PROPERTY("RowSpan", "i"),
    SWEEP_A11Y_PROPERTY("Table", "(so)"),
    SWEEP_A11Y_METHOD("GetRowHeaderCells", "", "a(so)"),
    SWEEP_A11Y_METHOD("GetColumnHeaderCells", "", "a(so)"),
    SWEEP_A11Y_METHOD("GetRowColumnSpan", "", "iiii"),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable sweep_a11y_value_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SWEEP_A11Y_PROPERTY("MinimumValue", "d"),
    SWEEP_A11Y_PROPERTY("MaximumValue", "d"),
    SWEEP_A11Y_PROPERTY("MinimumIncrement", "d"),
    SD_BUS_WRITABLE_PROPERTY("CurrentValue", "d", sweep_a11y_get, sweep_a11y_set, 0, SD_BUS_VTABLE_UNPRIVILEGED),
    SWEEP_A11Y_PROPERTY("Text", "s"),
    SD_BUS_VTABLE_END
};

static inline const sd_bus_vtable *sweep_a11y_value_vtable_pointer(void) { return sweep_a11y_value_vtable; }
static inline const sd_bus_vtable *sweep_a11y_table_vtable_pointer(void) { return sweep_a11y_table_vtable; }
static inline const sd_bus_vtable *sweep_a11y_table_cell_vtable_pointer(void) { return sweep_a11y_table_cell_vtable; }
static inline const sd_bus_vtable *sweep_a11y_text_vtable_pointer(void) { return sweep_a11y_text_vtable; }
static inline const sd_bus_vtable *sweep_a11y_editable_text_vtable_pointer(void) { return sweep_a11y_editable_text_vtable; }
