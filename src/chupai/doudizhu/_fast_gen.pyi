# The compiled move generator has no Python-level names (see _fast_gen.pxd).
