// Swift's view of ISA-L's igzip deflate: the header plus what macros and enums hide.
#ifndef CISAL_SHIM_H
#define CISAL_SHIM_H

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

/// Bytes of the level buffer igzip needs at `level` (0…3): ISAL_DEF_LVLn_DEFAULT.
static inline uint32_t cisal_level_buffer_size(int level) {
  switch (level) {
  case 0: return ISAL_DEF_LVL0_DEFAULT;
  case 1: return ISAL_DEF_LVL1_DEFAULT;
  case 2: return ISAL_DEF_LVL2_DEFAULT;
  default: return ISAL_DEF_LVL3_DEFAULT;
  }
}

/// True once a stream given `end_of_stream` has written all of its output.
static inline int cisal_finished(const struct isal_zstream *stream) {
  return stream->internal_state.state == ZSTATE_END;
}

#endif
