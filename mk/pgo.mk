# mk/pgo.mk -- profile-guided optimisation of the release build (GCC's
# -fprofile-generate / -fprofile-use), opt-in: `make pgo` (or `make
# PGO=yes ...`).  Not the default: with the kernel's inline limit
# (GNUmakefile, KERNEL_OPT) the build without a profile is the faster one --
# 0.91 of the PGO build's ccm_run time on nfib, 0.87 of its whole `ccm run`
# (docs/examples.md, "Benchmarks") -- and it compiles once.  Another
# compiler (CC=clang) never uses it.
#
# Two stages, everything under build/pgo/:
#   1. build/pgo/ccm: the command line and the library instrumented, from
#      objects of their own (build/pgo/obj; no LTO, which the profile does
#      not need), run on fixed inputs by bench/pgo-train.sh; the counts go
#      to build/pgo/profile/;
#   2. the release objects of the library and the command line (build/obj,
#      and build/pic for libccm.so) compiled with -fprofile-use of those
#      counts, and linked with LTO as before.
# With PGO set, a changed source makes the profile again, then every
# release object.  `make pgo` after a build without it rebuilds those
# objects (the fresh profile is newer); a later plain `make` keeps them
# until a source changes.  The sanitized build, the kernel tests' and the
# other programs' own objects (gen/, props/, tests/) use no profile.
#
# Both stages compile with the same flags but the profile's (the kernel's
# units with KERNEL_OPT too): the counts are those of the code as it is
# before inlining.  -dumpdir: GCC names a static function's counts after
# the object's auxiliary name (its path less the suffix); both stages give
# one name per source directory (build/pgo/aux/DIR/, where nothing is
# written), so the release objects find the counts of the instrumented ones.
# A profile that does not fit (a source changed under a stale profile,
# other OPT flags) warns and is not used for that function, it does not
# fail the build (-fprofile-correction: else GCC's "Missing counts for
# called function", which no -Wno-error= option names, is an error).

PGO ?=
PGO_DIR     := $(BUILD)/pgo
PGO_PROFILE := $(abspath $(PGO_DIR)/profile)
PGO_STAMP   := $(PGO_DIR)/profile/.stamp
PGO_SRC     := $(LIBCCM_SRC) $(CERT_SRC) $(CLI_SRC)
PGO_GEN_OBJ := $(patsubst %.c,$(PGO_DIR)/obj/%.o,$(PGO_SRC))
PGO_TRAIN   := bench/pgo-train.sh $(wildcard bench/*.lam bench/ghc/*.lam examples/*.lam)

pgo_aux      = -dumpdir $(PGO_DIR)/aux/$(dir $<)
PGO_USE_FLAGS = -fprofile-use=$(PGO_PROFILE) -fprofile-partial-training -fprofile-correction \
                -Wno-error=coverage-mismatch -Wno-error=missing-profile $(pgo_aux)

$(PGO_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -g $(PGO_GEN_OPT) -I$(BUILD)/gen -fprofile-generate=$(PGO_PROFILE) $(pgo_aux) -MMD -MP -c $< -o $@

$(patsubst %.c,$(PGO_DIR)/obj/%.o,$(KERNEL_SRC)): PGO_GEN_OPT = $(KERNEL_OPT)
$(patsubst %.c,$(PGO_DIR)/obj/%.o,$(CERT_SRC)): $(CERT_HEADER)

$(PGO_DIR)/ccm: $(PGO_GEN_OBJ)
	$(CC) $(OPT) -fprofile-generate=$(PGO_PROFILE) -o $@ $^ $(CLI_LIBS)

# the training run: a fresh profile from the instrumented ccm
$(PGO_STAMP): $(PGO_DIR)/ccm $(PGO_TRAIN)
	@rm -rf $(PGO_PROFILE) && mkdir -p $(PGO_PROFILE)
	bash bench/pgo-train.sh $(PGO_DIR)/ccm
	@touch $@

.PHONY: pgo pgo-profile
pgo-profile: $(PGO_STAMP)
pgo:
	$(MAKE) PGO=$(if $(CC_IS_GCC),yes) all

ifneq ($(PGO),)
PGO_OBJ := $(call obj_rel,$(PGO_SRC)) $(patsubst %.c,$(BUILD)/pic/%.o,$(LIBCCM_SRC) $(CERT_SRC))
$(PGO_OBJ): $(PGO_STAMP)
$(PGO_OBJ): private PGO_USE = $(PGO_USE_FLAGS)
endif
