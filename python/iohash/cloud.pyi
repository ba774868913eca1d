import os
from typing import Optional, Union

from typing_extensions import Buffer

_Source = Union[str, "os.PathLike[str]", Buffer]

def s3_checksum(source: _Source, name: str = "crc32c", *, part_size: Optional[int] = None) -> str: ...
def azure_crc64(source: _Source) -> str: ...
def gcs_crc32c(source: _Source) -> str: ...
