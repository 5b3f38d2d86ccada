# mk/certificate.mk -- the proof certificate in every build (docs/proofs.md,
# "The certificate").  build/gen/certificate.h holds the digest of the kernel
# sources being compiled and the digest + verdict of proofs/CERTIFICATE
# (written by `make prove`); lib/certificate.c compares them, `ccm version`
# prints the answer.
#   make certificate-check   fails if proofs/CERTIFICATE is not the
#                            certificate of the sources (CI runs it)
CERT_INPUTS := $(sort $(wildcard kernel/*.c kernel/*.h acsl/*.h)) mk/prove.mk \
               $(wildcard proofs/CERTIFICATE) proofs/digest.sh proofs/certificate-header.sh

$(BUILD)/gen/certificate.h: $(CERT_INPUTS)
	@mkdir -p $(dir $@)
	bash proofs/certificate-header.sh proofs/CERTIFICATE > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/lib/certificate.o $(BUILD)/san/lib/certificate.o: $(BUILD)/gen/certificate.h
$(BUILD)/obj/lib/certificate.o: CFLAGS_REL += -I$(BUILD)/gen
$(BUILD)/san/lib/certificate.o: CFLAGS_SAN += -I$(BUILD)/gen

.PHONY: certificate-check
certificate-check:
	@want=$$(bash proofs/digest.sh); \
	have=$$(sed -n 's/^digest: *//p' proofs/CERTIFICATE 2>/dev/null); \
	if [ "$$want" = "$$have" ]; then \
	  echo "certificate-check: proofs/CERTIFICATE is the certificate of these sources ($$want)"; \
	else \
	  echo "certificate-check: FAILED: proofs/CERTIFICATE records digest '$$have', the sources have $$want: run make prove and commit proofs/CERTIFICATE"; \
	  exit 1; \
	fi

CHECK_SUITES += "bash tests/cli/certificate.sh build/ccm" "bash tests/cli/certificate.sh build/ccm-san"
