#version 450
// Kompute's OpMult: out[i] = lhs[i] * rhs[i] over float32 tensors.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer Lhs { float lhs[]; };
layout(set = 0, binding = 1) readonly buffer Rhs { float rhs[]; };
layout(set = 0, binding = 2) writeonly buffer Out { float result[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    result[i] = lhs[i] * rhs[i];
}
