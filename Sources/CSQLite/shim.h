#ifndef TASKTILE_CSQLITE_SHIM_H
#define TASKTILE_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
