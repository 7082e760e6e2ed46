## driver: the gmc command (option parsing and the stage sequence).
bin_PROGRAMS += gmc
gmc_SOURCES = driver/gmc_main.c driver/options.h driver/options.c \
	driver/compile_output.h driver/compile_output.c
gmc_LDADD = libgmopt.a libgmbomp.a libgmbcuda.a libgmfront.a -lm
