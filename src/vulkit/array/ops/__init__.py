"""The array operations: creation, elementwise functions (over :mod:`.engine`), indexing, manipulation.

Importing this package gives :class:`~vulkit.array.array.Array` its Python operators (:mod:`.operators`).
"""

from . import operators

operators.install()
