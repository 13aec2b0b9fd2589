"""The strided gather kernel: ``out[i] = src[source offset of i]``, where one term of the offset comes from an
index array on the GPU.

Output element ``i`` (the output is contiguous) has coordinates ``c`` over ``ndim`` merged dimensions; the
source offset is ``off_s + sum(c * st_s) + wrap(idx[off_x + sum(c * st_x)]) * axis_stride``. ``take`` gives the
index dimensions source stride 0 and the others index stride 0; ``take_along_axis`` walks the index array with
the output (broadcast strides). Elements move as unsigned integers of their size, so one kernel serves every
dtype of an item size.

Out-of-range indices, by ``mode``: ``check`` gathers nothing: it reads the indices and stores the output position
that met one out of range in a flag word the caller reads back (a plain store: any one of them may win, each a
whole word; no atomics, which need the device-scope memory model feature); negative indices count from the end
there, as NumPy's (``take``'s ``mode="raise"`` checks first and then gathers with ``wrap``, so that the host
waits for the check alone); ``wrap`` takes the index modulo the axis length; ``clip`` clamps it to [0, length)
(NumPy's modes); uint64 indices are read as int64, as NumPy casts them (2**64 - 1 is -1).

Offsets are element offsets from the allocations' starts, in 32-bit unsigned arithmetic (modulo 2^32, which
negative strides rely on): the caller keeps every array below 2^32 elements. With buffer addresses each access
is a pointer of its own (base + 64-bit byte offset): NVIDIA computes a block access's byte offset in 32 signed
bits.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from ..dtypes import DType, require_supported, uint8, uint16, uint32, uint64
from .glsl import WORKGROUP, header, offsets_lines

MODES = ("check", "wrap", "clip")
ITEMS = 4  # items per thread and pass, all index loads and then all source loads in flight
_BITS = {1: ("uint8_t", uint8), 2: ("uint16_t", uint16), 4: ("uint", uint32), 8: ("uvec2", uint32),
         16: ("uvec4", uint32)}


@dataclass(frozen=True)
class GatherSpec:
    """One gather kernel: element size in bytes, the index dtype, merged dimensions, the out-of-range ``mode``,
    and whether arrays are reached through buffer addresses. Bindings: source, indices, output (and the flag
    word in ``check`` mode)."""

    itemsize: int
    index: DType
    ndim: int
    mode: str = "wrap"
    addresses: bool = False
    groups_per: ClassVar[int] = WORKGROUP * ITEMS

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 3 + self.flags

    @property
    def flags(self) -> bool:
        """Whether the kernel checks (stores out-of-range positions in the flag word) instead of gathering."""
        return self.mode == "check"

    @cached_property
    def push(self) -> struct.Struct:
        """Push constants: buffer addresses (source, indices, output, flag), n, the output's offset, the axis
        length and stride, the offsets of source and indices, dims 1.. with their division magic, and the
        strides (source's, then the indices')."""
        codes = "QQQQ" if self.addresses else ""
        codes += "IIIi" + "ii" + "I" * (3 * (self.ndim - 1)) + "i" * (2 * self.ndim)
        return struct.Struct("=" + codes)

    def require(self, context: Any) -> None:
        require_supported(self.index, context.dtypes, context.device.physical.name)
        if self.addresses:
            require_supported(uint64, context.dtypes, context.device.physical.name)
        if self.itemsize in (1, 2):
            require_supported(_BITS[self.itemsize][1], context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        element, bits_dtype = _BITS[self.itemsize]
        index_type = self.index.storage
        dtypes = (bits_dtype, self.index, *((uint64,) if self.addresses else ()))
        lines = header(dtypes, self.addresses, None)
        if self.addresses:
            lines += [_reference("SR", element, "readonly", self.itemsize),
                      _reference("XR", index_type, "readonly", self.index.itemsize),
                      _reference("OR", element, "writeonly", self.itemsize),
                      _reference("FR", "uint", "", 4)]
        else:
            lines += [f"layout(std430, set = 0, binding = 0) readonly buffer S {{ {element} d[]; }} s;",
                      f"layout(std430, set = 0, binding = 1) readonly buffer X {{ {index_type} d[]; }} x;",
                      f"layout(std430, set = 0, binding = 2) writeonly buffer O {{ {element} d[]; }} o;"]
            if self.flags:
                lines.append("layout(std430, set = 0, binding = 3) buffer F { uint d[]; } f;")
        fields = ["uint64_t as; uint64_t ax; uint64_t ao; uint64_t af;"] if self.addresses else []
        fields += ["uint n; uint ooff; uint len; int astride; int off[2];"]
        if self.ndim > 1:
            fields.append(f"uint dim[{self.ndim - 1}]; uint mg[{self.ndim - 1}]; uint sh[{self.ndim - 1}];")
        fields.append(f"int st[{2 * self.ndim}];")
        lines.append("layout(push_constant) uniform Push { " + " ".join(fields) + " } p;")
        lines += self._helpers(element, index_type)
        lines += self._main(element)
        return "\n".join(lines) + "\n"

    def _helpers(self, element: str, index_type: str) -> list[str]:
        """``load_index(offset)`` (the raw index as a 64- or 32-bit integer), ``position(v, ok)`` (the index
        along the axis; ``ok`` false for one out of range in ``check`` mode), loads and stores."""
        wide = self.index.itemsize == 8
        signed = self.index.kind == "i" or wide  # uint64 indices are int64's bits, as NumPy casts them (-1)
        value = ("int64_t" if signed else "uint64_t") if wide else ("int" if signed else "uint")
        unsigned = "uint64_t" if wide else "uint"
        length = f"{unsigned}(p.len)"
        if self.addresses:
            size = self.index.itemsize
            loads = [f"{value} load_index(uint k) {{ return {value}(XR(p.ax + uint64_t(k) * {size}ul).v); }}",
                     f"{element} load(uint k) {{ return SR(p.as + uint64_t(k) * {self.itemsize}ul).v; }}",
                     f"void save(uint k, {element} v) {{ OR(p.ao + uint64_t(k) * {self.itemsize}ul).v = v; }}"]
        else:
            loads = [f"{value} load_index(uint k) {{ return {value}(x.d[k]); }}",
                     f"{element} load(uint k) {{ return s.d[k]; }}",
                     f"void save(uint k, {element} v) {{ o.d[k] = v; }}"]
        # the magnitude of a negative index, in unsigned arithmetic (no overflow at the type's minimum)
        magnitude = f"({unsigned}(0) - {unsigned}(v))"
        if self.flags:
            if signed:
                body = [f"  ok = v < {value}(0) ? {magnitude} <= {length} : {unsigned}(v) < {length};",
                        f"  return ok ? (v < {value}(0) ? uint(v) + p.len : uint(v)) : 0u;"]
            else:
                body = [f"  ok = v < {length};", "  return ok ? uint(v) : 0u;"]
        elif self.mode == "clip":
            low = f"v < {value}(0) ? 0u : " if signed else ""
            body = ["  ok = true;", f"  return {low}({unsigned}(v) >= {length} ? p.len - 1u : uint(v));"]
        else:  # wrap: Python's modulo
            if signed:
                body = ["  ok = true;",
                        f"  if (v >= {value}(0)) return uint({unsigned}(v) % {length});",
                        f"  uint m = uint({magnitude} % {length});",
                        "  return m == 0u ? 0u : p.len - m;"]
            else:
                body = ["  ok = true;", f"  return uint(v % {length});"]
        return [*loads, f"uint position({value} v, out bool ok) {{", *body, "}"]

    def _main(self, element: str) -> list[str]:
        tile = WORKGROUP * ITEMS
        zero = f"{element}(0u)" if element.startswith("uvec") else f"{element}(0)"
        body = ["void main() {",
                "  uint count = p.n;",
                f"  uint step = gl_NumWorkGroups.x * {tile}u;",
                # NOTE: compared by distance from the count: base + step may pass 2^32 and wrap
                f"  for (uint base = gl_WorkGroupID.x * {tile}u + gl_LocalInvocationID.x; base < count; "
                "base = count - base > step ? base + step : count) {"]
        for u in range(ITEMS):
            body += [f"    uint j{u} = base + {u * WORKGROUP}u;",
                     f"    bool in{u} = count - base > {u * WORKGROUP}u;",
                     f"    uint so{u} = 0u, xo{u} = 0u;",
                     f"    if (in{u}) {{",
                     *offsets_lines(self.ndim, [0, 1], f"j{u}"),
                     f"      so{u} = uint(o0); xo{u} = uint(o1);",
                     "    }"]
        for u in range(ITEMS):
            body.append(f"    uint k{u} = 0u; bool ok{u} = false;")
            body.append(f"    if (in{u}) k{u} = position(load_index(xo{u}), ok{u});")
        flag = "FR(p.af).v" if self.addresses else "f.d[0]"
        for u in range(0 if self.flags else ITEMS):
            body.append(f"    {element} v{u} = {zero};")
            body.append(f"    if (in{u} && ok{u}) v{u} = load(so{u} + k{u} * uint(p.astride));")
        for u in range(ITEMS):
            body.append(f"    if (in{u} && !ok{u}) {flag} = p.ooff + j{u};" if self.flags else
                        f"    if (in{u}) save(p.ooff + j{u}, v{u});")
        body += ["  }", "}"]
        return body


def _reference(name: str, element: str, access: str, align: int) -> str:
    return (f"layout(buffer_reference, std430, buffer_reference_align = {align}) {access} buffer {name} "
            f"{{ {element} v; }};")
