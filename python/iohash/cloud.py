"""The checksums cloud storage shows, as ``iohash`` (the command) prints them, for a file (a
path) or bytes (any bytes-like object):

- ``s3_checksum``: S3's ``ChecksumCRC32``, ``ChecksumCRC32C`` or ``ChecksumCRC64NVME``, the
  whole object's (type ``FULL_OBJECT``), or with ``part_size`` the composite of a multipart
  upload (``base64-N``, type ``COMPOSITE``, S3's default for CRC-32 and CRC-32C);
- ``azure_crc64``: Azure Storage's ``x-ms-content-crc64`` (CRC-64/NVME, little-endian);
- ``gcs_crc32c``: Google Cloud Storage's ``crc32c`` (in ``x-goog-hash``);
- ``onedrive_quickxor``: OneDrive's and SharePoint's ``quickXorHash`` (Microsoft Graph's
  ``file.hashes``).
"""

import os as _os

from . import _iohash

__all__ = ["s3_checksum", "azure_crc64", "gcs_crc32c", "onedrive_quickxor"]


def _hasher(source, name):
    hasher = _iohash.new(name)
    if isinstance(source, (str, _os.PathLike)):
        hasher.update_file(source)
    else:
        hasher.update(source)
    return hasher


def s3_checksum(source, name="crc32c", *, part_size=None):
    """S3's checksum of ``source`` (a path, or a bytes-like object) for ``name``: "crc32",
    "crc32c" or "crc64nvme". With ``part_size`` (bytes per part of a multipart upload), the
    composite checksum ``"base64-N"`` for "crc32" and "crc32c"; CRC-64/NVME is always the whole
    object's, as S3 computes it.
    """
    algorithm = _iohash.new(name).name
    if algorithm not in ("crc32", "crc32c", "crc64nvme"):
        raise ValueError(f"S3 checksums are crc32, crc32c or crc64nvme, not {name}")
    if part_size is not None and algorithm != "crc64nvme":
        return _iohash._s3_composite(source, algorithm, part_size)
    return _iohash._base64(_hasher(source, algorithm).digest())


def azure_crc64(source):
    """Azure Storage's ``x-ms-content-crc64`` of ``source`` (a path, or a bytes-like object):
    CRC-64/NVME's little-endian bytes in base64."""
    return _iohash._base64(_hasher(source, "crc64nvme").digest()[::-1])


def gcs_crc32c(source):
    """Google Cloud Storage's ``crc32c`` of ``source`` (a path, or a bytes-like object):
    CRC-32C's big-endian bytes in base64."""
    return _iohash._base64(_hasher(source, "crc32c").digest())


def onedrive_quickxor(source):
    """OneDrive's and SharePoint's ``quickXorHash`` of ``source`` (a path, or a bytes-like
    object), as Microsoft Graph shows it in ``file.hashes``: QuickXorHash's 20 bytes in base64."""
    return _iohash._base64(_hasher(source, "quickxor").digest())
