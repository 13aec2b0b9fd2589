"""The array operations: creation, elementwise functions (over :mod:`.engine`), indexing, manipulation,
reductions, scans, sorting.

Importing this package gives :class:`~vulkit.array.array.Array` its Python operators (:mod:`.operators`) and its
NumPy-style methods (:mod:`.methods`).
"""

from . import methods, operators

operators.install()
methods.install()
