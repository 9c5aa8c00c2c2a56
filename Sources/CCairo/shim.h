#ifndef TASKTILE_CCAIRO_SHIM_H
#define TASKTILE_CCAIRO_SHIM_H
#include <cairo.h>
#include <pango/pangocairo.h>
#endif
