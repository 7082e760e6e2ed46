/* symtab.h: placeholder. */
#ifndef GM_SYMTAB_H
#define GM_SYMTAB_H
#endif
