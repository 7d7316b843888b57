// libwebp's animation decoder (Debian: libwebp-dev's libwebpdemux), for the tests only:
// they decode the animated WebP files that `render --webp` writes.
#ifndef CWEBPDEMUX_SHIM_H
#define CWEBPDEMUX_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>

#endif
