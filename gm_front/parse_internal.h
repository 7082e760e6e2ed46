/* parse_internal.h: placeholder. */
#ifndef GM_PARSE_INTERNAL_H
#define GM_PARSE_INTERNAL_H
#endif
