/*
 * A Wayland client that is one keyboard of a headless compositor's seat for as long as its standard input is
 * open, and types the keys that it reads there. wtype is a new zwp_virtual_keyboard_v1 at each run: the seat
 * gains the keyboard, then loses it when wtype exits, and a client sees its keyboard focus leave between two
 * runs. An input method resets its composition when the focus leaves (ibus-anthy drops the preedit), so a
 * test that composes over several steps needs one keyboard that stays: this one.
 *
 * Standard input, one command a line, each answered on standard output with "done N" (N counts from 1) once
 * the compositor has it:
 *   key NAME     press and release the key of keysym NAME (as xkbcommon names it: a, space, Return, Escape)
 *   mods MASK    the depressed modifiers from now on (1 = Shift, 4 = Control; 0 = none), as wtype -M sends
 * The keymap has one key for each keysym of KEYSYMS below and of the arguments. zwp_virtual_keyboard_v1
 * (virtual-keyboard-unstable-v1, version 1) is declared here, so only libwayland-client is needed.
 *
 * Build: cc -o virtual_keyboard virtual_keyboard.c -lwayland-client
 * Prints "ready" once the compositor has the keyboard and its keymap.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <wayland-client.h>

extern const struct wl_interface zwp_virtual_keyboard_v1_interface;

static const struct wl_interface *create_types[] = { &wl_seat_interface, &zwp_virtual_keyboard_v1_interface };
static const struct wl_message manager_requests[] = {
    { "create_virtual_keyboard", "on", create_types },
};
const struct wl_interface zwp_virtual_keyboard_manager_v1_interface = {
    "zwp_virtual_keyboard_manager_v1", 1, 1, manager_requests, 0, NULL,
};

static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL };
static const struct wl_message keyboard_requests[] = {
    { "keymap", "uhu", no_types },
    { "key", "uuu", no_types },
    { "modifiers", "uuuu", no_types },
    { "destroy", "", no_types },
};
const struct wl_interface zwp_virtual_keyboard_v1_interface = {
    "zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL,
};

static const char *KEYSYMS[] = {
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u",
    "v", "w", "x", "y", "z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "space", "Return", "Escape",
    "Tab", "BackSpace", "Left", "Right", "minus", "numbersign", "exclam", "asciicircum",
};
#define MAX_KEYS 200

static const char *keys[MAX_KEYS];
static int key_count;
static struct wl_proxy *manager;
static struct wl_seat *seat;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, "zwp_virtual_keyboard_manager_v1") == 0)
        manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
    else if (strcmp(interface, "wl_seat") == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

/* The keymap as wtype writes it: key <Ki> (xkb keycode i + 8, evdev code i) has the i-th keysym. */
static int keymap_fd(uint32_t *size) {
    char *text = NULL;
    size_t length = 0;
    FILE *f = open_memstream(&text, &length);
    fprintf(f, "xkb_keymap {\nxkb_keycodes \"(unnamed)\" {\nminimum = 8;\nmaximum = %d;\n", key_count + 9);
    for (int i = 1; i <= key_count; i++) fprintf(f, "<K%d> = %d;\n", i, i + 8);
    fprintf(f, "};\nxkb_types \"(unnamed)\" { include \"complete\" };\n");
    fprintf(f, "xkb_compatibility \"(unnamed)\" { include \"complete\" };\nxkb_symbols \"(unnamed)\" {\n");
    for (int i = 1; i <= key_count; i++) fprintf(f, "key <K%d> {[%s]};\n", i, keys[i - 1]);
    fprintf(f, "};\n};\n");
    fclose(f);
    int fd = memfd_create("virtual-keyboard-keymap", 0);
    if (fd < 0 || write(fd, text, length + 1) != (ssize_t)(length + 1)) { perror("virtual_keyboard: keymap"); exit(1); }
    free(text);
    *size = (uint32_t)(length + 1);
    return fd;
}

static uint32_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

int main(int argc, char **argv) {
    for (size_t i = 0; i < sizeof KEYSYMS / sizeof *KEYSYMS; i++) keys[key_count++] = KEYSYMS[i];
    for (int i = 1; i < argc && key_count < MAX_KEYS; i++) keys[key_count++] = argv[i];
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "virtual_keyboard: cannot connect to the Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager || !seat) {
        fprintf(stderr, "virtual_keyboard: the compositor has no zwp_virtual_keyboard_manager_v1 or no seat\n");
        return 1;
    }
    struct wl_proxy *keyboard = wl_proxy_marshal_constructor(manager, 0, &zwp_virtual_keyboard_v1_interface, seat, NULL);
    uint32_t size;
    int fd = keymap_fd(&size);
    wl_proxy_marshal(keyboard, 0, 1 /* WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 */, fd, size);
    close(fd);
    if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "virtual_keyboard: the compositor refused\n"); return 1; }
    printf("ready\n");
    fflush(stdout);
    setvbuf(stdin, NULL, _IOLBF, 0);
    char line[256];
    unsigned done = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (strncmp(line, "key ", 4) == 0) {
            int code = 0;
            for (int i = 0; i < key_count && !code; i++)
                if (strcmp(keys[i], line + 4) == 0) code = i + 1;
            if (!code) { fprintf(stderr, "virtual_keyboard: no key for keysym %s\n", line + 4); continue; }
            wl_proxy_marshal(keyboard, 1, now_ms(), code, 1 /* pressed */);
            wl_proxy_marshal(keyboard, 1, now_ms(), code, 0 /* released */);
        } else if (strncmp(line, "mods ", 5) == 0) {
            wl_proxy_marshal(keyboard, 2, (uint32_t)strtoul(line + 5, NULL, 0), 0, 0, 0);
        } else {
            fprintf(stderr, "virtual_keyboard: unknown command: %s\n", line);
            continue;
        }
        if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "virtual_keyboard: connection lost\n"); return 1; }
        printf("done %u\n", ++done);
        fflush(stdout);
    }
    wl_proxy_marshal(keyboard, 3); /* destroy */
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
