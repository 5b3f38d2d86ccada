# mk/coq.mk -- the Coq model of the semantics (issue 15, docs/coq.md).
#   make coq    compile proofs/coq in build/coq and check that no lemma
#               listed in proofs/coq/lemmas.txt rests on an assumption
# `make check` runs the same script as one of its suites.
.PHONY: coq
coq:
	bash proofs/coq/check.sh $(BUILD)/coq

CHECK_SUITES += "bash proofs/coq/check.sh $(BUILD)/coq"
