#ifndef TASKTILE_CSQLITE_SHIM_H
#define TASKTILE_CSQLITE_SHIM_H
#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: one fixed-argument wrapper for the
/// integer options (https://www.sqlite.org/c3ref/c_dbconfig_defensive.html).
static inline int tasktile_sqlite3_db_config_int(sqlite3 *db, int op, int value) {
    int result = 0;
    return sqlite3_db_config(db, op, value, &result);
}
#endif
