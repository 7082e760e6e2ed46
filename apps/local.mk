## apps: fragment of the top-level Makefile.am
