// Swift's view of libdeflate's whole-buffer compressor (Debian: libdeflate-dev).
#ifndef CLIBDEFLATE_SHIM_H
#define CLIBDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
