# mk/certificate.mk -- the proof certificate in every build.
#
# build/gen/ccm_certificate.h holds the digest of the sources this build
# compiles (proofs/certify-digest.sh: kernel/, acsl/, the proof settings)
# and the committed certificate proofs/certificate.txt (digest and verdict
# of the `make prove` run, written by proofs/certify.py).  lib/cert/
# certificate.c compiles it into libccm (ccm_certificate, ccm_kernel_proven)
# and `ccm version` prints it.  lib/cert/ is outside the lib/*.c glob: it is
# added to the libraries here, and only they need the generated header.
#
#   make certificate-check   the committed certificate's digest must be that
#                            of the sources (in make check)
#   make certificate         rewrite proofs/certificate.txt from the report
#                            of the last `make prove` (build/prove/)

CERT_SRC    := lib/cert/certificate.c
CERT_HEADER := $(BUILD)/gen/ccm_certificate.h
CERT_INPUTS := $(wildcard $(shell grep -v '^\#' proofs/certified-inputs.txt))

$(CERT_HEADER): $(CERT_INPUTS) proofs/certificate.txt proofs/certify-digest.sh proofs/certificate-header.sh
	@mkdir -p $(dir $@)
	bash proofs/certificate-header.sh proofs/certificate.txt "$$(bash proofs/certify-digest.sh)" > $@.tmp
	@mv $@.tmp $@

$(call obj_rel,$(CERT_SRC)) $(call obj_san,$(CERT_SRC)) $(patsubst %.c,$(BUILD)/pic/%.o,$(CERT_SRC)): $(CERT_HEADER)
$(call obj_rel,$(CERT_SRC)) $(call obj_san,$(CERT_SRC)) $(patsubst %.c,$(BUILD)/pic/%.o,$(CERT_SRC)): CFLAGS_REL += -I$(BUILD)/gen
$(call obj_san,$(CERT_SRC)): CFLAGS_SAN += -I$(BUILD)/gen

# ar rcs $@ $^ takes these extra prerequisites into the archives
$(BUILD)/libccm.a: $(call obj_rel,$(CERT_SRC))
$(BUILD)/libccm-san.a: $(call obj_san,$(CERT_SRC))

.PHONY: certificate-check certificate
certificate-check:
	@bash tests/certificate/check.sh

# After `make prove` succeeded: the newest of the reports of a whole proof
# (prove-replay's, prove-update's, prove-prune's, which proves as
# prove-update does, or prove-cold's), with Frama-C's exit status 0 (make
# prove passed).  The run's JSON reports are those its BASE.reports lists.
certificate:
	@log=$$(ls -t $(BUILD)/prove/replay.log $(BUILD)/prove/prove.log $(BUILD)/prove/prune.log $(BUILD)/prove/cold.log 2>/dev/null | head -n 1); \
	[ -n "$$log" ] || { echo "certificate: no report of make prove in $(BUILD)/prove"; exit 1; }; \
	base=$${log%.log}; \
	[ -s $$base.reports ] || { echo "certificate: no list of reports $$base.reports"; exit 1; }; \
	python3 proofs/certify.py --expect $(BUILD)/prove/kernel-functions.txt --smoke $(PROVE_SMOKE_DEAD) --steps-limit $(PROVE_STEPS) \
	    $$(sed -n 's/^smoke-pass /--smoke-pass /p' $$base.reports) $$log 0 \
	    $$(sed -n 's/^report //p' $$base.reports)

CHECK_SUITES += "bash tests/certificate/check.sh" "bash tests/certificate/run.sh"
CHECK_DEPS   += $(BUILD)/ccm
