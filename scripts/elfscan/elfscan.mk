# SPDX-License-Identifier: GPL-2.0
# The objects of scripts/elfscan, for the Makefile of a program that links
# them: "include $(srctree)/scripts/elfscan/elfscan.mk", then
# HOSTLDLIBS_prog := $(elfscan-lib) -lelf and $(obj)/prog: $(elfscan-lib).
# The top Makefile builds them first (scripts_elfscan).
elfscan-objs := scan.o branch.o output.o
elfscan-lib := $(addprefix $(objtree)/scripts/elfscan/,$(elfscan-objs))
