"""The pack as ComfyUI loads it: its node declarations, its registry description, and what it imports."""

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import PACK_DIR

REPO = PACK_DIR.parent.parent


def load_like_comfyui(name="posecraft-pack"):
    """Loads the folder as ComfyUI's custom node loader does: its __init__.py as a module named after the folder."""
    spec = importlib.util.spec_from_file_location(name, PACK_DIR / "__init__.py", submodule_search_locations=[str(PACK_DIR)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_the_pack_declares_its_nodes_as_comfyui_reads_them():
    pack = load_like_comfyui()
    assert set(pack.NODE_CLASS_MAPPINGS) == {"PosecraftDocument", "PosecraftEdit"}
    assert set(pack.NODE_DISPLAY_NAME_MAPPINGS) == set(pack.NODE_CLASS_MAPPINGS)
    assert not hasattr(pack, "WEB_DIRECTORY")  # no frontend code for a frontend update to break
    for node in pack.NODE_CLASS_MAPPINGS.values():
        inputs = node.INPUT_TYPES()
        assert set(inputs) <= {"required", "optional", "hidden"}
        assert len(node.RETURN_TYPES) == len(node.RETURN_NAMES)
        assert callable(getattr(node(), node.FUNCTION))
        assert node.CATEGORY == "Posecraft"
    assert pack.NODE_CLASS_MAPPINGS["PosecraftDocument"].RETURN_TYPES[:3] == ("POSE_KEYPOINT", "IMAGE", "MASK")


def test_loading_imports_neither_torch_nor_numpy():
    probe = "import sys; sys.path.insert(0, %r); import posecraft_nodes; print(sorted({'numpy', 'torch', 'PIL'} & set(sys.modules)))"
    answer = subprocess.run([sys.executable, "-c", probe % str(PACK_DIR)], capture_output=True, text=True, check=True)
    assert answer.stdout.strip() == "[]"


def test_the_profiles_offered_are_the_renderers():
    from posecraft_nodes.render import PROFILES

    source = (REPO / "src/pose/render/profiles.ts").read_text()
    listed = re.search(r"RENDER_PROFILES: readonly RenderProfile\[\] = \[([^\]]*)\]", source).group(1)
    assert PROFILES[1:] == re.findall(r"'([^']+)'", listed)


def test_the_registry_description_has_what_the_registry_reads():
    project = tomllib.loads((PACK_DIR / "pyproject.toml").read_text())
    assert {"name", "description", "version", "license"} <= set(project["project"])
    assert project["project"]["urls"]
    assert {"PublisherId", "DisplayName", "Icon"} <= set(project["tool"]["comfy"])
