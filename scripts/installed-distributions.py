# What a Python has installed of some requirements, as JSON, for the tests that install real
# Python packages where PyPI is out of reach. Two readers, so the two cannot disagree about which
# Python has them: scripts/system-programs.mjs (`flask-wheels`: does any Python here have the
# Flask template's requirements, or are its tests skipped?) and server/src/test/installed-wheels.ts
# (rebuild the wheels from the first Python that has them).
#
#   python3 scripts/installed-distributions.py '["Flask>=3.1,<4", "pytest>=8"]'
#
# Walks the requirements and their dependencies (markers evaluated for this Python, no extras)
# through importlib.metadata, and prints what each distribution holds, and which requirements no
# installed distribution meets (absent, or another version).
import json, sys, sysconfig
import importlib.metadata as metadata
try:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name
except ImportError:
    from pip._vendor.packaging.requirements import Requirement
    from pip._vendor.packaging.utils import canonicalize_name

SKIPPED = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}
found, missing = {}, []
queue = [(Requirement(text), None) for text in json.loads(sys.argv[1])]
while queue:
    requirement, needed_by = queue.pop(0)
    key = canonicalize_name(requirement.name)
    if key in found:
        continue
    try:
        dist = metadata.distribution(requirement.name)
    except metadata.PackageNotFoundError:
        missing.append({"requirement": str(requirement), "neededBy": needed_by, "installed": None})
        continue
    if not requirement.specifier.contains(dist.version, prereleases=True):
        missing.append({"requirement": str(requirement), "neededBy": needed_by, "installed": dist.version})
        continue
    files, dist_info = [], None
    for file in dist.files or []:
        parts = file.parts
        if parts[0] == ".." or "__pycache__" in parts or file.suffix == ".pyc":
            continue
        if parts[0].endswith(".dist-info"):
            dist_info = parts[0]
            if len(parts) == 2 and parts[1] in SKIPPED:
                continue
        files.append({"path": "/".join(parts), "absolute": str(dist.locate_file(file))})
    wheel = dist.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    compiled = any(file["path"].endswith((".so", ".pyd")) for file in files)
    if not tags:
        version = f"cp{sys.version_info.major}{sys.version_info.minor}"
        platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        tags = [f"{version}-{version}-{platform}"] if compiled else ["py3-none-any"]
    found[key] = {
        "name": dist.metadata["Name"],
        "version": dist.version,
        "distInfo": dist_info,
        "tags": tags,
        "purelib": "Root-Is-Purelib: false" not in wheel and not compiled,
        "files": files,
    }
    for text in dist.requires or []:
        dependency = Requirement(text)
        if dependency.marker is None or dependency.marker.evaluate({"extra": ""}):
            queue.append((dependency, dist.metadata["Name"]))
print(json.dumps({
    "executable": sys.executable,
    "version": ".".join(map(str, sys.version_info[:3])),
    "distributions": list(found.values()),
    "missing": missing,
}))
