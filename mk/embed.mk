# mk/embed.mk -- safe to embed: the shared library calls no exit/abort/
# print function (tests/embed/symbols.sh on its undefined symbols), and
# sessions run in several threads at once give the reports they give alone
# (tests/embed/threads.c, library and test built with ThreadSanitizer).

CFLAGS_TSAN := $(CSTD) $(WARN) -O1 -g -fno-omit-frame-pointer -fsanitize=thread -pthread

$(BUILD)/tests/threads-tsan: tests/embed/threads.c $(LIBCCM_SRC) $(wildcard kernel/*.h front/*.h lib/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_TSAN) -o $@ tests/embed/threads.c $(LIBCCM_SRC) -ljansson

CHECK_SUITES += "bash tests/embed/symbols.sh $(LIBCCM_SO)"
CHECK_SUITES += "TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(BUILD)/tests/threads-tsan examples/*.lam tests/regress/*.lam"
CHECK_DEPS   += $(LIBCCM_SO) $(BUILD)/tests/threads-tsan
