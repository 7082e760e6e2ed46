/* types.h: placeholder. */
#ifndef GM_TYPES_H
#define GM_TYPES_H
#endif
