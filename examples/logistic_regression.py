"""Kompute's classic example, written with vulkit.kp: logistic regression trained on the GPU.

Each step runs one shader over all samples: it predicts with the current weights and writes each
sample's gradient and loss; the host sums the gradients and updates the weights. The sequence is
recorded once and evaluated at every step (only the weights change).

Run: python examples/logistic_regression.py
"""

from __future__ import annotations

import time

import numpy as np

from vulkit import kp
from vulkit.shaders import compile_source

SHADER = """
#version 450
layout(constant_id = 0) const float sample_count = 1.0;
layout(local_size_x = 1) in;

layout(set = 0, binding = 0) readonly buffer Xi { float x_i[]; };
layout(set = 0, binding = 1) readonly buffer Xj { float x_j[]; };
layout(set = 0, binding = 2) readonly buffer Y { float y[]; };
layout(set = 0, binding = 3) readonly buffer WeightsIn { float w_in[]; };
layout(set = 0, binding = 4) writeonly buffer GradWi { float grad_w_i[]; };
layout(set = 0, binding = 5) writeonly buffer GradWj { float grad_w_j[]; };
layout(set = 0, binding = 6) readonly buffer BiasIn { float b_in[]; };
layout(set = 0, binding = 7) writeonly buffer GradB { float grad_b[]; };
layout(set = 0, binding = 8) writeonly buffer Loss { float loss[]; };

float sigmoid(float z) { return 1.0 / (1.0 + exp(-z)); }

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec2 x = vec2(x_i[i], x_j[i]);
    vec2 w = vec2(w_in[0], w_in[1]);
    float y_hat = sigmoid(dot(w, x) + b_in[0]);
    float dz = y_hat - y[i];
    grad_w_i[i] = x.x * dz / sample_count;
    grad_w_j[i] = x.y * dz / sample_count;
    grad_b[i] = dz / sample_count;
    loss[i] = -(y[i] * log(y_hat) + (1.0 - y[i]) * log(1.0 - y_hat));
}
"""


def train(iterations: int = 100, learning_rate: float = 0.1, device: int | str | None = None) -> dict:
    """Train on a tiny separable data set; returns the weights, bias, loss history and timings."""
    x_i = np.array([0, 1, 1, 1, 1], dtype=np.float32)
    x_j = np.array([0, 0, 0, 1, 1], dtype=np.float32)
    y = np.array([0, 0, 0, 1, 1], dtype=np.float32)
    n = len(y)
    with kp.Manager(device) as mgr:
        t_x_i, t_x_j, t_y = mgr.tensor(x_i), mgr.tensor(x_j), mgr.tensor(y)
        t_w = mgr.tensor(np.array([0.001, 0.001], dtype=np.float32))
        t_b = mgr.tensor(np.array([0.0], dtype=np.float32))
        grads = [mgr.tensor(np.zeros(n, dtype=np.float32)) for _ in range(4)]
        t_gw_i, t_gw_j, t_gb, t_loss = grads
        params = [t_x_i, t_x_j, t_y, t_w, t_gw_i, t_gw_j, t_b, t_gb, t_loss]
        algorithm = mgr.algorithm(params, compile_source(SHADER), (n, 1, 1), spec_consts=[float(n)])
        mgr.sequence().eval(kp.OpSyncDevice([t_x_i, t_x_j, t_y]))
        step = (
            mgr.sequence()
            .record(kp.OpSyncDevice([t_w, t_b]))
            .record(kp.OpAlgoDispatch(algorithm))
            .record(kp.OpSyncLocal([t_gw_i, t_gw_j, t_gb, t_loss]))
        )
        losses = []
        start = time.perf_counter()
        for _ in range(iterations):
            step.eval()
            weights = t_w.data()
            weights -= learning_rate * np.array([t_gw_i.data().sum(), t_gw_j.data().sum()], dtype=np.float32)
            t_b.data()[0] -= learning_rate * t_gb.data().sum()
            losses.append(float(t_loss.data().mean()))
        elapsed = time.perf_counter() - start
        result = {
            "device": mgr.get_device_properties()["device_name"],
            "weights": t_w.data().copy(),
            "bias": float(t_b.data()[0]),
            "losses": losses,
            "seconds_per_step": elapsed / iterations,
        }
    logits = result["weights"][0] * x_i + result["weights"][1] * x_j + result["bias"]
    result["predictions"] = (1 / (1 + np.exp(-logits)) > 0.5).astype(np.float32)
    result["accuracy"] = float((result["predictions"] == y).mean())
    return result


def main() -> dict:
    result = train()
    print(f"device: {result['device']}")
    print(f"weights: {result['weights']}, bias: {result['bias']:.4f}")
    print(f"loss: {result['losses'][0]:.4f} -> {result['losses'][-1]:.4f} in {len(result['losses'])} steps "
          f"({result['seconds_per_step'] * 1e3:.3f} ms per step)")
    print(f"predictions: {result['predictions']} (accuracy {result['accuracy']:.0%})")
    if result["accuracy"] < 1.0 or not result["losses"][-1] < result["losses"][0]:
        raise SystemExit("logistic regression did not learn the data set")
    return result


if __name__ == "__main__":
    main()
