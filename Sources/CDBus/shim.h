#ifndef TASKTILE_CDBUS_SHIM_H
#define TASKTILE_CDBUS_SHIM_H
#include <dbus/dbus.h>

/* Type codes: DBUS_TYPE_* are macros with casts that Swift does not import. */
static const int TT_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int TT_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int TT_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int TT_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int TT_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int TT_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int TT_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int TT_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int TT_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;
static const int TT_DBUS_MESSAGE_TYPE_METHOD_RETURN = DBUS_MESSAGE_TYPE_METHOD_RETURN;
static const int TT_DBUS_MESSAGE_TYPE_ERROR = DBUS_MESSAGE_TYPE_ERROR;
static const int TT_DBUS_MESSAGE_TYPE_SIGNAL = DBUS_MESSAGE_TYPE_SIGNAL;

/* dbus_message_iter_append_basic / get_basic take a pointer to the value: typed helpers. */
static inline dbus_bool_t tt_dbus_append_string(DBusMessageIter *iter, const char *value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &value);
}
static inline dbus_bool_t tt_dbus_append_uint32(DBusMessageIter *iter, dbus_uint32_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT32, &value);
}
static inline dbus_bool_t tt_dbus_append_int32(DBusMessageIter *iter, dbus_int32_t value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_INT32, &value);
}
static inline dbus_bool_t tt_dbus_append_byte(DBusMessageIter *iter, unsigned char value) {
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BYTE, &value);
}
static inline dbus_bool_t tt_dbus_append_boolean(DBusMessageIter *iter, int value) {
    dbus_bool_t b = value ? TRUE : FALSE;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_BOOLEAN, &b);
}
/* Valid only when the iterator's current argument has the matching type (checked by the caller). */
static inline const char *tt_dbus_get_string(DBusMessageIter *iter) {
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
static inline dbus_uint32_t tt_dbus_get_uint32(DBusMessageIter *iter) {
    dbus_uint32_t value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
static inline dbus_int32_t tt_dbus_get_int32(DBusMessageIter *iter) {
    dbus_int32_t value = 0;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
#endif
