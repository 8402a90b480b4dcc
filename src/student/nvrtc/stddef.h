/* stddef.h for NVRTC, which has no C library headers: size_t as the
 * compiler defines it, and NULL. */
#ifndef SCANVIZ_NVRTC_STDDEF_H
#define SCANVIZ_NVRTC_STDDEF_H
typedef decltype(sizeof(0)) size_t;
#ifndef NULL
#define NULL 0
#endif
#endif
