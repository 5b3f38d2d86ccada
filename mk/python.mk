# mk/python.mk -- python/ccm.py, the ctypes binding over build/libccm.so:
# its unittest suite (python/test_ccm.py, which also runs the section 7
# example python/example_section7.py).
CHECK_SUITES += "python3 python/test_ccm.py"
CHECK_DEPS   += $(LIBCCM_SO)
