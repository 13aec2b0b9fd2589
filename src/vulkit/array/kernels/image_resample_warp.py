"""Projective warps (``vt.image.warp_affine``, ``warp_perspective``, ``rotate``): a thread per output pixel of a
contiguous N x H x W x C image maps its (column, row) through a 3 x 3 matrix to input coordinates and interpolates
every channel there, as scikit-image's ``_warp_fast`` does: nearest (rounded half away from zero), bilinear, or
bicubic convolution (Catmull-Rom, a = -0.5); taps outside the image come from the boundary mode (scikit-image's
``coord_map``: constant, edge, symmetric, reflect, wrap)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, float64, require_supported
from .glsl import buffer_block, convert, header
from .image_resample import BuffersSpec, compute_dtype, store_rounded

WARP_ORDERS = {"nearest": 0, "bilinear": 1, "bicubic": 3}
WARP_MODES = {"constant": 0, "edge": 1, "symmetric": 2, "reflect": 3, "wrap": 4}

_FOLD = """int vt_fold(int i, int n) {
  int top = n - 1;
  if (MODE == 1) return clamp(i, 0, top);
  if (MODE == 2) {
    if (i < 0) i = -i - 1;
    if (i > top) return ((i / n) % 2 != 0) ? top - (i % n) : i % n;
    return i;
  }
  if (MODE == 3) {
    if (n == 1) return 0;
    if (i < 0) return ((-i / top) % 2 != 0) ? top - (-i % top) : (-i % top);
    if (i > top) return ((i / top) % 2 != 0) ? top - (i % top) : (i % top);
    return i;
  }
  if (MODE == 4) {
    if (i < 0) return top - ((-i - 1) % n);
    if (i > top) return i % n;
  }
  return i;
}"""


@dataclass(frozen=True)
class WarpSpec(BuffersSpec):
    """The warp of ``in_dtype`` into ``out_dtype`` with interpolation ``order`` (0, 1, 3) and boundary ``mode``
    (:data:`WARP_MODES`); ``projective``: divide by the third coordinate. Bindings: input, output. Push constants:
    N, H, W, C, output H and W, input and output offsets (elements), then the matrix's 9 entries and cval (float32;
    float64 for float64)."""

    in_dtype: DType
    out_dtype: DType
    order: int
    mode: int
    projective: bool
    addresses: bool = False
    nbuf: ClassVar[int] = 2
    names: ClassVar[tuple[str, ...]] = ("inp", "outp")

    @property
    def compute(self) -> DType:
        return compute_dtype(self.in_dtype)

    @property
    def push(self) -> Any:
        return self.struct("IIIIIIII" + ("d" if self.compute is float64 else "f") * 10)

    def require(self, context: Any) -> None:
        for d in (self.in_dtype, self.out_dtype, self.compute):
            require_supported(d, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        src, dst, comp = self.in_dtype, self.out_dtype, self.compute
        c = comp.compute
        lines = header((src, dst, comp), self.addresses, float_controls)
        lines += [buffer_block(0, "inp", src.storage, "readonly restrict", self.addresses, src.itemsize),
                  buffer_block(1, "outp", dst.storage, "writeonly restrict", self.addresses, dst.itemsize)]
        fields, names = self.refs()
        lines.append("layout(push_constant) uniform Push { " + fields + " uint N; uint H; uint W; uint C; uint OH; "
                     f"uint OW; uint in_off; uint out_off; {c} m[9]; {c} cval; }} p;")
        lines += [f"#define MODE {self.mode}", _FOLD]
        value = convert("inp.d[base + uint(yy * int(p.W) + xx) * p.C]", src, comp)
        lines += [f"{c} vt_px(uint base, int y, int x) {{",
                  *(["  R0 inp = p.r0;"] if self.addresses else []),
                  "  if (MODE == 0 && (y < 0 || y >= int(p.H) || x < 0 || x >= int(p.W))) return p.cval;",
                  "  int yy = vt_fold(y, int(p.H)), xx = vt_fold(x, int(p.W));",
                  f"  return {value};",
                  "}"]
        if self.order == 3:
            lines.append(f"{c} vt_cubic({c} x, {c} f0, {c} f1, {c} f2, {c} f3) {{ return f1 + {c}(0.5) * x * "
                         f"(f2 - f0 + x * ({c}(2) * f0 - {c}(5) * f1 + {c}(4) * f2 - f3 + x * ({c}(3) * (f1 - f2) "
                         "+ f3 - f0))); }")
        lines += ["void main() {", f"  {names}",
                  "  uint n = p.N * p.OH * p.OW;",
                  "  for (uint g = gl_GlobalInvocationID.x; g < n; g += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {",
                  "    uint b = g / (p.OH * p.OW), rest = g - b * p.OH * p.OW;",
                  "    uint oy = rest / p.OW, ox = rest - oy * p.OW;",
                  f"    {c} x = {c}(ox), y = {c}(oy);",
                  f"    {c} sx = p.m[0] * x + p.m[1] * y + p.m[2];",
                  f"    {c} sy = p.m[3] * x + p.m[4] * y + p.m[5];"]
        if self.projective:
            lines += [f"    {c} sw = p.m[6] * x + p.m[7] * y + p.m[8];", "    sx /= sw; sy /= sw;"]
        lines += ["    uint obase = p.out_off + g * p.C;",
                  "    for (uint ch = 0u; ch < p.C; ch++) {",
                  "      uint base = p.in_off + b * p.H * p.W * p.C + ch;",
                  f"      {c} v;"]
        if self.order == 0:
            # C's round(): half away from zero
            lines += [f"      v = vt_px(base, int(sign(sy) * floor(abs(sy) + {c}(0.5))), "
                      f"int(sign(sx) * floor(abs(sx) + {c}(0.5))));"]
        elif self.order == 1:
            lines += [f"      {c} fy = floor(sy), fx = floor(sx);",
                      f"      {c} dy = sy - fy, dx = sx - fx;",
                      "      int y0 = int(fy), x0 = int(fx);",
                      f"      {c} top = ({c}(1) - dx) * vt_px(base, y0, x0) + dx * vt_px(base, y0, x0 + 1);",
                      f"      {c} bottom = ({c}(1) - dx) * vt_px(base, y0 + 1, x0) + dx * vt_px(base, y0 + 1, x0 + 1);",
                      f"      v = ({c}(1) - dy) * top + dy * bottom;"]
        else:
            lines += [f"      {c} fy = floor(sy), fx = floor(sx);",
                      f"      {c} dy = sy - fy, dx = sx - fx;",
                      "      int y0 = int(fy) - 1, x0 = int(fx) - 1;",
                      f"      {c} rows[4];",
                      "      for (int r = 0; r < 4; r++) {",
                      "        rows[r] = vt_cubic(dx, vt_px(base, y0 + r, x0), vt_px(base, y0 + r, x0 + 1), "
                      "vt_px(base, y0 + r, x0 + 2), vt_px(base, y0 + r, x0 + 3));",
                      "      }",
                      "      v = vt_cubic(dy, rows[0], rows[1], rows[2], rows[3]);"]
        lines += [f"      outp.d[obase + ch] = {store_rounded('v', dst, comp)};",
                  "    }", "  }", "}"]
        return "\n".join(lines) + "\n"
