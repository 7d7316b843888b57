// Swift's view of fstatfs(2), which Swift's Glibc module does not include: the output folder's
// lock needs the file system's type to tell a network file system from a local one.
#ifndef CSTATFS_SHIM_H
#define CSTATFS_SHIM_H

#ifdef __linux__
#include <sys/vfs.h>

/// The file system type (`f_type`, a magic number) of the file open as `fd`, or 0 on error.
static inline long cstatfs_type(int fd) {
  struct statfs info;
  return fstatfs(fd, &info) == 0 ? (long)info.f_type : 0;
}
#else
static inline long cstatfs_type(int fd) { (void)fd; return 0; }
#endif

#endif
