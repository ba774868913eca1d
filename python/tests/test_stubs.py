"""The type stubs name what the modules export."""

import ast
import pathlib

import iohash
import iohash.cloud
import iohash.xxhash

PACKAGE = pathlib.Path(iohash.__file__).parent


def stub_names(module):
    tree = ast.parse((PACKAGE / f"{module}.pyi").read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return {name for name in names if not name.startswith("_")}


def test_stubs_and_py_typed_are_installed():
    assert (PACKAGE / "py.typed").exists()


def test_every_public_name_has_a_stub():
    assert set(iohash.__all__) <= stub_names("__init__")
    assert set(iohash.xxhash.__all__) <= stub_names("xxhash")
    assert set(iohash.cloud.__all__) <= stub_names("cloud")
    for module, stubs in ((iohash, "__init__"), (iohash.xxhash, "xxhash"), (iohash.cloud, "cloud")):
        for name in stub_names(stubs):
            assert hasattr(module, name), (module, name)
