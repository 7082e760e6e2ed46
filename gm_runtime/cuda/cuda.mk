## gm_runtime/cuda: libgmrt-cuda, the host half of the CUDA runtime (gmcu.h
## declares it), compiled by nvcc when configure found one: a static
## libgmrt-cuda.a and a shared libgmrt-cuda.so (soname libgmrt-cuda.so.0,
## the CUDA runtime linked in privately) from the same -fPIC objects.
## Libtool does not know nvcc, hence the explicit rules.

GMRT_CUDA_CU = \
	gm_runtime/cuda/alloc.cu \
	gm_runtime/cuda/bfs_relax.cu \
	gm_runtime/cuda/components.cu \
	gm_runtime/cuda/device.cu \
	gm_runtime/cuda/gather_order.cu \
	gm_runtime/cuda/graph_upload.cu \
	gm_runtime/cuda/hubs.cu \
	gm_runtime/cuda/mirror.cu \
	gm_runtime/cuda/worklist.cu
EXTRA_DIST += $(GMRT_CUDA_CU) gm_runtime/cuda/locked.h

if HAVE_NVCC
GMRT_CUDA_OBJECTS = $(GMRT_CUDA_CU:.cu=.o)
GMRT_CUDA_SONAME = libgmrt-cuda.so.0
GMRT_CUDA_SOFILE = libgmrt-cuda.so.0.0.0
GMRT_CUDA_NVCCFLAGS = -O3 -std=c++17 -arch=$(GMRT_CUDA_ARCH) -Xcompiler -fPIC,-Wall,-Wextra \
	$(GMRT_EDGE_CPPFLAGS) -I$(top_srcdir)/gm_runtime $(NVCCFLAGS)
pkgconfig_DATA += gmrt-cuda.pc
CLEANFILES += $(GMRT_CUDA_OBJECTS) $(GMRT_CUDA_OBJECTS:.o=.o.log) libgmrt-cuda.a $(GMRT_CUDA_SOFILE)

AM_V_NVCC = $(am__v_NVCC_@AM_V@)
am__v_NVCC_ = $(am__v_NVCC_@AM_DEFAULT_V@)
am__v_NVCC_0 = @echo "  NVCC    " $@;
am__v_NVCC_1 =

# Each object's nvcc messages are also kept in OBJECT.log (shown as
# before): tests/cuda/compile_all.sh checks that these compiles warned of
# nothing instead of compiling the library's sources again (~24 processor
# s here).
$(GMRT_CUDA_OBJECTS): $(gmrtinclude_HEADERS)
gm_runtime/cuda/%.o: $(srcdir)/gm_runtime/cuda/%.cu
	@$(MKDIR_P) gm_runtime/cuda
	$(AM_V_NVCC)rm -f $@.log; $(NVCC) $(GMRT_CUDA_NVCCFLAGS) -c -o $@ $< >$@.log 2>&1; \
	  st=$$?; cat $@.log >&2; exit $$st

libgmrt-cuda.a: $(GMRT_CUDA_OBJECTS)
	$(AM_V_AR)rm -f $@ && $(AR) cr $@ $(GMRT_CUDA_OBJECTS) && $(RANLIB) $@

$(GMRT_CUDA_SOFILE): $(GMRT_CUDA_OBJECTS)
	$(AM_V_NVCC)$(NVCC) -shared $(NVCCFLAGS) -Xlinker -soname=$(GMRT_CUDA_SONAME) \
	  -Xlinker --exclude-libs,ALL -o $@ $(GMRT_CUDA_OBJECTS)

all-local: libgmrt-cuda.a $(GMRT_CUDA_SOFILE) $(GMD_GPU_LIB)

install-exec-local: libgmrt-cuda.a $(GMRT_CUDA_SOFILE) $(GMD_GPU_LIB)
	$(MKDIR_P) '$(DESTDIR)$(libdir)'
	$(INSTALL_DATA) libgmrt-cuda.a '$(DESTDIR)$(libdir)/libgmrt-cuda.a'
	test -z '$(GMD_GPU_LIB)' || $(INSTALL_DATA) $(GMD_GPU_LIB) '$(DESTDIR)$(libdir)/$(GMD_GPU_LIB)'
	$(INSTALL) -m 755 $(GMRT_CUDA_SOFILE) '$(DESTDIR)$(libdir)/$(GMRT_CUDA_SOFILE)'
	cd '$(DESTDIR)$(libdir)' && rm -f $(GMRT_CUDA_SONAME) libgmrt-cuda.so && \
	  $(LN_S) $(GMRT_CUDA_SOFILE) $(GMRT_CUDA_SONAME) && \
	  $(LN_S) $(GMRT_CUDA_SOFILE) libgmrt-cuda.so

uninstall-local:
	rm -f '$(DESTDIR)$(libdir)/libgmrt-cuda.a' '$(DESTDIR)$(libdir)/$(GMRT_CUDA_SOFILE)' \
	  '$(DESTDIR)$(libdir)/libgmrt-dist-cuda.a' \
	  '$(DESTDIR)$(libdir)/$(GMRT_CUDA_SONAME)' '$(DESTDIR)$(libdir)/libgmrt-cuda.so'
endif
