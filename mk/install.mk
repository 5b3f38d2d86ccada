# mk/install.mk -- the shared library and `make install`.
#
#   make install PREFIX=/usr/local [DESTDIR=/tmp/stage]
#
# installs bin/ccm, lib/libccm.so.$(CCM_VERSION) with its soname link
# libccm.so.$(CCM_SOMAJOR) and the development link libccm.so, lib/libccm.a,
# the public headers include/ccm/{ccm.h,ccmlib.h}, lib/pkgconfig/ccm.pc and
# share/man/man1/ccm.1.  The shared library is built from its own -fPIC
# objects (build/pic) and exports only the ccm_ functions the public headers
# declare (build/libccm.map, made from them).

CCM_SOMAJOR := 0
PREFIX  ?= /usr/local
DESTDIR ?=
CFLAGS_PIC = $(CFLAGS_REL) $(LTO) -fPIC -fno-semantic-interposition

obj_pic = $(patsubst %.c,$(BUILD)/pic/%.o,$(1))

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_PIC) $(PGO_USE) -MMD -MP -c $< -o $@

# The version script: every ccm_ function the two public headers declare,
# nothing else (the kernel's rows and firings are ccm_ too, but internal).
$(BUILD)/libccm.map: kernel/ccm.h lib/ccmlib.h
	@mkdir -p $(dir $@)
	{ echo 'CCM_0 {'; echo '  global:'; \
	  grep -ho '\bccm_[a-z0-9_]*\s*(' kernel/ccm.h lib/ccmlib.h | tr -d '( ' | sort -u | sed 's/.*/    &;/'; \
	  echo '  local: *;'; echo '};'; } > $@

$(LIBCCM_SO): $(call obj_pic,$(LIBCCM_SRC) $(CERT_SRC)) $(BUILD)/libccm.map
	$(CC) $(CFLAGS_PIC) -shared -Wl,-soname,libccm.so.$(CCM_SOMAJOR) \
	    -Wl,--version-script=$(BUILD)/libccm.map -Wl,-z,defs -o $@ $(call obj_pic,$(LIBCCM_SRC) $(CERT_SRC)) \
	    -ljansson
	ln -sf libccm.so.$(CCM_VERSION) $(BUILD)/libccm.so.$(CCM_SOMAJOR)
	ln -sf libccm.so.$(CCM_SOMAJOR) $(BUILD)/libccm.so

all: $(LIBCCM_SO)

# The installed headers: lib/install-header.sh rewrites their includes for
# include/ccm/ and wraps them in extern "C".
INSTALL_HEADERS := kernel/ccm.h lib/ccmlib.h

.PHONY: install
install: $(BUILD)/ccm $(BUILD)/libccm.a $(LIBCCM_SO) lib/ccm.pc.in docs/ccm.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/include/ccm $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/ccm $(DESTDIR)$(PREFIX)/bin/ccm
	install -m 644 $(BUILD)/libccm.a $(DESTDIR)$(PREFIX)/lib/libccm.a
	install -m 755 $(LIBCCM_SO) $(DESTDIR)$(PREFIX)/lib/libccm.so.$(CCM_VERSION)
	ln -sf libccm.so.$(CCM_VERSION) $(DESTDIR)$(PREFIX)/lib/libccm.so.$(CCM_SOMAJOR)
	ln -sf libccm.so.$(CCM_SOMAJOR) $(DESTDIR)$(PREFIX)/lib/libccm.so
	for h in $(INSTALL_HEADERS); do \
	    bash lib/install-header.sh $$h $(DESTDIR)$(PREFIX)/include/ccm/$$(basename $$h) || exit 1; done
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(CCM_VERSION)|' lib/ccm.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ccm.pc
	install -m 644 docs/ccm.1 $(DESTDIR)$(PREFIX)/share/man/man1/ccm.1

# Install to a temporary prefix and build outside programs with pkg-config.
CHECK_SUITES += "bash tests/install/run.sh"
CHECK_DEPS   += $(BUILD)/ccm $(BUILD)/libccm.a $(LIBCCM_SO)
