#pragma once
#include <stdint.h>
#include <string.h>
#include <librsvg/rsvg.h>
#include <cairo.h>

// librsvg (2.52 or newer: rsvg_handle_render_document) drawing into a cairo
// image surface over the caller's pixels. librsvg reports errors in a
// GError and never unwinds; these helpers turn a GError into a string the
// caller frees with sweep_svg_free_message, so Swift never touches GLib's
// structs.

/// A handle for SVG data held in memory (no base file: external references are not loaded), or NULL and *message set.
static inline RsvgHandle *sweep_svg_open(const uint8_t *data, size_t length, char **message) {
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_data(data, length, &error);
    if (handle == NULL) {
        *message = g_strdup(error != NULL ? error->message : "not an SVG document");
        if (error != NULL) g_error_free(error);
    }
    return handle;
}

/// The document's size in pixels (at 96 dpi), else its viewBox's; 0 when it has neither.
static inline int sweep_svg_size(RsvgHandle *handle, double *width, double *height) {
    if (rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height) && *width > 0 && *height > 0) return 1;
    gboolean has_width = FALSE, has_height = FALSE, has_viewbox = FALSE;
    RsvgLength length_width, length_height;
    RsvgRectangle viewbox = { 0, 0, 0, 0 };
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height,
                                         &has_viewbox, &viewbox);
    if (has_viewbox && viewbox.width > 0 && viewbox.height > 0) {
        *width = viewbox.width;
        *height = viewbox.height;
        return 1;
    }
    return 0;
}

/// Draws the document fitted into width × height premultiplied ARGB32 pixels (0xAARRGGBB, rows of
/// width × 4 bytes, cleared by the caller). NULL on success, else a message.
static inline char *sweep_svg_render(RsvgHandle *handle, uint32_t *pixels, int width, int height) {
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32,
                                                                   width, height, width * 4);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        char *message = g_strdup(cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return message;
    }
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = { 0, 0, width, height };
    GError *error = NULL;
    gboolean drawn = rsvg_handle_render_document(handle, cr, &viewport, &error);
    char *message = NULL;
    if (!drawn) {
        message = g_strdup(error != NULL ? error->message : "librsvg could not draw it");
    } else if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
        message = g_strdup(cairo_status_to_string(cairo_status(cr)));
    }
    if (error != NULL) g_error_free(error);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
    return message;
}

static inline void sweep_svg_close(RsvgHandle *handle) { g_object_unref(handle); }
static inline void sweep_svg_free_message(char *message) { g_free(message); }
