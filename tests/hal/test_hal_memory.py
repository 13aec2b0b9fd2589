"""Buffers of every MemoryKind, host access, images, and a real out-of-memory."""

from __future__ import annotations

import numpy as np
import pytest
from hal_helpers import download, submit_and_wait, upload

from vulkit.errors import DestroyedError, OutOfMemoryError, VulkanError
from vulkit.hal import Buffer, Device, Image, MemoryKind

KINDS = list(MemoryKind)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.value)
def test_buffer_round_trip_through_the_gpu(device: Device, kind: MemoryKind) -> None:
    values = np.arange(1000, dtype=np.float32) * 0.5
    buffer = upload(device, values, kind)
    try:
        assert buffer.kind is kind
        assert buffer.size == values.nbytes
        np.testing.assert_array_equal(download(device, buffer, np.float32, 1000), values)
    finally:
        buffer.destroy()


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.value)
def test_host_write_read_view_round_trip(device: Device, kind: MemoryKind) -> None:
    buffer = Buffer(device, 64, kind)
    try:
        if kind is not MemoryKind.DEVICE:
            assert buffer.host_visible
        if not buffer.host_visible:  # device-local memory the host cannot map (a discrete GPU's)
            with pytest.raises(RuntimeError, match="not host-visible"):
                buffer.view()
            return
        values = np.arange(16, dtype=np.int32) - 8
        buffer.write(values)
        out = np.empty(16, dtype=np.int32)
        buffer.read_into(out)
        np.testing.assert_array_equal(out, values)
        view = buffer.view(np.int32)
        np.testing.assert_array_equal(view, values)
        view[3] = 1234  # the view aliases the mapping
        buffer.read_into(out)
        assert out[3] == 1234
        buffer.write(b"\x01\x00\x00\x00", offset=8)
        assert buffer.view(np.int32, count=1, offset=8)[0] == 1
        np.testing.assert_array_equal(download(device, buffer, np.int32, 4), [-8, -7, 1, 1234])
    finally:
        buffer.destroy()


@pytest.mark.parametrize("offset, size", [(60, 8), (-4, 4), (64, 1)])
def test_host_access_outside_the_buffer(device: Device, offset: int, size: int) -> None:
    buffer = Buffer(device, 64, MemoryKind.HOST)
    try:
        with pytest.raises(ValueError, match="outside the buffer of 64 bytes"):
            buffer.write(bytes(size), offset=offset)
    finally:
        buffer.destroy()


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "8"])
def test_bad_buffer_size(device: Device, size: object) -> None:
    with pytest.raises(ValueError, match="positive number of bytes"):
        Buffer(device, size)


def test_buffer_use_after_destroy(device: Device) -> None:
    buffer = Buffer(device, 16, MemoryKind.HOST)
    buffer.destroy()
    buffer.destroy()
    assert not buffer.alive
    with pytest.raises(DestroyedError, match="buffer was destroyed"):
        buffer.write(b"1234")


@pytest.mark.parametrize("size", [1 << 50, "heap"], ids=["1<<50 bytes", "more than the largest heap"])
def test_real_out_of_memory_raises_cleanly(device: Device, size: object) -> None:
    """Asking for more than the device has raises OutOfMemoryError (a MemoryError); the device goes on."""
    if size == "heap":
        size = max(heap["size"] for heap in device.physical.memory_heaps) + (1 << 20)
    with pytest.raises(OutOfMemoryError) as info:
        Buffer(device, size)
    assert isinstance(info.value, MemoryError) and isinstance(info.value, VulkanError)
    assert info.value.name == "VK_ERROR_OUT_OF_DEVICE_MEMORY"
    values = np.arange(8, dtype=np.float32)
    buffer = upload(device, values)
    np.testing.assert_array_equal(download(device, buffer, np.float32, 8), values)
    buffer.destroy()


def test_fill_buffer(device: Device) -> None:
    buffer = Buffer(device, 32)
    submit_and_wait(device, lambda cb: cb.fill_buffer(buffer, 0xDEADBEEF))
    np.testing.assert_array_equal(download(device, buffer, np.uint32, 8), np.full(8, 0xDEADBEEF))
    buffer.destroy()


# -- images ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype, channels", [("float32", 1), ("int32", 4), ("uint8", 4), ("uint16", 2)])
def test_image_round_trip(device: Device, dtype: str, channels: int) -> None:
    try:
        image = Image(device, 5, 3, dtype, channels)
    except ValueError as exc:
        pytest.skip(str(exc))
    values = (np.arange(5 * 3 * channels) % 100).astype(dtype)
    source = upload(device, values)
    copy = Image(device, 5, 3, dtype, channels)
    target = Buffer(device, values.nbytes)
    submit_and_wait(device, lambda cb: (cb.copy_buffer_to_image(source, image), cb.copy_image(image, copy),
                                        cb.copy_image_to_buffer(copy, target)))
    np.testing.assert_array_equal(download(device, target, dtype, values.size), values)
    assert image.size == values.nbytes
    for item in (image, copy, source, target):
        item.destroy()


@pytest.mark.parametrize("args, words", [
    ((0, 2, "float32", 1), "width must be a positive int"),
    ((2, -1, "float32", 1), "height must be a positive int"),
    ((2, 2, "float32", 3), "channels must be 1, 2 or 4"),
    ((2, 2, "float64", 1), "no storage image format"),
])
def test_bad_image(device: Device, args: tuple, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Image(device, *args)
