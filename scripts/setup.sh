#!/usr/bin/env bash
# Set up vulkit on a Debian/Ubuntu machine: install what is missing and nothing else.
#   scripts/setup.sh          the Vulkan loader + Mesa's lavapipe (CPU Vulkan driver), a venv with vulkit
#   scripts/setup.sh --test   the same, plus the validation layers and the test dependencies
# Python >= 3.10 is required. The venv is .venv/ in the project root (VENV=... to change it).
set -euo pipefail
cd "$(dirname "$0")/.."
want_test=0
[ "${1:-}" = "--test" ] && want_test=1
venv=${VENV:-.venv}

python=${PYTHON:-python3}
"$python" -c 'import sys; assert sys.version_info >= (3, 10), sys.version' 2>/dev/null || {
    echo "vulkit needs Python >= 3.10 (found: $("$python" --version 2>&1))" >&2; exit 1; }

# --- system packages: the Vulkan loader, lavapipe, and (for tests) the validation layers -------------
packages=()
ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1' || packages+=(libvulkan1)
ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || packages+=(mesa-vulkan-drivers)
if [ "$want_test" = 1 ]; then
    ls /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json >/dev/null 2>&1 \
        || packages+=(vulkan-validationlayers)
fi
"$python" -m venv --help >/dev/null 2>&1 || packages+=(python3-venv)
if [ ${#packages[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        echo "installing: ${packages[*]}"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
    else
        echo "please install with your package manager: ${packages[*]} (Vulkan loader, Mesa Vulkan drivers)" >&2
        exit 1
    fi
fi

# --- the package, in a venv -------------------------------------------------------------------------
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
extras=""
[ "$want_test" = 1 ] && extras="[test]"
"$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
"$venv/bin/python" -m pip install -q -e ".$extras"
echo "vulkit is ready in $venv"
