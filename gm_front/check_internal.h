/* check_internal.h: placeholder. */
#ifndef GM_CHECK_INTERNAL_H
#define GM_CHECK_INTERNAL_H
#endif
