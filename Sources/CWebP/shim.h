// Swift's view of libwebp's encoder and its animation encoder (Debian: libwebp-dev;
// WebPAnimEncoder lives in libwebpmux).
#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
