#ifndef WATERFALLCHECK_CJSONC_SHIM_H
#define WATERFALLCHECK_CJSONC_SHIM_H
#include <json-c/json.h>
#include <json-c/json_tokener.h>
#endif
