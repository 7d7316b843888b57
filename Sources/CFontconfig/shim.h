// Swift's view of fontconfig: the header, and the property names, which are string macros.
#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

static const char *const CFONTCONFIG_FAMILY = FC_FAMILY;
static const char *const CFONTCONFIG_WEIGHT = FC_WEIGHT;
static const char *const CFONTCONFIG_SLANT = FC_SLANT;
static const char *const CFONTCONFIG_FILE = FC_FILE;
static const char *const CFONTCONFIG_INDEX = FC_INDEX;
static const char *const CFONTCONFIG_CHARSET = FC_CHARSET;
static const char *const CFONTCONFIG_OUTLINE = FC_OUTLINE;

#endif
