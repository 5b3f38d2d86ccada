# mk/install.mk -- ccm installed like any C library (docs/library.md).
#   make install PREFIX=/usr/local [DESTDIR=...]
# installs bin/ccm, lib/libccm.so.$(SO_VERSION) (soname libccm.so.$(SO_MAJOR))
# with its two links, lib/libccm.a, include/ccm/{kernel/ccm.h,lib/ccmlib.h},
# lib/pkgconfig/ccm.pc and share/man/man1/ccm.1.  The shared library exports
# the functions the two public headers declare, nothing else (a linker version
# script made from them); tests/install/run.sh checks all of it.
PREFIX  ?= /usr/local
DESTDIR ?=
SO_MAJOR   := 0
SO_VERSION := 0.1.0
CFLAGS_PIC := $(CFLAGS_REL) -fPIC
obj_pic = $(patsubst %.c,$(BUILD)/pic/%.o,$(1))

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_PIC) -MMD -MP -c $< -o $@

$(BUILD)/pic/lib/certificate.o: $(BUILD)/gen/certificate.h
$(BUILD)/pic/lib/certificate.o: CFLAGS_PIC += -I$(BUILD)/gen

# exported: every ccm_ function the public headers declare (the kernel's
# rows and the front end's functions stay local)
$(BUILD)/libccm.map: kernel/ccm.h lib/ccmlib.h
	@mkdir -p $(dir $@)
	{ echo 'CCM_0 {'; echo '  global:'; \
	  grep -ho '\bccm_[a-z0-9_]*\s*(' kernel/ccm.h lib/ccmlib.h | tr -d '( ' | sort -u | sed 's/.*/    &;/'; \
	  echo '  local: *;'; echo '};'; } > $@

$(BUILD)/libccm.so.$(SO_VERSION): $(call obj_pic,$(LIBCCM_SRC)) $(BUILD)/libccm.map
	$(CC) -shared -Wl,-soname,libccm.so.$(SO_MAJOR) -Wl,--version-script=$(BUILD)/libccm.map \
	  -o $@ $(call obj_pic,$(LIBCCM_SRC))

.PHONY: install
install: $(BUILD)/ccm $(BUILD)/libccm.a $(BUILD)/libccm.so.$(SO_VERSION)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/ccm/kernel $(DESTDIR)$(PREFIX)/include/ccm/lib \
	  $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/ccm $(DESTDIR)$(PREFIX)/bin/ccm
	install -m 644 $(BUILD)/libccm.a $(DESTDIR)$(PREFIX)/lib/libccm.a
	install -m 755 $(BUILD)/libccm.so.$(SO_VERSION) $(DESTDIR)$(PREFIX)/lib/libccm.so.$(SO_VERSION)
	ln -sf libccm.so.$(SO_VERSION) $(DESTDIR)$(PREFIX)/lib/libccm.so.$(SO_MAJOR)
	ln -sf libccm.so.$(SO_MAJOR) $(DESTDIR)$(PREFIX)/lib/libccm.so
	install -m 644 kernel/ccm.h $(DESTDIR)$(PREFIX)/include/ccm/kernel/ccm.h
	install -m 644 lib/ccmlib.h $(DESTDIR)$(PREFIX)/include/ccm/lib/ccmlib.h
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include' '' \
	  'Name: ccm' 'Description: verified cost-centre abstract machine (Sansom & Peyton Jones, POPL 1995)' \
	  'Version: $(SO_VERSION)' 'Cflags: -I$${includedir}/ccm' 'Libs: -L$${libdir} -lccm' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ccm.pc
	install -m 644 man/ccm.1 $(DESTDIR)$(PREFIX)/share/man/man1/ccm.1

CHECK_SUITES += "bash tests/install/run.sh"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/libccm.a $(BUILD)/libccm.so.$(SO_VERSION)
