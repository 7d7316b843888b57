// Swift's view of HarfBuzz: the core API and its FreeType integration.
#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ft.h>

#endif
