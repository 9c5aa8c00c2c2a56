/*
 * A Wayland client that gives a headless compositor's seat a pointer and keeps it until its
 * standard input closes. sway's headless backend has no input devices, so its seat has no pointer
 * capability and clients never bind wl_pointer: `swaymsg seat seat0 cursor press button1` would
 * reach nobody. A zwlr_virtual_pointer_v1 (wlr-virtual-pointer-unstable-v1, version 1) is a
 * pointer device of the seat for as long as it exists; the clicks themselves still come from
 * swaymsg. The two interfaces are declared here (request signatures per the protocol XML), so
 * the test needs only libwayland-client, no protocol files.
 *
 * Build: cc -o virtual_pointer virtual_pointer.c -lwayland-client
 * Prints "ready" once the compositor has created the device.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

extern const struct wl_interface zwlr_virtual_pointer_v1_interface;

static const struct wl_interface *create_types[] = { &wl_seat_interface, &zwlr_virtual_pointer_v1_interface };

static const struct wl_message manager_requests[] = {
    { "create_virtual_pointer", "?on", create_types },
    { "destroy", "", NULL },
};
const struct wl_interface zwlr_virtual_pointer_manager_v1_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};

static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL };
static const struct wl_message pointer_requests[] = {
    { "motion", "uff", no_types },
    { "motion_absolute", "uuuuu", no_types },
    { "button", "uuu", no_types },
    { "axis", "uuf", no_types },
    { "frame", "", no_types },
    { "axis_source", "u", no_types },
    { "axis_stop", "uu", no_types },
    { "axis_discrete", "uufi", no_types },
    { "destroy", "", no_types },
};
const struct wl_interface zwlr_virtual_pointer_v1_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

static struct wl_proxy *manager;
static struct wl_seat *seat;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, "zwlr_virtual_pointer_manager_v1") == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    else if (strcmp(interface, "wl_seat") == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "virtual_pointer: cannot connect to the Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) { fprintf(stderr, "virtual_pointer: the compositor has no zwlr_virtual_pointer_manager_v1\n"); return 1; }
    struct wl_proxy *pointer = wl_proxy_marshal_constructor(manager, 0, &zwlr_virtual_pointer_v1_interface, seat, NULL);
    wl_display_roundtrip(display);
    printf("ready\n");
    fflush(stdout);
    char buffer[64];
    while (read(0, buffer, sizeof buffer) > 0) {}
    wl_proxy_marshal(pointer, 8); /* destroy */
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
