/* builtins.h: placeholder. */
#ifndef GM_BUILTINS_H
#define GM_BUILTINS_H
#endif
