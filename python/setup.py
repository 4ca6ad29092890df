"""Records, in the installed package, the build folder of the checkout it is
installed from (certune/_where.py), where the package looks for libcertune
after $CERTUNE_LIB and the pkg-config file of `make install`
(python/certune/_lib.py). Everything else is in pyproject.toml."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
TREE = os.path.dirname(HERE)


class BuildPy(build_py):
    def run(self):
        super().run()
        build = os.path.join(TREE, "build") \
            if os.path.isfile(os.path.join(TREE, "Makefile")) else None
        target = os.path.join(self.build_lib, "certune", "_where.py")
        with open(target, "w") as f:
            f.write('"""Written by setup.py at install time: the build folder of the checkout '
                    'the package was installed from."""\n\n')
            f.write(f"SOURCE_BUILD = {build!r}\n")


setup(cmdclass={"build_py": BuildPy})
