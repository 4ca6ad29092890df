"""certune from Python: exact, certified hyperparameter tuning of graph-based
semi-supervised learning (label propagation) over libcertune.

    import certune
    p = certune.analyze(["instances/lambda-gadget-x4.gssl"], family="lambda")
    p.min_loss, p.representative, p.loss_at("5/2")

See docs/python.md for the API reference.
"""

from ._isolate import IsolatedProcessError, isolation, set_isolation
from ._lib import LibraryNotFoundError
from .errors import InputError, NotFittedError, UndecidedError
from .instance import Instance, exact_string
from .profile import Breakpoint, Minimum, Piece, Profile, analyze
from .spreading import spreading_graph, spreading_instance, spreading_profile
from .tuner import ExactTuner
from .evaluate import Evaluation, NodePrediction, evaluate
from .search import ExactSearchCV, ExactSpreading

__all__ = ["analyze", "Profile", "Breakpoint", "Piece", "Minimum", "Instance", "ExactTuner",
           "ExactSearchCV", "ExactSpreading", "evaluate", "Evaluation", "NodePrediction",
           "spreading_graph", "spreading_instance", "spreading_profile", "exact_string",
           "InputError", "UndecidedError", "NotFittedError", "LibraryNotFoundError",
           "IsolatedProcessError", "isolation", "set_isolation", "library_version"]


def library_version():
    """The version of the loaded libcertune, e.g. '0.5.0'."""
    from . import _lib
    return _lib.lib().ct_capi_version().decode()
